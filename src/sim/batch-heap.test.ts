import { describe, expect, it } from 'vitest';
import type { Controller } from './controller';
import { newTestCluster } from '../../test/helpers/test-cluster';
import { HEARTBEAT_COMPONENTS } from '../api/node-heartbeats';
import { Simulation } from './runtime';
import { heapKeptNearLiveData } from './batch-heap';

describe('the heap bound of big settles', () => {
  it('is set when a settle goes on with one an earlier command left unfinished, not by a small settle', () => {
    const cluster = newTestCluster();
    let rewrites = 4;
    // A controller that rewrites its ConfigMap a few times: more passes than the first settle may run.
    const looper: Controller = {
      name: 'looper', for: 'ConfigMap',
      reconcile(req, ctx) {
        if (req.name !== 'x' || rewrites <= 0) return;
        rewrites--;
        const cm = ctx.api.get({ kind: 'ConfigMap', namespace: 'default', name: 'x' });
        ctx.api.update({ ...cm, data: { left: String(rewrites) } }, { fieldManager: 'looper' });
      },
    };
    const sim = new Simulation({ store: cluster.store, api: cluster.api, clock: cluster.clock, rand: cluster.rand, components: () => [looper], quietTimers: HEARTBEAT_COMPONENTS });
    cluster.store.transaction(() => {
      cluster.api.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', namespace: 'default' } }, { fieldManager: 't' });
      expect(sim.settle(2).settled).toBe(false);
    });
    expect(heapKeptNearLiveData()).toBe(false);
    cluster.store.transaction(() => expect(sim.settle().settled).toBe(true));
    expect(heapKeptNearLiveData()).toBe(true);
    cluster.close();
  });
});
