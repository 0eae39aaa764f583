/**
 * object-usage: the quota evaluators — for each kind, which quota resource names it can
 * charge (MatchingResources) and what one object costs (Usage). Pods, services and claims
 * have dedicated evaluators; every other resource only has its object count
 * ("count/deployments.apps"), plus the legacy names "configmaps", "secrets",
 * "replicationcontrollers" and "resourcequotas".
 */
import type { KubeObject } from '../api/meta';
import { builtinRegistry, parseApiVersion } from '../api/registry';
import type { Quantity } from '../api/quantity';
import { podLimits, podRequests } from './pod-resources';
import { parseResourceList, type ResourceList } from './resource-list';

/** STORAGE_CLASS_SUFFIX joins a storage class to a claim resource: "gold.storageclass.storage.k8s.io/requests.storage". */
export const STORAGE_CLASS_SUFFIX = '.storageclass.storage.k8s.io/';

/** POD_RESOURCES are the fixed names the pod evaluator charges. */
export const POD_RESOURCES: readonly string[] = ['count/pods', 'cpu', 'memory', 'ephemeral-storage', 'requests.cpu',
  'requests.memory', 'requests.ephemeral-storage', 'limits.cpu', 'limits.memory', 'limits.ephemeral-storage', 'pods'];

/** SERVICE_RESOURCES are the names the service evaluator charges. */
export const SERVICE_RESOURCES: readonly string[] = ['count/services', 'services', 'services.nodeports', 'services.loadbalancers'];

/** PVC_RESOURCES are the names the claim evaluator charges (besides per-storage-class ones). */
export const PVC_RESOURCES: readonly string[] = ['count/persistentvolumeclaims', 'persistentvolumeclaims', 'requests.storage'];

/** LEGACY_COUNT_NAMES maps the resources whose object count also has a bare name. */
export const LEGACY_COUNT_NAMES: Readonly<Record<string, string>> = {
  configmaps: 'configmaps', secrets: 'secrets', replicationcontrollers: 'replicationcontrollers', resourcequotas: 'resourcequotas',
};

/** GroupResource names the API resource an object is stored as. */
export interface GroupResource { group: string; resource: string }

/** groupResourceOf finds an object's resource via the built-in registry; unknown kinds get a lower-cased plural. */
export function groupResourceOf(obj: KubeObject): GroupResource {
  const info = builtinRegistry.forStorageKind(obj.kind);
  if (info) return { group: info.group, resource: info.resource };
  return { group: parseApiVersion(obj.apiVersion ?? '').group, resource: `${String(obj.kind).toLowerCase()}s` };
}

/** objectCountName is "count/<resource>" for the core group, "count/<resource>.<group>" otherwise. */
export function objectCountName(gr: GroupResource): string {
  return gr.group ? `count/${gr.resource}.${gr.group}` : `count/${gr.resource}`;
}

// IsNativeResource: no domain, or a *kubernetes.io/ domain.
const isNative = (name: string) => !name.includes('/') || name.includes('kubernetes.io/');

/** matchingResources is the evaluator's MatchingResources for the resource gr: which of names it can charge. */
export function matchingResources(gr: GroupResource, names: readonly string[]): string[] {
  if (gr.group === '' && gr.resource === 'pods') {
    return names.filter((n) => POD_RESOURCES.includes(n) || n.startsWith('hugepages-') || n.startsWith('requests.hugepages-')
      || (!isNative(n) && n.startsWith('requests.')));
  }
  if (gr.group === '' && gr.resource === 'services') return names.filter((n) => SERVICE_RESOURCES.includes(n));
  if (gr.group === '' && gr.resource === 'persistentvolumeclaims') {
    return names.filter((n) => PVC_RESOURCES.includes(n)
      || n.endsWith(`${STORAGE_CLASS_SUFFIX}requests.storage`) || n.endsWith(`${STORAGE_CLASS_SUFFIX}persistentvolumeclaims`));
  }
  const own = [objectCountName(gr)];
  const legacy = gr.group === '' ? LEGACY_COUNT_NAMES[gr.resource] : undefined;
  if (legacy) own.push(legacy);
  return names.filter((n) => own.includes(n));
}

const ONE: Quantity = { nanos: 1_000_000_000n, format: 'DecimalSI' };
const ZERO_DECIMAL: Quantity = { nanos: 0n, format: 'DecimalSI' };
const count = (n: number): Quantity => ({ nanos: BigInt(n) * 1_000_000_000n, format: 'DecimalSI' });

/**
 * isQuotaChargedPod is QuotaV1Pod: terminal pods (Succeeded/Failed) are free, and so is a pod
 * whose deletion grace period has run out by `now` (stuck terminating on a lost node).
 */
