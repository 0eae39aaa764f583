import { describe, expect, it, vi } from 'vitest';
import type { KubeObject } from './meta';
import { newTestCluster } from '../../test/helpers/test-cluster';
import { LOAD_ANNOTATION, LOAD_RETENTION_MS, loadSegments, namespaceLoads, podRequestRate, rpsAt, segmentsChangeAfter, stopLoad, withLoad, type TargetLoad } from './load-model';

const T0 = Date.parse('2026-01-01T00:00:00Z');
const MIN = 60_000;

function pod(uid: string, readySince?: number): KubeObject {
  return {
    apiVersion: 'v1', kind: 'Pod', metadata: { name: uid, uid, labels: { app: 'web' } },
    status: { phase: 'Running', conditions: [{ type: 'Ready', status: readySince === undefined ? 'False' : 'True', lastTransitionTime: new Date(readySince ?? T0).toISOString() }] },
  };
}

describe('load segments', () => {
  it('starts, ends after --for, and replaces a running load', () => {
    let s = withLoad([], T0, 100, 10 * MIN);
    expect(s).toEqual([{ rps: 100, from: '2026-01-01T00:00:00Z', until: '2026-01-01T00:10:00Z' }]);
    expect([rpsAt(s, T0 - 1), rpsAt(s, T0), rpsAt(s, T0 + 10 * MIN - 1), rpsAt(s, T0 + 10 * MIN)]).toEqual([0, 100, 100, 0]);
    s = withLoad(s, T0 + 5 * MIN, 40);
    expect(s).toEqual([
      { rps: 100, from: '2026-01-01T00:00:00Z', until: '2026-01-01T00:05:00Z' },
      { rps: 40, from: '2026-01-01T00:05:00Z' },
    ]);
    expect(segmentsChangeAfter(s, T0 + MIN)).toBe(T0 + 5 * MIN);
    expect(segmentsChangeAfter(s, T0 + 6 * MIN)).toBe(Infinity);
  });

  it('stops what runs and forgets what ended more than the retention ago', () => {
    const s = stopLoad([{ rps: 5, from: '2025-12-01T00:00:00Z', until: '2025-12-02T00:00:00Z' }, { rps: 40, from: '2026-01-01T00:00:00Z' }], T0 + MIN);
    expect(s).toEqual([{ rps: 40, from: '2026-01-01T00:00:00Z', until: '2026-01-01T00:01:00Z' }]);
    expect(LOAD_RETENTION_MS).toBe(8 * 24 * 3_600_000);
  });
});

describe('podRequestRate', () => {
  it('spreads a load evenly over the backends ready at that moment', () => {
    const a = pod('a', T0), b = pod('b', T0 + 2 * MIN), c = pod('c');
    const load: TargetLoad = { target: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' } }, segments: withLoad([], T0, 90), backends: [a, b, c] };
    expect(podRequestRate([load], a, T0 + MIN)).toBe(90);
    expect(podRequestRate([load], b, T0 + MIN)).toBe(0);
    expect(podRequestRate([load], a, T0 + 3 * MIN)).toBe(45);
    expect(podRequestRate([load], b, T0 + 3 * MIN)).toBe(45);
    // A pod that is not ready gets nothing; another namespace's pod (not a backend) neither.
    expect(podRequestRate([load], c, T0 + 3 * MIN)).toBe(0);
    expect(podRequestRate([load], pod('z', T0), T0 + 3 * MIN)).toBe(0);
  });
});

describe('namespace loads', () => {
  it('find the loaded Deployments and Services, reading only objects whose JSON holds the annotation', () => {
    const c = newTestCluster({}, { warmup: false });
    const load = JSON.stringify(withLoad([], T0, 50));
    const selector = { matchLabels: { app: 'web' } };
    const template = { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } };
    c.write(() => {
      c.api.create({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'loaded', namespace: 'default', annotations: { [LOAD_ANNOTATION]: load } }, spec: { selector, template } } as KubeObject, { fieldManager: 'test' });
      // The annotation's name in another annotation's value is no load.
      c.api.create({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'quiet', namespace: 'default', annotations: { note: `no ${LOAD_ANNOTATION} here` } }, spec: { selector, template } } as KubeObject, { fieldManager: 'test' });
      c.api.create({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'front', namespace: 'default', annotations: { [LOAD_ANNOTATION]: load } }, spec: { selector: { app: 'web' }, ports: [{ port: 80 }] } } as KubeObject, { fieldManager: 'test' });
      c.api.create({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web-1', namespace: 'default', labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } as KubeObject, { fieldManager: 'test' });
    });
    const each = vi.spyOn(c.store, 'each');
    const loads = c.read(() => namespaceLoads(c.api, 'default', () => c.api.list({ kind: 'Pod', namespace: 'default' })));
    // Every pod carries app=web: web-1 and the two Deployments' pods.
    const web = c.api.list({ kind: 'Pod', namespace: 'default' }).map((p) => p.metadata.name);
    expect(web).toHaveLength(3);
    expect(loads.map((l) => [l.target.kind, l.target.metadata.name, l.backends.map((p) => p.metadata.name)])).toEqual([['Deployment', 'loaded', web], ['Service', 'front', web]]);
    const targets = each.mock.calls.filter(([q]) => q.kind !== 'Pod');
    expect(targets.map(([q]) => [q.kind, q.mayContain])).toEqual([['Deployment', ['"kubemu.io/load":']], ['Service', ['"kubemu.io/load":']]]);
    // The hint agrees with a read of every object.
    const scanned = ['Deployment', 'Service'].flatMap((kind) => c.api.list({ kind, namespace: 'default' }).filter((o) => loadSegments(o).length).map((o) => o.metadata.name));
    expect(loads.map((l) => l.target.metadata.name)).toEqual(scanned);
    c.close();
  });
});
