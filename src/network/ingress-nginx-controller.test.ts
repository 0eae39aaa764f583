import { describe, expect, it } from 'vitest';
import { newTestCluster } from '../../test/helpers/test-cluster';
import { ingressNginxObjects } from '../cluster/ingress-nginx';
import { SCHEDULED_FOR_SYNC } from './ingress-nginx-controller';

const ingress = (name: string, spec: object) => ({
  apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', metadata: { name, namespace: 'default' },
  spec: { ...spec, rules: [{ host: `${name}.example.com`, http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: 'web', port: { number: 80 } } } }] } }] },
});

describe('ingress-nginx status', () => {
  it('writes the controller node IP into Ingresses of its class only, once a controller pod is ready', () => {
    const cluster = newTestCluster();
    const fm = { fieldManager: 'test' };
    cluster.write(() => {
      cluster.api.create(ingress('early', { ingressClassName: 'nginx' }), fm);
      for (const obj of ingressNginxObjects()) cluster.api.create(obj, fm);
      cluster.api.create(ingress('legacy', {}), fm);
      cluster.api.create(ingress('other', { ingressClassName: 'traefik' }), fm);
      cluster.api.create({ ...ingress('annotated', {}), metadata: { name: 'annotated', namespace: 'default', annotations: { 'kubernetes.io/ingress.class': 'nginx' } } }, fm);
    });
    cluster.advance(60_000);
    const pod = cluster.api.list({ kind: 'Pod', namespace: 'ingress-nginx' })[0]!;
    const node = cluster.api.get({ kind: 'Node', name: pod.spec!.nodeName! });
    const ip = node.status!.addresses!.find((a: { type: string }) => a.type === 'InternalIP')!.address;
    const addr = (name: string) => cluster.api.get({ kind: 'Ingress', namespace: 'default', name }).status?.loadBalancer?.ingress;
    expect(addr('early')).toEqual([{ ip }]);
    expect(addr('annotated')).toEqual([{ ip }]);
    expect(addr('legacy')).toBeUndefined();
    expect(addr('other')).toBeUndefined();
    const events = cluster.api.list({ kind: 'Event', namespace: 'default' }).filter((e) => e.reason === 'Sync');
    expect(events.map((e) => `${e.involvedObject.name}: ${e.message}`).sort()).toEqual([`annotated: ${SCHEDULED_FOR_SYNC}`, `early: ${SCHEDULED_FOR_SYNC}`]);
  });
});
