/**
 * field-spec-tables: kustomize v5.5's built-in field specs (api/internal/konfig/
 * builtinpluginconsts): where common labels, annotations, image names and replica counts go.
 */
import type { FieldSpec } from './field-spec';

const fs = (path: string, kind: string | undefined, create: boolean, group?: string, version?: string): FieldSpec =>
  ({ path, kind, create, group, version });

const TEMPLATE_KINDS: [string, string | undefined, string | undefined][] = [
  ['ReplicationController', undefined, 'v1'], ['Deployment', undefined, undefined], ['ReplicaSet', undefined, undefined],
  ['DaemonSet', undefined, undefined], ['StatefulSet', 'apps', undefined], ['Job', 'batch', undefined],
];

/** METADATA_LABELS: metadataLabelsFieldSpecs (object, pod template and claim template labels). */
export const METADATA_LABELS: readonly FieldSpec[] = [
  fs('metadata/labels', undefined, true),
  ...TEMPLATE_KINDS.flatMap(([kind, group, version]) => kind === 'StatefulSet'
    ? [fs('spec/template/metadata/labels', kind, true, group, version), fs('spec/volumeClaimTemplates[]/metadata/labels', kind, true, group, version)]
    : [fs('spec/template/metadata/labels', kind, true, group, version)]),
  fs('spec/jobTemplate/metadata/labels', 'CronJob', true, 'batch'),
  fs('spec/jobTemplate/spec/template/metadata/labels', 'CronJob', true, 'batch'),
];

const AFFINITY_PATHS = [
  'spec/template/spec/affinity/podAffinity/preferredDuringSchedulingIgnoredDuringExecution/podAffinityTerm/labelSelector/matchLabels',
  'spec/template/spec/affinity/podAffinity/requiredDuringSchedulingIgnoredDuringExecution/labelSelector/matchLabels',
  'spec/template/spec/affinity/podAntiAffinity/preferredDuringSchedulingIgnoredDuringExecution/podAffinityTerm/labelSelector/matchLabels',
  'spec/template/spec/affinity/podAntiAffinity/requiredDuringSchedulingIgnoredDuringExecution/labelSelector/matchLabels',
  'spec/template/spec/topologySpreadConstraints/labelSelector/matchLabels',
];

/** COMMON_LABELS: commonLabelFieldSpecs — selectors too, then the metadata labels. */
export const COMMON_LABELS: readonly FieldSpec[] = [
  fs('spec/selector', 'Service', true, undefined, 'v1'),
  fs('spec/selector', 'ReplicationController', true, undefined, 'v1'),
  fs('spec/selector/matchLabels', 'Deployment', true),
  ...AFFINITY_PATHS.map((p) => fs(p, 'Deployment', false, 'apps')),
  fs('spec/selector/matchLabels', 'ReplicaSet', true),
  fs('spec/selector/matchLabels', 'DaemonSet', true),
  fs('spec/selector/matchLabels', 'StatefulSet', true, 'apps'),
  ...AFFINITY_PATHS.map((p) => fs(p, 'StatefulSet', false, 'apps')),
  fs('spec/selector/matchLabels', 'Job', false, 'batch'),
  fs('spec/jobTemplate/spec/selector/matchLabels', 'CronJob', false, 'batch'),
  fs('spec/selector/matchLabels', 'PodDisruptionBudget', false, 'policy'),
  fs('spec/podSelector/matchLabels', 'NetworkPolicy', false, 'networking.k8s.io'),
  fs('spec/ingress/from/podSelector/matchLabels', 'NetworkPolicy', false, 'networking.k8s.io'),
  fs('spec/egress/to/podSelector/matchLabels', 'NetworkPolicy', false, 'networking.k8s.io'),
  ...METADATA_LABELS,
];

/** COMMON_ANNOTATIONS: commonAnnotationFieldSpecs. */
export const COMMON_ANNOTATIONS: readonly FieldSpec[] = [
  fs('metadata/annotations', undefined, true),
  ...TEMPLATE_KINDS.map(([kind, group, version]) => fs('spec/template/metadata/annotations', kind, true, kind === 'StatefulSet' ? undefined : group, version)),
  fs('spec/jobTemplate/metadata/annotations', 'CronJob', true, 'batch'),
  fs('spec/jobTemplate/spec/template/metadata/annotations', 'CronJob', true, 'batch'),
];

/** REPLICAS: replicasFieldSpecs. */
export const REPLICAS: readonly FieldSpec[] = ['Deployment', 'ReplicationController', 'ReplicaSet', 'StatefulSet'].map((k) => fs('spec/replicas', k, true));

/** NAMESPACE_EXTRA: namespaceFieldSpecs beyond metadata/namespace. */
export const NAMESPACE_EXTRA: readonly FieldSpec[] = [
  fs('metadata/name', 'Namespace', true),
  fs('spec/service/namespace', 'APIService', true, 'apiregistration.k8s.io'),
  fs('spec/conversion/webhook/clientConfig/service/namespace', 'CustomResourceDefinition', false, 'apiextensions.k8s.io'),
];
