/**
 * deprecations: Kubernetes' deprecated API versions as data — the table of the upstream
 * deprecation guide (kubernetes.io/docs/reference/using-api/deprecation-guide), v1.16
 * through v1.32 removals, plus the few APIs kubemu serves that appeared inside the versions
 * `--k8s-version` accepts. One row per apiVersion × kind; the rows say when the API server
 * started warning, when it stopped serving, and what to use instead.
 */

/** Deprecation is one removed (or to-be-removed) apiVersion of a kind. */
export interface Deprecation {
  apiVersion: string;
  kind: string;
  /** deprecatedIn: from this minor the API server answers with a deprecation warning. */
  deprecatedIn: number;
  /** removedIn: from this minor it is no longer served. */
  removedIn: number;
  /** replacement apiVersion (same kind), absent when there is none (PodSecurityPolicy). */
  replacement?: string;
}

const rows = (apiVersion: string, kinds: readonly string[], deprecatedIn: number, removedIn: number, replacement?: string): Deprecation[] =>
  kinds.map((kind) => ({ apiVersion, kind, deprecatedIn, removedIn, ...(replacement ? { replacement } : {}) }));

/** DEPRECATIONS: minors are the `1.N` of the version (16 = v1.16). */
export const DEPRECATIONS: readonly Deprecation[] = [
  // v1.16
  ...rows('extensions/v1beta1', ['Deployment', 'DaemonSet', 'ReplicaSet'], 9, 16, 'apps/v1'),
  ...rows('apps/v1beta1', ['Deployment', 'StatefulSet', 'ControllerRevision'], 9, 16, 'apps/v1'),
  ...rows('apps/v1beta2', ['Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet', 'ControllerRevision'], 9, 16, 'apps/v1'),
  ...rows('extensions/v1beta1', ['NetworkPolicy'], 9, 16, 'networking.k8s.io/v1'),
  ...rows('extensions/v1beta1', ['PodSecurityPolicy'], 10, 16, 'policy/v1beta1'),
  // v1.22
  ...rows('admissionregistration.k8s.io/v1beta1', ['MutatingWebhookConfiguration', 'ValidatingWebhookConfiguration'], 16, 22, 'admissionregistration.k8s.io/v1'),
  ...rows('apiextensions.k8s.io/v1beta1', ['CustomResourceDefinition'], 16, 22, 'apiextensions.k8s.io/v1'),
  ...rows('apiregistration.k8s.io/v1beta1', ['APIService'], 19, 22, 'apiregistration.k8s.io/v1'),
  ...rows('authentication.k8s.io/v1beta1', ['TokenReview'], 19, 22, 'authentication.k8s.io/v1'),
  ...rows('authorization.k8s.io/v1beta1', ['SubjectAccessReview', 'LocalSubjectAccessReview', 'SelfSubjectAccessReview'], 19, 22, 'authorization.k8s.io/v1'),
  ...rows('certificates.k8s.io/v1beta1', ['CertificateSigningRequest'], 19, 22, 'certificates.k8s.io/v1'),
  ...rows('coordination.k8s.io/v1beta1', ['Lease'], 19, 22, 'coordination.k8s.io/v1'),
  ...rows('extensions/v1beta1', ['Ingress'], 14, 22, 'networking.k8s.io/v1'),
  ...rows('networking.k8s.io/v1beta1', ['Ingress', 'IngressClass'], 19, 22, 'networking.k8s.io/v1'),
  ...rows('rbac.authorization.k8s.io/v1beta1', ['ClusterRole', 'ClusterRoleBinding', 'Role', 'RoleBinding'], 17, 22, 'rbac.authorization.k8s.io/v1'),
  ...rows('scheduling.k8s.io/v1beta1', ['PriorityClass'], 14, 22, 'scheduling.k8s.io/v1'),
  ...rows('storage.k8s.io/v1beta1', ['CSIDriver', 'CSINode', 'StorageClass', 'VolumeAttachment'], 19, 22, 'storage.k8s.io/v1'),
  // v1.25
  ...rows('batch/v1beta1', ['CronJob'], 21, 25, 'batch/v1'),
  ...rows('discovery.k8s.io/v1beta1', ['EndpointSlice'], 21, 25, 'discovery.k8s.io/v1'),
  ...rows('events.k8s.io/v1beta1', ['Event'], 22, 25, 'events.k8s.io/v1'),
  ...rows('autoscaling/v2beta1', ['HorizontalPodAutoscaler'], 22, 25, 'autoscaling/v2'),
  ...rows('policy/v1beta1', ['PodDisruptionBudget'], 21, 25, 'policy/v1'),
  ...rows('policy/v1beta1', ['PodSecurityPolicy'], 21, 25),
  ...rows('node.k8s.io/v1beta1', ['RuntimeClass'], 22, 25, 'node.k8s.io/v1'),
  // v1.26
  ...rows('flowcontrol.apiserver.k8s.io/v1beta1', ['FlowSchema', 'PriorityLevelConfiguration'], 23, 26, 'flowcontrol.apiserver.k8s.io/v1beta2'),
  ...rows('autoscaling/v2beta2', ['HorizontalPodAutoscaler'], 23, 26, 'autoscaling/v2'),
  // v1.27
  ...rows('storage.k8s.io/v1beta1', ['CSIStorageCapacity'], 24, 27, 'storage.k8s.io/v1'),
  // v1.29
  ...rows('flowcontrol.apiserver.k8s.io/v1beta2', ['FlowSchema', 'PriorityLevelConfiguration'], 26, 29, 'flowcontrol.apiserver.k8s.io/v1'),
  // v1.32
  ...rows('flowcontrol.apiserver.k8s.io/v1beta3', ['FlowSchema', 'PriorityLevelConfiguration'], 29, 32, 'flowcontrol.apiserver.k8s.io/v1'),
];

/** Introduction is an apiVersion kubemu serves that a cluster older than `addedIn` does not. */
export interface Introduction { apiVersion: string; kind: string; addedIn: number }

/** INTRODUCTIONS inside 1.25-1.32 (GA versions a bundle written for 1.32 may use). */
export const INTRODUCTIONS: readonly Introduction[] = [
  { apiVersion: 'flowcontrol.apiserver.k8s.io/v1', kind: 'FlowSchema', addedIn: 29 },
  { apiVersion: 'flowcontrol.apiserver.k8s.io/v1', kind: 'PriorityLevelConfiguration', addedIn: 29 },
  { apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingAdmissionPolicy', addedIn: 30 },
  { apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingAdmissionPolicyBinding', addedIn: 30 },
];

/** K8S_MINORS are the versions `--k8s-version` accepts (1.25 … 1.32). */
export const K8S_MINORS: readonly number[] = [25, 26, 27, 28, 29, 30, 31, 32];
export const DEFAULT_K8S_MINOR = 32;
