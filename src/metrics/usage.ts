/**
 * usage: the resource usage metrics-server would report — per container from the emulated
 * process (src/kubelet/process.ts: the image's baseline, `kubemu.io/cpu-usage` and
 * `kubemu.io/memory-usage` annotations), per pod as the sum of its running containers, per
 * node as the node's system overhead plus its pods.
 * Usage moves with simulated time: a declared profile (`kubemu.io/usage`, src/api/usage-profile.ts)
 * and the requests a load (`kubemu load`, src/api/load-model.ts) sends it, sampled at metrics-server's 15 s
 * scrapes. Control-plane and add-on images have typical idle figures; a container is scraped
 * once it has run one resolution (15 s).
 */
import type { KubeObject } from '../api/meta';
import type { ApiClient } from '../apiserver/client';
import { modelOf } from '../kubelet/container-sync';
import { CPU_USAGE_ANNOTATION, MEMORY_USAGE_ANNOTATION, declaredProfile } from '../kubelet/process';
import { DEFAULT_REQUEST_COST, imageInfo } from '../kubelet/images';
import { milliValue, tryParseQuantity } from '../api/quantity';
import { FLAT, USAGE_ANNOTATION, combineTrends, profileStableAfter, profileTrend, profileValueAt, type UsageTrend } from '../api/usage-profile';
import { loadsChangeAfter, namespaceLoads, podRequestRate, servesLoad, servingContainer, type TargetLoad } from '../api/load-model';

const MI = 1024 * 1024;

/** METRIC_RESOLUTION_MS is metrics-server's scrape interval. */
export const METRIC_RESOLUTION_MS = 15_000;

/** NODE_SYSTEM_USAGE is a node's own usage (kubelet, containerd, OS) besides its pods. */
export const NODE_SYSTEM_USAGE = { cpuMilli: 38, memoryBytes: 412 * MI };

/** SYSTEM_IMAGE_USAGE are idle figures for the images a kubeadm cluster runs, by repository. */
export const SYSTEM_IMAGE_USAGE: Record<string, { cpuMilli: number; memoryBytes: number }> = {
  'registry.k8s.io/kube-apiserver': { cpuMilli: 42, memoryBytes: 243 * MI },
  'registry.k8s.io/etcd': { cpuMilli: 21, memoryBytes: 48 * MI },
  'registry.k8s.io/kube-controller-manager': { cpuMilli: 14, memoryBytes: 52 * MI },
  'registry.k8s.io/kube-scheduler': { cpuMilli: 3, memoryBytes: 24 * MI },
  'registry.k8s.io/coredns/coredns': { cpuMilli: 2, memoryBytes: 13 * MI },
  'registry.k8s.io/kube-proxy': { cpuMilli: 1, memoryBytes: 16 * MI },
  'registry.k8s.io/metrics-server/metrics-server': { cpuMilli: 4, memoryBytes: 19 * MI },
};

/** ContainerUsage is one container's usage. */
export interface ContainerUsage { name: string; cpuMilli: number; memoryBytes: number }
/** PodUsage is a PodMetrics item. */
export interface PodUsage { namespace: string; name: string; containers: ContainerUsage[] }
/** NodeUsage is a NodeMetrics item. */
export interface NodeUsage { name: string; cpuMilli: number; memoryBytes: number }

function repository(image: string): string {
  const at = image.indexOf('@');
  const noDigest = at < 0 ? image : image.slice(0, at);
  const colon = noDigest.lastIndexOf(':');
  return colon > noDigest.lastIndexOf('/') ? noDigest.slice(0, colon) : noDigest;
}

/**
 * UsageContext caches what a round of scrapes reads more than once (each namespace's pods and
 * loads); make one per command or sync with newUsageContext.
 */
export interface UsageContext { loads(namespace: string): TargetLoad[] }

