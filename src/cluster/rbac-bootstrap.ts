/**
 * rbac-bootstrap: the RBAC objects a kubeadm v1.32 cluster starts with — the API server's
 * bootstrap ClusterRoles (cluster-admin, the aggregated admin/edit/view and their
 * system:aggregate-to-* parts, the system:* roles of the control-plane components, nodes,
 * kube-proxy and discovery) with their bindings, plus what kubeadm adds (the
 * kubeadm:cluster-admins binding for admin.conf, CoreDNS's and kube-proxy's roles).
 * Rules as in kubernetes/kubernetes plugin/pkg/auth/authorizer/rbac/bootstrappolicy and
 * kubeadm's phases/addons; aggregated roles carry their aggregated rules as the
 * clusterrole-aggregation controller writes them.
 * laterBootstrapRbacObjects are the rest of the API server's bootstrap policy: its less used
 * system roles and the system:controller:* roles (rbac-controller-roles.ts) with their bindings.
 * nodeBootstrapRbacObjects are what kubeadm's bootstrap-token phase adds; the namespaced
 * Roles and RoleBindings (the API server's in kube-system and kube-public, as its bootstrappolicy
 * testdata lists them since v1.31's lease candidates, and kubeadm's) come apart from the rest.
 */
import type { KubeObject } from '../api/meta';
import type { ClusterRole, ClusterRoleBinding } from '../api/types/kinds';

/** BootstrapRole and BootstrapBinding are built field by field, in Go's field order. */
type BootstrapRole = KubeObject & Partial<Pick<ClusterRole, 'rules' | 'aggregationRule'>>;
type BootstrapBinding = KubeObject & Partial<Pick<ClusterRoleBinding, 'roleRef' | 'subjects'>>;
import type { PolicyRule } from '../apiserver/authorization';
import { aggregatedRules } from '../controllers/clusterroleaggregation';
import { CONTROLLER_ROLES } from './rbac-controller-roles';

const RBAC_V1 = 'rbac.authorization.k8s.io/v1';
const RBAC_GROUP = 'rbac.authorization.k8s.io';
const BOOTSTRAP_LABELS = { 'kubernetes.io/bootstrapping': 'rbac-defaults' };
const AUTOUPDATE = { 'rbac.authorization.kubernetes.io/autoupdate': 'true' };

const READ = ['get', 'list', 'watch'];
const WRITE = ['create', 'delete', 'deletecollection', 'patch', 'update'];
const ALL_VERBS = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];
const EVENT_WRITE = ['create', 'patch', 'update'];

/** rule builds a resource rule. */
function rule(verbs: string[], apiGroups: string[], resources: string[], resourceNames?: string[]): PolicyRule {
  return resourceNames ? { apiGroups, resourceNames, resources, verbs } : { apiGroups, resources, verbs };
}

/** urls builds a non-resource rule. */
function urls(verbs: string[], nonResourceURLs: string[]): PolicyRule {
  return { nonResourceURLs, verbs };
}

interface RoleSpec { name: string; rules?: PolicyRule[]; labels?: Record<string, string>; aggregateFrom?: string; bootstrap?: boolean }

