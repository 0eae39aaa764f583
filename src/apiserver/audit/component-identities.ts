/**
 * component-identities: who each control-plane component is when it calls kube-apiserver, as
 * a kubeadm v1.32 cluster authenticates them, so the audit log names them as a real one does.
 *  - kube-controller-manager runs with --use-service-account-credentials: each controller has
 *    its own account in kube-system (the names of the bootstrap policy's system:controller:*
 *    roles); the few it starts with its root client are system:kube-controller-manager.
 *  - kube-scheduler is system:kube-scheduler; a kubelet is system:node:NAME.
 *  - add-ons run as their namespaces' service accounts.
 * kubemu's own records (metrics history, cost) have no counterpart and are not audited.
 */

/** VERSION_TAIL is what follows the program's name in client-go's default User-Agent (v1.32.2, as kubectl's). */
const VERSION_TAIL = 'v1.32.2 (linux/amd64) kubernetes/67a30c0';

/** AuditUser is an authenticated user as an audit event shows it. */
export interface AuditUser { username: string; groups: readonly string[] }

/** ComponentIdentity: a fixed user, or (kubelets) the node's, and the User-Agent header. */
export interface ComponentIdentity {
  /** user is the component's user; a kubelet's depends on the node it acts for. */
  user: AuditUser | ((node: string) => AuditUser);
  userAgent: string;
  /** onNode: the component runs on the node it acts for (kubelets), not on the control plane. */
  onNode?: boolean;
}

function serviceAccount(namespace: string, name: string): AuditUser {
  return { username: `system:serviceaccount:${namespace}:${name}`, groups: ['system:serviceaccounts', `system:serviceaccounts:${namespace}`, 'system:authenticated'] };
}

/** controller is a kube-controller-manager controller with its own kube-system account (its client's User-Agent ends with the account). */
function controller(account: string): ComponentIdentity {
  const user = serviceAccount('kube-system', account);
  return { user, userAgent: `kube-controller-manager/${VERSION_TAIL}/${user.username}` };
}

/** rootClient is kube-controller-manager's own credential (the controllers it starts with its root client builder). */
function rootClient(name: string): ComponentIdentity {
  return { user: { username: 'system:kube-controller-manager', groups: ['system:authenticated'] }, userAgent: `kube-controller-manager/${VERSION_TAIL}/${name}` };
}

function addOn(namespace: string, account: string, program: string): ComponentIdentity {
  return { user: serviceAccount(namespace, account), userAgent: `${program}/${VERSION_TAIL}` };
}

const KUBELET: ComponentIdentity = {
  user: (node) => ({ username: `system:node:${node}`, groups: ['system:nodes', 'system:authenticated'] }),
  userAgent: `kubelet/${VERSION_TAIL}`,
  onNode: true,
};

/** BY_NAME maps kubemu's component names to their identities; a garbage collector's many loops are one controller. */
const BY_NAME: Record<string, ComponentIdentity> = {
  'namespace-controller': controller('namespace-controller'),
  'service-account-controller': controller('service-account-controller'),
  'root-ca-cert-publisher': controller('root-ca-cert-publisher'),
  'clusterrole-aggregation-controller': controller('clusterrole-aggregation-controller'),
  'validatingadmissionpolicy-status-controller': controller('validatingadmissionpolicy-status-controller'),
  'deployment-controller': controller('deployment-controller'),
  'replicaset-controller': controller('replicaset-controller'),
  'replication-controller': controller('replication-controller'),
  'daemonset-controller': controller('daemon-set-controller'),
  'job-controller': controller('job-controller'),
  'cronjob-controller': controller('cronjob-controller'),
  'ttl-after-finished-controller': controller('ttl-after-finished-controller'),
  'statefulset-controller': controller('statefulset-controller'),
  'persistentvolume-controller/claims': controller('persistent-volume-binder'),
  'persistentvolume-controller/volumes': controller('persistent-volume-binder'),
  'pvc-protection-controller': controller('pvc-protection-controller'),
  'pv-protection-controller': controller('pv-protection-controller'),
  'endpoint-controller': controller('endpoint-controller'),
  'endpointslice-controller': controller('endpointslice-controller'),
  'endpointslicemirroring-controller': controller('endpointslicemirroring-controller'),
  'disruption-controller': controller('disruption-controller'),
  'horizontal-pod-autoscaler': controller('horizontal-pod-autoscaler'),
  'resourcequota-controller': controller('resourcequota-controller'),
  'csrsigning-controller': controller('certificate-controller'),
  'node-lifecycle-controller': controller('node-controller'),
  'taint-eviction-controller': controller('node-controller'),
  'tokens-controller': rootClient('tokens-controller'),
  'service-controller': addOn('kube-system', 'cloud-controller-manager', 'cloud-controller-manager'),
  'default-scheduler': { user: { username: 'system:kube-scheduler', groups: ['system:authenticated'] }, userAgent: `kube-scheduler/${VERSION_TAIL}/scheduler` },
  kubelet: KUBELET,
  'kubelet-node-status': KUBELET,
  'local-path-provisioner': addOn('local-path-storage', 'local-path-provisioner-service-account', 'local-path-provisioner'),
  'metallb-controller': addOn('metallb-system', 'controller', 'controller'),
  'nginx-ingress-controller': addOn('ingress-nginx', 'ingress-nginx', 'nginx-ingress-controller'),
  'cluster-autoscaler': addOn('kube-system', 'cluster-autoscaler', 'cluster-autoscaler'),
};

/** componentIdentity is the identity a component calls the API with, or undefined when it has none (kubemu's own records). */
export function componentIdentity(name: string): ComponentIdentity | undefined {
  if (name.startsWith('garbage-collector-controller/')) return GARBAGE_COLLECTOR;
  if (name.startsWith('nginx-gateway-fabric-')) return NGINX_GATEWAY;
  return BY_NAME[name];
}

const GARBAGE_COLLECTOR = controller('generic-garbage-collector');
const NGINX_GATEWAY = addOn('nginx-gateway', 'nginx-gateway', 'gateway');
