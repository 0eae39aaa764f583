/**
 * pod: the Pod printer — READY, STATUS and RESTARTS as computed by printers.go printPod
 * (kubectl-status-and-age.md §1), plus the wide IP / NODE / NOMINATED NODE / READINESS GATES.
 */
import type { KubeObject } from '../../api/meta';
import { humanDuration } from '../age';
import { ageCell, nameCell, NONE } from './cells';
import { col, wide, type PrintContext, type TableDef } from './table-def';

/** POD_TERMINATING is STATUS of a pod with a deletionTimestamp that has not finished. */
export const POD_TERMINATING = 'Terminating';
/** POD_UNKNOWN is STATUS of a pod being deleted after its node was lost. */
export const POD_UNKNOWN = 'Unknown';
/** POD_SCHEDULING_GATED is STATUS of a pod held back by scheduling gates. */
export const POD_SCHEDULING_GATED = 'SchedulingGated';
/** POD_COMPLETED is the terminated reason a finished container reports. */
export const POD_COMPLETED = 'Completed';
/** POD_RUNNING is STATUS when a Completed container sits beside a running one in a Ready pod. */
export const POD_RUNNING = 'Running';
/** POD_NOT_READY is STATUS when a Completed container sits beside a running one in a non-Ready pod. */
export const POD_NOT_READY = 'NotReady';
/** NODE_LOST_REASON is the pod status.reason the node controller sets for unreachable nodes. */
export const NODE_LOST_REASON = 'NodeLost';

interface ContainerState {
  waiting?: { reason?: string };
  running?: { startedAt?: string };
  terminated?: { reason?: string; exitCode?: number; signal?: number; finishedAt?: string };
}

interface ContainerStatus {
  name?: string;
  ready?: boolean;
  started?: boolean;
  restartCount?: number;
  state?: ContainerState;
  lastState?: ContainerState;
}

/** PodSummary is the computed READY / STATUS / RESTARTS triple of a pod. */
export interface PodSummary {
  ready: string;
  status: string;
  restarts: string;
}

function hasCondition(pod: KubeObject, type: string, status = 'True'): boolean {
  return (pod.status?.conditions ?? []).some((c: { type?: string; status?: string }) => c.type === type && c.status === status);
}

/** lastRestartOf returns the finishedAt (ms) of a container's last termination, if known. */
function lastRestartOf(cs: ContainerStatus): number | undefined {
  const finished = cs.lastState?.terminated?.finishedAt;
  if (!finished) return undefined;
  const t = Date.parse(finished);
  return Number.isNaN(t) ? undefined : t;
}

function later(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return b > a ? b : a;
}

/**
 * podSummary computes a pod's READY, STATUS and RESTARTS cells.
 * Mirrors kubernetes/kubernetes pkg/printers/internalversion/printers.go printPod.
 */