const ROLES: RoleSpec[] = [
  { name: 'admin', aggregateFrom: 'rbac.authorization.k8s.io/aggregate-to-admin' },
  { name: 'cluster-admin', rules: [rule(['*'], ['*'], ['*']), urls(['*'], ['*'])] },
  { name: 'edit', aggregateFrom: 'rbac.authorization.k8s.io/aggregate-to-edit', labels: { 'rbac.authorization.k8s.io/aggregate-to-admin': 'true' } },
  {
    name: 'system:aggregate-to-admin', labels: { 'rbac.authorization.k8s.io/aggregate-to-admin': 'true' },
    rules: [
      rule(['create'], ['authorization.k8s.io'], ['localsubjectaccessreviews']),
      rule(ALL_VERBS, [RBAC_GROUP], ['rolebindings', 'roles']),
    ],
  },
  {
    name: 'system:aggregate-to-edit', labels: { 'rbac.authorization.k8s.io/aggregate-to-edit': 'true' },
    rules: [
      rule(READ, [''], ['pods/attach', 'pods/exec', 'pods/portforward', 'pods/proxy', 'secrets', 'services/proxy']),
      rule(['impersonate'], [''], ['serviceaccounts']),
      rule(WRITE, [''], ['pods', 'pods/attach', 'pods/exec', 'pods/portforward', 'pods/proxy']),
      rule(['create'], [''], ['pods/eviction']),
      rule(WRITE, [''], ['configmaps', 'events', 'persistentvolumeclaims', 'replicationcontrollers', 'replicationcontrollers/scale', 'secrets', 'serviceaccounts', 'services', 'services/proxy']),
      rule(['create'], [''], ['serviceaccounts/token']),
      rule(WRITE, ['apps'], ['daemonsets', 'deployments', 'deployments/rollback', 'deployments/scale', 'replicasets', 'replicasets/scale', 'statefulsets', 'statefulsets/scale']),
      rule(WRITE, ['autoscaling'], ['horizontalpodautoscalers']),
      rule(WRITE, ['batch'], ['cronjobs', 'jobs']),
      rule(WRITE, ['extensions'], ['daemonsets', 'deployments', 'deployments/rollback', 'deployments/scale', 'ingresses', 'networkpolicies', 'replicasets', 'replicasets/scale', 'replicationcontrollers/scale']),
      rule(WRITE, ['policy'], ['poddisruptionbudgets']),
      rule(WRITE, ['networking.k8s.io'], ['ingresses', 'networkpolicies']),
      rule(ALL_VERBS, ['coordination.k8s.io'], ['leases']),
    ],
  },
  {
    name: 'system:aggregate-to-view', labels: { 'rbac.authorization.k8s.io/aggregate-to-view': 'true' },
    rules: [
      rule(READ, [''], ['configmaps', 'endpoints', 'persistentvolumeclaims', 'persistentvolumeclaims/status', 'pods', 'replicationcontrollers', 'replicationcontrollers/scale', 'serviceaccounts', 'services', 'services/status']),
      rule(READ, [''], ['bindings', 'events', 'limitranges', 'namespaces/status', 'pods/log', 'pods/status', 'replicationcontrollers/status', 'resourcequotas', 'resourcequotas/status']),
      rule(READ, [''], ['namespaces']),
      rule(READ, ['discovery.k8s.io'], ['endpointslices']),
      rule(READ, ['apps'], ['controllerrevisions', 'daemonsets', 'daemonsets/status', 'deployments', 'deployments/scale', 'deployments/status', 'replicasets', 'replicasets/scale', 'replicasets/status', 'statefulsets', 'statefulsets/scale', 'statefulsets/status']),
      rule(READ, ['autoscaling'], ['horizontalpodautoscalers', 'horizontalpodautoscalers/status']),
      rule(READ, ['batch'], ['cronjobs', 'cronjobs/status', 'jobs', 'jobs/status']),
      rule(READ, ['extensions'], ['daemonsets', 'daemonsets/status', 'deployments', 'deployments/scale', 'deployments/status', 'ingresses', 'ingresses/status', 'networkpolicies', 'replicasets', 'replicasets/scale', 'replicasets/status', 'replicationcontrollers/scale']),
      rule(READ, ['policy'], ['poddisruptionbudgets', 'poddisruptionbudgets/status']),
      rule(READ, ['networking.k8s.io'], ['ingresses', 'ingresses/status', 'networkpolicies']),
    ],
  },
  { name: 'system:auth-delegator', rules: [rule(['create'], ['authentication.k8s.io'], ['tokenreviews']), rule(['create'], ['authorization.k8s.io'], ['subjectaccessreviews'])] },
  {
    name: 'system:basic-user',
    rules: [rule(['create'], ['authorization.k8s.io'], ['selfsubjectaccessreviews', 'selfsubjectrulesreviews']), rule(['create'], ['authentication.k8s.io'], ['selfsubjectreviews'])],
  },
  { name: 'system:discovery', rules: [urls(['get'], ['/api', '/api/*', '/apis', '/apis/*', '/healthz', '/livez', '/openapi', '/openapi/*', '/readyz', '/version', '/version/'])] },
  {
    name: 'system:kube-controller-manager',
    rules: [
      rule(EVENT_WRITE, ['', 'events.k8s.io'], ['events']),
      rule(['create'], ['coordination.k8s.io'], ['leases']),
      rule(['get', 'update'], ['coordination.k8s.io'], ['leases'], ['kube-controller-manager']),
      rule(['create'], [''], ['secrets', 'serviceaccounts']),
      rule(['delete'], [''], ['secrets']),
      rule(['get'], [''], ['configmaps', 'namespaces', 'secrets', 'serviceaccounts']),
      rule(['update'], [''], ['secrets', 'serviceaccounts']),
      rule(['create'], ['authentication.k8s.io'], ['tokenreviews']),
      rule(['create'], ['authorization.k8s.io'], ['subjectaccessreviews']),
      rule(['list', 'watch'], ['*'], ['*']),
      rule(['create'], [''], ['serviceaccounts/token']),
    ],
  },
  { name: 'system:kube-dns', rules: [rule(['list', 'watch'], [''], ['endpoints', 'services'])] },
  {
    name: 'system:kube-scheduler',
    rules: [
      rule(EVENT_WRITE, ['', 'events.k8s.io'], ['events']),
      rule(['create'], ['coordination.k8s.io'], ['leases']),
      rule(['get', 'update'], ['coordination.k8s.io'], ['leases'], ['kube-scheduler']),
      rule(READ, [''], ['nodes']),
      rule(['delete', 'get', 'list', 'watch'], [''], ['pods']),
      rule(['create'], [''], ['bindings', 'pods/binding']),
      rule(['patch', 'update'], [''], ['pods/status']),
      rule(READ, [''], ['replicationcontrollers', 'services']),
      rule(READ, ['apps', 'extensions'], ['replicasets']),
      rule(READ, ['apps'], ['statefulsets']),
      rule(READ, ['policy'], ['poddisruptionbudgets']),
      rule(READ, [''], ['persistentvolumeclaims', 'persistentvolumes']),
      rule(['create'], ['authentication.k8s.io'], ['tokenreviews']),
      rule(['create'], ['authorization.k8s.io'], ['subjectaccessreviews']),
      rule(READ, ['storage.k8s.io'], ['csinodes']),
      rule(READ, [''], ['namespaces']),
      rule(READ, ['storage.k8s.io'], ['csidrivers']),
      rule(READ, ['storage.k8s.io'], ['csistoragecapacities']),
    ],
  },
  { name: 'system:monitoring', rules: [urls(['get'], ['/healthz', '/healthz/*', '/livez', '/livez/*', '/metrics', '/metrics/slis', '/readyz', '/readyz/*'])] },
  {
    name: 'system:node',
    rules: [
      rule(['create'], ['authentication.k8s.io'], ['tokenreviews']),
      rule(['create'], ['authorization.k8s.io'], ['localsubjectaccessreviews', 'subjectaccessreviews']),
      rule(READ, [''], ['services']),
      rule(['create', 'get', 'list', 'watch'], [''], ['nodes']),
      rule(['patch', 'update'], [''], ['nodes/status']),
      rule(['patch', 'update'], [''], ['nodes']),
      rule(EVENT_WRITE, [''], ['events']),
      rule(READ, [''], ['pods']),
      rule(['create', 'delete'], [''], ['pods']),
      rule(['patch', 'update'], [''], ['pods/status']),
      rule(['create'], [''], ['pods/eviction']),
      rule(READ, [''], ['configmaps', 'secrets']),
      rule(['get'], [''], ['persistentvolumeclaims', 'persistentvolumes']),
      rule(['get'], [''], ['endpoints']),
      rule(['create', 'get', 'list', 'watch'], ['certificates.k8s.io'], ['certificatesigningrequests']),
      rule(['create', 'delete', 'get', 'patch', 'update'], ['coordination.k8s.io'], ['leases']),
      rule(['get'], ['storage.k8s.io'], ['volumeattachments']),
      rule(['create'], [''], ['serviceaccounts/token']),
      rule(['get', 'patch', 'update'], [''], ['persistentvolumeclaims/status']),
      rule(READ, ['storage.k8s.io'], ['csidrivers']),
      rule(['create', 'delete', 'get', 'patch', 'update'], ['storage.k8s.io'], ['csinodes']),
      rule(READ, ['node.k8s.io'], ['runtimeclasses']),
    ],
  },
  {
    name: 'system:node-proxier',
    rules: [
      rule(['list', 'watch'], [''], ['endpoints', 'services']),
      rule(READ, [''], ['nodes']),
      rule(EVENT_WRITE, ['', 'events.k8s.io'], ['events']),
      rule(['list', 'watch'], ['discovery.k8s.io'], ['endpointslices']),
    ],
  },
  { name: 'system:public-info-viewer', rules: [urls(['get'], ['/healthz', '/livez', '/readyz', '/version', '/version/'])] },
  {
    name: 'system:volume-scheduler',
    rules: [
      rule(['get', 'list', 'patch', 'update', 'watch'], [''], ['persistentvolumes']),
      rule(READ, ['storage.k8s.io'], ['storageclasses']),
      rule(['get', 'list', 'patch', 'update', 'watch'], [''], ['persistentvolumeclaims']),
    ],
  },
  { name: 'view', aggregateFrom: 'rbac.authorization.k8s.io/aggregate-to-view', labels: { 'rbac.authorization.k8s.io/aggregate-to-edit': 'true' } },
  // kubeadm's own roles.
  {
    name: 'system:coredns', bootstrap: false,
    rules: [rule(['list', 'watch'], [''], ['endpoints', 'services', 'pods', 'namespaces']), rule(['list', 'watch'], ['discovery.k8s.io'], ['endpointslices'])],
  },
  { name: 'kubeadm:get-nodes', bootstrap: false, rules: [rule(['get'], [''], ['nodes'])] },
];

