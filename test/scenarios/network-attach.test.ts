/**
 * network-attach: the everyday connectivity checks — `kubectl run --rm -i … -- wget/curl/
 * nslookup` against a Service, a failing check, a pod that never starts — and `kubectl attach`
 * and `kubectl exec -i … < script`, with kubectl's exact streams and exit codes. Waiting is
 * simulated time fast-forwarded, never real time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';
import { NGINX_WELCOME } from '../../src/kubelet/web-pages';
import { ATTACH_PROMPT, NO_TTY_INPUT } from '../../src/cli/commands/attach-stream';

const PROMPT = `${ATTACH_PROMPT}\n`;

describe('kubectl run -i/--rm against a Service', () => {
  let home: TempHome;
  let serviceIP: string;
  beforeAll(() => {
    home = manualCluster('attach', 7);
    expect(home.run('create deployment web --image=nginx').code).toBe(0);
    expect(home.run('expose deployment web --port 80').code).toBe(0);
    expect(home.run('rollout status deployment/web').code).toBe(0);
    serviceIP = home.run(['get', 'svc', 'web', '-o', 'jsonpath={.spec.clusterIP}']).stdout;
  });
  afterAll(() => home.cleanup());

  it('wget -qO- prints the page, deletes the pod and exits 0, leaving no pod behind', () => {
    expect(home.run('run tmp --rm -i --restart=Never --image=busybox -- wget -qO- http://web')).toEqual({
      stdout: `${NGINX_WELCOME}pod "tmp" deleted\n`, stderr: '', code: 0,
    });
    expect(home.run('get pods -o name').stdout).not.toContain('pod/tmp');
    expect(home.run('get pod tmp')).toEqual({ stdout: '', stderr: 'Error from server (NotFound): pods "tmp" not found\n', code: 1 });
  });

  it('curl -s reaches the Service by name from a curl image', () => {
    expect(home.run('run curl --rm -i --restart=Never --image=curlimages/curl -- curl -s http://web')).toEqual({
      stdout: `${NGINX_WELCOME}pod "curl" deleted\n`, stderr: '', code: 0,
    });
  });

  it('nslookup resolves the Service through cluster DNS', () => {
    expect(home.run('run dns --rm -i --restart=Never --image=busybox:1.28 -- nslookup web')).toEqual({
      // busybox 1.28's nslookup, the one the Kubernetes docs debug DNS with.
      stdout: `Server:    10.96.0.10\nAddress 1: 10.96.0.10 kube-dns.kube-system.svc.cluster.local\n\nName:      web\nAddress 1: ${serviceIP} web.default.svc.cluster.local\n\npod "dns" deleted\n`,
      stderr: '', code: 0,
    });
  });

  it('a check that fails prints its error, and kubectl exits with the container\'s code', () => {
    expect(home.run('run tmp --rm -i --restart=Never --image=busybox -- wget -qO- -T 2 http://nope')).toEqual({
      stdout: 'wget: bad address \'nope\'\npod "tmp" deleted\n', stderr: 'error: pod default/tmp terminated (Error)\n', code: 1,
    });
    expect(home.run(['run', 'tmp', '--rm', '-i', '--restart=Never', '--image=busybox', '--', 'sh', '-c', 'echo out; exit 7'])).toEqual({
      stdout: 'out\npod "tmp" deleted\n', stderr: 'error: pod default/tmp terminated (Error)\n', code: 7,
    });
  });

  it('a script in the pod reaches the network too', () => {
    expect(home.run(['run', 'tmp', '--rm', '-i', '--restart=Never', '--image=busybox', '--', 'sh', '-c', 'wget -qO- http://web | grep -c nginx; wget -q -O /dev/null http://nope || echo unreachable'])).toEqual({
      stdout: '6\nwget: bad address \'nope\'\nunreachable\npod "tmp" deleted\n', stderr: '', code: 0,
    });
  });

  it('a pod that never starts times out after --pod-running-timeout of simulated time', () => {
    const before = home.run('get pods -o name').stdout;
    expect(home.run('run tmp --rm -i --restart=Never --image=busybox:nosuchtag -- true')).toEqual({
      stdout: 'pod "tmp" deleted\n', stderr: 'error: timed out waiting for the condition\n', code: 1,
    });
    expect(home.run('run tmp2 --rm -i --restart=Never --pod-running-timeout=10s --image=busybox:nosuchtag -- true')).toEqual({
      stdout: 'pod "tmp2" deleted\n', stderr: 'error: timed out waiting for the condition\n', code: 1,
    });
    expect(home.run('run tmp3 -i --pod-running-timeout=0s --image=busybox -- true')).toEqual({
      stdout: '', stderr: "error: --pod-running-timeout must be higher than zero\nSee 'kubectl run -h' for help and examples\n", code: 1,
    });
    expect(home.run('get pods -o name').stdout).toBe(before);
  });

  it('takes --command, --env and -n, and with -t says the input is no terminal', () => {
    expect(home.run('create namespace team').code).toBe(0);
    expect(home.run(['run', 'envs', '-n', 'team', '--rm', '-it', '--restart=Never', '--image=busybox', '--env=GREETING=hello', '--command', '--', 'sh', '-c', 'sleep 2; echo $GREETING from $(hostname)'])).toEqual({
      stdout: 'hello from envs\npod "envs" deleted\n', stderr: `${NO_TTY_INPUT}\n${PROMPT}`, code: 0,
    });
    expect(home.run(['run', 'fail', '-n', 'team', '--rm', '-i', '--restart=Never', '--image=busybox', '--', 'sh', '-c', 'sleep 1; exit 3'])).toEqual({
      stdout: 'pod "fail" deleted\n', stderr: `${PROMPT}error: pod team/fail terminated (Error)\n`, code: 3,
    });
  });

  it('feeds -i\'s input to the container\'s shell', () => {
    const script = 'echo hello\nwget -qO- http://web | grep "<title>"\nexit 4\n';
    expect(home.run('run sh --rm -i --restart=Never --image=busybox -- sh', { stdin: script })).toEqual({
      stdout: 'hello\n<title>Welcome to nginx!</title>\npod "sh" deleted\n', stderr: `${PROMPT}error: pod default/sh terminated (Error)\n`, code: 4,
    });
  });

  it('with -i and no --restart, a failing container restarts (OnFailure) and kubectl times out', () => {
    expect(home.run(['run', 'crash', '-i', '--image=busybox', '--', 'sh', '-c', 'echo boom; exit 2'])).toEqual({
      stdout: '', stderr: 'error: timed out waiting for the condition\n', code: 1,
    });
    expect(home.run(['get', 'pod', 'crash', '-o', 'jsonpath={.spec.restartPolicy} {.status.containerStatuses[0].restartCount}']).stdout).toMatch(/^OnFailure [1-9]\d*$/);
    expect(home.run(['run', 'ok', '-i', '--image=busybox', '--', 'sh', '-c', 'echo fine'])).toEqual({ stdout: 'fine\n', stderr: '', code: 0 });
  });

  it('--attach without -i and --restart=Always returns once attached', () => {
    expect(home.run(['run', 'srv', '--attach', '--image=nginx'])).toMatchObject({ stderr: PROMPT, code: 0 });
    expect(home.run(['get', 'pod', 'srv', '-o', 'jsonpath={.status.phase}']).stdout).toBe('Running');
  });
});

describe('kubectl attach and exec -i', () => {
  let home: TempHome;
  beforeAll(() => {
    home = manualCluster('attach', 7);
    home.run(['run', 'job', '--restart=Never', '--image=busybox', '--', 'sh', '-c', 'echo first; sleep 20; echo second; exit 3']);
    home.run(['run', 'box', '--restart=Never', '--image=busybox', '-i', '--attach=false']);
    home.run('run web --image=nginx');
    home.run('expose pod web --port 80');
    home.run('tick 5s');
  });
  afterAll(() => home.cleanup());

  it('shows what a running container writes from now until it ends, then refuses the completed pod', () => {
    expect(home.run('attach job')).toEqual({ stdout: 'second\n', stderr: PROMPT, code: 0 });
    expect(home.run('attach job')).toEqual({ stdout: '', stderr: 'error: cannot attach a container in a completed pod; current phase is Failed\n', code: 1 });
  });

  it('sends -i\'s input to a container waiting on stdin', () => {
    expect(home.run('get pod box -o jsonpath={.status.phase}').stdout).toBe('Running');
    expect(home.run('attach -i box', { stdin: 'echo attached\n' })).toEqual({ stdout: 'attached\n', stderr: PROMPT, code: 0 });
    expect(home.run('get pod box -o jsonpath={.status.phase}').stdout).toBe('Succeeded');
    expect(home.run('logs box').stdout).toBe('attached\n');
  });

  it('has kubectl\'s errors for a missing pod, a missing container, -t without a TTY and no argument', () => {
    expect(home.run('attach nosuch')).toEqual({ stdout: '', stderr: 'Error from server (NotFound): pods "nosuch" not found\n', code: 1 });
    expect(home.run('attach web -c nope')).toEqual({ stdout: '', stderr: 'error: cannot attach to the container: container nope not found in pod web\n', code: 1 });
    expect(home.run('attach -t web')).toEqual({ stdout: '', stderr: `error: Unable to use a TTY - container web did not allocate one\n${PROMPT}`, code: 0 });
    expect(home.run('attach')).toEqual({ stdout: '', stderr: 'error: at least 1 argument is required for attach\n', code: 1 });
  });

  it('exec -i runs a script given on stdin', () => {
    const script = 'echo start\nfor n in 1 2; do echo line $n; done\ncurl -s http://web | grep -c nginx\nexit 6\n';
    expect(home.run('exec -i web -- sh', { stdin: script })).toEqual({
      stdout: 'start\nline 1\nline 2\n6\n', stderr: 'command terminated with exit code 6\n', code: 6,
    });
    expect(home.run('exec -i web -- sh', { stdin: 'echo $HOSTNAME\n' })).toEqual({ stdout: 'web\n', stderr: '', code: 0 });
  });
});

describe('a container waiting on the network', () => {
  const POD = `apiVersion: v1
kind: Pod
metadata: {name: myapp}
spec:
  initContainers:
  - name: init-myservice
    image: busybox:1.28
    command: ['sh', '-c', 'until nslookup myservice; do echo waiting for myservice; sleep 2; done']
  containers:
  - name: app
    image: busybox:1.28
    command: ['sh', '-c', 'echo The app is running! && sleep 3600']
`;
  it('an init container looping on nslookup ends at the round after the Service appears', () => {
    const home = manualCluster('attach', 7);
    try {
      home.run(['apply', '-f', home.file('myapp.yaml', POD)]);
      home.run('tick 20s');
      expect(home.run('get pod myapp').stdout).toMatch(/myapp\s+0\/1\s+Init:0\/1\s/);
      expect(home.run('logs myapp -c init-myservice').stdout.split('\n').slice(-7)).toEqual([
        "nslookup: can't resolve 'myservice'", 'Server:    10.96.0.10', 'Address 1: 10.96.0.10 kube-dns.kube-system.svc.cluster.local', '', '', 'waiting for myservice', '']);
      home.run('create service clusterip myservice --tcp=80:80');
      const created = Date.parse(home.run(['get', 'svc', 'myservice', '-o', 'jsonpath={.metadata.creationTimestamp}']).stdout);
      home.run('tick 10s');
      expect(home.run('get pod myapp -o jsonpath={.status.phase}').stdout).toBe('Running');
      const finished = Date.parse(home.run(['get', 'pod', 'myapp', '-o', 'jsonpath={.status.initContainerStatuses[0].state.terminated.finishedAt}']).stdout);
      expect(finished - created).toBeGreaterThanOrEqual(0);
      expect(finished - created).toBeLessThanOrEqual(2000);
      expect(home.run('logs myapp -c init-myservice').stdout).toMatch(/waiting for myservice\nServer: {4}10\.96\.0\.10\nAddress 1: 10\.96\.0\.10 kube-dns\.kube-system\.svc\.cluster\.local\n\nName: {6}myservice\nAddress 1: 10\.\d+\.\d+\.\d+ myservice\.default\.svc\.cluster\.local\n\n$/);
      expect(home.run('logs myapp').stdout).toBe('The app is running!\n');
    } finally {
      home.cleanup();
    }
  });
});

describe('determinism', () => {
  it('the same session on two fresh clusters prints the same', () => {
    const session = (): string[] => {
      const home = manualCluster('attach', 7);
      try {
        const out: string[] = [];
        for (const line of ['create deployment web --image=nginx', 'expose deployment web --port 80', 'rollout status deployment/web']) home.run(line);
        const r1 = home.run(['run', 'a', '--rm', '-i', '--restart=Never', '--image=busybox', '--', 'sh', '-c', 'sleep 3; nslookup web; wget -qO- http://web | head -4']);
        const r2 = home.run('run b -i --restart=Never --image=busybox -- sh', { stdin: 'date; exit 1\n' });
        for (const r of [r1, r2]) out.push(r.stdout, r.stderr, String(r.code));
        out.push(home.run('get pods -o wide').stdout);
        return out;
      } finally {
        home.cleanup();
      }
    };
    expect(session()).toEqual(session());
  });
});
