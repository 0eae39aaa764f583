/**
 * pod-spec-validation: ValidatePodSpec and ValidatePodTemplateSpec (pkg/apis/core/validation)
 * for pods and every pod template, with the field path given by the caller
 * ("spec" for a Pod, "spec.template.spec" for a workload).
 */
import type { StatusCause } from '../errors';
import { duplicate, forbiddenField, invalidValue, required } from '../field-errors';
import { validateContainer, type ContainerKind } from './container-validation';
import { inclusiveRangeError, labelMap, nonNegative, oneOf } from './field-rules';
import { validateAnnotations } from './object-meta';
import { validateUsageAnnotation } from './usage-annotation';
import { isConfigMapKey, isDNS1123Label, isDNS1123Subdomain } from './names';
import { VOLUME_SOURCE_KEYS } from './pod-defaults';
import { isObject } from './strategy';

/** RESTART_POLICIES are a pod's supported restartPolicy values, in upstream order. */
export const RESTART_POLICIES = ['Always', 'OnFailure', 'Never'] as const;
/** DNS_POLICIES are a pod's supported dnsPolicy values, in upstream order. */
export const DNS_POLICIES = ['ClusterFirstWithHostNet', 'ClusterFirst', 'Default', 'None'] as const;
/** MORE_THAN_ONE_VOLUME_TYPE is the detail when a volume names two sources. */
export const MORE_THAN_ONE_VOLUME_TYPE = 'may not specify more than 1 volume type';
/** DNS_CONFIG_REQUIRED is the detail when dnsPolicy None comes without dnsConfig. */
export const DNS_CONFIG_REQUIRED = 'must provide `dnsConfig` when `dnsPolicy` is None';
/** MAX_ACTIVE_DEADLINE_SECONDS is the largest activeDeadlineSeconds (math.MaxUint32). */
export const MAX_ACTIVE_DEADLINE_SECONDS = 4294967295;

function validateKeyToPaths(field: string, items: unknown): StatusCause[] {
  const out: StatusCause[] = [];
  (Array.isArray(items) ? items : []).forEach((it: any, i: number) => {
    const p = `${field}[${i}]`;
    if (!it?.key) out.push(required(`${p}.key`));
    if (!it?.path) out.push(required(`${p}.path`));
  });
  return out;
}

/** validateVolumes checks names (RFC 1123 labels, unique) and that each volume has one source. */
export function validateVolumes(field: string, volumes: unknown): { causes: StatusCause[]; names: Set<string> } {
  const out: StatusCause[] = [];
  const names = new Set<string>();
  (Array.isArray(volumes) ? volumes : []).forEach((v: any, i: number) => {
    const p = `${field}[${i}]`;
    if (!isObject(v)) return;
    if (!v.name) out.push(required(`${p}.name`));
    else {
      for (const m of isDNS1123Label(v.name)) out.push(invalidValue(`${p}.name`, v.name, m));
      if (names.has(v.name)) out.push(duplicate(`${p}.name`, v.name));
      names.add(v.name);
    }
    const sources = VOLUME_SOURCE_KEYS.filter((k) => v[k] !== undefined && v[k] !== null);
    if (sources.length === 0) out.push(required(p, 'must specify a volume type'));
    for (const extra of sources.slice(1)) out.push(forbiddenField(`${p}.${extra}`, MORE_THAN_ONE_VOLUME_TYPE));
    const src = sources.length ? v[sources[0]!] : undefined;
    if (!isObject(src)) return;
    const sp = `${p}.${sources[0]}`;
    switch (sources[0]) {
      case 'persistentVolumeClaim': if (!src.claimName) out.push(required(`${sp}.claimName`)); break;
      case 'hostPath': if (!src.path) out.push(required(`${sp}.path`)); break;
      case 'nfs':
        if (!src.server) out.push(required(`${sp}.server`));
        if (!src.path) out.push(required(`${sp}.path`));
        break;
      case 'configMap': case 'secret':
        out.push(...validateKeyToPaths(`${sp}.items`, src.items));
        for (const [j, it] of (Array.isArray(src.items) ? src.items : []).entries()) {
          if (it?.key) for (const m of isConfigMapKey(it.key)) out.push(invalidValue(`${sp}.items[${j}].key`, it.key, m));
        }
        break;
    }
  });
  return { causes: out, names };
}

/** PodSpecOptions carries the caller's context (pod or template). */
export interface PodSpecOptions {
  /** extraVolumes are names mounts may also refer to (a StatefulSet's volumeClaimTemplates). */
  extraVolumes?: readonly string[];
}