type SubjectSpec = { kind: 'User' | 'Group' | 'ServiceAccount'; name: string; namespace?: string };
interface BindingSpec { name: string; role: string; subjects: SubjectSpec[]; bootstrap?: boolean }

const user = (name: string): SubjectSpec => ({ kind: 'User', name });
const group = (name: string): SubjectSpec => ({ kind: 'Group', name });
const sa = (namespace: string, name: string): SubjectSpec => ({ kind: 'ServiceAccount', name, namespace });

const BINDINGS: BindingSpec[] = [
  { name: 'cluster-admin', role: 'cluster-admin', subjects: [group('system:masters')] },
  { name: 'kubeadm:cluster-admins', role: 'cluster-admin', subjects: [group('kubeadm:cluster-admins')], bootstrap: false },
  { name: 'kubeadm:get-nodes', role: 'kubeadm:get-nodes', subjects: [group('system:bootstrappers:kubeadm:default-node-token')], bootstrap: false },
  { name: 'kubeadm:node-proxier', role: 'system:node-proxier', subjects: [sa('kube-system', 'kube-proxy')], bootstrap: false },
  { name: 'system:basic-user', role: 'system:basic-user', subjects: [group('system:authenticated')] },
  { name: 'system:coredns', role: 'system:coredns', subjects: [sa('kube-system', 'coredns')], bootstrap: false },
  { name: 'system:discovery', role: 'system:discovery', subjects: [group('system:authenticated')] },
  { name: 'system:kube-controller-manager', role: 'system:kube-controller-manager', subjects: [user('system:kube-controller-manager')] },
  { name: 'system:kube-dns', role: 'system:kube-dns', subjects: [sa('kube-system', 'kube-dns')] },
  { name: 'system:kube-scheduler', role: 'system:kube-scheduler', subjects: [user('system:kube-scheduler')] },
  { name: 'system:monitoring', role: 'system:monitoring', subjects: [group('system:monitoring')] },
  { name: 'system:node', role: 'system:node', subjects: [] },
  { name: 'system:node-proxier', role: 'system:node-proxier', subjects: [user('system:kube-proxy')] },
  { name: 'system:public-info-viewer', role: 'system:public-info-viewer', subjects: [group('system:authenticated'), group('system:unauthenticated')] },
  { name: 'system:volume-scheduler', role: 'system:volume-scheduler', subjects: [user('system:kube-scheduler')] },
];

