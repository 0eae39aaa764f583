/**
 * securityContext as the kubelet enforces it: runAsNonRoot against an image that runs as
 * root (CreateContainerConfigError with the kubelet's message), runAsUser 0 under
 * runAsNonRoot, and readOnlyRootFilesystem refusing writes outside writable mounts with
 * busybox's texts, while id honours runAsUser/runAsGroup.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

const PODS = `apiVersion: v1
kind: Pod
metadata: {name: nr}
spec:
  containers:
  - {name: c, image: busybox, command: [sleep, "3600"], securityContext: {runAsNonRoot: true}}
---
apiVersion: v1
kind: Pod
metadata: {name: nr0}
spec:
  securityContext: {runAsNonRoot: true, runAsUser: 0}
  containers:
  - {name: c, image: busybox, command: [sleep, "3600"]}
---
apiVersion: v1
kind: Pod
metadata: {name: ro}
spec:
  securityContext: {runAsNonRoot: true, runAsUser: 1000, runAsGroup: 3000}
  containers:
  - name: c
    image: busybox
    command: [sleep, "3600"]
    securityContext: {readOnlyRootFilesystem: true}
    volumeMounts: [{name: tmp, mountPath: /tmp}, {name: cfg, mountPath: /etc/cfg}]
  volumes: [{name: tmp, emptyDir: {}}, {name: cfg, configMap: {name: kube-root-ca.crt}}]
`;

describe('securityContext in the kubelet', () => {
  let home: TempHome;
  const uid = (pod: string) => home.run(`get pod ${pod} -o jsonpath={.metadata.uid}`).stdout;
  const waiting = (pod: string) => home.run(`get pod ${pod} -o jsonpath={.status.containerStatuses[0].state.waiting}`).stdout;
  beforeAll(() => {
    home = manualCluster('secctx', 5);
    expect(home.run('apply -f -', { stdin: PODS }).code).toBe(0);
    expect(home.run('wait --for=condition=Ready pod/ro --timeout=60s').code).toBe(0);
    expect(home.run('tick 30s').code).toBe(0);
  });
  afterAll(() => home.cleanup());

  it('refuses runAsNonRoot with a root image and no runAsUser', () => {
    const message = `container has runAsNonRoot and image will run as root (pod: "nr_default(${uid('nr')})", container: c)`;
    expect(JSON.parse(waiting('nr'))).toEqual({ message, reason: 'CreateContainerConfigError' });
    expect(home.run('get events --field-selector involvedObject.name=nr,reason=Failed -o jsonpath={.items[0].message}').stdout).toBe(`Error: ${message}`);
    expect(home.run('get pod nr').stdout).toMatch(/^NAME +READY +STATUS +RESTARTS +AGE\nnr +0\/1 +CreateContainerConfigError +0 +/);
  });

  it('refuses runAsUser 0 under runAsNonRoot', () => {
    expect(JSON.parse(waiting('nr0')).message).toBe(`container's runAsUser breaks non-root policy (pod: "nr0_default(${uid('nr0')})", container: c)`);
  });

  it('makes the root filesystem and ConfigMap mounts read-only, emptyDir writable', () => {
    expect(home.run('exec ro -- touch /x')).toEqual({ code: 1, stdout: '', stderr: 'touch: /x: Read-only file system\ncommand terminated with exit code 1\n' });
    expect(home.run(['exec', 'ro', '--', 'sh', '-c', 'echo hi > /x'])).toEqual({
      code: 1, stdout: '', stderr: "sh: can't create /x: Read-only file system\ncommand terminated with exit code 1\n",
    });
    expect(home.run(['exec', 'ro', '--', 'rm', '/etc/cfg/ca.crt']).stderr).toBe("rm: can't remove '/etc/cfg/ca.crt': Read-only file system\ncommand terminated with exit code 1\n");
    expect(home.run(['exec', 'ro', '--', 'sh', '-c', 'echo hi > /tmp/x && cat /tmp/x && id'])).toEqual({
      code: 0, stdout: 'hi\nuid=1000 gid=3000 groups=3000\n', stderr: '',
    });
  });
});
