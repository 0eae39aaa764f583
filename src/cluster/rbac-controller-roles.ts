/**
 * rbac-controller-roles: the API server's system:controller:* ClusterRoles, one per
 * kube-controller-manager controller that runs under its own service account, each bound to
 * kube-system's account of the same name (bootstrappolicy/controller_policy.go). The roles of
 * features v1.32 leaves off by default (DynamicResourceAllocation, MultiCIDRServiceAllocator,
 * VolumeAttributesClass, ClusterTrustBundle, StorageVersionAPI, StorageVersionMigrator,
 * SELinuxChangePolicy) are not created, as on a v1.32 API server with its default gates.
 */
import type { PolicyRule } from '../apiserver/authorization';

/** ControllerRoleSpec is one role: its name after system:controller:, and its rules in policy order. */
export interface ControllerRoleSpec { account: string; rules: PolicyRule[] }

/**
 * newRule is rbacv1helpers.NewRule(...).Groups(...).Resources(...).Names(...): each list is a
 * set, written out sorted (as the API server stores the bootstrap roles).
 */
function newRule(verbs: string[], apiGroups: string[], resources: string[], resourceNames?: string[]): PolicyRule {
  const sorted = (xs: string[]) => [...new Set(xs)].sort();
  return resourceNames
    ? { apiGroups: sorted(apiGroups), resourceNames: sorted(resourceNames), resources: sorted(resources), verbs: sorted(verbs) }
    : { apiGroups: sorted(apiGroups), resources: sorted(resources), verbs: sorted(verbs) };
}

const CORE = '';
const APPS = 'apps';
const EXTENSIONS = 'extensions';
const BATCH = 'batch';
const STORAGE = 'storage.k8s.io';
const POLICY = 'policy';
const DISCOVERY = 'discovery.k8s.io';
const CERTIFICATES = 'certificates.k8s.io';
const READ = ['get', 'list', 'watch'];

/** eventsRule is every controller's right to record Events, in both Event APIs. */
const eventsRule = () => newRule(['create', 'update', 'patch'], [CORE, 'events.k8s.io'], ['events']);

