import { describe, expect, it, vi } from 'vitest';
import type { EventLike, KubeObject } from '../api/meta';
import { newTestCluster } from '../../test/helpers/test-cluster';
import { impersonatedCluster, requestUser } from './authorization';

const pod = (namespace: string, name: string, labels: Record<string, string>): KubeObject => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { namespace, name, labels },
  spec: { containers: [{ name: 'c', image: 'nginx' }] },
} as KubeObject);

function cluster() {
  const c = newTestCluster({}, { warmup: false });
  c.write(() => {
    c.api.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team' } } as KubeObject, { fieldManager: 'test' });
    for (const [ns, name, app] of [['default', 'b', 'web'], ['team', 'a', 'db'], ['default', 'a', 'db'], ['team', 'c', 'web']] as const) {
      c.api.create(pod(ns, name, { app }), { fieldManager: 'test' });
    }
  });
  return c;
}

const names = (objs: KubeObject[]) => objs.map((o) => `${o.metadata.namespace}/${o.metadata.name}`);
const visited = (c: ReturnType<typeof cluster>, q: Parameters<ReturnType<typeof cluster>['api']['list']>[0]) => {
  const out: KubeObject[] = [];
  c.api.each(q, (o) => out.push(o));
  return out;
};

describe('ApiServer.each', () => {
  it('visits exactly what list returns, in the same order', () => {
    const c = cluster();
    const queries = [
      { kind: 'Pod' },
      { kind: 'Pod', namespace: 'default' },
      { kind: 'Pod', labelSelector: 'app=web' },
      { kind: 'Pod', namespace: 'team', labelSelector: 'app in (db,web)', fieldSelector: 'metadata.name!=c' },
      { kind: 'Pod', fieldSelector: 'metadata.namespace=team' },
    ];
    for (const q of queries) {
      const listed = c.api.list(q).filter((o) => o.metadata.namespace !== 'kube-system');
      expect(names(visited(c, q).filter((o) => o.metadata.namespace !== 'kube-system')), JSON.stringify(q)).toEqual(names(listed));
    }
    expect(names(visited(c, { kind: 'Pod', labelSelector: 'app=web' }))).toEqual(['default/b', 'team/c']);
  });

  it('finds pods by spec.nodeName through the node index, as a scan would', () => {
    const c = cluster();
    // No scheduler serves these two: they stay unscheduled.
    c.write(() => {
      for (const [ns, name] of [['team', 'p'], ['default', 'q']] as const) {
        c.api.create({ ...pod(ns, name, { app: 'db' }), spec: { schedulerName: 'nobody', containers: [{ name: 'c', image: 'nginx' }] } }, { fieldManager: 'test' });
      }
    });
    const node = c.api.get({ kind: 'Pod', namespace: 'team', name: 'a' }).spec!.nodeName;
    const scanned = (where: (p: KubeObject) => boolean, ns?: string) =>
      names(c.api.list({ kind: 'Pod', namespace: ns }).filter(where));
    const queries: [Parameters<typeof visited>[1], (p: KubeObject) => boolean][] = [
      [{ kind: 'Pod', fieldSelector: 'spec.nodeName=' }, (p) => !p.spec?.nodeName],
      [{ kind: 'Pod', namespace: 'default', fieldSelector: 'spec.nodeName==' }, (p) => !p.spec?.nodeName],
      [{ kind: 'Pod', fieldSelector: `spec.nodeName=${node}` }, (p) => p.spec?.nodeName === node],
      [{ kind: 'Pod', fieldSelector: `spec.host=${node},metadata.name=a`, labelSelector: 'app=db' }, (p) => p.spec?.nodeName === node && p.metadata.name === 'a' && p.metadata.labels?.app === 'db'],
      [{ kind: 'Pod', fieldSelector: `spec.nodeName!=${node}` }, (p) => p.spec?.nodeName !== node],
      [{ kind: 'Pod', fieldSelector: 'spec.nodeName!=' }, (p) => !!p.spec?.nodeName],
      [{ kind: 'Pod', namespace: 'team', fieldSelector: 'spec.nodeName!=,metadata.name!=c' }, (p) => !!p.spec?.nodeName && p.metadata.name !== 'c'],
      [{ kind: 'Pod', fieldSelector: `spec.nodeName!=,spec.nodeName=${node}` }, (p) => p.spec?.nodeName === node],
    ];
    for (const [q, where] of queries) {
      expect(names(visited(c, q)), JSON.stringify(q)).toEqual(scanned(where, q.namespace));
      expect(names(c.api.list(q)), JSON.stringify(q)).toEqual(scanned(where, q.namespace));
    }
    expect(names(visited(c, { kind: 'Pod', fieldSelector: 'spec.nodeName=' }))).toEqual(['default/q', 'team/p']);
    // The scheduled pods are read through the node column, not a scan of every pod.
    const scans = vi.spyOn(c.store, 'each');
    expect(names(visited(c, { kind: 'Pod', fieldSelector: 'spec.nodeName!=' })).filter((n) => !n.startsWith('kube-system/'))).toEqual(['default/a', 'default/b', 'team/a', 'team/c']);
    expect(scans).not.toHaveBeenCalled();
  });

  it('names the pods on a node, or on none, as the node index lists them', () => {
    const c = cluster();
    c.write(() => c.api.create({ ...pod('team', 'p', { app: 'db' }), spec: { schedulerName: 'nobody', containers: [{ name: 'c', image: 'nginx' }] } }, { fieldManager: 'test' }));
    const node = c.api.get({ kind: 'Pod', namespace: 'team', name: 'a' }).spec!.nodeName!;
    const named = (vs: { namespace: string; name: string; resourceVersion: string }[]) => vs.map((v) => `${v.namespace}/${v.name}@${v.resourceVersion}`);
    const listed = (q: Parameters<typeof visited>[1]) => visited(c, q).map((p) => `${p.metadata.namespace}/${p.metadata.name}@${p.metadata.resourceVersion}`);
    expect(named(c.api.versions('Pod', null))).toEqual(listed({ kind: 'Pod', fieldSelector: 'spec.nodeName=' }));
    expect(named(c.api.versions('Pod', null))).toEqual([expect.stringMatching(/^team\/p@\d+$/)]);
    expect(named(c.api.versions('Pod', node))).toEqual(listed({ kind: 'Pod', fieldSelector: `spec.nodeName=${node}` }));
    expect(named(c.api.versions('Pod', node)).length).toBeGreaterThan(0);
    expect(c.api.versions('Pod', 'no-such-node')).toEqual([]);
    // Only pods are ever bound: other kinds are all on no node.
    expect(c.api.versions('Namespace', null)).toEqual(c.api.versions('Namespace'));
  });

  it('hands the store a label selector\'s labels to pass over the other objects undecoded, finding what a scan finds', () => {
    const c = cluster();
    const each = vi.spyOn(c.store, 'each');
    const scanned = (where: (p: KubeObject) => boolean) => names(c.api.list({ kind: 'Pod' }).filter(where));
    for (const [selector, where, hints] of [
      ['app=web', (p: KubeObject) => p.metadata.labels?.app === 'web', ['"app":"web"']],
      ['app in (db,web)', (p: KubeObject) => ['db', 'web'].includes(p.metadata.labels?.app ?? ''), ['"app":"db"', '"app":"web"']],
      ['app,app!=db', (p: KubeObject) => !!p.metadata.labels?.app && p.metadata.labels.app !== 'db', ['"app":']],
      ['!app', (p: KubeObject) => !p.metadata.labels?.app, undefined],
    ] as const) {
      each.mockClear();
      expect(names(visited(c, { kind: 'Pod', labelSelector: selector })), selector).toEqual(scanned(where));
      expect(each.mock.calls[0]![0].mayContain, selector).toEqual(hints);
    }
  });

  it('finds Events by involvedObject.uid through the subject index, as a scan would', () => {
    const c = cluster();
    const uidOf = (ns: string, name: string) => c.api.get({ kind: 'Pod', namespace: ns, name }).metadata.uid!;
    c.write(() => {
      for (const [ns, name, about] of [['default', 'e1', 'a'], ['default', 'e2', 'b'], ['team', 'e3', 'a'], ['default', 'e0', 'a']] as const) {
        const target = uidOf(ns, about);
        c.api.create({ apiVersion: 'v1', kind: 'Event', metadata: { name, namespace: ns }, involvedObject: { kind: 'Pod', namespace: ns, name: about, uid: target }, reason: 'R', message: 'm' } as KubeObject, { fieldManager: 'test' });
      }
    });
    const each = vi.spyOn(c.store, 'each');
    const scanned = (where: (e: KubeObject) => boolean, ns?: string) => names(c.api.list({ kind: 'Event', namespace: ns }).filter(where));
    const a = uidOf('default', 'a');
    for (const [q, where] of [
      [{ kind: 'Event', fieldSelector: `involvedObject.uid=${a}` }, (e: KubeObject) => (e as EventLike).involvedObject?.uid === a],
      [{ kind: 'Event', namespace: 'default', fieldSelector: `involvedObject.uid==${a},involvedObject.name=a` }, (e: KubeObject) => (e as EventLike).involvedObject?.uid === a],
      [{ kind: 'Event', namespace: 'team', fieldSelector: `involvedObject.uid=${a}` }, () => false],
    ] as const) {
      expect(names(c.api.list(q)), JSON.stringify(q)).toEqual(scanned(where, q.namespace));
    }
    // The cluster's own Events about the pod (Scheduled, …) besides.
    expect(names(c.api.list({ kind: 'Event', fieldSelector: `involvedObject.uid=${a}` })).filter((n) => /\/e\d$/.test(n))).toEqual(['default/e0', 'default/e1']);
    // Each query above scanned once for its comparison, and no more.
    expect(each.mock.calls.filter(([q]) => q.kind === 'Event')).toHaveLength(3);
    // An empty uid matches Events without one: those are scanned for.
    each.mockClear();
    expect(names(c.api.list({ kind: 'Event', fieldSelector: 'involvedObject.uid=' }))).toEqual(scanned((e) => !(e as EventLike).involvedObject?.uid));
    expect(each).toHaveBeenCalled();
  });

  it('refuses a bad selector as list does', () => {
    const c = cluster();
    expect(() => visited(c, { kind: 'Pod', labelSelector: 'a in (' })).toThrow(/Unable to find .* that match label selector/);
    expect(() => visited(c, { kind: 'Pod', fieldSelector: 'spec.bogus=1' })).toThrow(/field label not supported: spec.bogus/);
  });

  it('is authorized like list for an impersonated user', () => {
    const c = impersonatedCluster(cluster(), requestUser({ as: 'jane' }));
    expect(() => c.api.each({ kind: 'Pod', namespace: 'team' }, () => undefined)).toThrow(/pods is forbidden: User "jane" cannot list resource "pods"/);
  });
});