/** newUsageContext reads loads lazily, once per namespace. */
export function newUsageContext(api: Pick<ApiClient, 'list'>): UsageContext {
  const byNamespace = new Map<string, TargetLoad[]>();
  return {
    loads(namespace) {
      let loads = byNamespace.get(namespace);
      if (!loads) {
        loads = namespaceLoads(api, namespace, () => api.list({ kind: 'Pod', namespace }));
        byNamespace.set(namespace, loads);
      }
      return loads;
    },
  };
}

/** scrapeTime is the latest metrics-server scrape at or before nowMs: usage moves in 15 s steps. */
export function scrapeTime(nowMs: number): number {
  return Math.floor(nowMs / METRIC_RESOLUTION_MS) * METRIC_RESOLUTION_MS;
}

/** cpuLimitMilli is the container's CPU limit: CFS quota throttles it there. */
function cpuLimitMilli(spec: KubeObject['spec']): number | undefined {
  const q = tryParseQuantity(spec.resources?.limits?.cpu);
  return q === undefined ? undefined : Number(milliValue(q));
}

/**
 * containerUsageAt is a running container's use at atMs: its profile (`kubemu.io/usage`), else
 * its usage annotations or image's idle figures, plus the requests it serves times the image's
 * cost per request; CPU no higher than its limit.
 */
export function containerUsageAt(pod: KubeObject, spec: KubeObject['spec'], startMs: number, model: () => { cpuMilli: number; memoryBytes: number }, atMs: number, uctx: UsageContext): ContainerUsage {
  const ann = pod.metadata.annotations ?? {};
  const system = SYSTEM_IMAGE_USAGE[repository(spec.image ?? '')];
  const key = `${pod.metadata.uid}/${spec.name}`;
  const cpuProfile = declaredProfile(ann, spec.name, 'cpu');
  const memoryProfile = declaredProfile(ann, spec.name, 'memory');
  let cpuMilli = cpuProfile ? profileValueAt(cpuProfile, atMs, startMs, key)
    : ann[CPU_USAGE_ANNOTATION] === undefined && system ? system.cpuMilli : model().cpuMilli;
  let memoryBytes = memoryProfile ? profileValueAt(memoryProfile, atMs, startMs, key)
    : ann[MEMORY_USAGE_ANNOTATION] === undefined && system ? system.memoryBytes : model().memoryBytes;
  if (servingContainer(pod) === spec.name) {
    const rps = podRequestRate(uctx.loads(pod.metadata.namespace ?? 'default'), pod, atMs);
    if (rps > 0) {
      const cost = imageInfo(spec.image ?? '').requestCost ?? DEFAULT_REQUEST_COST;
      cpuMilli += rps * cost.cpuMilli;
      memoryBytes += rps * cost.memoryBytes;
    }
  }
  const limit = cpuLimitMilli(spec);
  if (limit !== undefined && cpuMilli > limit) cpuMilli = limit;
  return { name: spec.name, cpuMilli: Math.round(cpuMilli), memoryBytes: Math.round(memoryBytes) };
}

/** containerUsage computes one running container's usage; undefined when it is not running. */
function containerUsage(pod: KubeObject, spec: KubeObject['spec'], api: ApiClient, nowMs: number, minAgeMs: number, uctx: UsageContext): ContainerUsage | undefined {
  const status = (pod.status?.containerStatuses ?? []).find((s: { name: string }) => s.name === spec.name);
  const startedAt = status?.state?.running?.startedAt;
  if (!startedAt) return undefined;
  const start = Date.parse(startedAt);
  if (nowMs - start < minAgeMs) return undefined;
  // The process model (the image's idle figures) only when no profile covers both resources.
  const model = () => modelOf({ pod, api }, { spec, status, init: false, sidecar: false }, start).model;
  return containerUsageAt(pod, spec, start, model, Math.max(start, scrapeTime(nowMs)), uctx);
}

/**
 * usageStableUntil is when a pod's use next changes by time alone (a profile's next scrape, a
 * ramp's end, a load segment's start or end); Infinity when only a write can change it.
 */