/** validatePodSpec is ValidatePodSpec under the given path. */
export function validatePodSpec(field: string, spec: any, opts: PodSpecOptions = {}): StatusCause[] {
  if (!isObject(spec)) return [required(field)];
  const out: StatusCause[] = [];
  const vols = validateVolumes(`${field}.volumes`, spec.volumes);
  out.push(...vols.causes);
  for (const extra of opts.extraVolumes ?? []) vols.names.add(extra);
  const containers = Array.isArray(spec.containers) ? spec.containers : [];
  if (containers.length === 0) out.push(required(`${field}.containers`));
  const allNames = new Set<string>();
  const checkList = (kind: ContainerKind) => {
    (Array.isArray(spec[kind]) ? spec[kind] : []).forEach((c: any, i: number) => {
      const p = `${field}.${kind}[${i}]`;
      out.push(...validateContainer(p, c, kind, vols.names));
      if (isObject(c) && c.name) {
        if (allNames.has(c.name)) out.push(duplicate(`${p}.name`, c.name));
        allNames.add(c.name);
      }
    });
  };
  checkList('containers');
  checkList('initContainers');
  checkList('ephemeralContainers');
  out.push(...hostPortConflicts(field, spec));
  if (!spec.restartPolicy) out.push(required(`${field}.restartPolicy`));
  else out.push(...oneOf(`${field}.restartPolicy`, spec.restartPolicy, RESTART_POLICIES));
  out.push(...oneOf(`${field}.dnsPolicy`, spec.dnsPolicy, DNS_POLICIES));
  if (spec.dnsPolicy === 'None' && !isObject(spec.dnsConfig)) out.push(required(`${field}.dnsConfig`, DNS_CONFIG_REQUIRED));
  out.push(...labelMap(`${field}.nodeSelector`, spec.nodeSelector));
  if (spec.serviceAccountName) {
    for (const m of isDNS1123Subdomain(spec.serviceAccountName)) out.push(invalidValue(`${field}.serviceAccountName`, spec.serviceAccountName, m));
  }
  for (const k of ['hostname', 'subdomain']) {
    if (spec[k]) for (const m of isDNS1123Label(spec[k])) out.push(invalidValue(`${field}.${k}`, spec[k], m));
  }
  out.push(...nonNegative(`${field}.terminationGracePeriodSeconds`, spec.terminationGracePeriodSeconds));
  const ads = spec.activeDeadlineSeconds;
  if (typeof ads === 'number' && (ads < 1 || ads > MAX_ACTIVE_DEADLINE_SECONDS)) {
    out.push(invalidValue(`${field}.activeDeadlineSeconds`, ads, inclusiveRangeError(1, MAX_ACTIVE_DEADLINE_SECONDS)));
  }
  (Array.isArray(spec.tolerations) ? spec.tolerations : []).forEach((t: any, i: number) => {
    const p = `${field}.tolerations[${i}]`;
    if (!isObject(t)) return;
    out.push(...oneOf(`${p}.operator`, t.operator, ['Equal', 'Exists']));
    if (t.operator === 'Exists' && t.value) out.push(invalidValue(`${p}.operator`, t.value, "value must be empty when `operator` is 'Exists'"));
    if (!t.key && t.operator !== 'Exists') out.push(invalidValue(`${p}.operator`, t.operator ?? '', "operator must be Exists when `key` is empty, which means \"match all values and all keys\""));
    out.push(...oneOf(`${p}.effect`, t.effect || undefined, ['NoExecute', 'NoSchedule', 'PreferNoSchedule']));
  });
  return out;
}

/** hostPortConflicts reports the same hostPort/protocol twice across a pod's containers. */
function hostPortConflicts(field: string, spec: any): StatusCause[] {
  const out: StatusCause[] = [];
  const seen = new Set<string>();
  (Array.isArray(spec.containers) ? spec.containers : []).forEach((c: any, ci: number) => {
    (Array.isArray(c?.ports) ? c.ports : []).forEach((p: any, pi: number) => {
      if (!p?.hostPort) return;
      const key = `${p.hostPort}/${p.protocol ?? 'TCP'}`;
      if (seen.has(key)) out.push(duplicate(`${field}.containers[${ci}].ports[${pi}].hostPort`, key));
      seen.add(key);
    });
  });
  return out;
}

/** validatePodTemplate is ValidatePodTemplateSpec under the given path (metadata labels + spec). */
export function validatePodTemplate(field: string, template: any, opts: PodSpecOptions = {}): StatusCause[] {
  if (!isObject(template)) return [required(field)];
  const out: StatusCause[] = [];
  const meta = isObject(template.metadata) ? template.metadata : {};
  out.push(...labelMap(`${field}.metadata.labels`, meta.labels));
  out.push(...validateAnnotations(`${field}.metadata.annotations`, meta.annotations));
  out.push(...validateUsageAnnotation(`${field}.metadata.annotations`, meta.annotations));
  out.push(...validatePodSpec(`${field}.spec`, template.spec, opts));
  return out;
}
