import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

// nginx holds 8Mi idle and 16KiB per request per second (the image catalogue): under a 20Mi
// limit a pod serves up to 768 requests/s. Two replicas share a load evenly.
const WEB = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: nginx
        ports:
        - containerPort: 80
        resources:
          limits:
            memory: 20Mi
`;

describe('kubemu load past a memory limit', () => {
  let home: TempHome;
  beforeAll(() => {
    home = manualCluster('load-oom', 3);
    home.file('web.yaml', WEB);
  });
  afterAll(() => home.cleanup());

  const pods = () => home.run('get pods --no-headers').stdout;
  const lastStates = () => home.run(['get', 'pods', '-o', 'jsonpath={range .items[*]}{.status.containerStatuses[0].restartCount} {.status.containerStatuses[0].lastState.terminated.reason} {.status.containerStatuses[0].lastState.terminated.exitCode}{"\\n"}{end}']).stdout;

  it('keeps pods within the limit running, and OOM-kills them once the load takes them past it', () => {
    expect(home.run(['apply', '-f', `${home.dir}/web.yaml`]).stdout).toBe('deployment.apps/web created\n');
    home.run('tick 1m');
    // 500 requests/s each: 15.8Mi, under the limit.
    home.run('load web --rps 1000');
    home.run('tick 2m');
    expect(pods()).toBe([
      'web-79d498cbf4-lgr9q   1/1   Running   0     3m',
      'web-79d498cbf4-sf7dp   1/1   Running   0     3m',
      '',
    ].join('\n'));
    // 1000 requests/s each: 23.6Mi, over the limit; the OOM killer ends each a moment later.
    home.run('load web --rps 2000');
    home.run('tick 1s');
    expect(lastStates()).toBe('0  \n0  \n');
    home.run('tick 4s');
    // sf7dp goes first (4s ago); the one left serves all 2000 requests/s, judged anew from when
    // the other went: it is killed in turn (2s ago). Each restarts into the load.
    expect(pods()).toBe([
      'web-79d498cbf4-lgr9q   1/1   Running   1 (2s ago)   3m5s',
      'web-79d498cbf4-sf7dp   1/1   Running   1 (4s ago)   3m5s',
      '',
    ].join('\n'));
    expect(lastStates()).toBe('1 OOMKilled 137\n1 OOMKilled 137\n');
    // Each is killed again and again, with back-off.
    home.run('tick 1m');
    expect(pods()).toBe([
      'web-79d498cbf4-lgr9q   0/1   CrashLoopBackOff   3 (26s ago)   4m5s',
      'web-79d498cbf4-sf7dp   0/1   CrashLoopBackOff   3 (28s ago)   4m5s',
      '',
    ].join('\n'));
    expect(home.run(['get', 'pod', 'web-79d498cbf4-sf7dp', '-o', 'jsonpath={.status.containerStatuses[0].state.waiting.message}']).stdout)
      .toMatch(/^back-off 40s restarting failed container=nginx pod=web-79d498cbf4-sf7dp_default\([0-9a-f-]+\)$/);
  });

  it('lets them run again once the load stops', () => {
    home.run('load web --stop');
    home.run('tick 2m');
    // Each restarts when its back-off ends (the 4th start) and stays up: the column shows the last kill.
    expect(pods()).toBe([
      'web-79d498cbf4-lgr9q   1/1   Running   4 (2m26s ago)   6m5s',
      'web-79d498cbf4-sf7dp   1/1   Running   4 (2m28s ago)   6m5s',
      '',
    ].join('\n'));
    expect(lastStates()).toBe('4 OOMKilled 137\n4 OOMKilled 137\n');
  });

  it('OOM-kills the backend left when another goes, not before', () => {
    const h = manualCluster('load-oom-2', 3);
    try {
      h.file('web.yaml', WEB);
      h.run(['apply', '-f', `${h.dir}/web.yaml`]);
      h.run('tick 1m');
      // 700 requests/s each: 18.9Mi, under the limit.
      h.run('load web --rps 1400');
      h.run('tick 1m');
      expect(h.run('get pods --no-headers').stdout).toBe('web-79d498cbf4-lgr9q   1/1   Running   0     2m\nweb-79d498cbf4-sf7dp   1/1   Running   0     2m\n');
      // One replica left serves all 1400 (29.9Mi): killed after the scale-down, not back when the load began.
      h.run('scale deploy web --replicas 1');
      h.run('tick 1s');
      expect(h.run('get pods --no-headers').stdout).toBe('web-79d498cbf4-sf7dp   1/1   Running   0     2m1s\n');
      h.run('tick 4s');
      expect(h.run('get pods --no-headers').stdout).toBe('web-79d498cbf4-sf7dp   0/1   CrashLoopBackOff   1 (2s ago)   2m5s\n');
      expect(h.run('get pod web-79d498cbf4-sf7dp -o jsonpath={.status.containerStatuses[0].lastState.terminated.reason}/{.status.containerStatuses[0].lastState.terminated.exitCode}').stdout).toBe('OOMKilled/137');
    } finally { h.cleanup(); }
  });
});