function clusterRole(spec: RoleSpec): BootstrapRole {
  const bootstrap = spec.bootstrap ?? true;
  const obj: BootstrapRole = {
    apiVersion: RBAC_V1, kind: 'ClusterRole',
    metadata: {
      name: spec.name,
      ...(bootstrap ? { annotations: { ...AUTOUPDATE } } : {}),
      ...(bootstrap || spec.labels ? { labels: { ...(bootstrap ? BOOTSTRAP_LABELS : {}), ...(spec.labels ?? {}) } } : {}),
    },
  };
  if (spec.aggregateFrom) obj.aggregationRule = { clusterRoleSelectors: [{ matchLabels: { [spec.aggregateFrom]: 'true' } }] };
  obj.rules = spec.rules ?? [];
  return obj;
}

function clusterRoleBinding(spec: BindingSpec): BootstrapBinding {
  const bootstrap = spec.bootstrap ?? true;
  const obj: BootstrapBinding = {
    apiVersion: RBAC_V1, kind: 'ClusterRoleBinding',
    metadata: { name: spec.name, ...bootstrapMeta(bootstrap) },
    roleRef: { apiGroup: RBAC_GROUP, kind: 'ClusterRole', name: spec.role },
  };
  if (spec.subjects.length) obj.subjects = spec.subjects.map(subjectOf);
  return obj;
}

