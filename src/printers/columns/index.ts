/**
 * columns: per-kind `get` table definitions held as data — the server-side half of kubectl's
 * table output (column names, priorities and cell rules from printers.go). Each kind has its
 * own file; this index maps kinds to them and supplies the server's default tables for
 * kinds without a printer. Layout and kubectl-side decorations live in ../table.ts and
 * ../get-table.ts.
 */
import { apiServiceTable } from './api-service';
import { csrTable } from './certificate-signing-request';
import { componentStatusTable } from './component-status';
import { configMapTable } from './config-map';
import { controllerRevisionTable } from './controller-revision';
import { cronJobTable } from './cronjob';
import { csiDriverTable } from './csi-driver';
import { csiNodeTable } from './csi-node';
import { csiStorageCapacityTable } from './csi-storage-capacity';
import { daemonSetTable } from './daemonset';
import { createdAtTable, nameAgeTable } from './default-table';
import { deploymentTable } from './deployment';
import { endpointSliceTable } from './endpoint-slice';
import { endpointsTable } from './endpoints';
import { eventTable } from './event';
import { flowSchemaTable } from './flow-schema';
import { hpaTable } from './horizontal-pod-autoscaler';
import { ingressTable } from './ingress';
import { ingressClassTable } from './ingress-class';
import { jobTable } from './job';
import { leaseTable } from './lease';
import { namespaceTable } from './namespace';
import { networkPolicyTable } from './network-policy';
import { nodeTable } from './node';
import { pvTable } from './persistent-volume';
import { pvcTable } from './persistent-volume-claim';
import { podTable } from './pod';
import { pdbTable } from './pod-disruption-budget';
import { podTemplateTable } from './pod-template';
import { priorityClassTable } from './priority-class';
import { priorityLevelConfigurationTable } from './priority-level-configuration';
import { replicaSetTable } from './replicaset';
import { replicationControllerTable } from './replication-controller';
import { resourceQuotaTable } from './resource-quota';
import { clusterRoleBindingTable, roleBindingTable } from './role-binding';
import { runtimeClassTable } from './runtime-class';
import { secretTable } from './secret';
import { serviceTable } from './service';
import { serviceAccountTable } from './service-account';
import { statefulSetTable } from './statefulset';
import { storageClassTable } from './storage-class';
import type { TableDef } from './table-def';
import { validatingAdmissionPolicyTable } from './validating-admission-policy';
import { validatingAdmissionPolicyBindingTable } from './validating-admission-policy-binding';
import { volumeAttachmentTable } from './volume-attachment';
import { webhookConfigurationTable } from './webhook-configuration';

export type { Column, PrintContext, TableDef } from './table-def';
export { podSummary, type PodSummary } from './pod';
export { nodeStatus, nodeRoles } from './node';

/** TABLE_DEFS maps a kind to its printer: one line per kind with a printers.go handler. */
export const TABLE_DEFS: Readonly<Record<string, TableDef>> = {
  APIService: apiServiceTable,
  CertificateSigningRequest: csrTable,
  ClusterRoleBinding: clusterRoleBindingTable,
  ComponentStatus: componentStatusTable,
  ConfigMap: configMapTable,
  ControllerRevision: controllerRevisionTable,
  CronJob: cronJobTable,
  CSIDriver: csiDriverTable,
  CSINode: csiNodeTable,
  CSIStorageCapacity: csiStorageCapacityTable,
  DaemonSet: daemonSetTable,
  Deployment: deploymentTable,
  EndpointSlice: endpointSliceTable,
  Endpoints: endpointsTable,
  Event: eventTable,
  FlowSchema: flowSchemaTable,
  HorizontalPodAutoscaler: hpaTable,
  Ingress: ingressTable,
  IngressClass: ingressClassTable,
  Job: jobTable,
  Lease: leaseTable,
  MutatingWebhookConfiguration: webhookConfigurationTable,
  Namespace: namespaceTable,
  NetworkPolicy: networkPolicyTable,
  Node: nodeTable,
  PersistentVolume: pvTable,
  PersistentVolumeClaim: pvcTable,
  Pod: podTable,
  PodDisruptionBudget: pdbTable,
  PodTemplate: podTemplateTable,
  PriorityClass: priorityClassTable,
  PriorityLevelConfiguration: priorityLevelConfigurationTable,
  ReplicaSet: replicaSetTable,
  ReplicationController: replicationControllerTable,
  ResourceQuota: resourceQuotaTable,
  RoleBinding: roleBindingTable,
  RuntimeClass: runtimeClassTable,
  Secret: secretTable,
  Service: serviceTable,
  ServiceAccount: serviceAccountTable,
  StatefulSet: statefulSetTable,
  StorageClass: storageClassTable,
  ValidatingAdmissionPolicy: validatingAdmissionPolicyTable,
  ValidatingAdmissionPolicyBinding: validatingAdmissionPolicyBindingTable,
  ValidatingWebhookConfiguration: webhookConfigurationTable,
  VolumeAttachment: volumeAttachmentTable,
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
  return TABLE_DEFS[kind] ?? (CREATED_AT_KINDS.has(kind) ? createdAtTable : nameAgeTable);
}
