import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

/** podPhases counts the pods by STATUS column. */
function podPhases(home: TempHome): Record<string, number> {
  const out: Record<string, number> = {};
  for (const line of home.run('get pods --no-headers').stdout.trim().split('\n')) {
    const status = line.split(/\s+/)[2]!;
    out[status] = (out[status] ?? 0) + 1;
  }
  return out;
}

describe('workloads: scaling far past what the cluster can hold', () => {
  let home: TempHome;
  beforeEach(() => { home = manualCluster('bounds', 7); });
  afterEach(() => home.cleanup());

  it('returns from a scale to 2147483647 replicas, and each later command does a bounded share of the rest', () => {
    home.run('create deployment x --image=nginx');
    expect(home.run('scale deploy x --replicas=2147483647')).toEqual({ stdout: 'deployment.apps/x scaled\n', stderr: '', code: 0 });
    // The command's reconciling stopped at its write budget: syncs of the ReplicaSet (1, then
    // bursts of 500), the workers' room (2 x 110, less their kube-proxy and coredns pods) taken, the rest Pending.
    // Its SuccessfulCreate Events stop at the spam filter's 25, so the writes went to pods.
    expect(podPhases(home)).toEqual({ ContainerCreating: 216, Pending: 1784 });
    // A read does not go on with the work; the Deployment's status is as far as the budget got.
    expect(home.run('get deploy x')).toEqual({ stdout: 'NAME   READY          UP-TO-DATE   AVAILABLE   AGE\nx      0/2147483647   1500         0           0s\n', stderr: '', code: 0 });
    expect(home.run('get rs --no-headers').stdout).toMatch(/^x-[a-z0-9]+ +2147483647 +2000 +0 +0s\n$/);
    // A tick goes on with it, within one budget of its own; every pass gives the kubelets their
    // turn, so the placed pods start. (The get after it does a read's small share.) The spam
    // filter, its bucket empty, now holds back every SuccessfulCreate.
    expect(home.run('tick 10s')).toEqual({ stdout: '2026-01-01T00:05:00Z -> 2026-01-01T00:05:10Z: 2000 FailedScheduling\n', stderr: '', code: 0 });
    expect(podPhases(home)).toEqual({ Running: 216, Pending: 4284 });
    expect(home.run('get events --field-selector reason=SuccessfulCreate,involvedObject.kind=ReplicaSet --no-headers').stdout.trim().split('\n')
      .map((l) => l.includes('(combined from similar events)'))).toEqual([false, false, false, false, false, false, false, false, false, true]);
  }, 120_000);
});