/**
 * rbacBootstrapObjects lists the default ClusterRoles (aggregated ones with their aggregated
 * rules filled in) and ClusterRoleBindings, in creation order.
 */
export function rbacBootstrapObjects(): KubeObject[] {
  const roles = ROLES.map(clusterRole);
  // Filled as the aggregation controller would leave them: one link of a chain per round (view → edit → admin).
  for (let changed = true; changed;) {
    changed = false;
    for (const r of roles) {
      if (!r.aggregationRule) continue;
      const rules = aggregatedRules(r, roles);
      if (JSON.stringify(rules) !== JSON.stringify(r.rules)) { r.rules = rules; changed = true; }
    }
  }
  return [...roles, ...BINDINGS.map(clusterRoleBinding)];
}

const CERTIFICATES = 'certificates.k8s.io';

/** approver is a role that may approve CSRs for one signer. */
const approver = (name: string, signer: string): RoleSpec => ({ name: `system:certificates.k8s.io:${name}`, rules: [rule(['approve'], [CERTIFICATES], ['signers'], [signer])] });

/** LATER_ROLES are the bootstrap policy's system roles kubemu added after the ones above, in its testdata's order. */
const LATER_ROLES: RoleSpec[] = [
  approver('kube-apiserver-client-approver', 'kubernetes.io/kube-apiserver-client'),
  approver('kube-apiserver-client-kubelet-approver', 'kubernetes.io/kube-apiserver-client-kubelet'),
  approver('kubelet-serving-approver', 'kubernetes.io/kubelet-serving'),
  approver('legacy-unknown-approver', 'kubernetes.io/legacy-unknown'),
  { name: 'system:heapster', rules: [rule(READ, [''], ['events', 'namespaces', 'nodes', 'pods']), rule(READ, ['extensions'], ['deployments'])] },
  { name: 'system:kube-aggregator', rules: [rule(READ, [''], ['endpoints', 'services'])] },
  { name: 'system:kubelet-api-admin', rules: [rule(READ, [''], ['nodes']), rule(['proxy'], [''], ['nodes']), rule(['*'], [''], ['nodes/log', 'nodes/metrics', 'nodes/proxy', 'nodes/stats'])] },
  { name: 'system:node-problem-detector', rules: [rule(['get'], [''], ['nodes']), rule(['patch'], [''], ['nodes/status']), rule(EVENT_WRITE, ['', 'events.k8s.io'], ['events'])] },
  {
    name: 'system:persistent-volume-provisioner',
    rules: [
      rule(['create', 'delete', 'get', 'list', 'watch'], [''], ['persistentvolumes']),
      rule(['get', 'list', 'update', 'watch'], [''], ['persistentvolumeclaims']),
      rule(READ, ['storage.k8s.io'], ['storageclasses']),
      rule(['watch'], [''], ['events']),
      rule(EVENT_WRITE, ['', 'events.k8s.io'], ['events']),
    ],
  },
  { name: 'system:service-account-issuer-discovery', rules: [urls(['get'], ['/.well-known/openid-configuration', '/openid/v1/jwks'])] },
];

