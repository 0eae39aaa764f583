import { describe, expect, it } from 'vitest';
import { newTestCluster } from '../../test/helpers/test-cluster';
import type { KubeObject } from '../api/meta';

const FM = { fieldManager: 'test' };
const pod = (name: string, spec: Record<string, unknown> = {}): KubeObject =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' }, spec: { containers: [{ name: 'c', image: 'nginx' }], ...spec } }) as KubeObject;
const tokenVolumes = (p: KubeObject) => (p.spec?.volumes ?? []).filter((v: { projected?: unknown }) => v.projected).length;

describe('ServiceAccount admission: the account\'s automountServiceAccountToken', () => {
  it('an account with automountServiceAccountToken: false gets no token volume, unless the pod asks for one', () => {
    const cluster = newTestCluster();
    const [quiet, asked, other] = cluster.write(() => {
      cluster.api.create({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'web', namespace: 'default' }, automountServiceAccountToken: false } as KubeObject, FM);
      cluster.api.create({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'api', namespace: 'default' } } as KubeObject, FM);
      return [
        cluster.api.create(pod('quiet', { serviceAccountName: 'web' }), FM),
        cluster.api.create(pod('asked', { serviceAccountName: 'web', automountServiceAccountToken: true }), FM),
        cluster.api.create(pod('other', { serviceAccountName: 'api' }), FM),
      ];
    });
    expect(tokenVolumes(quiet!)).toBe(0);
    expect(tokenVolumes(asked!)).toBe(1);
    expect(tokenVolumes(other!)).toBe(1);
    cluster.close();
  });
});
