/**
 * A container whose command starts a server in the background and loops in the foreground,
 * a common shape of pod commands: the server serves (its readiness probe passes) while the
 * loop logs. Before background jobs, the server ran first and the loop never started.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

const POD = `apiVersion: v1
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

  it('serves and logs', () => {
    expect(home.run('get pod web -o jsonpath={.status.containerStatuses[0].ready}').stdout).toBe('true');
    const alive = home.run('logs web').stdout.split('\n').filter((l) => l === 'alive');
    expect(alive.length).toBeGreaterThanOrEqual(3);
  });
});