const LATER_BINDINGS: BindingSpec[] = [
  { name: 'system:service-account-issuer-discovery', role: 'system:service-account-issuer-discovery', subjects: [group('system:serviceaccounts')] },
];

/**
 * laterBootstrapRbacObjects lists the bootstrap policy's other system roles and its controller
 * roles, then their bindings (a controller's to kube-system's account of its name). bootstrap.ts
 * creates them apart from the ones above, so that the clusters' other names and uids stay those
 * kubemu drew before it had them.
 */
export function laterBootstrapRbacObjects(): KubeObject[] {
  const controllerRoles = CONTROLLER_ROLES.map((c) => ({ name: `system:controller:${c.account}`, rules: c.rules }));
  const controllerBindings = CONTROLLER_ROLES.map((c) => ({ name: `system:controller:${c.account}`, role: `system:controller:${c.account}`, subjects: [sa('kube-system', c.account)] }));
  return [...[...LATER_ROLES, ...controllerRoles].map(clusterRole), ...[...LATER_BINDINGS, ...controllerBindings].map(clusterRoleBinding)];
}

const DEFAULT_NODE_TOKEN = group('system:bootstrappers:kubeadm:default-node-token');

/** NODE_BOOTSTRAP_ROLES are the API server's bootstrap roles for a node's TLS bootstrap (bootstrappolicy/policy.go). */
const NODE_BOOTSTRAP_ROLES: RoleSpec[] = [
  { name: 'system:certificates.k8s.io:certificatesigningrequests:nodeclient', rules: [rule(['create'], [CERTIFICATES], ['certificatesigningrequests/nodeclient'])] },
  { name: 'system:certificates.k8s.io:certificatesigningrequests:selfnodeclient', rules: [rule(['create'], [CERTIFICATES], ['certificatesigningrequests/selfnodeclient'])] },
  { name: 'system:node-bootstrapper', rules: [rule(['create', 'get', 'list', 'watch'], [CERTIFICATES], ['certificatesigningrequests'])] },
];

/** NODE_BOOTSTRAP_BINDINGS are kubeadm's bindings for its bootstrap tokens (phases/bootstraptoken/node/tlsbootstrap.go). */
const NODE_BOOTSTRAP_BINDINGS: BindingSpec[] = [
  { name: 'kubeadm:kubelet-bootstrap', role: 'system:node-bootstrapper', subjects: [DEFAULT_NODE_TOKEN], bootstrap: false },
  { name: 'kubeadm:node-autoapprove-bootstrap', role: 'system:certificates.k8s.io:certificatesigningrequests:nodeclient', subjects: [DEFAULT_NODE_TOKEN], bootstrap: false },
  { name: 'kubeadm:node-autoapprove-certificate-rotation', role: 'system:certificates.k8s.io:certificatesigningrequests:selfnodeclient', subjects: [group('system:nodes')], bootstrap: false },
];

/** CLUSTER_INFO_READER is kubeadm's role letting anyone read cluster-info (phases/bootstraptoken/clusterinfo). */
const CLUSTER_INFO_READER = 'kubeadm:bootstrap-signer-clusterinfo';

