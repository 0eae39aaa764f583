/**
 * name-reference-table: kustomize v5.5's nameReference config (api/internal/konfig/
 * builtinpluginconsts/namereference.go) — which fields of which kinds name an object of
 * another kind, so a renamed ConfigMap, Service or Role is renamed where it is referred to.
 */
import type { FieldSpec } from './field-spec';

/** group '' matches any group, as an unset group does in kustomize's config. */
export interface NameReference { kind: string; group: string; referrers: FieldSpec[] }

const WORKLOADS: [string, string][] = [
  ['Deployment', 'spec/template/spec'], ['ReplicaSet', 'spec/template/spec'], ['DaemonSet', 'spec/template/spec'],
  ['StatefulSet', 'spec/template/spec'], ['Job', 'spec/template/spec'], ['CronJob', 'spec/jobTemplate/spec/template/spec'],
];
const POD_OWNERS: [string, string][] = [
  ['Pod', 'spec'], ['StatefulSet', 'spec/template/spec'], ['Deployment', 'spec/template/spec'], ['ReplicationController', 'spec/template/spec'],
  ['CronJob', 'spec/jobTemplate/spec/template/spec'], ['Job', 'spec/template/spec'], ['DaemonSet', 'spec/template/spec'],
];

// podSpecRefs: the same pod-spec fields in a Pod (version v1) and in each workload's template.
function podSpecRefs(subpaths: string[]): FieldSpec[] {
  return [
    ...subpaths.map((p) => ({ path: `spec/${p}`, kind: 'Pod', version: 'v1' })),
    ...WORKLOADS.flatMap(([kind, prefix]) => subpaths.map((p) => ({ path: `${prefix}/${p}`, kind }))),
  ];
}
const ownerRefs = (subpath: string): FieldSpec[] => POD_OWNERS.map(([kind, prefix]) => ({ path: `${prefix}/${subpath}`, kind }));
const hpa = (kind: string): NameReference => ({ kind, group: '', referrers: [{ path: 'spec/scaleTargetRef/name', kind: 'HorizontalPodAutoscaler' }] });

export const NAME_REFERENCES: readonly NameReference[] = [
  hpa('Deployment'), hpa('ReplicationController'), hpa('ReplicaSet'), hpa('StatefulSet'),
  { kind: 'ConfigMap', group: '', referrers: [
    ...podSpecRefs(['volumes/configMap/name', 'containers/env/valueFrom/configMapKeyRef/name', 'initContainers/env/valueFrom/configMapKeyRef/name',
      'containers/envFrom/configMapRef/name', 'initContainers/envFrom/configMapRef/name', 'volumes/projected/sources/configMap/name']),
    { path: 'spec/configSource/configMap', kind: 'Node' },
    { path: 'rules/resourceNames', kind: 'Role' }, { path: 'rules/resourceNames', kind: 'ClusterRole' },
    { path: 'metadata/annotations/nginx.ingress.kubernetes.io\\/fastcgi-params-configmap', kind: 'Ingress' },
  ] },
  { kind: 'Secret', group: '', referrers: [
    ...podSpecRefs(['volumes/secret/secretName', 'containers/env/valueFrom/secretKeyRef/name', 'initContainers/env/valueFrom/secretKeyRef/name',
      'containers/envFrom/secretRef/name', 'initContainers/envFrom/secretRef/name', 'imagePullSecrets/name', 'volumes/projected/sources/secret/name']),
    { path: 'spec/tls/secretName', kind: 'Ingress' },
    { path: 'metadata/annotations/ingress.kubernetes.io\\/auth-secret', kind: 'Ingress' },
    { path: 'metadata/annotations/nginx.ingress.kubernetes.io\\/auth-secret', kind: 'Ingress' },
    { path: 'metadata/annotations/nginx.ingress.kubernetes.io\\/auth-tls-secret', kind: 'Ingress' },
    { path: 'imagePullSecrets/name', kind: 'ServiceAccount' },
    ...['secretName', 'adminSecretName', 'userSecretName', 'secretRef'].map((p) => ({ path: `parameters/${p}`, kind: 'StorageClass' })),
    { path: 'rules/resourceNames', kind: 'Role' }, { path: 'rules/resourceNames', kind: 'ClusterRole' },
    { path: 'spec/azureFile/secretName', kind: 'PersistentVolume' },
  ] },
  { kind: 'Service', group: '', referrers: [
    { path: 'spec/serviceName', kind: 'StatefulSet', group: 'apps' },
    { path: 'spec/rules/http/paths/backend/serviceName', kind: 'Ingress' },
    { path: 'spec/backend/serviceName', kind: 'Ingress' },
    { path: 'spec/rules/http/paths/backend/service/name', kind: 'Ingress' },
    { path: 'spec/defaultBackend/service/name', kind: 'Ingress' },
    { path: 'spec/service/name', kind: 'APIService', group: 'apiregistration.k8s.io' },
    { path: 'webhooks/clientConfig/service', kind: 'ValidatingWebhookConfiguration', group: 'admissionregistration.k8s.io' },
    { path: 'webhooks/clientConfig/service', kind: 'MutatingWebhookConfiguration', group: 'admissionregistration.k8s.io' },
  ] },
  { kind: 'Role', group: 'rbac.authorization.k8s.io', referrers: [{ path: 'roleRef/name', kind: 'RoleBinding', group: 'rbac.authorization.k8s.io' }] },
  { kind: 'ClusterRole', group: 'rbac.authorization.k8s.io', referrers: [
    { path: 'roleRef/name', kind: 'RoleBinding', group: 'rbac.authorization.k8s.io' },
    { path: 'roleRef/name', kind: 'ClusterRoleBinding', group: 'rbac.authorization.k8s.io' },
  ] },
  { kind: 'ServiceAccount', group: '', referrers: [
    { path: 'subjects', kind: 'RoleBinding', group: 'rbac.authorization.k8s.io' },
    { path: 'subjects', kind: 'ClusterRoleBinding', group: 'rbac.authorization.k8s.io' },
    ...ownerRefs('serviceAccountName'),
  ] },
  { kind: 'PersistentVolumeClaim', group: '', referrers: ownerRefs('volumes/persistentVolumeClaim/claimName') },
  { kind: 'PersistentVolume', group: '', referrers: [{ path: 'spec/volumeName', kind: 'PersistentVolumeClaim' }, { path: 'rules/resourceNames', kind: 'ClusterRole' }] },
  { kind: 'StorageClass', group: 'storage.k8s.io', referrers: [
    { path: 'spec/storageClassName', kind: 'PersistentVolume' }, { path: 'spec/storageClassName', kind: 'PersistentVolumeClaim' },
    { path: 'spec/volumeClaimTemplates/spec/storageClassName', kind: 'StatefulSet' },
  ] },
  { kind: 'PriorityClass', group: 'scheduling.k8s.io', referrers: ownerRefs('priorityClassName') },
  // Upstream writes this group as "networking.k8s.io/v1", which no object's group equals: the reference is never fixed.
  { kind: 'IngressClass', group: 'networking.k8s.io/v1', referrers: [{ path: 'spec/ingressClassName', kind: 'Ingress' }] },
];
