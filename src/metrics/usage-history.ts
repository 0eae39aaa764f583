/**
 * usage-history: what metrics-server scraped, kept for right-sizing — per workload container,
 * per hour of simulated time, a sparse CPU histogram (the VPA recommender's buckets, weights not
 * yet decayed) and the memory peak. One record per workload in the metrics-server's local
 * records (not an API object), never one row per sample.
 *
 * The samples are folded in when a pod changes (the recorder below, which watches pods) and
 * before `kubemu rightsize` reads, from the 15 s scrapes since the pod's last fold: usage is a
 * function of the pod, the loads and the time, so folding late gives what scraping on time would.
 * kubemu: a pod's last stretch is folded with its state at the fold (a change of its usage
 * annotations counts from the previous fold); a pod deleted without a change first loses its
 * stretch since the last fold.
 */
import type { KubeObject } from '../api/meta';
import type { ApiClient } from '../apiserver/client';
import { milliValue, tryParseQuantity, value } from '../api/quantity';
import type { Controller } from '../sim/controller';
import { modelOf } from '../kubelet/container-sync';
import { CPU_HISTOGRAM, MIN_SAMPLE_WEIGHT, addSample, type SparseHistogram } from './decaying-histogram';
import { metricsApiServed } from './metrics-server';
import { METRIC_RESOLUTION_MS, containerUsageAt, newUsageContext, usageStableUntil, type UsageContext } from './usage';

/** HISTORY_HOLDER is whose local records keep the history. */
export const HISTORY_HOLDER = 'metrics-server';
/** SLOT_MS is a history slot: an hour. */
export const SLOT_MS = 3_600_000;
/** HISTORY_LENGTH_MS is how far back history is kept: the VPA's --history-length default, 8 days. */
export const HISTORY_LENGTH_MS = 8 * 24 * SLOT_MS;

/** WorkloadRef names what a pod's history is pooled under: its top controller, or the pod itself. */
export interface WorkloadRef { kind: string; name: string }

/** ContainerHistory is one container's slots: CPU histogram (millicores) and memory peak (bytes), by hour index. */
export interface ContainerHistory { cpu: Record<number, SparseHistogram>; memoryPeak: Record<number, number> }

/** UsageHistory is one workload's record. */
export interface UsageHistory {
  workload: WorkloadRef;
  namespace: string;
  containers: Record<string, ContainerHistory>;
  /** folded: each pod's (uid) last folded scrape time. */
  folded: Record<string, number>;
}

/** historyKey is the record's key. */
export const historyKey = (namespace: string, w: WorkloadRef) => `usage-history/${namespace}/${w.kind}/${w.name}`;

/** workloadOf is the pod's top controller (a Deployment over its ReplicaSet), or the pod itself. */
export function workloadOf(api: Pick<ApiClient, 'tryGet'>, pod: KubeObject): WorkloadRef {
  const owner = (pod.metadata.ownerReferences ?? []).find((o: { controller?: boolean }) => o.controller);
  // A static pod's mirror is owned by its Node: it is its own workload.
  if (!owner || owner.kind === 'Node') return { kind: 'Pod', name: pod.metadata.name! };
  if (owner.kind === 'ReplicaSet') {
    const rs = api.tryGet({ kind: 'ReplicaSet', namespace: pod.metadata.namespace, name: owner.name });
    const top = (rs?.metadata.ownerReferences ?? []).find((o: { controller?: boolean }) => o.controller);
    if (top?.kind === 'Deployment') return { kind: 'Deployment', name: top.name };
  }
  return { kind: owner.kind, name: owner.name };
}

function cpuRequestCores(spec: KubeObject['spec']): number {
  const q = tryParseQuantity(spec.resources?.requests?.cpu);
  return q === undefined ? 0 : Number(milliValue(q)) / 1000;
}

/** memoryOf is a quantity in bytes (0 when absent). */
export function bytesOf(v: unknown): number {
  const q = tryParseQuantity(v as string);
  return q === undefined ? 0 : Number(value(q));
}

/**
 * foldPod adds a pod's scrapes since its last fold (each 15 s one, up to nowMs) to its
 * workload's record; it returns whether the record changed. Stretches where the pod's use
 * cannot change are added in one step per hour.
 */