export function usageStableUntil(pod: KubeObject, nowMs: number, uctx: UsageContext): number {
  const ann = pod.metadata.annotations ?? {};
  let until = Infinity;
  if (ann[USAGE_ANNOTATION] !== undefined) {
    for (const c of pod.spec?.containers ?? []) {
      const startedAt = (pod.status?.containerStatuses ?? []).find((s: { name: string }) => s.name === c.name)?.state?.running?.startedAt;
      const start = startedAt ? Date.parse(startedAt) : nowMs;
      for (const resource of ['cpu', 'memory'] as const) {
        const p = declaredProfile(ann, c.name, resource);
        if (!p) continue;
        const after = profileStableAfter(p, start);
        if (after > nowMs) until = Math.min(until, scrapeTime(nowMs) + METRIC_RESOLUTION_MS);
      }
    }
  }
  const loads = uctx.loads(pod.metadata.namespace ?? 'default').filter((l) => servesLoad(l, pod));
  return Math.min(until, loadsChangeAfter(loads, nowMs));
}

/** UsageTrends are how a pod's CPU and memory use move from now on. */
export interface UsageTrends { cpu: UsageTrend; memory: UsageTrend }

/**
 * usageTrends is how a pod's use moves from the scrape in effect at nowMs: each profile's
 * trend (the CPU limit's cap keeps its direction), flat until a load segment starts or ends.
 */
export function usageTrends(pod: KubeObject, nowMs: number, uctx: UsageContext): UsageTrends {
  const ann = pod.metadata.annotations ?? {};
  const loads = uctx.loads(pod.metadata.namespace ?? 'default').filter((l) => servesLoad(l, pod));
  const loadChange = { direction: 0, untilMs: loadsChangeAfter(loads, nowMs) } as const;
  const out: UsageTrends = { cpu: loadChange, memory: loadChange };
  if (ann[USAGE_ANNOTATION] === undefined) return out;
  const at = scrapeTime(nowMs);
  for (const c of pod.spec?.containers ?? []) {
    const startedAt = (pod.status?.containerStatuses ?? []).find((s: { name: string }) => s.name === c.name)?.state?.running?.startedAt;
    const start = startedAt ? Date.parse(startedAt) : nowMs;
    for (const resource of ['cpu', 'memory'] as const) {
      const p = declaredProfile(ann, c.name, resource);
      out[resource] = combineTrends(out[resource], p ? profileTrend(p, Math.max(start, at), start) : FLAT);
    }
  }
  return out;
}

/** podUsage is a pod's metrics, or undefined when metrics-server has none for it yet. */
export function podUsage(pod: KubeObject, api: ApiClient, nowMs: number, minAgeMs = METRIC_RESOLUTION_MS, uctx: UsageContext = newUsageContext(api)): PodUsage | undefined {
  if (pod.status?.phase !== 'Running' || !pod.spec?.nodeName) return undefined;
  const containers: ContainerUsage[] = [];
  for (const c of pod.spec.containers ?? []) {
    const u = containerUsage(pod, c, api, nowMs, minAgeMs, uctx);
    if (u) containers.push(u);
  }
  if (!containers.length) return undefined;
  return { namespace: pod.metadata.namespace ?? 'default', name: pod.metadata.name!, containers };
}

/** nodeUsage is a node's metrics, or undefined when its kubelet cannot be scraped (not Ready). */
export function nodeUsage(node: KubeObject, api: ApiClient, nowMs: number, uctx: UsageContext = newUsageContext(api)): NodeUsage | undefined {
  const ready = (node.status?.conditions ?? []).some((c: { type: string; status: string }) => c.type === 'Ready' && c.status === 'True');
  if (!ready) return undefined;
  let cpuMilli = NODE_SYSTEM_USAGE.cpuMilli;
  let memoryBytes = NODE_SYSTEM_USAGE.memoryBytes;
  for (const pod of api.podsOnNode(node.metadata.name!)) {
    const u = podUsage(pod, api, nowMs, 0, uctx);
    for (const c of u?.containers ?? []) { cpuMilli += c.cpuMilli; memoryBytes += c.memoryBytes; }
  }
  return { name: node.metadata.name!, cpuMilli, memoryBytes };
}
