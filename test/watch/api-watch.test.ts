/**
 * R7 watch semantics over ApiServer.watch (the change log): ordered, unique, no gaps,
 * resumable from any revision, a replay from the start list reproduces the list now, and 410
 * Expired "too old resource version" once the version has been compacted. A seeded random
 * workload (Deployments scaled and deleted, ConfigMaps, time passing) runs on an in-memory
 * cluster; a violation count per property is printed and must be 0.
 */
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../src/api/meta';
import { ApiError } from '../../src/apiserver/errors';
import { newTestCluster } from '../helpers/test-cluster';
import { Rng } from '../fuzz/mutate';
import { countDuplicates, countGaps, countReplayMismatches, countResumeMismatches, countUnordered, emptyViolations, type WatchEvt } from './watch-properties';

const KINDS = ['Pod', 'Deployment', 'ReplicaSet', 'ConfigMap'];
const STEPS = Number(process.env.KUBEMU_WATCH_STEPS ?? 120);
const opts = { fieldManager: 'watch-test' };

function deployment(name: string, replicas: number): KubeObject {
  return {
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name, namespace: 'default' },
    spec: { replicas, selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
  } as unknown as KubeObject;
}

describe('R7 ApiServer.watch', () => {
  it('is ordered, unique, gap-free, resumable and expires after compaction', () => {
    const cluster = newTestCluster();
    const { api, store } = cluster;
    const rng = new Rng(11);
    const start = api.revision();
    const base = new Map(KINDS.map((k) => [k, api.list({ kind: k }) as KubeObject[]]));
    const checkpoints: number[] = [];
    for (let i = 0; i < STEPS; i++) {
      const d = `web-${rng.int(4)}`, c = `cm-${rng.int(6)}`;
      const k = rng.next();
      try {
        if (k < 0.2) cluster.write(() => api.create(deployment(d, rng.int(4)), opts));
        else if (k < 0.4) cluster.write(() => { const o = api.get({ kind: 'Deployment', namespace: 'default', name: d }); o.spec!.replicas = rng.int(5); return api.update(o, opts); });
        else if (k < 0.5) cluster.write(() => api.delete({ kind: 'Deployment', namespace: 'default', name: d }, opts));
        else if (k < 0.7) cluster.write(() => api.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: c, namespace: 'default' }, data: { i: String(i) } } as KubeObject, opts));
        else if (k < 0.8) cluster.write(() => api.delete({ kind: 'ConfigMap', namespace: 'default', name: c }, opts));
        else cluster.advance(1000 * (1 + rng.int(30)));
      } catch (e) {
        if (!(e instanceof ApiError) || ![404, 409].includes(e.code)) throw e;
      }
      checkpoints.push(api.revision());
    }
    const head = api.revision();
    const v = emptyViolations();
    const all: WatchEvt[] = store.watchSince(start).map((e) => ({ type: e.type, object: e.object, revision: e.revision }));
    v.ordered += countUnordered(all);
    v.unique += countDuplicates(all);
    v.noGaps += countGaps(all, start, head);
    let perKindEvents = 0, resumes = 0;
    for (const kind of KINDS) {
      const full = api.watch(kind, start);
      perKindEvents += full.length;
      v.ordered += countUnordered(full);
      v.unique += countDuplicates(full);
      v.replayMatchesList += countReplayMismatches(base.get(kind)!, full, api.list({ kind }));
      for (let j = 0; j < 10; j++) {
        const from = checkpoints[rng.int(checkpoints.length)]!;
        v.resumable += countResumeMismatches(full, api.watch(kind, from), from);
        resumes++;
      }
      // Namespace-scoped watches are the same events, filtered.
      v.resumable += countResumeMismatches(full.filter((e) => e.object.metadata.namespace === 'default'), api.watch(kind, start, 'default'), start);
    }
    // Compaction: a version at or after the compacted one still resumes; an older one is 410.
    const cut = checkpoints[Math.floor(checkpoints.length / 2)]!;
    store.compact(cut);
    const after = api.watch('ConfigMap', cut);
    v.resumable += countResumeMismatches(api.watch('ConfigMap', start === cut ? start : cut), after, cut);
    for (const old of [start, cut - 1]) {
      try {
        api.watch('ConfigMap', old);
        v.expired++;
      } catch (e) {
        const ok = e instanceof ApiError && e.code === 410 && e.reason === 'Expired' && e.message === `too old resource version: ${old} (${cut})`;
        if (!ok) v.expired++;
      }
    }
    console.log(`R7 api watch: ${STEPS} steps, revisions ${start}..${head} (${all.length} changes, ${perKindEvents} watched events of ${KINDS.join('/')}), ${resumes} resumes, compacted at ${cut}`);
    console.log(`R7 violations: ${JSON.stringify(v)}`);
    cluster.close();
    expect(v).toEqual(emptyViolations());
  });
});
