/**
 * eviction-manager: the kubelet's eviction manager for a full node disk (pkg/kubelet/eviction).
 * While the nodefs.available hard threshold (< 10%, the kubelet's default) is met, it evicts one
 * pod per monitoring interval (10s), ranked as rankDiskPressureFunc ranks them: pods using more
 * ephemeral storage than they request first, then by priority (lowest first), then by usage.
 * Critical pods (static/mirror pods, priority >= system-cluster-critical) are never evicted.
 * After the space is freed the DiskPressure condition stays True for the pressure transition
 * period (evictionPressureTransitionPeriod, 5m by default).
 *
 * kubemu: a node's disk is full while DISK_FILL_PATH is on its host (the `disk-full` fault
 * writes it) or `kubemu node pressure NODE --disk` is on; removing it (or `--off`) frees the
 * space and records when, so the condition clears 5m later. Pods use no
 * ephemeral storage of their own, so none exceeds its request and the rank is by priority, then
 * by name (a stable order). Nothing here runs for a node without disk pressure.
 */
import type { Condition, KubeObject } from '../api/meta';
import { isPodTerminal } from '../api/pod-util';
import { formatQuantity, quantityOf, value } from '../api/quantity';
import type { ReconcileContext } from '../sim/controller';
import { isMirrorPod } from '../api/mirror-pod';
import { NODE_PRESSURE_ANNOTATION } from './node-status';
import { withConditions } from './pod-status';

/** DISK_RELIEVED_ANNOTATION records when a node's disk pressure was relieved (ISO time). */
export const DISK_RELIEVED_ANNOTATION = 'kubemu.io/disk-pressure-relieved-at';
/** PRESSURE_TRANSITION_PERIOD_MS is the kubelet's default evictionPressureTransitionPeriod. */
export const PRESSURE_TRANSITION_PERIOD_MS = 5 * 60_000;
/** MONITORING_INTERVAL_MS is the eviction manager's housekeeping interval: one eviction per round. */
export const MONITORING_INTERVAL_MS = 10_000;
/** NODEFS_AVAILABLE_HARD is the default hard threshold nodefs.available<10%. */
const NODEFS_AVAILABLE_HARD = 0.1;
/** DISK_FULL_AVAILABLE is the share of the node's disk left when it is full (3%, in 4 KiB blocks). */
const DISK_FULL_AVAILABLE = 0.03;
/** SYSTEM_CRITICAL_PRIORITY is scheduling.SystemCriticalPriority: pods at or above it are critical. */
const SYSTEM_CRITICAL_PRIORITY = 2_000_000_000;

export const EVICTED_REASON = 'Evicted';
export const THRESHOLD_MET_REASON = 'EvictionThresholdMet';
export const TERMINATION_BY_KUBELET = 'TerminationByKubelet';
const RESOURCE = 'ephemeral-storage';

/**
 * DISK_FILL_PATH is the file that fills a node's disk in kubemu: written on the node (the
 * `disk-full` fault does it) the disk is full, removed the space is free again. Its content
 * stands for the gigabytes; the shell's `ls -l` shows the placeholder's own size.
 */
export const DISK_FILL_PATH = '/var/log/app/debug.log';

/** withDiskPressure is a node's annotations with its disk full (on) or freed at nowISO (off). */
export function withDiskPressure(annotations: Readonly<Record<string, string>> | undefined, on: boolean, nowISO: string): Record<string, string> {
  const ann = { ...(annotations ?? {}) };
  const set = new Set((ann[NODE_PRESSURE_ANNOTATION] ?? '').split(',').filter(Boolean));
  const had = set.has('disk');
  if (on) { set.add('disk'); delete ann[DISK_RELIEVED_ANNOTATION]; } else set.delete('disk');
  if (!on && had) ann[DISK_RELIEVED_ANNOTATION] = nowISO;
  const value = ['memory', 'disk', 'pid'].filter((p) => set.has(p)).join(',');
  if (value) ann[NODE_PRESSURE_ANNOTATION] = value; else delete ann[NODE_PRESSURE_ANNOTATION];
  return ann;
}

/** diskRelievedAt is when `node pressure --disk --off` freed the node's disk (ms), if it did. */
export function diskRelievedAt(node: KubeObject): number | undefined {
  const at = Date.parse(node.metadata.annotations?.[DISK_RELIEVED_ANNOTATION] ?? '');
  return Number.isNaN(at) ? undefined : at;
}

/** transitionEndsIn is how long the DiskPressure condition still stays True after relief (ms), or undefined. */
export function transitionEndsIn(node: KubeObject, nowMs: number): number | undefined {
  const at = diskRelievedAt(node);
  if (at === undefined) return undefined;
  const left = at + PRESSURE_TRANSITION_PERIOD_MS - nowMs;
  return left > 0 ? left : undefined;
}

