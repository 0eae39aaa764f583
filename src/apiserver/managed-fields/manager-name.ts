/**
 * manager-name: the field manager a component's write is recorded under. kube-apiserver takes
 * it from the client's user agent, so every controller of kube-controller-manager writes as
 * `kube-controller-manager` and the scheduler as `kube-scheduler`; kubemu's components name
 * themselves by controller, as their Events do.
 */
const KUBE_CONTROLLER_MANAGER: ReadonlySet<string> = new Set([
  'clusterrole-aggregation-controller', 'cronjob-controller', 'csrsigning-controller', 'daemonset-controller',
  'deployment-controller', 'disruption-controller', 'endpoint-controller', 'endpointslice-controller',
  'endpointslicemirroring-controller', 'garbage-collector-controller', 'horizontal-pod-autoscaler', 'job-controller',
  'namespace-controller', 'node-lifecycle-controller', 'pv-protection-controller', 'pvc-protection-controller',
  'replicaset-controller', 'replication-controller', 'resourcequota-controller', 'root-ca-cert-publisher',
  'service-account-controller', 'service-controller', 'statefulset-controller', 'taint-eviction-controller',
  'tokens-controller', 'ttl-after-finished-controller', 'persistentvolume-controller',
]);

/** managerName is the managedFields manager for a write's fieldManager. */
export function managerName(fieldManager: string): string {
  if (KUBE_CONTROLLER_MANAGER.has(fieldManager)) return 'kube-controller-manager';
  if (fieldManager === 'default-scheduler') return 'kube-scheduler';
  return fieldManager;
}
