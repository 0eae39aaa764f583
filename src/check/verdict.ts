/**
 * verdict: which phases an object's kind goes through, and the judge of each. Workloads are
 * admitted, scheduled and ready; a PersistentVolumeClaim is ready when bound and a Service
 * when it would have endpoints; everything else is done once admitted.
 */
import type { KubeObject } from '../api/meta';
import type { Cluster } from '../cluster/cluster';
import { PHASES, type Finding, type Phase } from './model';
import { judgeReady, judgeScheduled } from './pod-verdict';
import { judgeClaim } from './pvc-verdict';
import { judgeService } from './service-verdict';
import { WORKLOAD_KINDS } from './workload-pods';

/** phasesFor lists a kind's phases up to and including `until`. */
export function phasesFor(kind: unknown, until: Phase): Phase[] {
  const all: readonly Phase[] = typeof kind === 'string' && WORKLOAD_KINDS.has(kind) ? PHASES
    : kind === 'PersistentVolumeClaim' || kind === 'Service' ? ['admitted', 'ready'] : ['admitted'];
  return all.filter((p) => PHASES.indexOf(p) <= PHASES.indexOf(until));
}

/** judge returns what keeps a stored object from a phase after admitted (none: it reached it). */
export function judge(cluster: Cluster, live: KubeObject, phase: Exclude<Phase, 'admitted'>): Finding[] {
  if (live.kind === 'Service') return judgeService(cluster, live);
  if (live.kind === 'PersistentVolumeClaim') return judgeClaim(cluster, live);
  return phase === 'scheduled' ? judgeScheduled(cluster, live) : judgeReady(cluster, live);
}

/** awaited tells whether simulated time must run for an object to reach its last phase (Services are judged at the end). */
export function awaited(kind: unknown, until: Phase): boolean {
  return kind !== 'Service' && phasesFor(kind, until).length > 1;
}
