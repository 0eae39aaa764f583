import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/meta';
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