export function podSummary(pod: KubeObject, now: Date): PodSummary {
  const spec = pod.spec ?? {};
  const status = pod.status ?? {};
  const initContainers: Array<{ name?: string; restartPolicy?: string }> = spec.initContainers ?? [];
  const sidecarNames = new Set(initContainers.filter((c) => c.restartPolicy === 'Always').map((c) => c.name));

  const total = (spec.containers ?? []).length + sidecarNames.size;
  let ready = 0;
  let restarts = 0;
  let sidecarRestarts = 0;
  let lastRestart: number | undefined;
  let lastSidecarRestart: number | undefined;

  let reason: string = status.phase ?? '';
  if (status.reason) reason = status.reason;

  // Scheduling gates keep the pod from being scheduled; the condition says so.
  if ((status.conditions ?? []).some((c: { type?: string; reason?: string }) => c.type === 'PodScheduled' && c.reason === POD_SCHEDULING_GATED)) {
    reason = POD_SCHEDULING_GATED;
  }

  let initializing = false;
  const initStatuses: ContainerStatus[] = status.initContainerStatuses ?? [];
  for (let i = 0; i < initStatuses.length; i++) {
    const cs = initStatuses[i]!;
    const isSidecar = sidecarNames.has(cs.name);
    restarts += cs.restartCount ?? 0;
    lastRestart = later(lastRestart, lastRestartOf(cs));
    if (isSidecar) {
      sidecarRestarts += cs.restartCount ?? 0;
      lastSidecarRestart = later(lastSidecarRestart, lastRestartOf(cs));
    }
    const term = cs.state?.terminated;
    const waiting = cs.state?.waiting;
    if (term && (term.exitCode ?? 0) === 0) continue;
    if (isSidecar && cs.started) {
      if (cs.ready) ready++;
      continue;
    }
    if (term) {
      if (term.reason) reason = `Init:${term.reason}`;
      else if (term.signal) reason = `Init:Signal:${term.signal}`;
      else reason = `Init:ExitCode:${term.exitCode ?? 0}`;
    } else if (waiting?.reason && waiting.reason !== 'PodInitializing') {
      reason = `Init:${waiting.reason}`;
    } else {
      reason = `Init:${i}/${initContainers.length}`;
    }
    initializing = true;
    break;
  }

  if (!initializing || hasCondition(pod, 'Initialized')) {
    // Restarts of ordinary init containers are forgotten once the pod is initialized.
    restarts = sidecarRestarts;
    lastRestart = lastSidecarRestart;
    let hasRunning = false;
    const statuses: ContainerStatus[] = status.containerStatuses ?? [];
    // Walk backwards so that the first container with a reason wins, as upstream does.
    for (let i = statuses.length - 1; i >= 0; i--) {
      const cs = statuses[i]!;
      restarts += cs.restartCount ?? 0;
      lastRestart = later(lastRestart, lastRestartOf(cs));
      const term = cs.state?.terminated;
      if (cs.state?.waiting?.reason) {
        reason = cs.state.waiting.reason;
      } else if (term?.reason) {
        reason = term.reason;
      } else if (term) {
        reason = term.signal ? `Signal:${term.signal}` : `ExitCode:${term.exitCode ?? 0}`;
      } else if (cs.ready && cs.state?.running) {
        hasRunning = true;
        ready++;
      }
    }
    if (reason === POD_COMPLETED && hasRunning) {
      reason = hasCondition(pod, 'Ready') ? POD_RUNNING : POD_NOT_READY;
    }
  }

  if (pod.metadata?.deletionTimestamp) {
    if (status.reason === NODE_LOST_REASON) reason = POD_UNKNOWN;
    else if (status.phase !== 'Succeeded' && status.phase !== 'Failed') reason = POD_TERMINATING;
  }

  let restartsCell = String(restarts);
  if (restarts > 0 && lastRestart !== undefined) {
    restartsCell = `${restarts} (${humanDuration(now.getTime() - lastRestart)} ago)`;
  }
  return { ready: `${ready}/${total}`, status: reason, restarts: restartsCell };
}

/** readinessGatesCell is "<none>" without gates, else "<true>/<total>" over the gates' condition types. */
function readinessGatesCell(pod: KubeObject): string {
  const gates: Array<{ conditionType?: string }> = pod.spec?.readinessGates ?? [];
  if (gates.length === 0) return NONE;
  const trueCount = gates.filter((g) => hasCondition(pod, g.conditionType ?? '')).length;
  return `${trueCount}/${gates.length}`;
}

/** podTable is the Pod printer. */
export const podTable: TableDef = {
  columns: [
    col('Name'), col('Ready'), col('Status'), col('Restarts'), col('Age'),
    wide('IP'), wide('Node'), wide('Nominated Node'), wide('Readiness Gates'),
  ],
  cells(pod: KubeObject, ctx: PrintContext): string[] {
    const s = podSummary(pod, ctx.now);
    // kubemu: falls back to status.podIP when podIPs is absent (upstream reads podIPs only;
    // the apiserver keeps both in sync, so real objects print the same either way).
    const ip: string = pod.status?.podIPs?.[0]?.ip || pod.status?.podIP || NONE;
    return [
      nameCell(pod), s.ready, s.status, s.restarts, ageCell(pod, ctx),
      ip, pod.spec?.nodeName || NONE, pod.status?.nominatedNodeName || NONE, readinessGatesCell(pod),
    ];
  },
};
