/**
 * columns: per-kind `get` table definitions held as data — the server-side half of kubectl's
 * table output (column names, priorities and cell rules from printers.go). Each kind has its
 * own file; this index maps kinds to them and supplies the server's default tables for
 * kinds without a printer. Layout and kubectl-side decorations live in ../table.ts and
 * ../get-table.ts.
 */
import { createdAtTable, nameAgeTable } from './default-table';
import type { TableDef } from './table-def';

export type { Column, PrintContext, TableDef } from './table-def';

/**
 * TABLE_LOADERS maps a kind to its printer: one line per kind with a printers.go handler.
 * Each printer is a split point (its own file in the build), so `get pods` reads the pod
 * columns and not the other ~45 kinds'.
 */
export const TABLE_LOADERS: Readonly<Record<string, () => TableDef>> = {
  APIService: () => (require('./api-service') as typeof import('./api-service')).apiServiceTable,
  CertificateSigningRequest: () => (require('./certificate-signing-request') as typeof import('./certificate-signing-request')).csrTable,
  ClusterRoleBinding: () => (require('./role-binding') as typeof import('./role-binding')).clusterRoleBindingTable,
  ComponentStatus: () => (require('./component-status') as typeof import('./component-status')).componentStatusTable,
  ConfigMap: () => (require('./config-map') as typeof import('./config-map')).configMapTable,
  ControllerRevision: () => (require('./controller-revision') as typeof import('./controller-revision')).controllerRevisionTable,
  CronJob: () => (require('./cronjob') as typeof import('./cronjob')).cronJobTable,
  CSIDriver: () => (require('./csi-driver') as typeof import('./csi-driver')).csiDriverTable,
  CSINode: () => (require('./csi-node') as typeof import('./csi-node')).csiNodeTable,
  CSIStorageCapacity: () => (require('./csi-storage-capacity') as typeof import('./csi-storage-capacity')).csiStorageCapacityTable,
  DaemonSet: () => (require('./daemonset') as typeof import('./daemonset')).daemonSetTable,
  Deployment: () => (require('./deployment') as typeof import('./deployment')).deploymentTable,
  EndpointSlice: () => (require('./endpoint-slice') as typeof import('./endpoint-slice')).endpointSliceTable,
  Endpoints: () => (require('./endpoints') as typeof import('./endpoints')).endpointsTable,
  Event: () => (require('./event') as typeof import('./event')).eventTable,
  FlowSchema: () => (require('./flow-schema') as typeof import('./flow-schema')).flowSchemaTable,
  HorizontalPodAutoscaler: () => (require('./horizontal-pod-autoscaler') as typeof import('./horizontal-pod-autoscaler')).hpaTable,
  Ingress: () => (require('./ingress') as typeof import('./ingress')).ingressTable,
  IngressClass: () => (require('./ingress-class') as typeof import('./ingress-class')).ingressClassTable,
  Job: () => (require('./job') as typeof import('./job')).jobTable,
  Lease: () => (require('./lease') as typeof import('./lease')).leaseTable,
  MutatingWebhookConfiguration: () => (require('./webhook-configuration') as typeof import('./webhook-configuration')).webhookConfigurationTable,
  Namespace: () => (require('./namespace') as typeof import('./namespace')).namespaceTable,
  NetworkPolicy: () => (require('./network-policy') as typeof import('./network-policy')).networkPolicyTable,
  Node: () => (require('./node') as typeof import('./node')).nodeTable,
  PersistentVolume: () => (require('./persistent-volume') as typeof import('./persistent-volume')).pvTable,
  PersistentVolumeClaim: () => (require('./persistent-volume-claim') as typeof import('./persistent-volume-claim')).pvcTable,
  Pod: () => (require('./pod') as typeof import('./pod')).podTable,
  PodDisruptionBudget: () => (require('./pod-disruption-budget') as typeof import('./pod-disruption-budget')).pdbTable,
  PodTemplate: () => (require('./pod-template') as typeof import('./pod-template')).podTemplateTable,
  PriorityClass: () => (require('./priority-class') as typeof import('./priority-class')).priorityClassTable,
  PriorityLevelConfiguration: () => (require('./priority-level-configuration') as typeof import('./priority-level-configuration')).priorityLevelConfigurationTable,
  ReplicaSet: () => (require('./replicaset') as typeof import('./replicaset')).replicaSetTable,
  ReplicationController: () => (require('./replication-controller') as typeof import('./replication-controller')).replicationControllerTable,
  ResourceQuota: () => (require('./resource-quota') as typeof import('./resource-quota')).resourceQuotaTable,
  RoleBinding: () => (require('./role-binding') as typeof import('./role-binding')).roleBindingTable,
  RuntimeClass: () => (require('./runtime-class') as typeof import('./runtime-class')).runtimeClassTable,
  Scale: () => (require('./scale') as typeof import('./scale')).scaleTable,
  Secret: () => (require('./secret') as typeof import('./secret')).secretTable,
  Service: () => (require('./service') as typeof import('./service')).serviceTable,
  ServiceAccount: () => (require('./service-account') as typeof import('./service-account')).serviceAccountTable,
  StatefulSet: () => (require('./statefulset') as typeof import('./statefulset')).statefulSetTable,
  StorageClass: () => (require('./storage-class') as typeof import('./storage-class')).storageClassTable,
  ValidatingAdmissionPolicy: () => (require('./validating-admission-policy') as typeof import('./validating-admission-policy')).validatingAdmissionPolicyTable,
  ValidatingAdmissionPolicyBinding: () => (require('./validating-admission-policy-binding') as typeof import('./validating-admission-policy-binding')).validatingAdmissionPolicyBindingTable,
  ValidatingWebhookConfiguration: () => (require('./webhook-configuration') as typeof import('./webhook-configuration')).webhookConfigurationTable,
  VolumeAttachment: () => (require('./volume-attachment') as typeof import('./volume-attachment')).volumeAttachmentTable,
};

/**
 * CREATED_AT_KINDS are the built-in kinds a v1.32 apiserver serves without a printer; their
 * table is the server default NAME, CREATED AT.
 */
export const CREATED_AT_KINDS: ReadonlySet<string> = new Set([
  'Binding', 'ClusterRole', 'CustomResourceDefinition', 'LimitRange', 'LocalSubjectAccessReview', 'Role',
  'SelfSubjectAccessReview', 'SelfSubjectReview', 'SelfSubjectRulesReview', 'SubjectAccessReview', 'TokenReview',
]);

/**
 * tableDefFor returns the printer for a kind: its own when it has one, NAME + CREATED AT for
 * built-in kinds without one, and NAME + AGE for anything else (custom resources).
 */
export function tableDefFor(kind: string): TableDef {
  const load = Object.hasOwn(TABLE_LOADERS, kind) ? TABLE_LOADERS[kind] : undefined;
  return load ? load() : CREATED_AT_KINDS.has(kind) ? createdAtTable : nameAgeTable;
}
