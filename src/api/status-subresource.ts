/**
 * status-subresource: which resources serve /status — the built-in kinds whose kube-apiserver
 * storage has a status REST (v1.32), and custom resources whose CRD enables it.
 */
import { builtinRegistry, type ResourceInfo } from './registry';

const BUILTIN_STATUS_KINDS: ReadonlySet<string> = new Set([
  'APIService', 'CertificateSigningRequest', 'CronJob', 'CustomResourceDefinition', 'DaemonSet', 'Deployment',
  'FlowSchema', 'HorizontalPodAutoscaler', 'Ingress', 'Job', 'Namespace', 'Node', 'PersistentVolume',
  'PersistentVolumeClaim', 'Pod', 'PodDisruptionBudget', 'PriorityLevelConfiguration', 'ReplicaSet',
  'ReplicationController', 'ResourceQuota', 'Service', 'ServiceCIDR', 'StatefulSet', 'StorageVersion',
  'ValidatingAdmissionPolicy', 'VolumeAttachment',
]);

/** hasStatusSubresource reports whether a resource serves its status subresource. */
export function hasStatusSubresource(info: ResourceInfo): boolean {
  if (info.statusSubresource !== undefined) return info.statusSubresource;
  return BUILTIN_STATUS_KINDS.has(info.kind) && builtinRegistry.resources.includes(info);
}
