import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

// The Kubernetes docs' "Configure a Security Context for a Pod or Container" task, run through exec.
const POD = `apiVersion: v1
kind: Pod
metadata:
  name: security-context-demo
spec:
  securityContext:
    runAsUser: 1000
    runAsGroup: 3000
    fsGroup: 2000
  volumes:
  - name: sec-ctx-vol
    emptyDir: {}
  containers:
  - name: sec-ctx-demo
    image: busybox:1.28
    command: [ "sh", "-c", "sleep 1h" ]
    volumeMounts:
    - name: sec-ctx-vol
      mountPath: /data/demo
    securityContext:
      allowPrivilegeEscalation: false
`;

describe('ls -l in a container', () => {
  let home: TempHome;
  beforeAll(() => {
    home = manualCluster('file-owners', 7);
    home.run(['apply', '-f', home.file('pod.yaml', POD)]);
    home.run('tick 30s');
  });
  afterAll(() => home.cleanup());

  it('shows the fsGroup volume and a file written into it as the docs do', () => {
    const r = home.run(['exec', 'security-context-demo', '--', 'sh', '-c', 'cd /data; ls -l; cd demo; echo hello > testfile; ls -l; id']);
    expect(r).toEqual({
      stdout: [
        'total 4', 'drwxrwsrwx    2 root     2000          4096 Jan  1 00:05 demo',
        'total 4', '-rw-r--r--    1 1000     2000             6 Jan  1 00:05 testfile',
        'uid=1000 gid=3000 groups=2000,3000', '',
      ].join('\n'),
      stderr: '', code: 0,
    });
  });

  it('shows the service account\'s keys as symlinks into ..data', () => {
    expect(home.run(['exec', 'security-context-demo', '--', 'ls', '-l', '/var/run/secrets/kubernetes.io/serviceaccount']).stdout).toBe([
      'total 0',
      'lrwxrwxrwx    1 root     root            13 Jan  1 00:05 ca.crt -> ..data/ca.crt',
      'lrwxrwxrwx    1 root     root            16 Jan  1 00:05 namespace -> ..data/namespace',
      'lrwxrwxrwx    1 root     root            12 Jan  1 00:05 token -> ..data/token', '',
    ].join('\n'));
  });

  it('shows the atomic writer\'s ..data link and timestamped folder with -a, and what is in them', () => {
    const sa = '/var/run/secrets/kubernetes.io/serviceaccount';
    const r = home.run(['exec', 'security-context-demo', '--', 'sh', '-c', `ls -la ${sa}; ls -l ${sa}/..data; ls ${sa}/..data/; cat ${sa}/..data/namespace; echo; grep -r default ${sa}; find ${sa} -type l; find ${sa} -name token`]);
    const dir = /\.\.data -> (\.\.2026_01_01_00_\d\d_\d\d\.\d+)/.exec(r.stdout)?.[1];
    expect(dir).toBeDefined();
    expect(r).toEqual({
      stdout: [
        'total 12',
        'drwxrwsrwt    3 root     2000          4096 Jan  1 00:05 .',
        'drwxr-xr-x    3 root     root          4096 Jan  1 00:05 ..',
        `drwxr-xr-x    2 root     2000          4096 Jan  1 00:05 ${dir}`,
        `lrwxrwxrwx    1 root     root            ${dir!.length} Jan  1 00:05 ..data -> ${dir}`,
        'lrwxrwxrwx    1 root     root            13 Jan  1 00:05 ca.crt -> ..data/ca.crt',
        'lrwxrwxrwx    1 root     root            16 Jan  1 00:05 namespace -> ..data/namespace',
        'lrwxrwxrwx    1 root     root            12 Jan  1 00:05 token -> ..data/token',
        `lrwxrwxrwx    1 root     root            ${dir!.length} Jan  1 00:05 ${sa}/..data -> ${dir}`,
        'ca.crt', 'namespace', 'token', 'default',
        // grep -r does not descend the ..data link.
        `${sa}/${dir}/namespace:default`, `${sa}/namespace:default`,
        // Nor does find: the keys are links, found once in the timestamped folder.
        `${sa}/..data`, `${sa}/ca.crt`, `${sa}/namespace`, `${sa}/token`, `${sa}/${dir}/token`, `${sa}/token`, '',
      ].join('\n'),
      stderr: '', code: 0,
    });
  });
});
