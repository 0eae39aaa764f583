import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/meta';
import type { Controller } from '../controllers/controller';
import { newTestCluster } from '../../test/helpers/test-cluster';
import { Simulation } from './runtime';

const deployment = (name: string): KubeObject => ({
  apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name, namespace: 'default' },
  spec: { replicas: 1, selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
});

const replicaSetsOf = (cluster: ReturnType<typeof newTestCluster>, name: string) =>
  cluster.api.list({ kind: 'ReplicaSet', namespace: 'default' }).filter((rs) => rs.metadata.name!.startsWith(`${name}-`));

describe('Simulation', () => {
  it('reconciles writes made after a rolled-back settle, though they reuse its revisions', () => {
    const cluster = newTestCluster();
    // A command that settled and then failed: everything it did, and saw, is undone.
    expect(() => cluster.write(() => {
      cluster.api.create(deployment('gone'), { fieldManager: 't' });
      cluster.sim.settle();
      throw new Error('abort');
    })).toThrow('abort');
    cluster.write(() => cluster.api.create(deployment('kept'), { fieldManager: 't' }));
    expect(replicaSetsOf(cluster, 'gone')).toHaveLength(0);
    expect(replicaSetsOf(cluster, 'kept')).toHaveLength(1);
    expect(cluster.api.list({ kind: 'Pod', namespace: 'default' }).filter((p) => p.metadata.name!.startsWith('kept-'))).toHaveLength(1);
    cluster.close();
  });

  it('goes on with a settle that ran out of passes, though nothing was written since', () => {
    const cluster = newTestCluster();
    let rewrites = 8;
    // A controller that rewrites its ConfigMap eight times (a hot loop, for a while).
    const looper: Controller = {
      name: 'looper', for: 'ConfigMap',
      reconcile(req, ctx) {
        if (req.name !== 'x' || rewrites <= 0) return;
        rewrites--;
        const cm = ctx.api.get({ kind: 'ConfigMap', namespace: 'default', name: 'x' });
        ctx.api.update({ ...cm, data: { left: String(rewrites) } }, { fieldManager: 'looper' });
      },
    };
    const sim = new Simulation({ store: cluster.store, api: cluster.api, clock: cluster.clock, rand: cluster.rand, components: () => [looper] });
    cluster.store.transaction(() => {
      cluster.api.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', namespace: 'default' } }, { fieldManager: 't' });
      expect(sim.settle(3).settled).toBe(false);
    });
    expect(rewrites).toBe(5);
    expect(sim.dirty()).toBe(false);
    cluster.store.transaction(() => expect(sim.settle().settled).toBe(true));
    expect(rewrites).toBe(0);
    // Settled now: the next settle has nothing to do.
    cluster.store.transaction(() => expect(sim.settle().passes).toBe(0));
    cluster.close();
  });

  it('tells watch maps the type of each change', () => {
    const cluster = newTestCluster();
    const types: string[] = [];
    const watcher: Controller = {
      name: 'typed', for: 'Service',
      watches: [{ kind: 'ConfigMap', map: (cm, _ctx, type) => { if (cm.metadata.name === 't') types.push(String(type)); return []; } }],
      reconcile() {},
    };
    const sim = new Simulation({ store: cluster.store, api: cluster.api, clock: cluster.clock, rand: cluster.rand, components: () => [watcher] });
    const ref = { kind: 'ConfigMap', namespace: 'default', name: 't' };
    cluster.store.transaction(() => {
      sim.settle();
      cluster.api.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 't', namespace: 'default' } }, { fieldManager: 't' });
      cluster.api.update({ ...cluster.api.get(ref), data: { a: '1' } }, { fieldManager: 't' });
      cluster.api.delete(ref, { fieldManager: 't' });
      sim.settle();
    });
    expect(types).toEqual(['ADDED', 'MODIFIED', 'DELETED']);
    cluster.close();
  });

  it('answers a watch map\'s repeated reads from one read per page of changes', () => {
    const cluster = newTestCluster();
    let lists = 0;
    // The real API server, with its list calls counted.
    const api = new Proxy(cluster.api, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target);
        if (prop === 'list') return (q: Parameters<typeof target.list>[0]) => { lists++; return target.list(q); };
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const seen: string[] = [];
    // Every ConfigMap change wakes the Services of its namespace (as endpoints does for pods).
    const watcher: Controller = {
      name: 'watcher', for: 'Service',
      watches: [{ kind: 'ConfigMap', map: (cm, ctx) => ctx.api.list({ kind: 'Service', namespace: cm.metadata.namespace }).map((svc) => ({ namespace: svc.metadata.namespace, name: svc.metadata.name! })) }],
      reconcile(req) { seen.push(`${req.namespace}/${req.name}`); },
    };
    const sim = new Simulation({ store: cluster.store, api, clock: cluster.clock, rand: cluster.rand, components: () => [watcher] });
    cluster.store.transaction(() => sim.settle());
    seen.length = 0;
    cluster.store.transaction(() => {
      for (let i = 0; i < 5; i++) cluster.api.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `c${i}`, namespace: 'default' } }, { fieldManager: 't' });
      lists = 0;
      sim.settle();
    });
    expect(seen).toEqual(['default/kubernetes']);
    expect(lists).toBe(1);
    cluster.close();
  });

  it('stops a settle at the end of the pass that spent its write budget; the next settle goes on', () => {
    const cluster = newTestCluster();
    let batches = 3;
    // A writer that makes five ConfigMaps a reconcile (three times), and an observer of ConfigMaps after it.
    const writer: Controller = {
      name: 'writer', for: 'Secret',
      reconcile(_req, ctx) {
        if (batches-- <= 0) return;
        for (let i = 0; i < 5; i++) ctx.api.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { generateName: 'w-', namespace: 'default' } }, { fieldManager: 'writer' });
        return { requeueAfterMs: 0 };
      },
    };
    const seen = new Set<string>();
    const observer: Controller = { name: 'observer', for: 'ConfigMap', reconcile(req) { if (req.name.startsWith('w-')) seen.add(req.name); } };
    const sim = new Simulation({ store: cluster.store, api: cluster.api, clock: cluster.clock, rand: cluster.rand, components: () => [writer, observer] });
    cluster.store.transaction(() => {
      sim.settle();
      cluster.api.create({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', namespace: 'default' } }, { fieldManager: 't' });
      // Past three writes the settle stops after its pass: the observer has had its turn.
      expect(sim.settle(200, 3)).toMatchObject({ passes: 1, settled: false });
      expect(seen.size).toBe(5);
    });
    cluster.store.transaction(() => expect(sim.settle().settled).toBe(true));
    expect(seen.size).toBe(15);
    cluster.close();
  });
});
