import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/meta';
import { newTestCluster } from '../../test/helpers/test-cluster';

const IMAGE = 'nginx:1.25';
const REF = 'docker.io/library/nginx:1.25';

const pod = (name: string): KubeObject => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' },
  spec: { nodeSelector: { 'kubernetes.io/hostname': 'worker01' }, containers: [{ name: 'c', image: IMAGE }] },
});

describe('kubelet', () => {
  it('lists a pulled image on its node once; later pods there find it present', () => {
    const cluster = newTestCluster();
    const imagesOn = (node: string) => (cluster.api.get({ kind: 'Node', name: node }).status?.images ?? [])
      .filter((i: { names: string[] }) => i.names.includes(REF));
    const pulls = (name: string) => cluster.api.list({ kind: 'Event', namespace: 'default' })
      .filter((e) => e.involvedObject?.name === name && (e.reason === 'Pulling' || e.reason === 'Pulled'))
      .map((e) => e.message);
    expect(imagesOn('worker01')).toHaveLength(0);
    // Two pods pulling at once on one node: the image is listed once.
    cluster.write(() => { cluster.api.create(pod('a'), { fieldManager: 't' }); cluster.api.create(pod('b'), { fieldManager: 't' }); });
    cluster.advance(60_000);
    expect(imagesOn('worker01')).toHaveLength(1);
    expect(imagesOn('worker02')).toHaveLength(0);
    expect(pulls('a')[0]).toBe(`Pulling image "${IMAGE}"`);
    cluster.write(() => cluster.api.create(pod('c'), { fieldManager: 't' }));
    cluster.advance(10_000);
    expect(pulls('c')).toEqual([`Container image "${IMAGE}" already present on machine`]);
    expect(imagesOn('worker01')).toHaveLength(1);
    cluster.close();
  });
});