/** evictionMessage is helpers.go evictionMessage for the nodefs.available threshold: the node's figures. */
export function evictionMessage(node: KubeObject): string {
  const capacity = value(quantityOf(node.status?.capacity?.[RESOURCE] ?? '0'));
  const threshold = BigInt(Math.floor(Number(capacity) * NODEFS_AVAILABLE_HARD));
  const available = BigInt(Math.floor((Number(capacity) * DISK_FULL_AVAILABLE) / 4096)) * 4096n;
  const bytes = (n: bigint) => formatQuantity({ nanos: n * 1_000_000_000n, format: 'BinarySI' });
  return `The node was low on resource: ${RESOURCE}. Threshold quantity: ${bytes(threshold)}, available: ${bytes(available)}. `;
}

/** isCriticalPod is kubelettypes.IsCriticalPod: static and mirror pods, and system-critical priorities. */
function isCriticalPod(pod: KubeObject): boolean {
  return isMirrorPod(pod) || (pod.spec?.priority ?? 0) >= SYSTEM_CRITICAL_PRIORITY;
}

/** rankForDiskPressure orders the candidates: lowest priority first, then by namespace/name. */
export function rankForDiskPressure(pods: KubeObject[]): KubeObject[] {
  const key = (p: KubeObject) => `${p.metadata.namespace}/${p.metadata.name}`;
  return [...pods].sort((a, b) => (a.spec?.priority ?? 0) - (b.spec?.priority ?? 0) || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** LAST_EVICTION_KEY is the node-local record of the eviction manager's last round (ms). */
const LAST_EVICTION_KEY = 'eviction-manager';

/**
 * evictionRound is synchronize under disk pressure, at most once per monitoring interval
 * however often the node is reconciled: the node event, then the first ranked pod failed with
 * the Evicted status and its containers killed. Returns ms until the next round, or undefined
 * when no pod is left to evict.
 */
export function evictionRound(node: KubeObject, ctx: ReconcileContext): number | undefined {
  const name = node.metadata.name!;
  const now = ctx.clock.nowMs();
  const last = ctx.api.nodeLocalState<{ at: number }>(name, LAST_EVICTION_KEY)?.at;
  const candidates = rankForDiskPressure(ctx.api.podsOnNode(name)
    .filter((p) => !p.metadata.deletionTimestamp && !isPodTerminal(p) && !isCriticalPod(p)));
  const victim = candidates[0];
  if (!victim) return undefined;
  if (last !== undefined && now < last + MONITORING_INTERVAL_MS) return last + MONITORING_INTERVAL_MS - now;
  ctx.api.setNodeLocalState(name, LAST_EVICTION_KEY, { at: now });
  const source = { component: 'kubelet', host: name };
  ctx.api.recordEvent({ kind: 'Node', name, uid: name, apiVersion: 'v1' }, 'Warning', THRESHOLD_MET_REASON, `Attempting to reclaim ${RESOURCE}`, source);
  const message = evictionMessage(node);
  ctx.api.updateStatus({ ...victim, status: evictedStatus(victim, message, ctx.clock.nowISO()) }, { fieldManager: 'kubelet' });
  ctx.api.recordEvent(victim, 'Warning', EVICTED_REASON, message, source);
  return candidates.length > 1 ? MONITORING_INTERVAL_MS : undefined;
}

/** evictedStatus is the status the kubelet posts for an evicted pod: Failed, Evicted, containers killed (SIGKILL, 137). */
function evictedStatus(pod: KubeObject, message: string, nowISO: string): Record<string, unknown> {
  const status = structuredClone(pod.status ?? {});
  const kill = (s: { state?: { running?: { startedAt?: string } }; containerID?: string; ready?: boolean; started?: boolean }) => {
    const running = s.state?.running;
    return {
      ...s, ready: false, started: false,
      state: running
        ? { terminated: { exitCode: 137, reason: 'Error', startedAt: running.startedAt, finishedAt: nowISO, containerID: s.containerID } }
        : s.state,
    };
  };
  if (status.containerStatuses) status.containerStatuses = status.containerStatuses.map(kill);
  if (status.initContainerStatuses) status.initContainerStatuses = status.initContainerStatuses.map(kill);
  // The DisruptionTarget condition is new; the readiness ones turn False as for any failed pod.
  status.conditions = withConditions(status.conditions, [
    { type: 'PodReadyToStartContainers', status: 'False' },
    { type: 'Ready', status: 'False', reason: 'PodFailed' },
    { type: 'ContainersReady', status: 'False', reason: 'PodFailed' },
    { type: 'DisruptionTarget', status: 'True', reason: TERMINATION_BY_KUBELET, message },
  ] as Condition[], nowISO);
  status.phase = 'Failed';
  status.reason = EVICTED_REASON;
  status.message = message;
  return status;
}
