/**
 * nginx's `worker_processes auto` starts one worker per CPU the node has, which its log lists;
 * a CPU limit does not change the count (nginx counts the node's CPUs, not its cgroup quota).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

const pod = (name: string, node: string, limits = '') => `apiVersion: v1
kind: Pod
metadata: {name: ${name}}
spec:
  nodeSelector: {kubernetes.io/hostname: ${node}}
  containers:
  - {name: web, image: nginx:1.27${limits}}
`;

describe('nginx workers', () => {
  let home: TempHome;
  beforeAll(() => {
    home = manualCluster('workers', 7);
    expect(home.run('node add big --cpu 8').code).toBe(0);
    home.run(['apply', '-f', home.file('pods.yaml', [pod('small', 'worker01'), pod('big', 'big'), pod('limited', 'big', ', resources: {limits: {cpu: 500m}}')].join('---\n'))]);
    home.run('tick 30s');
  });
  afterAll(() => home.cleanup());

  const workers = (name: string) => home.run(`logs ${name}`).stdout.split('\n').filter((l) => / start worker process \d+$/.test(l)).map((l) => l.replace(/.* /, ''));

  it('starts one per CPU of the node it runs on, whatever its CPU limit', () => {
    expect(workers('small')).toEqual(['29', '30', '31', '32']);
    expect(workers('big')).toEqual(['29', '30', '31', '32', '33', '34', '35', '36']);
    expect(workers('limited')).toEqual(workers('big'));
  });
});
