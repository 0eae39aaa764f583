import { describe, expect, it, vi } from 'vitest';
import type { KubeObject } from '../api/meta';
import { newTestCluster } from '../../test/helpers/test-cluster';
import { Simulation } from '../sim/runtime';
import { decodeMemos, unpackMemo } from '../sim/settle-memo';
import { FAILED_SCHEDULING, MAX_ATTEMPTS_PER_PASS, newKubeScheduler, snapshotPod, snapshotPodParts } from './kube-scheduler';

const pod = (name: string): KubeObject => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' },
  spec: {
    nodeSelector: { 'kubernetes.io/hostname': 'worker01' },
    containers: [{ name: 'c', image: 'nginx', resources: { requests: { cpu: '3' } } }],
  },
});

describe('kube-scheduler', () => {
  it('retries unschedulable pods once a bound pod is deleted (after their back-off), not at its updates', () => {
    const cluster = newTestCluster();
    const nodeOf = (name: string) => cluster.api.get({ kind: 'Pod', namespace: 'default', name }).spec?.nodeName;
    cluster.write(() => cluster.api.create(pod('first'), { fieldManager: 't' }));
    cluster.write(() => cluster.api.create(pod('second'), { fieldManager: 't' }));
    expect([nodeOf('first'), nodeOf('second')]).toEqual(['worker01', undefined]);
    const first = () => cluster.api.get({ kind: 'Pod', namespace: 'default', name: 'first' });
    // A bound pod updated (not deleted) frees nothing: the second pod waits for the unschedulable
    // pods' periodic flush (five minutes), not its one-second back-off.
    cluster.write(() => cluster.api.update({ ...first(), metadata: { ...first().metadata, labels: { touched: 'yes' } } }, { fieldManager: 't' }));
    cluster.advance(10_000);
    expect(nodeOf('second')).toBeUndefined();
    cluster.write(() => cluster.api.delete({ kind: 'Pod', namespace: 'default', name: 'first' }, { fieldManager: 't', gracePeriodSeconds: 0 }));
    cluster.advance(10_000);
    expect(nodeOf('second')).toBe('worker01');
    cluster.close();
  });

  it('retries a pod NodeAffinity rejected when a node gets the label it wants, not at other node or pod changes', () => {
    const cluster = newTestCluster();
    const node = () => cluster.api.get({ kind: 'Node', name: 'worker01' });
    const label = (disk: string) => cluster.write(() => cluster.api.update({ ...node(), metadata: { ...node().metadata, labels: { ...node().metadata.labels, disk } } }, { fieldManager: 't' }));
    const picky: KubeObject = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'picky', namespace: 'default' }, spec: { nodeSelector: { disk: 'ssd' }, containers: [{ name: 'c', image: 'nginx' }] } };
    const attempts = () => cluster.api.list({ kind: 'Event', namespace: 'default' })
      .filter((e) => e.reason === FAILED_SCHEDULING && e.involvedObject?.name === 'picky')
      .reduce((n, e) => n + Number(e.count ?? 1), 0);
    cluster.write(() => cluster.api.create(picky, { fieldManager: 't' }));
    cluster.write(() => cluster.api.create(pod('other'), { fieldManager: 't' }));
    expect(attempts()).toBe(1);
    // A label the pod does not want (NodeAffinity's hint says QueueSkip), a bound pod's deletion
    // (NodeAffinity did not register it), an annotation (no plugin registered it): no retry.
    label('hdd');
    cluster.write(() => cluster.api.delete({ kind: 'Pod', namespace: 'default', name: 'other' }, { fieldManager: 't', gracePeriodSeconds: 0 }));
    cluster.write(() => cluster.api.update({ ...node(), metadata: { ...node().metadata, annotations: { note: 'x' } } }, { fieldManager: 't' }));
    cluster.advance(60_000);
    expect(attempts()).toBe(1);
    label('ssd');
    cluster.advance(10_000);
    expect(cluster.api.get({ kind: 'Pod', namespace: 'default', name: 'picky' }).spec?.nodeName).toBe('worker01');
    cluster.close();
  });

  it('attempts at most MAX_ATTEMPTS_PER_PASS pods a pass and comes back at once for the rest', () => {
    const cluster = newTestCluster();
    const n = MAX_ATTEMPTS_PER_PASS + 200;
    // The scheduler alone, pass by pass, over pods no node can take.
    const sim = new Simulation({ store: cluster.store, api: cluster.api, clock: cluster.clock, rand: cluster.rand, components: () => [newKubeScheduler()] });
    const failures = () => cluster.api.list({ kind: 'Event', namespace: 'default' }).filter((e) => e.reason === FAILED_SCHEDULING).length;
    cluster.store.transaction(() => {
      sim.settle();
      for (let i = 0; i < n; i++) {
        cluster.api.create({ ...pod(`p${i}`), spec: { ...pod('').spec, nodeSelector: { 'kubernetes.io/hostname': 'nowhere' } } }, { fieldManager: 't' });
      }
      sim.settle(1);
      expect(failures()).toBe(MAX_ATTEMPTS_PER_PASS);
      sim.settle();
      expect(failures()).toBe(n);
    });
    cluster.close();
  }, 60_000);

  it('reads the pending pods an earlier command left once', () => {
    const cluster = newTestCluster();
    // Each Simulation with its own scheduler is one command's process.
    const command = () => new Simulation({ store: cluster.store, api: cluster.api, clock: cluster.clock, rand: cluster.rand, components: () => [newKubeScheduler()] });
    const nodeOf = (name: string) => cluster.api.get({ kind: 'Pod', namespace: 'default', name }).spec?.nodeName;
    cluster.store.transaction(() => {
      command().settle();
      for (let i = 0; i < 30; i++) {
        cluster.api.create({ ...pod(`p${String(i).padStart(2, '0')}`), spec: { ...pod('').spec, nodeSelector: { 'kubernetes.io/hostname': 'nowhere' } } }, { fieldManager: 't' });
      }
      command().settle(1); // its one pass tries all 30; they stay pending
      cluster.api.create(pod('fits'), { fieldManager: 't' });
    });
    // The next command: the pods that failed are not its work (their status writes' echoes are
    // not handed over); the binding of 'fits' is its first cluster event, which enters them
    // into the queue. Each is read once: by that event's scan of the unscheduled pods, or by key.
    const scans = vi.spyOn(cluster.store, 'eachOnNode');
    const reads = vi.spyOn(cluster.store, 'get');
    cluster.store.transaction(() => command().settle());
    expect(nodeOf('fits')).toBe('worker01');
    const unscheduledScans = scans.mock.calls.filter(([node, kind]) => node === null && kind === 'Pod').length;
    expect(unscheduledScans + reads.mock.calls.filter(([ref]) => ref.kind === 'Pod' && ref.name === 'p00').length).toBe(1);
    cluster.close();
  });

  it('notes the pending pods its watch shows, so that its snapshot does not read them again', () => {
    const cluster = newTestCluster();
    const sim = new Simulation({ store: cluster.store, api: cluster.api, clock: cluster.clock, rand: cluster.rand, components: () => [newKubeScheduler()] });
    const failed = () => cluster.api.list({ kind: 'Event', namespace: 'default' }).filter((e) => e.reason === FAILED_SCHEDULING).length;
    cluster.store.transaction(() => sim.settle());
    cluster.store.transaction(() => {
      for (let i = 0; i < 40; i++) cluster.api.create({ ...pod(`p${i}`), spec: { ...pod('').spec, nodeSelector: { 'kubernetes.io/hostname': 'nowhere' } } }, { fieldManager: 't' });
    });
    const scans = vi.spyOn(cluster.store, 'eachOnNode');
    cluster.store.transaction(() => sim.settle());
    expect(failed()).toBe(40);
    expect(scans.mock.calls.filter(([node, kind]) => node === null && kind === 'Pod')).toEqual([]);
    cluster.close();
  });

  it('hands over the snapshot\'s copies in parts that join into equal copies, sharing a template\'s part', () => {
    const template = {
      labels: { app: 'web' },
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-1', uid: 'rs-uid', controller: true }],
    };
    const spec = {
      priority: 10, schedulerName: 'default-scheduler', tolerations: [{ operator: 'Exists' }],
      affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'kubernetes.io/hostname', labelSelector: { matchLabels: { app: 'web' } } }] } },
      topologySpreadConstraints: [{ maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule' }],
      initContainers: [{ name: 'init', image: 'busybox', restartPolicy: 'Always', resources: { requests: { cpu: '100m' } } }],
      containers: [{ name: 'c', image: 'nginx', ports: [{ containerPort: 80, hostPort: 8080 }], resources: { requests: { cpu: '1', memory: '1Gi' } } }],
      volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }, { name: 'tmp', emptyDir: {} }],
    };
    const pods: KubeObject[] = [
      { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web-a', namespace: 'prod', uid: 'a', ...template, creationTimestamp: '2026-01-01T00:00:00Z', resourceVersion: '5' }, spec: { ...spec, nodeName: 'worker01' }, status: { phase: 'Running', startTime: '2026-01-01T00:00:01Z' } },
      { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web-b', namespace: 'prod', uid: 'b', ...template, creationTimestamp: '2026-01-01T00:00:02Z', deletionTimestamp: '2026-01-01T00:01:00Z' }, spec: { ...spec, nodeName: 'worker02' }, status: { phase: 'Pending' } },
      { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web-c', namespace: 'prod', uid: 'c', ...template, creationTimestamp: '2026-01-01T00:00:03Z' }, spec, status: { phase: 'Pending', nominatedNodeName: 'worker03' } },
    ];
    const json = (o: unknown) => JSON.parse(JSON.stringify(o));
    const joined = pods.map((p) => {
      const slim = snapshotPod(p);
      const { shared, own } = json(snapshotPodParts.split(slim));
      const copy = snapshotPodParts.join(shared, own, p.metadata.namespace!, p.metadata.name!);
      expect(json(copy)).toEqual(json(slim));
      return { shared: JSON.stringify(shared), copy };
    });
    expect(new Set(joined.map((j) => j.shared)).size).toBe(1);
    // Copies joined from one shared part share it, not copies of it.
    const { shared, own } = json(snapshotPodParts.split(snapshotPod(pods[0]!)));
    const [a, b] = ['web-a', 'web-x'].map((name) => snapshotPodParts.join(shared, own, 'prod', name));
    expect(a!.spec!.containers).toBe(b!.spec!.containers);
    expect(a!.spec!.affinity).toBe(b!.spec!.affinity);
  });

  it('hands the pods left in activeQ to the next command, which queues them unread, reads each only when it pops it, and does not retry the failed ones', () => {
    const cluster = newTestCluster();
    const n = 2 * MAX_ATTEMPTS_PER_PASS + 20;
    const names = [...Array(n).keys()].map((i) => `p${String(i).padStart(4, '0')}`);
    const command = () => new Simulation({ store: cluster.store, api: cluster.api, clock: cluster.clock, rand: cluster.rand, components: () => [newKubeScheduler()] });
    const failures = () => cluster.api.list({ kind: 'Event', namespace: 'default' }).filter((e) => e.reason === FAILED_SCHEDULING);
    const failed = () => new Set(failures().map((e) => e.involvedObject.name));
    const attempts = () => failures().reduce((n, e) => n + Number(e.count ?? 1), 0);
    cluster.store.transaction(() => {
      command().settle();
      for (const name of names) cluster.api.create({ ...pod(name), spec: { ...pod('').spec, nodeSelector: { 'kubernetes.io/hostname': 'nowhere' } } }, { fieldManager: 't' });
      expect(command().settle(1).settled).toBe(false); // one pass: a thousand attempts, the rest handed over
    });
    expect(failed().size).toBe(MAX_ATTEMPTS_PER_PASS);
    // The next command queues the handed-over pods unread and reads only those it pops (a
    // thousand, in order): the last twenty are not read. The pods that failed are not tried
    // again (their status writes' echoes were not handed over as work).
    const reads = vi.spyOn(cluster.store, 'get');
    const versionLists = vi.spyOn(cluster.store, 'versionsOnNode');
    cluster.store.transaction(() => command().settle(1));
    const read = new Set(reads.mock.calls.filter(([ref]) => ref.kind === 'Pod').map(([ref]) => ref.name));
    reads.mockRestore();
    // The whole queue was handed over: the change log since it names the pods to read again, and
    // no unscheduled pod's version is listed.
    expect(versionLists.mock.calls.filter(([node]) => node === null)).toHaveLength(0);
    versionLists.mockRestore();
    expect([...failed()].sort()).toEqual(names.slice(0, 2 * MAX_ATTEMPTS_PER_PASS));
    expect(attempts()).toBe(2 * MAX_ATTEMPTS_PER_PASS);
    expect(names.slice(-20).filter((name) => read.has(name))).toEqual([]);
    // Every pod is attempted in the end, once.
    cluster.store.transaction(() => command().settle());
    expect([...failed()].sort()).toEqual(names);
    expect(attempts()).toBe(n);
    cluster.close();
  }, 60_000);

  it('hands over its whole queue with the revision only when no write of its process rolled back', () => {
    const cluster = newTestCluster();
    const sim = new Simulation({ store: cluster.store, api: cluster.api, clock: cluster.clock, rand: cluster.rand, components: () => [newKubeScheduler()] });
    const queueMemo = () => (decodeMemos(cluster.store.meta.get('settle.memo'))['default-scheduler'] as { queue?: { pods: unknown[]; revision?: number; rest?: string[] } } | undefined)?.queue;
    cluster.store.transaction(() => {
      sim.settle();
      for (let i = 0; i < 2 * MAX_ATTEMPTS_PER_PASS + 20; i++) {
        cluster.api.create({ ...pod(`p${String(i).padStart(4, '0')}`), spec: { ...pod('').spec, nodeSelector: { 'kubernetes.io/hostname': 'nowhere' } } }, { fieldManager: 't' });
      }
      expect(sim.settle(1).settled).toBe(false);
    });
    // A thousand and twenty wait in activeQ; the thousand that failed are unschedulable, named besides.
    expect(queueMemo()).toMatchObject({ revision: cluster.api.revision() });
    expect(queueMemo()?.pods).toHaveLength(MAX_ATTEMPTS_PER_PASS + 20);
    expect(queueMemo()?.rest).toHaveLength(MAX_ATTEMPTS_PER_PASS);
    // A write of this process rolls back: what its queue holds may not be stored, so each entry
    // is handed over to stand only at its version.
    expect(() => cluster.write(() => { throw new Error('abort'); })).toThrow('abort');
    cluster.store.transaction(() => expect(sim.settle(1).settled).toBe(false));
    expect(queueMemo()?.pods).toHaveLength(20);
    expect(queueMemo()?.revision).toBeUndefined();
    expect(queueMemo()?.rest).toBeUndefined();
    // A settled command hands over no queue (its cursor is past the changes such a memo counts on).
    cluster.store.transaction(() => expect(sim.settle().settled).toBe(true));
    expect(queueMemo()).toBeUndefined();
    cluster.close();
  }, 60_000);

  it('hands over its snapshot\'s pods when it settles, and the next command reads only the pods changed since, keeping that memo', () => {
    const cluster = newTestCluster();
    const command = () => new Simulation({ store: cluster.store, api: cluster.api, clock: cluster.clock, rand: cluster.rand, components: () => [newKubeScheduler()] });
    const stored = () => cluster.store.meta.get('settle.memo');
    const memo = () => decodeMemos(stored())['default-scheduler'] as { queue?: unknown; snapshot?: string } | undefined;
    const unbound = () => cluster.api.list({ kind: 'Pod', namespace: 'default' }).filter((p) => !p.spec?.nodeName).map((p) => p.metadata.name);
    const create = (...names: string[]) => { for (const name of names) cluster.api.create({ ...pod(name), spec: { containers: [{ name: 'c', image: 'nginx' }] } }, { fieldManager: 't' }); };
    // Handed nothing (the cluster's bootstrap left a memo of its own), a command writes its copies.
    cluster.store.transaction(() => { cluster.store.meta.set('settle.memo', ''); create('a', 'b', 'c'); expect(command().settle().settled).toBe(true); });
    expect(unbound()).toEqual([]);
    expect(memo()?.queue).toBeUndefined();
    // The snapshot's copies are packed apart: reading the queue's memo does not decode them.
    const pods = (unpackMemo(memo()?.snapshot) as { pods: [string][] }).pods;
    expect(pods.map(([key]) => key).filter((k) => k.startsWith('default/'))).toEqual(['default/a', 'default/b', 'default/c']);
    const kept = stored();
    // The next command lists no pod's version and scans no bound pod: the change log names d and e.
    const versions = vi.spyOn(cluster.store, 'versions');
    const scans = vi.spyOn(cluster.store, 'eachBound');
    cluster.store.transaction(() => { create('d', 'e'); expect(command().settle().settled).toBe(true); });
    expect(versions.mock.calls.filter(([kind]) => kind === 'Pod')).toEqual([]);
    expect(scans).not.toHaveBeenCalled();
    expect(unbound()).toEqual([]);
    // Two pods changed since: the memo stands, not written again.
    expect(stored()).toBe(kept);
    versions.mockRestore();
    scans.mockRestore();
    cluster.close();
  }, 60_000);

  it('leaves the pods past a pass\'s attempts for the next pass without reading them, and forgets those deleted meanwhile', () => {
    const cluster = newTestCluster();
    const n = MAX_ATTEMPTS_PER_PASS + 50;
    const sim = new Simulation({ store: cluster.store, api: cluster.api, clock: cluster.clock, rand: cluster.rand, components: () => [newKubeScheduler()] });
    const failed = () => new Set(cluster.api.list({ kind: 'Event', namespace: 'default' }).filter((e) => e.reason === FAILED_SCHEDULING).map((e) => e.involvedObject.name));
    cluster.store.transaction(() => {
      sim.settle();
      for (let i = 0; i < n; i++) {
        cluster.api.create({ ...pod(`p${String(i).padStart(4, '0')}`), spec: { ...pod('').spec, nodeSelector: { 'kubernetes.io/hostname': 'nowhere' } } }, { fieldManager: 't' });
      }
      sim.settle(1);
      const first = failed();
      expect(first.size).toBe(MAX_ATTEMPTS_PER_PASS);
      // Ten of the pods the first pass left are deleted before the next one.
      const left = [...Array(n).keys()].map((i) => `p${String(i).padStart(4, '0')}`).filter((name) => !first.has(name));
      for (const name of left.slice(0, 10)) cluster.api.delete({ kind: 'Pod', namespace: 'default', name }, { fieldManager: 't' });
      sim.settle();
      const all = failed();
      expect(all.size).toBe(n - 10);
      for (const name of left.slice(0, 10)) expect(all.has(name)).toBe(false);
    });
    cluster.close();
  }, 60_000);
});
