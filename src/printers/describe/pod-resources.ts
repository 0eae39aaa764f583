/**
 * pod-resources: a pod's effective requests and limits (kubectl pkg/util/resource
 * PodRequestsAndLimits) and its QoS class (pkg/util/qos ComputePodQOS).
 */
import type { KubeObject } from '../../api/meta';
import { addQuantity, compareQuantity, tryParseQuantity, type Quantity } from '../../api/quantity';

/** ResourceTotals maps a resource name to an exact quantity. */
export type ResourceTotals = Map<string, Quantity>;

function toTotals(list: Record<string, string | number> | undefined | null): ResourceTotals {
  const out: ResourceTotals = new Map();
  for (const [k, v] of Object.entries(list ?? {})) {
    const q = tryParseQuantity(v);
    if (q) out.set(k, q);
  }
  return out;
}

function addInto(list: ResourceTotals, add: ResourceTotals): void {
  for (const [k, q] of add) {
    const cur = list.get(k);
    list.set(k, cur ? addQuantity(cur, q) : q);
  }
}

function maxInto(list: ResourceTotals, other: ResourceTotals): void {
  for (const [k, q] of other) {
    const cur = list.get(k);
    if (!cur || compareQuantity(q, cur) > 0) list.set(k, q);
  }
}

// Mirrors podRequests/podLimits: sum of app containers, sidecars added, max with each
// ordinary init container (plus the sidecars started before it), then pod overhead.
// kubemu: in-place resize (status.containerStatuses[].resources) is ignored.
function podTotals(pod: KubeObject, field: 'requests' | 'limits'): ResourceTotals {
  const spec = pod.spec ?? {};
  const total: ResourceTotals = new Map();
  for (const c of spec.containers ?? []) addInto(total, toTotals(c.resources?.[field]));
  const sidecars: ResourceTotals = new Map();
  const initMax: ResourceTotals = new Map();
  for (const c of spec.initContainers ?? []) {
    const own = toTotals(c.resources?.[field]);
    let effective: ResourceTotals;
    if (c.restartPolicy === 'Always') {
      addInto(total, own);
      addInto(sidecars, own);
      effective = sidecars;
    } else {
      effective = new Map();
      addInto(effective, own);
      addInto(effective, sidecars);
    }
    maxInto(initMax, effective);
  }
  maxInto(total, initMax);
  if (spec.overhead) {
    const overhead = toTotals(spec.overhead);
    if (field === 'requests') addInto(total, overhead);
    else for (const [k, q] of overhead) { const cur = total.get(k); if (cur && cur.nanos !== 0n) total.set(k, addQuantity(cur, q)); }
  }
  return total;
}

/** podRequestsAndLimits returns the pod's effective requests and limits. */
export function podRequestsAndLimits(pod: KubeObject): { requests: ResourceTotals; limits: ResourceTotals } {
  return { requests: podTotals(pod, 'requests'), limits: podTotals(pod, 'limits') };
}

const QOS_RESOURCES = ['cpu', 'memory'];

/** podQOSClass returns status.qosClass when set, else computes BestEffort/Burstable/Guaranteed. */
export function podQOSClass(pod: KubeObject): string {
  if (pod.status?.qosClass) return pod.status.qosClass;
  const requests: ResourceTotals = new Map();
  const limits: ResourceTotals = new Map();
  let guaranteed = true;
  const positive = (list: ResourceTotals): ResourceTotals =>
    new Map([...list].filter(([k, q]) => QOS_RESOURCES.includes(k) && q.nanos > 0n));
  const containers = pod.spec?.resources
    ? [{ resources: pod.spec.resources }]
    : [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])];
  for (const c of containers) {
    addInto(requests, positive(toTotals(c.resources?.requests)));
    const lim = positive(toTotals(c.resources?.limits));
    addInto(limits, lim);
    if (!lim.has('cpu') || !lim.has('memory')) guaranteed = false;
  }
  if (requests.size === 0 && limits.size === 0) return 'BestEffort';
  if (guaranteed) {
    for (const [k, q] of requests) {
      const l = limits.get(k);
      if (!l || compareQuantity(l, q) !== 0) { guaranteed = false; break; }
    }
  }
  return guaranteed && requests.size === limits.size ? 'Guaranteed' : 'Burstable';
}
