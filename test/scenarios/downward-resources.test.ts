import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

const POD = `apiVersion: v1
kind: Pod
metadata: {name: dw}
spec:
  restartPolicy: Never
  nodeName: worker01
  containers:
  - name: app
    image: busybox
    command: [sh, -c, 'echo $CPU_M $CPU $MEM_MI $REQ_CPU $SIDE_MEM $FREE_CPU $FREE_MEM_MI']
    resources:
      requests: {cpu: 250m, memory: 64Mi}
      limits: {cpu: 500m, memory: 100M}
    env:
    - name: CPU_M
      valueFrom: {resourceFieldRef: {resource: limits.cpu, divisor: 1m}}
    - name: CPU
      valueFrom: {resourceFieldRef: {resource: limits.cpu}}
    - name: MEM_MI
      valueFrom: {resourceFieldRef: {resource: limits.memory, divisor: 1Mi}}
    - name: REQ_CPU
      valueFrom: {resourceFieldRef: {containerName: app, resource: requests.cpu, divisor: 1m}}
    - name: SIDE_MEM
      valueFrom: {resourceFieldRef: {containerName: side, resource: requests.memory}}
    - name: FREE_CPU
      valueFrom: {resourceFieldRef: {containerName: side, resource: limits.cpu}}
    - name: FREE_MEM_MI
      valueFrom: {resourceFieldRef: {containerName: side, resource: limits.memory, divisor: 1Mi}}
  - name: side
    image: busybox
    command: [sh, -c, 'sleep 3600']
    resources:
      requests: {memory: 1k}
`;

describe('downward API resourceFieldRef in env', () => {
  const home = manualCluster('dw', 7);
  afterAll(() => home.cleanup());

  it('divides by the divisor rounding up, reads other containers, and defaults a missing limit to node allocatable', () => {
    expect(home.run('apply -f -', { stdin: POD }).code).toBe(0);
    home.run('tick 30s');
    const node = JSON.parse(home.run('get node worker01 -o json').stdout).status.allocatable as { cpu: string; memory: string };
    const cores = Number(node.cpu.replace(/m$/, '')) / (node.cpu.endsWith('m') ? 1000 : 1);
    // Stored canonical (16284Mi): a whole number of Mi here.
    expect(node.memory).toMatch(/^\d+Mi$/);
    const memKi = Number(node.memory.replace(/Mi$/, '')) * 1024;
    // 500m → 500 millicores, ceil(0.5) = 1 core; 100M bytes / 1Mi rounds up to 96; 1k requested bytes = 1000.
    expect(home.run('logs dw -c app')).toEqual({ stdout: `500 1 96 250 1000 ${Math.ceil(cores)} ${Math.ceil(memKi / 1024)}\n`, stderr: '', code: 0 });
  });
});