export function foldPod(api: ApiClient, pod: KubeObject, nowMs: number, uctx: UsageContext = newUsageContext(api)): boolean {
  if (pod.status?.phase !== 'Running' || !pod.spec?.nodeName) return false;
  const namespace = pod.metadata.namespace ?? 'default';
  const workload = workloadOf(api, pod);
  const key = historyKey(namespace, workload);
  const record = api.nodeLocalState<UsageHistory>(HISTORY_HOLDER, key) ?? { workload, namespace, containers: {}, folded: {} };
  const uid = pod.metadata.uid!;
  const lastScrape = Math.floor(nowMs / METRIC_RESOLUTION_MS) * METRIC_RESOLUTION_MS;
  let changed = false;
  for (const spec of pod.spec.containers ?? []) {
    const status = (pod.status?.containerStatuses ?? []).find((s: { name: string }) => s.name === spec.name);
    const startedAt = status?.state?.running?.startedAt;
    if (!startedAt) continue;
    const start = Date.parse(startedAt);
    // The first scrape comes one resolution after the container started.
    const first = Math.max(
      Math.ceil((start + METRIC_RESOLUTION_MS) / METRIC_RESOLUTION_MS) * METRIC_RESOLUTION_MS,
      (record.folded[uid] ?? -Infinity) + METRIC_RESOLUTION_MS,
      lastScrape - HISTORY_LENGTH_MS,
    );
    if (first > lastScrape) continue;
    let computed: { cpuMilli: number; memoryBytes: number } | undefined;
    const model = () => (computed ??= modelOf({ pod, api }, { spec, status, init: false, sidecar: false }, start).model);
    const hist = (record.containers[spec.name] ??= { cpu: {}, memoryPeak: {} });
    const weight = Math.max(cpuRequestCores(spec), MIN_SAMPLE_WEIGHT);
    let t = first;
    while (t <= lastScrape) {
      const slot = Math.floor(t / SLOT_MS);
      const slotEnd = Math.min((slot + 1) * SLOT_MS - METRIC_RESOLUTION_MS, lastScrape);
      const steady = usageStableUntil(pod, t, uctx) > slotEnd;
      const step = steady ? slotEnd - t + METRIC_RESOLUTION_MS : METRIC_RESOLUTION_MS;
      const u = containerUsageAt(pod, spec, start, model, t, uctx);
      const count = step / METRIC_RESOLUTION_MS;
      addSample(hist.cpu[slot] ??= {}, CPU_HISTOGRAM, u.cpuMilli, weight * count);
      hist.memoryPeak[slot] = Math.max(hist.memoryPeak[slot] ?? 0, u.memoryBytes);
      t += step;
    }
    changed = true;
  }
  if (!changed) return false;
  record.folded[uid] = lastScrape;
  prune(record, lastScrape);
  api.setNodeLocalState(HISTORY_HOLDER, key, record);
  return true;
}

/** prune drops slots older than the history length. */
function prune(record: UsageHistory, nowMs: number): void {
  const oldest = Math.floor((nowMs - HISTORY_LENGTH_MS) / SLOT_MS);
  for (const h of Object.values(record.containers)) {
    for (const s of Object.keys(h.cpu)) if (Number(s) < oldest) delete h.cpu[Number(s)];
    for (const s of Object.keys(h.memoryPeak)) if (Number(s) < oldest) delete h.memoryPeak[Number(s)];
  }
  for (const [uid, at] of Object.entries(record.folded)) if (at < nowMs - HISTORY_LENGTH_MS) delete record.folded[uid];
}

/** readHistory reads a workload's record. */
export function readHistory(api: Pick<ApiClient, 'nodeLocalState'>, namespace: string, w: WorkloadRef): UsageHistory | undefined {
  return api.nodeLocalState<UsageHistory>(HISTORY_HOLDER, historyKey(namespace, w));
}

/** newUsageRecorder folds a pod's scrapes when it changes (before its state moves on). */
export function newUsageRecorder(): Controller {
  // Loads are read once per pass, not once per pod.
  let uctx: UsageContext | undefined;
  return {
    name: 'metrics-history',
    for: 'Pod',
    accepts: (pod) => !!pod.spec?.nodeName,
    beginPass() { uctx = undefined; },
    reconcile(req, ctx) {
      // History is metrics-server's: nothing is recorded while it is not installed.
      if (!metricsApiServed(ctx.api)) return;
      const pod = ctx.api.tryGet({ kind: 'Pod', namespace: req.namespace, name: req.name });
      if (!pod) return;
      foldPod(ctx.api, pod, ctx.clock.nowMs(), uctx ??= newUsageContext(ctx.api));
    },
  };
}
