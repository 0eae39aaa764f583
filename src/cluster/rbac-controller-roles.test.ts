import { describe, expect, it } from 'vitest';
import { CONTROLLER_ROLES } from './rbac-controller-roles';
import { laterBootstrapRbacObjects } from './rbac-bootstrap';
import { controllerServiceAccounts } from './controller-accounts';
import type { PolicyRule } from '../apiserver/authorization';
import type { ClusterRoleBinding } from '../api/types/kinds';

const sortedSet = (xs: readonly string[] | undefined) => [...new Set(xs ?? [])].sort();

describe('the bootstrap policy\'s controller roles (v1.32, default feature gates)', () => {
  it('names the 33 roles a v1.32 API server creates, none of a gated feature', () => {
    expect(CONTROLLER_ROLES.map((c) => c.account).sort()).toEqual([
      'attachdetach-controller', 'certificate-controller', 'clusterrole-aggregation-controller', 'cronjob-controller',
      'daemon-set-controller', 'deployment-controller', 'disruption-controller', 'endpoint-controller', 'endpointslice-controller',
      'endpointslicemirroring-controller', 'ephemeral-volume-controller', 'expand-controller', 'generic-garbage-collector',
      'horizontal-pod-autoscaler', 'job-controller', 'legacy-service-account-token-cleaner', 'namespace-controller', 'node-controller',
      'persistent-volume-binder', 'pod-garbage-collector', 'pv-protection-controller', 'pvc-protection-controller',
      'replicaset-controller', 'replication-controller', 'resourcequota-controller', 'root-ca-cert-publisher', 'route-controller',
      'service-account-controller', 'service-controller', 'statefulset-controller', 'ttl-after-finished-controller', 'ttl-controller',
      'validatingadmissionpolicy-status-controller',
    ]);
  });

  it('writes every rule\'s lists as sorted sets, as the API server stores them', () => {
    const unsorted = (r: PolicyRule) => (['verbs', 'apiGroups', 'resources', 'resourceNames'] as const)
      .filter((k) => r[k] && JSON.stringify(r[k]) !== JSON.stringify(sortedSet(r[k])));
    for (const c of CONTROLLER_ROLES) for (const r of c.rules) expect(unsorted(r), `${c.account}: ${JSON.stringify(r)}`).toEqual([]);
    const certificates = CONTROLLER_ROLES.find((c) => c.account === 'certificate-controller')!;
    expect(certificates.rules[3]).toEqual({
      apiGroups: ['certificates.k8s.io'], resourceNames: ['kubernetes.io/kube-apiserver-client', 'kubernetes.io/kube-apiserver-client-kubelet', 'kubernetes.io/kubelet-serving', 'kubernetes.io/legacy-unknown'],
      resources: ['signers'], verbs: ['sign'],
    });
  });

  it('binds each role to kube-system\'s account of its name, with the bootstrap labels', () => {
    const objects = laterBootstrapRbacObjects();
    const binding = objects.find((o) => o.kind === 'ClusterRoleBinding' && o.metadata.name === 'system:controller:replicaset-controller');
    expect(binding).toEqual({
      apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRoleBinding',
      metadata: { name: 'system:controller:replicaset-controller', annotations: { 'rbac.authorization.kubernetes.io/autoupdate': 'true' }, labels: { 'kubernetes.io/bootstrapping': 'rbac-defaults' } },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'system:controller:replicaset-controller' },
      subjects: [{ kind: 'ServiceAccount', name: 'replicaset-controller', namespace: 'kube-system' }],
    });
    const roles = objects.filter((o) => o.kind === 'ClusterRole').map((o) => o.metadata.name!);
    const bindings = objects.filter((o) => o.kind === 'ClusterRoleBinding').map((o) => o.metadata.name!);
    expect(roles).toHaveLength(43);
    // Every binding's role is there; the less used system roles are bound by no one but issuer discovery.
    for (const o of objects) if (o.kind === 'ClusterRoleBinding') expect(roles).toContain((o as unknown as ClusterRoleBinding).roleRef.name);
    expect(bindings.filter((n) => !n.startsWith('system:controller:'))).toEqual(['system:service-account-issuer-discovery']);
  });

  it('gives kube-controller-manager\'s controllers their accounts: not the cloud ones, kubeadm\'s two only under kubeadm', () => {
    const names = (kubeadm: boolean) => controllerServiceAccounts(kubeadm).map((o) => o.metadata.name);
    expect(names(true)).toHaveLength(33);
    expect(names(true)).toEqual(expect.arrayContaining(['bootstrap-signer', 'token-cleaner', 'node-controller']));
    expect(names(true)).not.toContain('service-controller');
    expect(names(true)).not.toContain('route-controller');
    expect(names(false)).toEqual(names(true).filter((n) => n !== 'bootstrap-signer' && n !== 'token-cleaner'));
  });
});
