/**
 * go-order: Go struct field order for the types the generators emit. kubectl serialises its
 * typed objects, so `-o json` lists fields in struct order; building our objects through these
 * lists makes `JSON.stringify` match kubectl byte for byte.
 */
import type { ObjectMeta } from '../../api/meta';

/** NULL_TIMESTAMP is the `creationTimestamp: null` a zero metav1.Time serialises to. */
// Typed as string so it fits ObjectMeta; the JSON it produces is the literal null kubectl prints.
export const NULL_TIMESTAMP = null as unknown as string;

/** OBJECT_META_KEYS is metav1.ObjectMeta's field order. */
export const OBJECT_META_KEYS = ['name', 'generateName', 'namespace', 'selfLink', 'uid', 'resourceVersion', 'generation',
  'creationTimestamp', 'deletionTimestamp', 'deletionGracePeriodSeconds', 'labels', 'annotations', 'ownerReferences',
  'finalizers', 'managedFields'] as const;

/** POD_SPEC_KEYS is core/v1 PodSpec's field order (v1.32). */
export const POD_SPEC_KEYS = ['volumes', 'initContainers', 'containers', 'ephemeralContainers', 'restartPolicy',
  'terminationGracePeriodSeconds', 'activeDeadlineSeconds', 'dnsPolicy', 'nodeSelector', 'serviceAccountName',
  'serviceAccount', 'automountServiceAccountToken', 'nodeName', 'hostNetwork', 'hostPID', 'hostIPC',
  'shareProcessNamespace', 'securityContext', 'imagePullSecrets', 'hostname', 'subdomain', 'affinity', 'schedulerName',
  'tolerations', 'hostAliases', 'priorityClassName', 'priority', 'dnsConfig', 'readinessGates', 'runtimeClassName',
  'enableServiceLinks', 'preemptionPolicy', 'overhead', 'topologySpreadConstraints', 'setHostnameAsFQDN', 'os',
  'hostUsers', 'schedulingGates', 'resourceClaims', 'resources'] as const;

/** CONTAINER_KEYS is core/v1 Container's field order. */
export const CONTAINER_KEYS = ['name', 'image', 'command', 'args', 'workingDir', 'ports', 'envFrom', 'env', 'resources',
  'resizePolicy', 'restartPolicy', 'volumeMounts', 'volumeDevices', 'livenessProbe', 'readinessProbe', 'startupProbe',
  'lifecycle', 'terminationMessagePath', 'terminationMessagePolicy', 'imagePullPolicy', 'securityContext', 'stdin',
  'stdinOnce', 'tty'] as const;

/** JOB_SPEC_KEYS is batch/v1 JobSpec's field order. */
export const JOB_SPEC_KEYS = ['parallelism', 'completions', 'activeDeadlineSeconds', 'podFailurePolicy', 'successPolicy',
  'backoffLimit', 'backoffLimitPerIndex', 'maxFailedIndexes', 'selector', 'manualSelector', 'template',
  'ttlSecondsAfterFinished', 'completionMode', 'suspend', 'podReplacementPolicy', 'managedBy'] as const;

/** SERVICE_SPEC_KEYS is core/v1 ServiceSpec's field order. */
export const SERVICE_SPEC_KEYS = ['ports', 'selector', 'clusterIP', 'clusterIPs', 'type', 'externalIPs', 'sessionAffinity',
  'loadBalancerIP', 'loadBalancerSourceRanges', 'externalName', 'externalTrafficPolicy', 'healthCheckNodePort',
  'publishNotReadyAddresses', 'sessionAffinityConfig', 'ipFamilies', 'ipFamilyPolicy', 'allocateLoadBalancerNodePorts',
  'loadBalancerClass', 'internalTrafficPolicy', 'trafficDistribution'] as const;

/** SERVICE_PORT_KEYS is core/v1 ServicePort's field order. */
export const SERVICE_PORT_KEYS = ['name', 'protocol', 'appProtocol', 'port', 'targetPort', 'nodePort'] as const;

/**
 * ordered copies `obj` with `keys` first, in that order, then any other keys as they were;
 * undefined values are dropped, as Go's `omitempty` drops unset pointers.
 */
export function ordered<T extends object>(obj: T, keys: readonly string[]): T {
  const src = obj as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of keys) if (src[k] !== undefined) out[k] = src[k];
  for (const k of Object.keys(src)) if (!(k in out) && src[k] !== undefined) out[k] = src[k];
  return out as T;
}

/** objectMeta builds ObjectMeta in Go order with kubectl's `creationTimestamp: null`. */
export function objectMeta(m: ObjectMeta): ObjectMeta {
  return ordered({ creationTimestamp: NULL_TIMESTAMP, ...m }, OBJECT_META_KEYS);
}

/** container orders a container and adds the `resources: {}` a non-omitempty struct serialises to. */
export function container(c: Record<string, unknown>): Record<string, unknown> {
  // Container.image is omitempty: an --image given empty is not written.
  const { image, ...rest } = c;
  return ordered({ resources: {}, ...rest, ...(image === '' ? {} : { image }) }, CONTAINER_KEYS);
}

/** podTemplate orders a PodTemplateSpec: metadata (with `creationTimestamp: null`) then spec in Go order. */
export function podTemplate(t: { metadata?: ObjectMeta; spec?: Record<string, unknown> }): Record<string, unknown> {
  const spec = t.spec ?? {};
  const containers = (spec.containers as Record<string, unknown>[] | undefined)?.map(container);
  const initContainers = (spec.initContainers as Record<string, unknown>[] | undefined)?.map(container);
  return {
    metadata: objectMeta(t.metadata ?? {}),
    spec: ordered({ ...spec, containers, initContainers }, POD_SPEC_KEYS),
  };
}
