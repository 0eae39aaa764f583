import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/meta';
import type { Cluster } from '../cluster/cluster';
import { newTestCluster } from '../../test/helpers/test-cluster';

const EVERY_MINUTE: KubeObject = {
  apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: 'm', namespace: 'default' },
  spec: { schedule: '* * * * *', jobTemplate: { spec: { template: { spec: { restartPolicy: 'OnFailure', containers: [{ name: 'c', image: 'busybox', command: ['sh', '-c', 'true'] }] } } } } },
};

/** state is everything a clock advance leaves behind that a user could see. */
function state(cluster: Cluster): string {
  const kinds = ['CronJob', 'Job', 'Pod', 'Event', 'Node', 'Lease'];
  return JSON.stringify([cluster.clock.nowMs(), cluster.rand.state(), cluster.store.revision(), ...kinds.map((kind) => cluster.api.list({ kind }))]);
}

describe('advanceTo paused at its stops', () => {
  it('ends where an advance without pauses ends, each pause a committed transaction', () => {
    const whole = newTestCluster();
    const stepped = newTestCluster();
    for (const c of [whole, stepped]) c.write(() => c.api.create(structuredClone(EVERY_MINUTE), { fieldManager: 'test' }));
    const target = whole.clock.nowMs() + 10 * 60_000;
    whole.store.transaction(() => whole.sim.advanceTo(target));
    let pauses = 0;
    while (stepped.store.transaction(() => stepped.sim.advanceTo(target, () => true)).reached === false) pauses++;
    expect(pauses).toBeGreaterThan(10);
    expect(state(stepped)).toBe(state(whole));
  }, 30_000);
});
