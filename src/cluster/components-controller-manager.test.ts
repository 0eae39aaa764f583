import { describe, expect, it } from 'vitest';
import { newComponents } from './components';

describe('a stopped kube-controller-manager', () => {
  it('leaves the API server\'s CRD naming and registration, APIService availability, API Priority and Fairness and ConfigMap loops, the scheduler, the kubelets, the add-ons\' controllers, the cloud\'s autoscaler and kubemu\'s records running, and none of its own', () => {
    const names = (controllerManagerRunning: boolean) => newComponents(() => { throw new Error('not read'); }, { schedulerRunning: true, controllerManagerRunning }).map((c) => c.name);
    expect(names(false)).toEqual([
      'crd-naming-condition-controller', 'crd-finalizer', 'crd-registration-controller', 'apiservice-available-condition-controller',
      'apf-config-producer-prioritylevels', 'apf-config-producer-flowschemas', 'apf-config-consumer',
      'cluster-authentication-trust-controller', 'legacy-service-account-token-tracking-controller', 'control-plane-leases',
      'local-path-provisioner', 'metallb-controller', 'nginx-ingress-controller', 'nginx-gateway-fabric-gatewayclass', 'nginx-gateway-fabric-gateway',
      'metrics-history', 'cluster-autoscaler', 'kubemu-cost-nodes', 'kubemu-cost-pods',
      'default-scheduler', 'kubelet', 'kubelet-node-status',
    ]);
    const all = names(true);
    expect(all).toEqual(expect.arrayContaining(['deployment-controller', 'replicaset-controller', 'node-lifecycle-controller', 'garbage-collector-controller/pod']));
    expect(all.length).toBeGreaterThan(40);
  });
});
