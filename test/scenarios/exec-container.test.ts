/**
 * The container a learner pokes at with `kubectl exec`: files written by one exec are there
 * for the next while the container lives, and gone once it restarts.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../helpers/build-once';
import { manualCluster, type TempHome } from '../helpers/run-cli';

const PODS = `apiVersion: v1
kind: Pod
metadata: {name: limited}
spec:
  containers:
  - name: c
    image: busybox:1.36
    command: ["sleep", "3600"]
    resources: {requests: {cpu: 250m, memory: 64Mi}, limits: {cpu: 500m, memory: 128Mi}}
---
apiVersion: v1
kind: Pod
metadata: {name: box}
spec:
  containers:
  - {name: box, image: busybox:1.36, command: ["sleep", "3600"]}
---
apiVersion: v1
kind: Pod
metadata: {name: flaky}
spec:
  containers:
  - {name: c, image: busybox:1.36, command: ["sh", "-c", "sleep 60; exit 1"]}
`;

describe('exec: the container\'s writable filesystem', () => {
  let home: TempHome;
  beforeAll(() => {
    home = manualCluster('fs', 7);
    home.run(['apply', '-f', home.file('pods.yaml', PODS)]);
    home.run('tick 10s');
  });
  afterAll(() => home.cleanup());

  it('keeps what one exec wrote for the next', () => {
    expect(home.run(['exec', 'box', '--', 'sh', '-c', 'echo hi > /tmp/x; echo more >> /tmp/x'])).toEqual({ stdout: '', stderr: '', code: 0 });
    expect(home.run('exec box -- cat /tmp/x')).toEqual({ stdout: 'hi\nmore\n', stderr: '', code: 0 });
    expect(home.run('exec box -- ls /tmp')).toEqual({ stdout: 'x\n', stderr: '', code: 0 });
    expect(home.run(['exec', 'box', '--', 'sh', '-c', 'rm /tmp/x'])).toEqual({ stdout: '', stderr: '', code: 0 });
    expect(home.run('exec box -- cat /tmp/x')).toEqual({ stdout: '', stderr: "cat: can't open '/tmp/x': No such file or directory\ncommand terminated with exit code 1\n", code: 1 });
  });

  it('fails writes past the layer\'s size as a full disk does', () => {
    expect(home.run(['exec', 'box', '--', 'sh', '-c', 'seq 20000 > /tmp/big'])).toEqual({
      stdout: '', stderr: 'sh: write error: No space left on device\ncommand terminated with exit code 1\n', code: 1,
    });
    expect(home.run('exec box -- cat /tmp/big').code).toBe(1);
  });

  it('starts a restarted container with a fresh filesystem', () => {
    expect(home.run(['exec', 'flaky', '--', 'sh', '-c', 'echo keep > /tmp/k']).code).toBe(0);
    expect(home.run('exec flaky -- cat /tmp/k').stdout).toBe('keep\n');
    home.run('tick 75s');
    expect(home.run('get pod flaky -o jsonpath={.status.containerStatuses[0].restartCount}').stdout).toBe('1');
    expect(home.run('exec flaky -- cat /tmp/k')).toEqual({ stdout: '', stderr: "cat: can't open '/tmp/k': No such file or directory\ncommand terminated with exit code 1\n", code: 1 });
  });
});

const DNS_POD = `apiVersion: v1
kind: Pod
metadata: {name: hosts, namespace: default}
spec:
  hostAliases: [{ip: 10.1.2.3, hostnames: [foo.remote, bar.remote]}]
  automountServiceAccountToken: false
  containers:
  - {name: c, image: busybox:1.36, command: ["sh", "-c", "cat /etc/hosts; sleep 3600"]}
`;

describe('exec: the files the kubelet gives every container', () => {
  let home: TempHome;
  beforeAll(() => {
    home = manualCluster('std', 7);
    home.run(['apply', '-f', home.file('pods.yaml', PODS + '---\n' + DNS_POD)]);
    home.run('tick 10s');
  });
  afterAll(() => home.cleanup());

  it('serves /etc/hosts with hostAliases, to the process and to exec', () => {
    const ip = home.run('get pod hosts -o jsonpath={.status.podIP}').stdout;
    const hosts = '# Kubernetes-managed hosts file.\n127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\n'
      + `fe00::0\tip6-localnet\nfe00::0\tip6-mcastprefix\nfe00::1\tip6-allnodes\nfe00::2\tip6-allrouters\n${ip}\thosts\n`
      + '\n# Entries added by HostAliases.\n10.1.2.3\tfoo.remote\tbar.remote\n';
    expect(home.run('exec hosts -- cat /etc/hosts')).toEqual({ stdout: hosts, stderr: '', code: 0 });
    expect(home.run('logs hosts').stdout).toBe(hosts);
  });

  it('serves resolv.conf, hostname and the service-account files', () => {
    expect(home.run('exec box -- cat /etc/resolv.conf').stdout).toBe('search default.svc.cluster.local svc.cluster.local cluster.local\nnameserver 10.96.0.10\noptions ndots:5\n');
    expect(home.run('exec box -- cat /etc/hostname').stdout).toBe('box\n');
    expect(home.run('exec box -- ls /var/run/secrets/kubernetes.io/serviceaccount').stdout).toBe('ca.crt\nnamespace\ntoken\n');
    // The namespace file has no newline at its end, so cat prints none.
    expect(home.run('exec box -- cat /var/run/secrets/kubernetes.io/serviceaccount/namespace').stdout).toBe('default');
    expect(home.run('exec hosts -- ls /var/run/secrets/kubernetes.io/serviceaccount').code).toBe(1);
  });
});

describe('exec -i: stdin reaches the container', () => {
  let home: TempHome;
  beforeAll(() => {
    home = manualCluster('stdin', 7);
    home.run(['apply', '-f', home.file('pods.yaml', PODS)]);
    home.run('tick 10s');
  });
  afterAll(() => home.cleanup());

  it('runs a script piped into sh and reports its exit code', () => {
    expect(home.run('exec -i box -- sh', { stdin: 'hostname\nexit 3\n' })).toEqual({ stdout: 'box\n', stderr: 'command terminated with exit code 3\n', code: 3 });
    expect(home.run(['exec', '-i', 'box', '--', 'sh', '-c', 'read a b; echo "$b,$a"; read c || echo eof'], { stdin: 'x y z\n' }))
      .toEqual({ stdout: 'y z,x\neof\n', stderr: '', code: 0 });
    expect(home.run('exec -i box -- cat', { stdin: 'one\ntwo\n' }).stdout).toBe('one\ntwo\n');
  });

  it('keeps a last line without a newline as it came', () => {
    expect(home.run('exec -i box -- cat', { stdin: 'one\ntwo' }).stdout).toBe('one\ntwo');
    expect(home.run('exec -i box -- wc -c', { stdin: 'abc' }).stdout).toBe('3\n');
    expect(home.run(['exec', '-i', 'box', '--', 'sh', '-c', 'read a; cat'], { stdin: 'x\ny' }).stdout).toBe('y');
  });

  it('carries bytes that are not UTF-8 through the real process\'s stdin and stdout', () => {
    ensureBuilt();
    const bytes = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => 255 - i)), Buffer.from('ü\n'), Buffer.from([0xe2, 0x82])]);
    const run = (args: string[], input?: Buffer) => spawnSync(path.resolve(__dirname, '../../bin/kubemu'), args, { input, env: { ...process.env, KUBEMU_HOME: home.dir, NO_COLOR: '1' } });
    expect(run(['exec', '-i', 'box', '--', 'sh', '-c', 'cat > /tmp/bytes'], bytes).status).toBe(0);
    const md5 = createHash('md5').update(bytes).digest('hex');
    expect(run(['exec', 'box', '--', 'md5sum', '/tmp/bytes']).stdout.toString()).toBe(`${md5}  /tmp/bytes\n`);
    expect(run(['exec', 'box', '--', 'cat', '/tmp/bytes']).stdout).toEqual(bytes);
    expect(run(['exec', '-i', 'box', '--', 'cat'], bytes).stdout).toEqual(bytes);
  });

  it('passes no stdin without -i', () => {
    expect(home.run('exec box -- sh', { stdin: 'exit 3\n' })).toEqual({ stdout: '', stderr: '', code: 0 });
  });
});

const SECURE = `apiVersion: v1
kind: Pod
metadata: {name: secure}
spec:
  securityContext: {runAsUser: 1000, runAsGroup: 3000, fsGroup: 2000}
  containers:
  - {name: c, image: busybox:1.36, command: ["sh", "-c", "sleep 1h"]}
`;

describe('exec: busybox applets as practice tasks use them', () => {
  let home: TempHome;
  beforeAll(() => {
    home = manualCluster('applets', 7);
    home.run(['apply', '-f', home.file('pods.yaml', PODS + '---\n' + SECURE)]);
    home.run('tick 10s');
  });
  afterAll(() => home.cleanup());

  it('id, whoami and ps follow the securityContext', () => {
    expect(home.run('exec secure -- id')).toEqual({ stdout: 'uid=1000 gid=3000 groups=2000,3000\n', stderr: '', code: 0 });
    expect(home.run('exec secure -- whoami')).toEqual({ stdout: '', stderr: 'whoami: unknown uid 1000\ncommand terminated with exit code 1\n', code: 1 });
    expect(home.run('exec box -- id').stdout).toBe('uid=0(root) gid=0(root) groups=0(root),10(wheel)\n');
    expect(home.run('exec secure -- ps').stdout).toBe('PID   USER     TIME  COMMAND\n    1 1000      0:00 sh -c sleep 1h\n    7 1000      0:00 ps\n');
  });

  it('pipes files through grep, wc, sort, cut, sed and awk', () => {
    expect(home.run(['exec', 'box', '--', 'sh', '-c', 'grep -c ip6 /etc/hosts; grep -v ip6 /etc/hosts | tail -n 2 | cut -f2; awk \'{print $1}\' /etc/resolv.conf | sort -u | tr a-z A-Z; sed -n 1p /etc/resolv.conf | wc -w']))
      .toEqual({ stdout: '5\nlocalhost\nbox\nNAMESERVER\nOPTIONS\nSEARCH\n4\n', stderr: '', code: 0 });
    expect(home.run('exec box -- sort /nope')).toEqual({ stdout: '', stderr: "sort: can't open '/nope': No such file or directory\ncommand terminated with exit code 2\n", code: 2 });
    expect(home.run(['exec', 'box', '--', 'sh', '-c', 'frobnicate'])).toEqual({ stdout: '', stderr: 'sh: frobnicate: not found\ncommand terminated with exit code 127\n', code: 127 });
  });

  it('shows the container its cgroup\'s limits, and its memory use when read', () => {
    expect(home.run(['exec', 'limited', '--', 'sh', '-c', 'cd /sys/fs/cgroup; for f in cpu.max cpu.weight memory.max memory.current pids.max; do echo "$f $(cat $f)"; done']))
      .toEqual({ stdout: 'cpu.max 50000 100000\ncpu.weight 10\nmemory.max 134217728\nmemory.current 524288\npids.max max\n', stderr: '', code: 0 });
    expect(home.run(['exec', 'box', '--', 'cat', '/sys/fs/cgroup/memory.max']).stdout).toBe('max\n');
  });

  it('finds commands, encodes and sums as busybox does', () => {
    const ns = '/var/run/secrets/kubernetes.io/serviceaccount/namespace';
    expect(home.run(['exec', 'box', '--', 'sh', '-c', `which wget; command -v sh; type echo; echo -n admin | base64; md5sum < ${ns}; printf '%-6s|%5.1f\\n' ns 2.25`]))
      .toEqual({ stdout: '/bin/wget\n/bin/sh\necho is a shell builtin\nYWRtaW4=\nc21f969b5f03d33d43e04f8f136e7682  -\nns    |  2.2\n', stderr: '', code: 0 });
    expect(home.run(['exec', 'box', '--', 'awk', '-F', '\t', '$2 == "box" { n++ } END { printf "%d host line(s) for %s\\n", n, ENVIRON["HOSTNAME"] }', '/etc/hosts']))
      .toEqual({ stdout: '1 host line(s) for box\n', stderr: '', code: 0 });
  });
});
