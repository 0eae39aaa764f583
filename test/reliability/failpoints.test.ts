/**
 * R2 with named failpoints: kubemu is SIGKILLed at a chosen moment of an apply — before the
 * transaction commits, right after, between two controllers, in the middle of scheduling.
 * Whatever was not committed is gone without a trace, whatever was is whole, and the next
 * command converges the cluster to the state an uninterrupted run reaches.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOnce, cleanupBuild, clusterHome, kubemu, removeHome, writeFile } from './spawn-cli';

const DEPLOY = `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 3
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: nginx, image: nginx:1.27}]}
`;

/** summary is the converged state that must not depend on where a crash happened. */
function summary(home: string): string {
  kubemu(home, ['tick', '2m']);
  const deploy = kubemu(home, ['get', 'deploy', 'web', '-o', 'jsonpath={.status.readyReplicas}/{.spec.replicas}']).stdout;
  const pods = kubemu(home, ['get', 'pods', '-l', 'app=web', '--no-headers']).stdout.trim().split('\n').filter(Boolean).length;
  const rs = kubemu(home, ['get', 'rs', '--no-headers']).stdout.trim().split('\n').filter(Boolean).length;
  return `deploy ${deploy}, ${pods} pods, ${rs} replicasets`;
}

describe('kill -9 at named failpoints', () => {
  const homes: string[] = [];
  beforeAll(() => buildOnce());
  afterAll(() => { for (const h of homes) removeHome(h); cleanupBuild(); });

  const cluster = () => {
    const home = clusterHome('fp', ['f', '--clock', 'manual', '--seed', '3']);
    homes.push(home);
    return home;
  };

  it.each(['before-commit', 'after-commit', 'between-controllers', 'mid-scheduling'])('%s', (point) => {
    const home = cluster();
    const file = writeFile(home, 'web.yaml', DEPLOY);
    const killed = kubemu(home, ['apply', '-f', file], undefined, undefined, { KUBEMU_FAILPOINT: point });
    expect(killed.signal).toBe('SIGKILL');
    const stored = kubemu(home, ['get', 'deploy', 'web', '--ignore-not-found', '-o', 'name']).stdout;
    // Only a crash after the commit keeps the apply; anything earlier leaves no trace of it.
    expect(stored).toBe(point === 'after-commit' ? 'deployment.apps/web\n' : '');
    const check = kubemu(home, ['doctor']);
    expect(check.code, check.stdout + check.stderr).toBe(0);
    // The user re-runs the command; the cluster ends where an uninterrupted apply ends.
    expect(kubemu(home, ['apply', '-f', file]).code).toBe(0);
    expect(summary(home)).toBe('deploy 3/3, 3 pods, 1 replicasets');
  });
});
