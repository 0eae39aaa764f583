/**
 * A container whose command starts a server in the background and loops in the foreground,
 * a common shape of pod commands: the server serves (its readiness probe passes) while the
 * loop logs. Before background jobs, the server ran first and the loop never started.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

const POD = `apiVersion: v1
kind: Pod
metadata: {name: execd}
spec:
  containers:
  - {name: web, image: nginx:1.27, command: ["sh", "-c", "echo starting; exec nginx -g 'daemon off;'"]}
---
apiVersion: v1
kind: Pod
metadata: {name: shelled}
spec:
  containers:
  - {name: web, image: nginx:1.27, command: ["sh", "-c", "echo starting; nginx -g 'daemon off;'"]}
---
apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  containers:
  - name: web
    image: nginx:1.27
    command: ["sh", "-c", "nginx -g 'daemon off;' & while true; do echo alive; sleep 10; done"]
    readinessProbe: {httpGet: {path: /, port: 80}, periodSeconds: 5}
`;

describe('a server in the background, a loop in the foreground', () => {
  let home: TempHome;
  beforeAll(() => {
    home = manualCluster('background', 7);
    home.run(['apply', '-f', home.file('pod.yaml', POD)]);
    home.run('tick 45s');
  });
  afterAll(() => home.cleanup());

  it('stops at SIGTERM when the shell exec\'d the server, and waits out the grace period when the shell is PID 1', () => {
    expect(home.run('delete pod execd shelled --wait=false').code).toBe(0);
    home.run('tick 5s');
    expect(home.run('get pods execd shelled --no-headers').stdout).toMatch(/^shelled +1\/1 +Terminating +0 +\S+\n$/);
  });

  it('serves and logs', () => {
    expect(home.run('get pod web -o jsonpath={.status.containerStatuses[0].ready}').stdout).toBe('true');
    const alive = home.run('logs web').stdout.split('\n').filter((l) => l === 'alive');
    expect(alive.length).toBeGreaterThanOrEqual(3);
  });
});
