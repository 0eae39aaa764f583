import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/meta';
import { newTestCluster } from '../../../test/helpers/test-cluster';
import { LOAD_BALANCER_CLEANUP_FINALIZER } from './index';

const lb = (name: string): KubeObject => ({
  apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: 'default' },
  spec: { type: 'LoadBalancer', selector: { app: name }, ports: [{ port: 80 }] },
});

describe('service controller (cloud-controller-manager)', () => {
  it('gives LoadBalancer Services pool addresses on a cloud profile, with its events, and releases them', () => {
    const cluster = newTestCluster({ workers: 1, nodeProfile: 'aks' });
    cluster.write(() => { cluster.api.create(lb('a'), { fieldManager: 'test' }); cluster.api.create(lb('b'), { fieldManager: 'test' }); });
    const get = (name: string) => cluster.api.get({ kind: 'Service', namespace: 'default', name });
    expect(get('a').status).toEqual({ loadBalancer: { ingress: [{ ip: '20.81.110.1', ipMode: 'VIP' }] } });
    expect(get('b').status!.loadBalancer!.ingress![0].ip).toBe('20.81.110.2');
    expect(get('a').metadata.finalizers).toEqual([LOAD_BALANCER_CLEANUP_FINALIZER]);
    const reasons = (name: string) => cluster.api.list({ kind: 'Event', namespace: 'default' })
      .filter((e) => e.involvedObject?.name === name).map((e) => `${e.reason} ${e.message} ${e.source?.component}`);
    expect(reasons('a')).toEqual(['EnsuringLoadBalancer Ensuring load balancer service-controller', 'EnsuredLoadBalancer Ensured load balancer service-controller']);
    // Back to ClusterIP: the load balancer goes, and its address is free for the next Service.
    cluster.write(() => { const s = get('a'); s.spec!.type = 'ClusterIP'; cluster.api.update(s, { fieldManager: 'test' }); });
    expect(get('a').status).toEqual({ loadBalancer: {} });
    expect(get('a').metadata.finalizers).toBeUndefined();
    expect(reasons('a').slice(2)).toEqual(['DeletingLoadBalancer Deleting load balancer service-controller', 'DeletedLoadBalancer Deleted load balancer service-controller']);
    cluster.write(() => cluster.api.create(lb('c'), { fieldManager: 'test' }));
    expect(get('c').status!.loadBalancer!.ingress![0].ip).toBe('20.81.110.1');
    // Deleting a Service waits for its load balancer's cleanup, then completes.
    cluster.write(() => cluster.api.delete({ kind: 'Service', namespace: 'default', name: 'b' }, { fieldManager: 'test' }));
    expect(cluster.api.tryGet({ kind: 'Service', namespace: 'default', name: 'b' })).toBeUndefined();
  });

  it('leaves LoadBalancer Services pending on an on-prem (kubeadm) cluster', () => {
    const cluster = newTestCluster({ workers: 1 });
    cluster.write(() => cluster.api.create(lb('a'), { fieldManager: 'test' }));
    cluster.advance(60_000);
    const svc = cluster.api.get({ kind: 'Service', namespace: 'default', name: 'a' });
    expect([svc.status, svc.metadata.finalizers]).toEqual([{ loadBalancer: {} }, undefined]);
  });
});