/**
 * nodeBootstrapRbacObjects lists what lets a node join with a bootstrap token: the API server's
 * node-bootstrap ClusterRoles, kubeadm's bindings of them, and its Role and RoleBinding in
 * kube-public that let the anonymous user read cluster-info.
 */
export function nodeBootstrapRbacObjects(): KubeObject[] {
  return [
    ...NODE_BOOTSTRAP_ROLES.map(clusterRole),
    ...NODE_BOOTSTRAP_BINDINGS.map(clusterRoleBinding),
    role({ namespace: 'kube-public', name: CLUSTER_INFO_READER, rules: readConfigMap('cluster-info'), bootstrap: false }),
    roleBinding({ namespace: 'kube-public', name: CLUSTER_INFO_READER, role: CLUSTER_INFO_READER, subjects: [user('system:anonymous')], bootstrap: false }),
  ];
}

interface NamespacedRoleSpec { namespace: string; name: string; rules: PolicyRule[]; bootstrap?: boolean }
interface NamespacedBindingSpec { namespace: string; name: string; role: string; subjects: SubjectSpec[]; bootstrap?: boolean }

const LEADER_LOCKING_RULES = [rule(['create', 'get', 'list', 'update', 'watch'], ['coordination.k8s.io'], ['leases']), rule(['create', 'get', 'list', 'update', 'watch'], ['coordination.k8s.io'], ['leasecandidates'])];
const EVENTS_RULE = rule(EVENT_WRITE, ['', 'events.k8s.io'], ['events']);

/** NAMESPACE_ROLES are the API server's bootstrap Roles (bootstrappolicy/namespace_policy.go), in its testdata's order. */
const NAMESPACE_ROLES: NamespacedRoleSpec[] = [
  { namespace: 'kube-public', name: 'system:controller:bootstrap-signer', rules: [rule(READ, [''], ['configmaps']), rule(['update'], [''], ['configmaps'], ['cluster-info']), EVENTS_RULE] },
  { namespace: 'kube-system', name: 'extension-apiserver-authentication-reader', rules: [rule(READ, [''], ['configmaps'], ['extension-apiserver-authentication'])] },
  { namespace: 'kube-system', name: 'system::leader-locking-kube-controller-manager', rules: LEADER_LOCKING_RULES },
  { namespace: 'kube-system', name: 'system::leader-locking-kube-scheduler', rules: LEADER_LOCKING_RULES },
  { namespace: 'kube-system', name: 'system:controller:bootstrap-signer', rules: [rule(READ, [''], ['secrets'])] },
  { namespace: 'kube-system', name: 'system:controller:cloud-provider', rules: [rule(['create', 'get', 'list', 'watch'], [''], ['configmaps'])] },
  { namespace: 'kube-system', name: 'system:controller:token-cleaner', rules: [rule(['delete', 'get', 'list', 'watch'], [''], ['secrets']), EVENTS_RULE] },
];

const NAMESPACE_BINDINGS: NamespacedBindingSpec[] = [
  { namespace: 'kube-public', name: 'system:controller:bootstrap-signer', role: 'system:controller:bootstrap-signer', subjects: [sa('kube-system', 'bootstrap-signer')] },
  { namespace: 'kube-system', name: 'system::extension-apiserver-authentication-reader', role: 'extension-apiserver-authentication-reader', subjects: [user('system:kube-controller-manager'), user('system:kube-scheduler')] },
  {
    namespace: 'kube-system', name: 'system::leader-locking-kube-controller-manager', role: 'system::leader-locking-kube-controller-manager',
    subjects: [user('system:kube-controller-manager'), sa('kube-system', 'kube-controller-manager'), sa('kube-system', 'leader-election-controller')],
  },
  { namespace: 'kube-system', name: 'system::leader-locking-kube-scheduler', role: 'system::leader-locking-kube-scheduler', subjects: [user('system:kube-scheduler'), sa('kube-system', 'kube-scheduler')] },
  { namespace: 'kube-system', name: 'system:controller:bootstrap-signer', role: 'system:controller:bootstrap-signer', subjects: [sa('kube-system', 'bootstrap-signer')] },
  { namespace: 'kube-system', name: 'system:controller:cloud-provider', role: 'system:controller:cloud-provider', subjects: [sa('kube-system', 'cloud-provider')] },
  { namespace: 'kube-system', name: 'system:controller:token-cleaner', role: 'system:controller:token-cleaner', subjects: [sa('kube-system', 'token-cleaner')] },
];

