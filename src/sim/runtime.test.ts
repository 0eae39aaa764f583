import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/meta';
import { KEEP_MEMO, type Controller } from './controller';
import { newTestCluster } from '../../test/helpers/test-cluster';
import { HEARTBEAT_COMPONENTS } from '../api/node-heartbeats';
import { ADVANCE_WRITES_PER_NODE, CATCH_UP_PASSES, HISTORY_WINDOW, IMMEDIATE_REQUEUES, MAX_PASSES, MAX_SETTLE_WRITES, Simulation, compactionPoint } from './runtime';
import { heapBoundRequests } from './batch-heap';
import { decodeMemos, encodeMemos } from './settle-memo';
import { ReconciledState } from './reconciled-state';

const deployment = (name: string): KubeObject => ({
  apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name, namespace: 'default' },
  spec: { replicas: 1, selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
});

const replicaSetsOf = (cluster: ReturnType<typeof newTestCluster>, name: string) =>
  cluster.api.list({ kind: 'ReplicaSet', namespace: 'default' }).filter((rs) => rs.metadata.name!.startsWith(`${name}-`));

/** chainController makes, at each reconcile of a ConfigMap c-N, c-(N+100): a hundred writes a pass from c-0 … c-99, for as long as a budget lasts. */
function chainController(): Controller {
  return {
    name: 'chain', for: 'ConfigMap',
    reconcile(req, ctx) {
      if (!req.name.startsWith('c-')) return;
      ctx.api.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `c-${Number(req.name.slice(2)) + 100}`, namespace: 'default' } }, { fieldManager: 'chain' });
    },
  };
}

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
    const asked = heapBoundRequests();
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
    // Configured as openCluster does: the cluster's heartbeat timers, overdue, wake no settle.
    const sim = new Simulation({ store: cluster.store, api: cluster.api, clock: cluster.clock, rand: cluster.rand, components: () => [looper], quietTimers: HEARTBEAT_COMPONENTS });
    cluster.store.transaction(() => {
      cluster.api.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', namespace: 'default' } }, { fieldManager: 't' });
      expect(sim.settle(3).settled).toBe(false);
    });
    expect(rewrites).toBe(5);
    expect(sim.dirty()).toBe(false);
    // Going on with unfinished work is a batch job: the heap's bound is set from its start (the
    // first, small settle does not ask for it; other tests in this process may have set it).
    expect(heapBoundRequests()).toBe(asked);
    cluster.store.transaction(() => expect(sim.settle().settled).toBe(true));
    expect(heapBoundRequests()).toBe(asked + 1);
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

  describe('a misbehaving component cannot wedge the cluster', () => {
    const HOUR = 3_600_000;
    const configMap = (name: string): KubeObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'default' } });
    // A regression must fail, not hang: a second warning in one call (the old code warned at each
    // unfinished settle) ends the call with an error.
    const simWith = (cluster: ReturnType<typeof newTestCluster>, components: Controller[], warnings: string[]) => new Simulation({
      store: cluster.store, api: cluster.api, clock: cluster.clock, rand: cluster.rand, components: () => components,
      onWarning: (m) => { warnings.push(m); if (warnings.length > 1) throw new Error(`warned again: ${m}`); },
    });

    it('stops a controller that writes on every reconcile, with one warning, in a settle and in a clock advance', { timeout: 30_000 }, () => {
      const cluster = newTestCluster();
      let reconciles = 0;
      const writer: Controller = {
        name: 'writer', for: 'ConfigMap',
        reconcile(req, ctx) {
          if (req.name !== 'hot' || ++reconciles > 10_000) return;
          const cm = ctx.api.get({ kind: 'ConfigMap', namespace: 'default', name: 'hot' });
          ctx.api.update({ ...cm, data: { n: String(reconciles) } }, { fieldManager: 'writer' });
        },
      };
      const warnings: string[] = [];
      const sim = simWith(cluster, [writer], warnings);
      const settled = cluster.store.transaction(() => {
        cluster.api.create(configMap('hot'), { fieldManager: 't' });
        return sim.settle();
      });
      expect(settled).toMatchObject({ passes: MAX_PASSES, settled: false });
      expect(reconciles).toBe(MAX_PASSES);
      expect(warnings).toEqual([`warning: the cluster did not settle after ${MAX_PASSES} passes`]);

      warnings.length = 0;
      reconciles = 0;
      const target = cluster.clock.nowMs() + HOUR;
      const advanced = cluster.store.transaction(() => sim.advanceTo(target));
      // One unfinished settle, then straight to the target with a short catch-up settle.
      expect(advanced).toMatchObject({ passes: MAX_PASSES + CATCH_UP_PASSES, settled: false });
      expect(reconciles).toBe(MAX_PASSES + CATCH_UP_PASSES);
      expect(warnings).toEqual([`warning: the cluster did not settle after ${MAX_PASSES} passes`]);
      expect(cluster.clock.nowMs()).toBe(target);
      // Committed and consistent: the hot object holds the last write.
      expect(cluster.api.get({ kind: 'ConfigMap', namespace: 'default', name: 'hot' }).data).toEqual({ n: String(reconciles) });

      // A wait (advanceUntil) is bounded the same way.
      warnings.length = 0;
      reconciles = 0;
      const deadline = cluster.clock.nowMs() + HOUR;
      expect(cluster.store.transaction(() => sim.advanceUntil(deadline, () => false))).toBe(false);
      expect(reconciles).toBe(MAX_PASSES + CATCH_UP_PASSES);
      expect(warnings).toHaveLength(1);
      expect(cluster.clock.nowMs()).toBe(deadline);
      cluster.close();
    });

    it('pushes a key requeued at once forever into simulated time, exponentially', { timeout: 30_000 }, () => {
      const cluster = newTestCluster();
      let reconciles = 0;
      const spinner: Controller = {
        name: 'spinner', for: 'ConfigMap',
        reconcile(req) {
          if (req.name !== 'spin' || ++reconciles > 10_000) return;
          return { requeueAfterMs: 0 };
        },
      };
      const warnings: string[] = [];
      const sim = simWith(cluster, [spinner], warnings);
      const settled = cluster.store.transaction(() => {
        cluster.api.create(configMap('spin'), { fieldManager: 't' });
        return sim.settle();
      });
      // A few immediate requeues, then the key waits: the settle itself converges.
      expect(settled.settled).toBe(true);
      expect(reconciles).toBe(IMMEDIATE_REQUEUES + 1);
      reconciles = 0;
      cluster.store.transaction(() => sim.advanceTo(cluster.clock.nowMs() + HOUR));
      // Waits of 100ms, 200ms … capped at 5m: a few dozen reconciles in an hour, not millions.
      expect(reconciles).toBeGreaterThan(10);
      expect(reconciles).toBeLessThan(40);
      expect(warnings).toEqual([]);
      cluster.close();
    });

    it('leaves the timer row of a key requeued at once pass after pass as it is, and replaces it when the key waits', { timeout: 30_000 }, () => {
      const cluster = newTestCluster();
      const asks: (number | undefined)[] = [0, 0, 0, 60_000, undefined];
      const queue: Controller = {
        name: 'queue', for: 'ConfigMap',
        reconcile(req) {
          if (req.name !== 'q') return;
          const after = asks.shift();
          return after === undefined ? undefined : { requeueAfterMs: after };
        },
      };
      const sim = simWith(cluster, [queue], []);
      const rows = () => cluster.store.timers.due(Number.MAX_SAFE_INTEGER, 'queue');
      const writes: string[] = [];
      const { set, clear } = cluster.store.timers;
      cluster.store.timers.set = (t) => { writes.push(`set ${t.due}`); set(t); };
      cluster.store.timers.clear = (c, k) => { writes.push('clear'); clear(c, k); };
      const start = cluster.clock.nowMs();
      cluster.store.transaction(() => {
        cluster.api.create(configMap('q'), { fieldManager: 't' });
        return sim.settle();
      });
      // Three requeues at once: one row, written once, due before any clock time; then a wait
      // replaces it.
      expect(writes).toEqual(['set 0', 'clear', `set ${start + 60_000}`]);
      expect(rows()).toEqual([{ component: 'queue', key: 'default/q', due: start + 60_000, exact: 1 }]);
      // When the wait is over and the key asks for nothing more, the row goes.
      writes.length = 0;
      cluster.store.transaction(() => sim.advanceTo(start + 120_000));
      expect(writes).toEqual(['clear']);
      expect(rows()).toEqual([]);
      cluster.close();
    });

    it('neither settles forever nor stalls an advance on the due timer of a component that is not running', { timeout: 30_000 }, () => {
      const cluster = newTestCluster();
      const idle: Controller = { name: 'idle', for: 'ConfigMap', reconcile() {} };
      const warnings: string[] = [];
      const sim = simWith(cluster, [idle], warnings);
      const now = cluster.clock.nowMs();
      // As a stopped scheduler's back-off timer: due, exact, and nobody runs it.
      cluster.store.transaction(() => cluster.store.timers.set({ component: 'stopped', key: 'default/p', due: now, exact: true }));
      expect(cluster.store.transaction(() => sim.settle()).settled).toBe(true);
      const r = cluster.store.transaction(() => sim.advanceTo(now + HOUR));
      expect(r.settled).toBe(true);
      // A pass at each of the cluster's own exact timers in the hour (the idle component has none).
      expect(r.passes).toBeLessThan(20);
      expect(cluster.clock.nowMs()).toBe(now + HOUR);
      expect(warnings).toEqual([]);
      // Its component finds it when it runs again.
      expect(cluster.store.timers.due(now + HOUR, 'stopped')).toHaveLength(1);
      cluster.close();
    });
  });

  it('stops a settle at the end of the pass that spent its write budget; the next settle goes on', () => {
    const cluster = newTestCluster();
    let batches = 3;
    // A writer that makes five ConfigMaps a reconcile (three times), and an observer of ConfigMaps after it.
    const writer: Controller = {
      name: 'writer', for: 'Secret',
      // Only the test's Secret: a new cluster has kubeadm's bootstrap token Secret.
      reconcile(req, ctx) {
        if (req.name !== 's' || batches-- <= 0) return;
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
  it('gives a clock advance ADVANCE_WRITES_PER_NODE writes per node on a cluster of more than 1 250 nodes', () => {
    const cluster = newTestCluster();
    const sim = new Simulation({ store: cluster.store, api: cluster.api, clock: cluster.clock, rand: cluster.rand, components: () => [chainController()] });
    const advance = (): number => cluster.store.transaction(() => {
      const from = cluster.store.revision();
      expect(sim.advanceTo(cluster.clock.nowMs() + 60_000).settled).toBe(false);
      return cluster.store.revision() - from;
    });
    cluster.store.transaction(() => {
      for (let i = 0; i < 100; i++) cluster.api.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `c-${i}`, namespace: 'default' } }, { fieldManager: 't' });
    });
    expect(advance()).toBe(MAX_SETTLE_WRITES);
    // A settle outside an advance keeps MAX_SETTLE_WRITES however many nodes there are.
    cluster.store.transaction(() => {
      for (let i = cluster.store.count({ kind: 'Node' }); i < 1_500; i++) cluster.api.create({ apiVersion: 'v1', kind: 'Node', metadata: { name: `n-${i}` } }, { fieldManager: 't' });
      const from = cluster.store.revision();
      expect(sim.settle().settled).toBe(false);
      expect(cluster.store.revision() - from).toBe(MAX_SETTLE_WRITES);
    });
    expect(advance()).toBe(1_500 * ADVANCE_WRITES_PER_NODE);
    cluster.close();
  });

  it('keeps the change log from where holdHistory reads it, though an advance writes more than the window', () => {
    const cluster = newTestCluster();
    const sim = new Simulation({ store: cluster.store, api: cluster.api, clock: cluster.clock, rand: cluster.rand, components: () => [chainController()] });
    // Two advances of over two windows each (its passes run out at 22 000 writes), the first held from where it began.
    const advance = (hold: boolean): { from: number; writes: number } => cluster.store.transaction(() => {
      const from = cluster.store.revision();
      const run = () => sim.withWriteBudget(3 * HISTORY_WINDOW, () => sim.advanceTo(cluster.clock.nowMs() + 60_000));
      if (hold) sim.holdHistory(from, run);
      else run();
      return { from, writes: cluster.store.revision() - from };
    });
    cluster.store.transaction(() => {
      for (let i = 0; i < 100; i++) cluster.api.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `c-${i}`, namespace: 'default' } }, { fieldManager: 't' });
    });
    const held = advance(true);
    expect(held.writes).toBeGreaterThan(2 * HISTORY_WINDOW);
    expect(cluster.store.watchSince(held.from, ['ConfigMap'])).toHaveLength(held.writes);
    const unheld = advance(false);
    expect(unheld.writes).toBeGreaterThan(2 * HISTORY_WINDOW);
    expect(() => cluster.store.watchSince(unheld.from, ['ConfigMap'])).toThrow(/compacted/);
    cluster.close();
  });

  it('hands a stopped settle\'s last writes to the next command: only what still needs a reconcile is done again', () => {
    const cluster = newTestCluster();
    // One command's components: an observer of ConfigMaps, then a marker that annotates each one
    // and passes over the version its own write left (as the kubelet passes over its status writes).
    const command = () => {
      const done = { observed: [] as string[], marked: [] as string[] };
      const observer: Controller = { name: 'observer', for: 'ConfigMap', reconcile(req) { if (req.name.startsWith('m-')) done.observed.push(req.name); } };
      const wrote = new ReconciledState();
      const marker: Controller = {
        name: 'marker', for: 'ConfigMap',
        accepts: (cm, type, ctx) => !(type === 'MODIFIED' && ctx && wrote.unchanged(ctx.api, cm.metadata.name!, cm.metadata.resourceVersion!)),
        reconcile(req, ctx) {
          if (!req.name.startsWith('m-')) return;
          done.marked.push(req.name);
          const cm = ctx.api.get({ kind: 'ConfigMap', namespace: 'default', name: req.name });
          const stored = cm.metadata.annotations?.marked ? cm : ctx.api.update({ ...cm, metadata: { ...cm.metadata, annotations: { marked: 'yes' } } }, { fieldManager: 'marker' });
          wrote.reconciled(ctx.api, req.name, stored.metadata.resourceVersion!);
        },
      };
      const sim = new Simulation({ store: cluster.store, api: cluster.api, clock: cluster.clock, rand: cluster.rand, components: () => [observer, marker] });
      return { sim, done };
    };
    const first = command();
    cluster.store.transaction(() => {
      first.sim.settle();
      for (const name of ['m-a', 'm-b']) cluster.api.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'default' } }, { fieldManager: 't' });
      // The marker's two writes spend the budget: the settle stops after its pass.
      expect(first.sim.settle(200, 1)).toMatchObject({ passes: 1, settled: false });
    });
    expect(first.done).toEqual({ observed: ['m-a', 'm-b'], marked: ['m-a', 'm-b'] });
    // The next command has no memory of the marker's writes: it goes on with the keys handed to it.
    const next = command();
    cluster.store.transaction(() => expect(next.sim.settle().settled).toBe(true));
    expect(next.done).toEqual({ observed: ['m-a', 'm-b'], marked: [] });
    expect(cluster.store.meta.get('settle.pending')).toBe('');
    cluster.close();
  });

  it('goes back to the start of the history when the handed-over keys cannot be read', () => {
    const cluster = newTestCluster();
    const command = () => {
      const seen = new Set<string>();
      const observer: Controller = { name: 'observer', for: 'ConfigMap', reconcile(req) { if (req.name.startsWith('o-')) seen.add(req.name); } };
      // The writer runs after the observer: the settle stops with the observer's keys handed over.
      const writer: Controller = {
        name: 'writer', for: 'Secret',
        reconcile(req, ctx) {
          if (req.name !== 's') return;
          for (const name of ['o-a', 'o-b']) if (!ctx.api.tryGet({ kind: 'ConfigMap', namespace: 'default', name })) ctx.api.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'default' } }, { fieldManager: 'writer' });
        },
      };
      const sim = new Simulation({ store: cluster.store, api: cluster.api, clock: cluster.clock, rand: cluster.rand, components: () => [observer, writer] });
      return { sim, seen };
    };
    const first = command();
    cluster.store.transaction(() => {
      first.sim.settle();
      cluster.api.create({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', namespace: 'default' } }, { fieldManager: 't' });
      expect(first.sim.settle(200, 1)).toMatchObject({ settled: false });
    });
    expect(first.seen.size).toBe(0);
    expect(JSON.parse(cluster.store.meta.get('settle.pending')!).observer).toEqual(['default/o-a', 'default/o-b']);
    // The hand-over is damaged: the next command still does the work, and leaves a readable one.
    cluster.store.transaction(() => cluster.store.meta.set('settle.pending', '{"observer": [1'));
    const next = command();
    cluster.store.transaction(() => expect(next.sim.settle().settled).toBe(true));
    expect([...next.seen].sort()).toEqual(['o-a', 'o-b']);
    expect(cluster.store.meta.get('settle.pending')).toBe('');
    cluster.close();
  });

  it('hands a component\'s memo to the next command, and keeps it for one that does not run', () => {
    const cluster = newTestCluster();
    // Each command's counter remembers what it counted and what it was handed.
    const command = (withCounter = true) => {
      const seen = { handed: [] as unknown[], counted: 0 };
      const counter: Controller = {
        name: 'counter', for: 'ConfigMap',
        reconcile(req, ctx) {
          if (!req.name.startsWith('c-')) return;
          seen.counted++;
          ctx.api.create({ apiVersion: 'v1', kind: 'Secret', metadata: { generateName: 's-', namespace: 'default' } }, { fieldManager: 'counter' });
        },
        takeOver(memo) { seen.handed.push(memo()); },
        // This one hands over only when a settle stops early.
        handOver(settled) { return !settled && seen.counted ? { counted: seen.counted } : undefined; },
      };
      const idle: Controller = { name: 'idle', for: 'Secret', reconcile() {} };
      const sim = new Simulation({ store: cluster.store, api: cluster.api, clock: cluster.clock, rand: cluster.rand, components: () => (withCounter ? [counter, idle] : [idle]) });
      return { sim, seen };
    };
    const memo = () => cluster.store.meta.get('settle.memo');
    const first = command();
    cluster.store.transaction(() => {
      first.sim.settle();
      for (const name of ['c-a', 'c-b']) cluster.api.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'default' } }, { fieldManager: 't' });
      expect(first.sim.settle(200, 1)).toMatchObject({ settled: false });
    });
    expect(first.seen.handed).toEqual([undefined, undefined]);
    // (The cluster's own scheduler keeps the memo it handed over: it runs in none of these commands.)
    expect(decodeMemos(memo()).counter).toEqual({ counted: 2 });
    // A command without the counter keeps its memo for the one that runs it.
    const without = command(false);
    cluster.store.transaction(() => {
      cluster.api.create({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'x', namespace: 'default' } }, { fieldManager: 't' });
      expect(without.sim.settle(200, 0)).toMatchObject({ settled: false });
    });
    expect(decodeMemos(memo()).counter).toEqual({ counted: 2 });
    // The next command with it is handed the memo; it settles, and this component then hands over nothing.
    const next = command();
    cluster.store.transaction(() => expect(next.sim.settle().settled).toBe(true));
    expect(next.seen.handed[0]).toEqual({ counted: 2 });
    expect(Object.keys(decodeMemos(memo()))).toEqual(['default-scheduler']);
    // A memo that does not decode hands nothing over, and stops nothing.
    cluster.store.transaction(() => cluster.store.meta.set('settle.memo', 'z1:not deflated'));
    const last = command();
    cluster.store.transaction(() => {
      cluster.api.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c-c', namespace: 'default' } }, { fieldManager: 't' });
      expect(last.sim.settle().settled).toBe(true);
    });
    expect(last.seen).toEqual({ handed: [undefined], counted: 1 });
    cluster.close();
  });

  it('leaves the stored memo unread and unwritten when every component keeps what it was handed', () => {
    const cluster = newTestCluster();
    const asked: string[] = [];
    const keeper = (read: boolean): Controller => ({
      name: 'keeper', for: 'ConfigMap',
      reconcile() {},
      takeOver(memo) { if (read) asked.push(JSON.stringify(memo())); },
      handOver(settled) { return settled ? KEEP_MEMO : { early: true }; },
    });
    const settle = (c: Controller) => {
      const sim = new Simulation({ store: cluster.store, api: cluster.api, clock: cluster.clock, rand: cluster.rand, components: () => [c] });
      cluster.store.transaction(() => {
        cluster.api.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { generateName: 'k-', namespace: 'default' } }, { fieldManager: 't' });
        expect(sim.settle().settled).toBe(true);
      });
    };
    // Not even read: a memo that does not decode is left as it was.
    cluster.store.transaction(() => cluster.store.meta.set('settle.memo', 'z1:not deflated'));
    settle(keeper(false));
    expect(cluster.store.meta.get('settle.memo')).toBe('z1:not deflated');
    expect(asked).toEqual([]);
    // Read when asked for, and still not written again.
    const stored = encodeMemos({ keeper: { n: 1 }, other: { m: 2 } });
    cluster.store.transaction(() => cluster.store.meta.set('settle.memo', stored));
    settle(keeper(true));
    expect(asked).toEqual(['{"n":1}']);
    expect(cluster.store.meta.get('settle.memo')).toBe(stored);
    cluster.close();
  });
});

describe('compactionPoint', () => {
  const W = HISTORY_WINDOW;
  it('compacts to a window behind the head once the log holds two', () => {
    expect(compactionPoint(2 * W, 0, [])).toBeUndefined();
    expect(compactionPoint(2 * W + 1, 0, [])).toBe(W + 1);
    expect(compactionPoint(2 * W + 1, 0, [2 * W + 1, 2 * W])).toBe(W + 1);
  });
  it('stops at a component that fell behind, up to four windows back', () => {
    expect(compactionPoint(3 * W, 0, [3 * W, W + 5])).toBe(W + 5);
    expect(compactionPoint(6 * W, 0, [6 * W, 100])).toBe(2 * W);
  });
  it('does not compact again to where it already is', () => {
    expect(compactionPoint(3 * W, W + 5, [W + 5])).toBeUndefined();
  });
});