export function isQuotaChargedPod(pod: KubeObject, now?: string): boolean {
  const phase = pod.status?.phase;
  if (phase === 'Succeeded' || phase === 'Failed') return false;
  const del = pod.metadata?.deletionTimestamp;
  const grace = pod.metadata?.deletionGracePeriodSeconds;
  if (now && del && typeof grace === 'number' && Date.parse(now) > Date.parse(del) + grace * 1000) return false;
  return true;
}

/** podComputeUsage is podComputeUsageHelper: pods=1 and the cpu/memory/ephemeral-storage/hugepages/extended names. */
export function podComputeUsage(requests: ResourceList, limits: ResourceList): ResourceList {
  const out: ResourceList = new Map([['pods', ONE]]);
  for (const r of ['cpu', 'memory', 'ephemeral-storage']) {
    const req = requests.get(r);
    if (req) { out.set(r, req); out.set(`requests.${r}`, req); }
    const lim = limits.get(r);
    if (lim) out.set(`limits.${r}`, lim);
  }
  for (const [name, q] of requests) {
    if (name.startsWith('hugepages-')) { out.set(name, q); out.set(`requests.${name}`, q); }
    // Extended resources (a domain outside kubernetes.io) are only quotable as requests.<name>.
    if (!isNative(name) && !name.startsWith('requests.')) out.set(`requests.${name}`, q);
  }
  return out;
}

function podUsage(pod: KubeObject, now?: string): ResourceList {
  const out: ResourceList = new Map([['count/pods', ONE]]);
  if (!isQuotaChargedPod(pod, now)) return out;
  for (const [k, v] of podComputeUsage(podRequests(pod, { overhead: true }), podLimits(pod, { overhead: true }))) out.set(k, v);
  return out;
}

function serviceUsage(svc: KubeObject): ResourceList {
  const ports = Array.isArray(svc.spec?.ports) ? svc.spec.ports.length : 0;
  const type = svc.spec?.type;
  return new Map([
    ['count/services', ONE],
    ['services', ONE],
    ['services.loadbalancers', type === 'LoadBalancer' ? ONE : ZERO_DECIMAL],
    ['services.nodeports', type === 'NodePort' || type === 'LoadBalancer' ? count(ports) : ZERO_DECIMAL],
  ]);
}

// Storage is charged in whole bytes (RoundUp(0)), and never below what was already allocated.
function claimStorage(pvc: KubeObject): Quantity | undefined {
  const req = parseResourceList(pvc.spec?.resources?.requests).get('storage');
  if (!req) return undefined;
  const roundUp = (q: Quantity): Quantity => {
    const rem = q.nanos % 1_000_000_000n;
    return rem > 0n ? { nanos: q.nanos - rem + 1_000_000_000n, format: q.format } : q;
  };
  let result = roundUp(req);
  const allocated = parseResourceList(pvc.status?.allocatedResources).get('storage');
  if (allocated && allocated.nanos > result.nanos) result = roundUp(allocated);
  return result;
}

function claimUsage(pvc: KubeObject): ResourceList {
  const out: ResourceList = new Map([['persistentvolumeclaims', ONE], ['count/persistentvolumeclaims', ONE]]);
  // GetPersistentVolumeClaimClass: the beta annotation wins over spec.storageClassName.
  const sc: string = pvc.metadata?.annotations?.['volume.beta.kubernetes.io/storage-class'] ?? pvc.spec?.storageClassName ?? '';
  if (sc) out.set(`${sc}${STORAGE_CLASS_SUFFIX}persistentvolumeclaims`, ONE);
  const storage = claimStorage(pvc);
  if (storage) {
    out.set('requests.storage', storage);
    if (sc) out.set(`${sc}${STORAGE_CLASS_SUFFIX}requests.storage`, storage);
  }
  return out;
}

/** objectCountUsage is the generic evaluator's usage for n objects of gr (its count name and any legacy name). */
export function objectCountUsage(gr: GroupResource, n = 1): ResourceList {
  const out: ResourceList = new Map([[objectCountName(gr), count(n)]]);
  const legacy = gr.group === '' ? LEGACY_COUNT_NAMES[gr.resource] : undefined;
  if (legacy) out.set(legacy, count(n));
  return out;
}

/** objectUsage is the evaluator's Usage: what obj charges against a quota. now feeds the stuck-terminating pod rule. */
export function objectUsage(obj: KubeObject, now?: string): ResourceList {
  const gr = groupResourceOf(obj);
  if (gr.group === '') {
    if (gr.resource === 'pods') return podUsage(obj, now);
    if (gr.resource === 'services') return serviceUsage(obj);
    if (gr.resource === 'persistentvolumeclaims') return claimUsage(obj);
  }
  return objectCountUsage(gr);
}