function readConfigMap(name: string): PolicyRule[] {
  return [rule(['get'], [''], ['configmaps'], [name])];
}
const NODES = group('system:nodes');

/** KUBEADM_ROLES and KUBEADM_BINDINGS let joining nodes read kubeadm's ConfigMaps (uploadconfig, kubelet, addons/proxy). */
const KUBEADM_ROLES: NamespacedRoleSpec[] = [
  { namespace: 'kube-system', name: 'kubeadm:nodes-kubeadm-config', rules: readConfigMap('kubeadm-config'), bootstrap: false },
  { namespace: 'kube-system', name: 'kubeadm:kubelet-config', rules: readConfigMap('kubelet-config'), bootstrap: false },
  { namespace: 'kube-system', name: 'kube-proxy', rules: readConfigMap('kube-proxy'), bootstrap: false },
];
const KUBEADM_BINDINGS: NamespacedBindingSpec[] = [
  { namespace: 'kube-system', name: 'kubeadm:nodes-kubeadm-config', role: 'kubeadm:nodes-kubeadm-config', subjects: [DEFAULT_NODE_TOKEN, NODES], bootstrap: false },
  { namespace: 'kube-system', name: 'kubeadm:kubelet-config', role: 'kubeadm:kubelet-config', subjects: [NODES, DEFAULT_NODE_TOKEN], bootstrap: false },
  { namespace: 'kube-system', name: 'kube-proxy', role: 'kube-proxy', subjects: [DEFAULT_NODE_TOKEN], bootstrap: false },
];

function bootstrapMeta(bootstrap: boolean) {
  return bootstrap ? { annotations: { ...AUTOUPDATE }, labels: { ...BOOTSTRAP_LABELS } } : {};
}
/** subjectOf is an rbac/v1 Subject: a user's or group's has the RBAC group, a service account's its namespace. */
function subjectOf(s: SubjectSpec) {
  return s.kind === 'ServiceAccount' ? { kind: s.kind, name: s.name, namespace: s.namespace } : { apiGroup: RBAC_GROUP, kind: s.kind, name: s.name };
}

function role(spec: NamespacedRoleSpec): KubeObject {
  return { apiVersion: RBAC_V1, kind: 'Role', metadata: { name: spec.name, namespace: spec.namespace, ...bootstrapMeta(spec.bootstrap ?? true) }, rules: spec.rules } as KubeObject;
}
function roleBinding(spec: NamespacedBindingSpec): KubeObject {
  return {
    apiVersion: RBAC_V1, kind: 'RoleBinding', metadata: { name: spec.name, namespace: spec.namespace, ...bootstrapMeta(spec.bootstrap ?? true) },
    roleRef: { apiGroup: RBAC_GROUP, kind: 'Role', name: spec.role }, subjects: spec.subjects.map(subjectOf),
  } as KubeObject;
}

/** namespaceBootstrapRbacObjects are the API server's bootstrap Roles and RoleBindings in kube-system and kube-public. */
export function namespaceBootstrapRbacObjects(): KubeObject[] {
  return [...NAMESPACE_ROLES.map(role), ...NAMESPACE_BINDINGS.map(roleBinding)];
}

/** kubeadmNamespaceRbacObjects are kubeadm's Roles and RoleBindings for joining nodes (kube-proxy's only with kube-proxy). */
export function kubeadmNamespaceRbacObjects(kubeProxy: boolean): KubeObject[] {
  const keep = (o: { name: string }) => kubeProxy || o.name !== 'kube-proxy';
  return [...KUBEADM_ROLES.filter(keep).map(role), ...KUBEADM_BINDINGS.filter(keep).map(roleBinding)];
}
