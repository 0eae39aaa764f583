import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

const APP = `apiVersion: v1
kind: ConfigMap
metadata: {name: cfg}
data: {key: hello}
binaryData: {blob: //79AA==}
---
apiVersion: v1
kind: Pod
metadata: {name: app}
spec:
  containers:
  - name: app
    image: busybox:1.36
    command: ["sh", "-c", "echo hi > /tmp/x; sleep 3600"]
    env: [{name: MODE, value: prod}]
    volumeMounts: [{name: c, mountPath: /etc/config}]
  - name: side
    image: busybox:1.36
    command: ["sleep", "3600"]
  volumes: [{name: c, configMap: {name: cfg}}]
---
apiVersion: v1
kind: Pod
metadata: {name: done}
spec:
  restartPolicy: Never
  containers: [{name: c, image: busybox:1.36, command: ["true"]}]
`;

describe('kubectl exec', () => {
  let home: TempHome;
  beforeAll(() => {
    home = manualCluster('exec', 7);
    home.run(['apply', '-f', home.file('app.yaml', APP)]);
    home.run('run web --image=nginx');
    home.run('expose pod web --port 80');
    home.run('tick 30s');
  });
  afterAll(() => home.cleanup());

  it('runs env, cat of mounted files and hostname in the container', () => {
    const env = home.run('exec app -c app -- env');
    expect(env.code).toBe(0);
    expect(env.stdout).toContain('MODE=prod\n');
    expect(env.stdout).toContain('HOSTNAME=app\n');
    // The ConfigMap's value has no newline, and cat adds none.
    expect(home.run('exec app -c app -- cat /etc/config/key')).toEqual({ stdout: 'hello', stderr: '', code: 0 });
    expect(home.run('exec app -c app -- cat /tmp/x').stdout).toBe('hi\n');
    expect(home.run('exec app -c app -- ls /etc/config').stdout).toBe('blob\nkey\n');
    // binaryData's keys are files of their bytes.
    expect(home.run('exec app -c app -- wc -c /etc/config/blob').stdout).toBe('4 /etc/config/blob\n');
    expect(home.run('exec app -c app -- md5sum /etc/config/blob').stdout).toBe(`${createHash('md5').update(Buffer.from([0xff, 0xfe, 0xfd, 0])).digest('hex')}  /etc/config/blob\n`);
    expect(home.run('exec -it app -c app -- hostname').stdout).toBe('app\n');
    expect(home.run('exec app -- printenv MODE')).toEqual({ stdout: 'prod\n', stderr: 'Defaulted container "app" out of: app, side\n', code: 0 });
  });

  it('greps with several patterns and context, and prints sed address ranges, as busybox does', () => {
    expect(home.run(['exec', 'app', '-c', 'app', '--', 'sh', '-c', 'printf "a\\nb\\nc\\nd\\ne\\n" > /tmp/f; grep -n -A1 -e a -e e /tmp/f; sed -n "/c/,\\$p" /tmp/f']))
      .toEqual({ stdout: '1:a\n2-b\n--\n5:e\nc\nd\ne\n', stderr: '', code: 0 });
  });

  it('prints the container\'s stdout and stderr apart; a pipe takes stdout only', () => {
    expect(home.run(['exec', 'app', '-c', 'app', '--', 'sh', '-c', 'ls /nope | wc -l; echo warn >&2; cat /nope 2>/dev/null; echo $?; ls /nope 2>&1 | wc -l']))
      .toEqual({ stdout: '0\n1\n1\n', stderr: 'ls: /nope: No such file or directory\nwarn\n', code: 0 });
  });

  it('passes exit codes through with kubectl\'s message', () => {
    expect(home.run(['exec', 'app', '-c', 'app', '--', 'sh', '-c', 'exit 3'])).toEqual({ stdout: '', stderr: 'command terminated with exit code 3\n', code: 3 });
    expect(home.run('exec app -c app -- cat /nope')).toEqual({
      stdout: '', stderr: "cat: can't open '/nope': No such file or directory\ncommand terminated with exit code 1\n", code: 1,
    });
    expect(home.run('exec app -c app -- nosuchbin')).toEqual({
      stdout: '', code: 126,
      stderr: 'OCI runtime exec failed: exec failed: unable to start container process: exec: "nosuchbin": executable file not found in $PATH: unknown\ncommand terminated with exit code 126\n',
    });
  });

  it('reports kubectl\'s errors', () => {
    expect(home.run('exec nosuch -- ls')).toEqual({ stdout: '', stderr: 'Error from server (NotFound): pods "nosuch" not found\n', code: 1 });
    expect(home.run('exec app -c x -- ls').stderr).toBe('error: unable to upgrade connection: container not found ("x")\n');
    expect(home.run('exec done -- ls').stderr).toBe('error: cannot exec into a container in a completed pod; current phase is Succeeded\n');
    expect(home.run('exec app').stderr).toBe('error: you must specify at least one command for the container\n');
  });

  it('resolves services through cluster DNS and reaches nginx', () => {
    const ip = home.run(['get', 'svc', 'web', '-o', 'jsonpath={.spec.clusterIP}']).stdout;
    // busybox asks A then AAAA for each search domain, prints every reply, and exits 1 for the NXDOMAINs.
    expect(home.run('exec app -c app -- nslookup web').stdout)
      .toBe(`Server:\t\t10.96.0.10\nAddress:\t10.96.0.10:53\n\nName:\tweb.default.svc.cluster.local\nAddress: ${ip}\n\n`
        + "** server can't find web.svc.cluster.local: NXDOMAIN\n\n** server can't find web.cluster.local: NXDOMAIN\n\n\n"
        + "** server can't find web.svc.cluster.local: NXDOMAIN\n\n** server can't find web.cluster.local: NXDOMAIN\n\n");
    expect(home.run('exec app -c app -- wget -qO- http://web.default.svc.cluster.local').stdout).toMatch(/^<!DOCTYPE html>\n<html>\n<head>\n<title>Welcome to nginx!<\/title>/);
    expect(home.run('exec web -- curl -s web').stdout).toContain('<h1>Welcome to nginx!</h1>');
    expect(home.run('exec web -- curl nosuch')).toEqual({ stdout: '', stderr: 'curl: (6) Could not resolve host: nosuch\ncommand terminated with exit code 6\n', code: 6 });
  });

  it('needs create pods/exec when impersonating', () => {
    home.run('create rolebinding jane-view --clusterrole=view --user=jane');
    expect(home.run('exec web --as jane -- ls').stderr)
      .toBe('Error from server (Forbidden): pods "web" is forbidden: User "jane" cannot create resource "pods/exec" in API group "" in the namespace "default"\n');
  });
});