/** CONTROLLER_ROLES in the order the API server creates them. */
export const CONTROLLER_ROLES: readonly ControllerRoleSpec[] = [
  {
    account: 'attachdetach-controller',
    rules: [
      newRule(['list', 'watch'], [CORE], ['persistentvolumes', 'persistentvolumeclaims']),
      newRule(READ, [CORE], ['nodes']),
      newRule(['patch', 'update'], [CORE], ['nodes/status']),
      newRule(['list', 'watch'], [CORE], ['pods']),
      eventsRule(),
      newRule(['get', 'create', 'delete', 'list', 'watch'], [STORAGE], ['volumeattachments']),
      newRule(READ, [STORAGE], ['csidrivers']),
      newRule(READ, [STORAGE], ['csinodes']),
    ],
  },
  // It must be able to mutate any ClusterRole, so it may escalate.
  { account: 'clusterrole-aggregation-controller', rules: [newRule(['escalate', 'get', 'list', 'watch', 'update', 'patch'], ['rbac.authorization.k8s.io'], ['clusterroles'])] },
  {
    account: 'cronjob-controller',
    rules: [
      newRule([...READ, 'update'], [BATCH], ['cronjobs']),
      newRule([...READ, 'create', 'update', 'delete', 'patch'], [BATCH], ['jobs']),
      newRule(['update'], [BATCH], ['cronjobs/status']),
      newRule(['update'], [BATCH], ['cronjobs/finalizers']),
      newRule(['list', 'watch', 'delete'], [CORE], ['pods']),
      eventsRule(),
    ],
  },
  {
    account: 'daemon-set-controller',
    rules: [
      newRule(READ, [EXTENSIONS, APPS], ['daemonsets']),
      newRule(['update'], [EXTENSIONS, APPS], ['daemonsets/status']),
      newRule(['update'], [EXTENSIONS, APPS], ['daemonsets/finalizers']),
      newRule(['list', 'watch'], [CORE], ['nodes']),
      newRule(['list', 'watch', 'create', 'delete', 'patch'], [CORE], ['pods']),
      newRule(['create'], [CORE], ['pods/binding']),
      newRule([...READ, 'create', 'delete', 'update', 'patch'], [APPS], ['controllerrevisions']),
      eventsRule(),
    ],
  },
  {
    account: 'deployment-controller',
    rules: [
      newRule([...READ, 'update'], [EXTENSIONS, APPS], ['deployments']),
      newRule(['update'], [EXTENSIONS, APPS], ['deployments/status']),
      newRule(['update'], [EXTENSIONS, APPS], ['deployments/finalizers']),
      newRule([...READ, 'create', 'update', 'patch', 'delete'], [APPS, EXTENSIONS], ['replicasets']),
      newRule([...READ, 'update'], [CORE], ['pods']),
      eventsRule(),
    ],
  },
  {
    account: 'disruption-controller',
    rules: [
      newRule(READ, [EXTENSIONS, APPS], ['deployments']),
      newRule(READ, [APPS, EXTENSIONS], ['replicasets']),
      newRule(READ, [CORE], ['replicationcontrollers']),
      newRule(READ, [POLICY], ['poddisruptionbudgets']),
      newRule(READ, [APPS], ['statefulsets']),
      newRule(['update'], [POLICY], ['poddisruptionbudgets/status']),
      newRule(['patch', 'update'], [CORE], ['pods/status']),
      newRule(['get'], ['*'], ['*/scale']),
      eventsRule(),
    ],
  },
  {
    account: 'endpoint-controller',
    rules: [
      newRule(READ, [CORE], ['services', 'pods']),
      newRule([...READ, 'create', 'update', 'delete'], [CORE], ['endpoints']),
      newRule(['create'], [CORE], ['endpoints/restricted']),
      eventsRule(),
    ],
  },
  {
    account: 'endpointslice-controller',
    rules: [
      newRule(READ, [CORE], ['services', 'pods', 'nodes']),
      // Its slices' owner references block their Service's deletion, which takes the Service's finalizers.
      newRule(['update'], [CORE], ['services/finalizers']),
      newRule([...READ, 'create', 'update', 'delete'], [DISCOVERY], ['endpointslices']),
      eventsRule(),
    ],
  },
  {
    account: 'endpointslicemirroring-controller',
    rules: [
      newRule(READ, [CORE], ['services', 'endpoints']),
      newRule(['update'], [CORE], ['services/finalizers']),
      newRule(['update'], [CORE], ['endpoints/finalizers']),
      newRule([...READ, 'create', 'update', 'delete'], [DISCOVERY], ['endpointslices']),
      eventsRule(),
    ],
  },
  {
    account: 'expand-controller',
    rules: [
      newRule([...READ, 'update', 'patch'], [CORE], ['persistentvolumes']),
      newRule(['update', 'patch'], [CORE], ['persistentvolumeclaims/status']),
      newRule(READ, [CORE], ['persistentvolumeclaims']),
      eventsRule(),
      // The in-tree Portworx volume plugin reads its Service.
      newRule(['get'], [CORE], ['services']),
    ],
  },
  {
    account: 'ephemeral-volume-controller',
    rules: [
      newRule(READ, [CORE], ['pods']),
      newRule(['update'], [CORE], ['pods/finalizers']),
      newRule([...READ, 'create'], [CORE], ['persistentvolumeclaims']),
      eventsRule(),
    ],
  },
  { account: 'generic-garbage-collector', rules: [newRule([...READ, 'patch', 'update', 'delete'], ['*'], ['*']), eventsRule()] },
  {
    account: 'horizontal-pod-autoscaler',
    rules: [
      newRule(READ, ['autoscaling'], ['horizontalpodautoscalers']),
      newRule(['update'], ['autoscaling'], ['horizontalpodautoscalers/status']),
      newRule(['get', 'update'], ['*'], ['*/scale']),
      newRule(['list', 'watch'], [CORE], ['pods']),
      newRule(['list', 'watch'], ['metrics.k8s.io'], ['pods']),
      newRule(READ, ['custom.metrics.k8s.io'], ['*']),
      newRule(READ, ['external.metrics.k8s.io'], ['*']),
      eventsRule(),
    ],
  },
  {
    account: 'job-controller',
    rules: [
      newRule([...READ, 'update', 'patch'], [BATCH], ['jobs']),
      newRule(['update'], [BATCH], ['jobs/status']),
      newRule(['update'], [BATCH], ['jobs/finalizers']),
      newRule(['list', 'watch', 'create', 'delete', 'patch'], [CORE], ['pods']),
      eventsRule(),
    ],
  },
  {
    account: 'namespace-controller',
    rules: [
      newRule([...READ, 'delete'], [CORE], ['namespaces']),
      newRule(['update'], [CORE], ['namespaces/finalize', 'namespaces/status']),
      newRule([...READ, 'delete', 'deletecollection'], ['*'], ['*']),
    ],
  },
  {
    account: 'node-controller',
    rules: [
      newRule([...READ, 'update', 'delete', 'patch'], [CORE], ['nodes']),
      newRule(['patch', 'update'], [CORE], ['nodes/status']),
      newRule(['patch', 'update'], [CORE], ['pods/status']),
      newRule(['list', 'watch', 'get', 'delete'], [CORE], ['pods']),
      eventsRule(),
    ],
  },
  {
    account: 'persistent-volume-binder',
    rules: [
      newRule([...READ, 'update', 'create', 'delete'], [CORE], ['persistentvolumes']),
      newRule(['update'], [CORE], ['persistentvolumes/status']),
      newRule([...READ, 'update'], [CORE], ['persistentvolumeclaims']),
      newRule(['update'], [CORE], ['persistentvolumeclaims/status']),
      newRule(['list', 'watch', 'get', 'create', 'delete'], [CORE], ['pods']),
      newRule(READ, [STORAGE], ['storageclasses']),
      newRule(['list', 'watch'], [CORE], ['nodes']),
      eventsRule(),
      // The recycler watches its pod's Events.
      newRule(['watch'], [CORE], ['events']),
      newRule(['get'], [CORE], ['services']),
    ],
  },
  {
    account: 'pod-garbage-collector',
    rules: [
      newRule(['list', 'watch', 'delete'], [CORE], ['pods']),
      newRule(READ, [CORE], ['nodes']),
      newRule(['patch'], [CORE], ['pods/status']),
    ],
  },
  {
    account: 'replicaset-controller',
    rules: [
      newRule([...READ, 'update'], [APPS, EXTENSIONS], ['replicasets']),
      newRule(['update'], [APPS, EXTENSIONS], ['replicasets/status']),
      newRule(['update'], [APPS, EXTENSIONS], ['replicasets/finalizers']),
      newRule(['list', 'watch', 'patch', 'create', 'delete'], [CORE], ['pods']),
      eventsRule(),
    ],
  },
  {
    account: 'replication-controller',
    rules: [
      newRule([...READ, 'update'], [CORE], ['replicationcontrollers']),
      newRule(['update'], [CORE], ['replicationcontrollers/status']),
      newRule(['update'], [CORE], ['replicationcontrollers/finalizers']),
      newRule(['list', 'watch', 'patch', 'create', 'delete'], [CORE], ['pods']),
      eventsRule(),
    ],
  },
  // Quota may count anything, so it may list everything.
  { account: 'resourcequota-controller', rules: [newRule(['list', 'watch'], ['*'], ['*']), newRule(['update'], [CORE], ['resourcequotas/status']), eventsRule()] },
  { account: 'route-controller', rules: [newRule(['list', 'watch'], [CORE], ['nodes']), newRule(['patch'], [CORE], ['nodes/status']), eventsRule()] },
  { account: 'service-account-controller', rules: [newRule(['create'], [CORE], ['serviceaccounts']), eventsRule()] },
  {
    account: 'service-controller',
    rules: [
      newRule(READ, [CORE], ['services']),
      newRule(['patch', 'update'], [CORE], ['services/status']),
      newRule(['list', 'watch'], [CORE], ['nodes']),
      eventsRule(),
    ],
  },
  {
    account: 'statefulset-controller',
    rules: [
      newRule(['list', 'watch'], [CORE], ['pods']),
      newRule(READ, [APPS], ['statefulsets']),
      newRule(['update'], [APPS], ['statefulsets/status']),
      newRule(['update'], [APPS], ['statefulsets/finalizers']),
      newRule(['get', 'create', 'delete', 'update', 'patch'], [CORE], ['pods']),
      newRule(['get', 'create', 'delete', 'update', 'patch', 'list', 'watch'], [APPS], ['controllerrevisions']),
      newRule(['get', 'create', 'list', 'watch'], [CORE], ['persistentvolumeclaims']),
      newRule(['update', 'delete'], [CORE], ['persistentvolumeclaims']),
      newRule(['update'], [CORE], ['pods/finalizers']),
      eventsRule(),
    ],
  },
  { account: 'ttl-controller', rules: [newRule(['update', 'patch', 'list', 'watch'], [CORE], ['nodes']), eventsRule()] },
  {
    account: 'certificate-controller',
    rules: [
      newRule([...READ, 'delete'], [CERTIFICATES], ['certificatesigningrequests']),
      newRule(['update'], [CERTIFICATES], ['certificatesigningrequests/status', 'certificatesigningrequests/approval']),
      newRule(['approve'], [CERTIFICATES], ['signers'], ['kubernetes.io/kube-apiserver-client-kubelet']),
      newRule(['sign'], [CERTIFICATES], ['signers'], ['kubernetes.io/legacy-unknown', 'kubernetes.io/kube-apiserver-client', 'kubernetes.io/kube-apiserver-client-kubelet', 'kubernetes.io/kubelet-serving']),
      newRule(['create'], ['authorization.k8s.io'], ['subjectaccessreviews']),
      eventsRule(),
    ],
  },
  { account: 'pvc-protection-controller', rules: [newRule([...READ, 'update'], [CORE], ['persistentvolumeclaims']), newRule(READ, [CORE], ['pods']), eventsRule()] },
  { account: 'pv-protection-controller', rules: [newRule([...READ, 'update'], [CORE], ['persistentvolumes']), eventsRule()] },
  { account: 'ttl-after-finished-controller', rules: [newRule([...READ, 'delete'], [BATCH], ['jobs']), eventsRule()] },
  { account: 'root-ca-cert-publisher', rules: [newRule(['create', 'update'], [CORE], ['configmaps']), eventsRule()] },
  {
    account: 'validatingadmissionpolicy-status-controller',
    rules: [
      newRule(READ, ['admissionregistration.k8s.io'], ['validatingadmissionpolicies']),
      newRule(['get', 'patch', 'update'], ['admissionregistration.k8s.io'], ['validatingadmissionpolicies/status']),
      eventsRule(),
    ],
  },
  {
    account: 'legacy-service-account-token-cleaner',
    rules: [
      newRule(['get'], [CORE], ['configmaps'], ['kube-apiserver-legacy-service-account-token-tracking']),
      newRule(['patch', 'delete'], [CORE], ['secrets']),
    ],
  },
];
