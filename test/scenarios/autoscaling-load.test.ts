import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

// The HorizontalPodAutoscaler walkthrough's php-apache (kubernetes.io/docs/tasks/run-application/
// horizontal-pod-autoscale-walkthrough), with `kubemu load` in place of its busybox wget loop.
const PHP_APACHE = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: php-apache
spec:
  selector:
    matchLabels:
      run: php-apache
  template:
    metadata:
      labels:
        run: php-apache
    spec:
      containers:
      - name: php-apache
        image: registry.k8s.io/hpa-example
        ports:
        - containerPort: 80
        resources:
          limits:
            cpu: 500m
          requests:
            cpu: 200m
---
apiVersion: v1
kind: Service
metadata:
  name: php-apache
  labels:
    run: php-apache
spec:
  ports:
  - port: 80
  selector:
    run: php-apache
`;

describe('kubemu load drives the HPA walkthrough', () => {
  let home: TempHome;
  beforeAll(() => {
    home = manualCluster('load', 3);
    home.file('php-apache.yaml', PHP_APACHE);
    home.run('addon enable metrics-server');
  });
  afterAll(() => home.cleanup());

  const hpaRow = () => home.run('get hpa php-apache --no-headers').stdout;
  const rescales = () => home.run(['get', 'events', '--field-selector', 'reason=SuccessfulRescale', '-o', 'jsonpath={range .items[*]}{.lastTimestamp} {.message}{"\\n"}{end}']).stdout;

  it('refuses a load without a rate, on another kind, or on nothing', () => {
    expect(home.run('load php-apache')).toMatchObject({ code: 1, stderr: "error: --rps is required (or --stop)\nSee 'kubemu load --help' for usage.\n" });
    expect(home.run('load cm/x --rps 5')).toMatchObject({ code: 1, stderr: 'error: cannot load configmap: a load targets a Deployment or a Service\n' });
    expect(home.run('load php-apache --rps 5')).toMatchObject({ code: 1, stderr: 'Error from server (NotFound): deployments.apps "php-apache" not found\n' });
    expect(home.run('load php-apache --rps 5 --for soon')).toMatchObject({ code: 1, stderr: "error: invalid --for \"soon\": want a duration like 90s, 10m, 1h\nSee 'kubemu load --help' for usage.\n" });
    expect(home.run('load list')).toMatchObject({ code: 0, stdout: '', stderr: 'No loads running.\n' });
  });

  it('scales php-apache to 7 under ~90 requests/s, and back to 1 five minutes after the load ends', () => {
    expect(home.run(['apply', '-f', `${home.dir}/php-apache.yaml`]).stdout).toBe('deployment.apps/php-apache created\nservice/php-apache created\n');
    home.run('autoscale deployment php-apache --cpu-percent=50 --min=1 --max=10');
    home.run('tick 1m');
    expect(hpaRow()).toBe('php-apache   Deployment/php-apache   cpu: 0%/50%   1     10    1     60s\n');
    expect(home.run('load php-apache --rps 90 --for 10m').stdout).toBe('load on deployment.apps/php-apache: 90 requests/s for 10m0s\n');
    expect(home.run('load list').stdout).toBe('TARGET                       RPS   READY BACKENDS   ENDS IN\ndeployment.apps/php-apache   90    1                10m0s\n');
    home.run('tick 5m');
    // 7 pods at 45% of their 200m request, as the walkthrough's `kubectl get hpa` shows (44%).
    expect(hpaRow()).toBe('php-apache   Deployment/php-apache   cpu: 45%/50%   1     10    7     6m\n');
    expect(home.run('top pods --no-headers').stdout.split('\n').filter(Boolean).map((l) => l.split(/\s+/)[1])).toEqual(Array(7).fill('91m'));
    // The load ends at 00:16:00; the scale-down waits out the 300 s stabilization window.
    home.run('tick 9m');
    expect(hpaRow()).toBe('php-apache   Deployment/php-apache   cpu: 0%/50%   1     10    7     15m\n');
    home.run('tick 1m');
    expect(home.run('get deploy php-apache -o jsonpath={.spec.replicas}').stdout).toBe('1');
    // The HPA's status counts the replicas it found at its sync: 1 from the next one on.
    home.run('tick 15s');
    expect(hpaRow()).toBe('php-apache   Deployment/php-apache   cpu: 0%/50%   1     10    1     16m\n');
    expect(rescales()).toBe([
      '2026-01-01T00:06:15Z New size: 4; reason: cpu resource utilization (percentage of request) above target',
      '2026-01-01T00:06:30Z New size: 5; reason: ',
      '2026-01-01T00:07:00Z New size: 7; reason: cpu resource utilization (percentage of request) above target',
      '2026-01-01T00:21:00Z New size: 1; reason: All metrics below target',
      '',
    ].join('\n'));
    expect(home.run('load list')).toMatchObject({ stdout: '', stderr: 'No loads running.\n' });
  });

  it('stops a load at once', () => {
    home.run('load svc/php-apache --rps 40');
    expect(home.run('load list -A').stdout).toBe('NAMESPACE   TARGET               RPS   READY BACKENDS   ENDS IN\ndefault     service/php-apache   40    1                <none>\n');
    expect(home.run('load svc/php-apache --stop').stdout).toBe('load on service/php-apache stopped\n');
    expect(home.run('load svc/php-apache --stop')).toMatchObject({ code: 1, stderr: 'error: no load running on service/php-apache\n' });
  });

  it('refuses a profile it cannot read, with one line', () => {
    home.file('bad.yaml', 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec:\n  selector: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: web}, annotations: {kubemu.io/usage: "cpu=wave(1m)"}}\n    spec: {containers: [{name: web, image: nginx}]}\n');
    expect(home.run(['apply', '-f', `${home.dir}/bad.yaml`])).toMatchObject({
      code: 1,
      stderr: 'The Deployment "web" is invalid: spec.template.metadata.annotations[kubemu.io/usage]: Invalid value: "cpu=wave(1m)": cpu: unknown profile "wave" (want constant, ramp, periodic, bursty)\n',
    });
  });

  it('OOM-kills a memory ramp when it passes the limit', () => {
    home.run(['run', 'leak', '--image=nginx', '--annotations=kubemu.io/usage=memory=ramp(from=10Mi,to=200Mi,over=10m)',
      '--overrides={"spec":{"containers":[{"name":"leak","image":"nginx","resources":{"limits":{"memory":"100Mi"}}}]}}']);
    // 100Mi is reached 4m44s after the start.
    home.run('tick 4m30s');
    expect(home.run('get pod leak -o jsonpath={.status.containerStatuses[0].restartCount}').stdout).toBe('0');
    home.run('tick 30s');
    expect(home.run('get pod leak -o jsonpath={.status.containerStatuses[0].restartCount}/{.status.containerStatuses[0].lastState.terminated.reason}').stdout).toBe('1/OOMKilled');
  });
});