describe('hostile container scripts', () => {
  const NESTED = 'for i in $(seq 1000); do x=$(for j in $(seq 1000); do y=$(for k in $(seq 1000); do :; done); done); done';
  let home: TempHome;
  beforeAll(() => {
    home = manualCluster('hostile', 7);
    home.run(['run', 'wedge', '--image=busybox:1.36', '--', 'sh', '-c', 'echo ${X']);
    home.run(['run', 'nested', '--image=busybox:1.36', '--', 'sh', '-c', NESTED]);
    home.run(['run', 'spew', '--image=busybox:1.36', '--', 'sh', '-c', 'seq 100000000']);
  });
  afterAll(() => home.cleanup());

  it('crash-loops an unterminated ${ with sh\'s error and exit 2, while the cluster keeps answering', { timeout: 60_000 }, () => {
    expect(home.run('tick 1m').code).toBe(0);
    const pods = home.run('get pods');
    expect(pods.code).toBe(0);
    expect(pods.stdout).toMatch(/^wedge +0\/1 +CrashLoopBackOff /m);
    expect(pods.stdout).toMatch(/^nested +1\/1 +Running +0 /m);
    expect(pods.stdout).toMatch(/^spew +1\/1 +Running +0 /m);
    expect(home.run('logs wedge')).toEqual({ stdout: "sh: syntax error: missing '}'\n", stderr: '', code: 0 });
    expect(home.run(['get', 'pod', 'wedge', '-o', 'jsonpath={.status.containerStatuses[0].lastState.terminated.reason} {.status.containerStatuses[0].lastState.terminated.exitCode}']).stdout).toBe('Error 2');
    expect(home.run('tick 10m').code).toBe(0);
    expect(home.run('get pods').stdout).toMatch(/^nested +1\/1 +Running +0 /m);
  });

  it('bounds the log of a script that writes without end', { timeout: 60_000 }, () => {
    const logs = home.run('logs spew');
    expect(logs.code).toBe(0);
    expect(logs.stdout.startsWith('1\n2\n3\n')).toBe(true);
    expect(logs.stdout.length).toBeLessThanOrEqual(1024 * 1024);
  });

  it('exec prints sh\'s syntax errors with exit code 2 and returns from runaway scripts', { timeout: 60_000 }, () => {
    expect(home.run(['exec', 'nested', '--', 'sh', '-c', 'echo a${X'])).toEqual({
      stdout: '', stderr: "sh: syntax error: missing '}'\ncommand terminated with exit code 2\n", code: 2,
    });
    expect(home.run(['exec', 'nested', '--', 'sh', '-c', "echo 'a"])).toEqual({
      stdout: '', stderr: 'sh: syntax error: unterminated quoted string\ncommand terminated with exit code 2\n', code: 2,
    });
    expect(home.run(['exec', 'nested', '--', 'sh', '-c', 'echo $(echo a'])).toEqual({
      stdout: '', stderr: 'sh: syntax error: unexpected end of file (expecting ")")\ncommand terminated with exit code 2\n', code: 2,
    });
    // kubemu: like any command that would run on, it prints what it printed and returns.
    expect(home.run(['exec', 'nested', '--', 'sh', '-c', `echo start; ${NESTED}`])).toEqual({ stdout: 'start\n', stderr: '', code: 0 });
  });
});
