/**
 * strategies: the kind → Strategy registry the API server consults on every write, and the
 * admission helpers it calls around them. Kinds without an entry get the generic strategy.
 */
import { API_SERVICE_STRATEGY } from './api-service';
import { CRONJOB_STRATEGY } from './cronjob';
import { CONFIGMAP_STRATEGY } from './configmap';
import { CUSTOM_RESOURCE_DEFINITION_STRATEGY } from './custom-resource-definition';
import { DAEMONSET_STRATEGY } from './daemonset';
import { DECLARED_DEFAULT_STRATEGIES } from './declared-defaults';
import { DEPLOYMENT_STRATEGY } from './deployment';
import { EVENT_STRATEGY } from './event';
import { genericStrategy } from './generic';
import { HORIZONTAL_POD_AUTOSCALER_STRATEGY } from './autoscaling';
import { INGRESS_STRATEGY } from './ingress';
import { JOB_STRATEGY } from './job';
import { LIMIT_RANGE_STRATEGY } from './limit-range';
import { NAMESPACE_STRATEGY } from './namespace';
import { NODE_STRATEGY } from './node';
import { PERSISTENT_VOLUME_CLAIM_STRATEGY, PERSISTENT_VOLUME_STRATEGY } from './persistent-volume';
import { POD_STRATEGY } from './pod';
import { POD_DISRUPTION_BUDGET_STRATEGY } from './pod-disruption-budget';
import { CLUSTER_ROLE_BINDING_STRATEGY, CLUSTER_ROLE_STRATEGY, ROLE_BINDING_STRATEGY, ROLE_STRATEGY } from './rbac';
import { REPLICASET_STRATEGY, REPLICATION_CONTROLLER_STRATEGY } from './replicaset';
import { SECRET_STRATEGY } from './secret';
import { CERTIFICATE_SIGNING_REQUEST_STRATEGY } from './certificate-signing-request';
import { SERVICE_STRATEGY } from './service';
import { STATEFULSET_STRATEGY } from './statefulset';
import type { Strategy } from './strategy';

export type { Strategy } from './strategy';
export { admitDefaultTolerations, admitPriority, admitServiceAccount, podQOSClass } from './pod';
export { stampJobSelector } from './job';
export { stampRequester } from './certificate-signing-request';

/** STRATEGIES maps a kind to its strategy. */
export const STRATEGIES: ReadonlyMap<string, Strategy> = new Map<string, Strategy>([
  ['Pod', POD_STRATEGY],
  ['Deployment', DEPLOYMENT_STRATEGY],
  ['ReplicaSet', REPLICASET_STRATEGY],
  ['ReplicationController', REPLICATION_CONTROLLER_STRATEGY],
  ['DaemonSet', DAEMONSET_STRATEGY],
  ['StatefulSet', STATEFULSET_STRATEGY],
  ['Job', JOB_STRATEGY],
  ['CronJob', CRONJOB_STRATEGY],
  ['Service', SERVICE_STRATEGY],
  ['ConfigMap', CONFIGMAP_STRATEGY],
  ['Event', EVENT_STRATEGY],
  ['Secret', SECRET_STRATEGY],
  ['CertificateSigningRequest', CERTIFICATE_SIGNING_REQUEST_STRATEGY],
  ['Namespace', NAMESPACE_STRATEGY],
  ['Node', NODE_STRATEGY],
  ['PersistentVolumeClaim', PERSISTENT_VOLUME_CLAIM_STRATEGY],
  ['PersistentVolume', PERSISTENT_VOLUME_STRATEGY],
  ['Ingress', INGRESS_STRATEGY],
  ['Role', ROLE_STRATEGY],
  ['ClusterRole', CLUSTER_ROLE_STRATEGY],
  ['RoleBinding', ROLE_BINDING_STRATEGY],
  ['ClusterRoleBinding', CLUSTER_ROLE_BINDING_STRATEGY],
  ['HorizontalPodAutoscaler', HORIZONTAL_POD_AUTOSCALER_STRATEGY],
  ['PodDisruptionBudget', POD_DISRUPTION_BUDGET_STRATEGY],
  ['LimitRange', LIMIT_RANGE_STRATEGY],
  ['CustomResourceDefinition', CUSTOM_RESOURCE_DEFINITION_STRATEGY],
  ['APIService', API_SERVICE_STRATEGY],
  ...DECLARED_DEFAULT_STRATEGIES,
]);

const generic = new Map<string, Strategy>();

/** strategyFor returns the kind's strategy, or the metadata-only generic one. */
export function strategyFor(kind: string): Strategy {
  const s = STRATEGIES.get(kind);
  if (s) return s;
  let g = generic.get(kind);
  if (!g) { g = genericStrategy(kind); generic.set(kind, g); }
  return g;
}
