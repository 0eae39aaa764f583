/**
 * verdict: which phases an object's kind goes through, and the judge of each. Workloads are
 * admitted, scheduled and ready, and those that finish (Jobs) or roll out (Deployments,
 * StatefulSets, DaemonSets) complete; a PersistentVolumeClaim is ready when bound, a Service
 * when it would have endpoints, and what points at others (Ingress, HTTPRoute, HPA, PDB,
 * NetworkPolicy) when what it points at makes sense; everything else is done once admitted.
 */
import type { KubeObject } from '../api/meta';
import type { Cluster } from '../cluster/cluster';
import { judgeComplete, COMPLETING_KINDS } from './complete-verdict';
import { PHASES, type Finding, type Phase } from './model';
import { judgeReady, judgeScheduled } from './pod-verdict';
import { judgeClaim } from './pvc-verdict';
import { judgeReference, REFERENCE_KINDS } from './reference-verdict';
import { judgeService } from './service-verdict';
import { WORKLOAD_KINDS } from './workload-pods';

const JUDGED_AT_END: ReadonlySet<string> = new Set(['Service', ...REFERENCE_KINDS]);

/** phasesFor lists a kind's phases up to and including `until`. */
export function phasesFor(kind: unknown, until: Phase): Phase[] {
  const k = typeof kind === 'string' ? kind : '';
  const all: readonly Phase[] = COMPLETING_KINDS.has(k) ? PHASES
    : WORKLOAD_KINDS.has(k) ? ['admitted', 'scheduled', 'ready']
      : k === 'PersistentVolumeClaim' || JUDGED_AT_END.has(k) ? ['admitted', 'ready'] : ['admitted'];
  return all.filter((p) => PHASES.indexOf(p) <= PHASES.indexOf(until));
}

/** judge returns what keeps a stored object from a phase after admitted (none: it reached it). */
export function judge(cluster: Cluster, live: KubeObject, phase: Exclude<Phase, 'admitted'>): Finding[] {
  if (live.kind === 'Service') return judgeService(cluster, live);
  if (REFERENCE_KINDS.has(live.kind)) return judgeReference(cluster, live);
  if (live.kind === 'PersistentVolumeClaim') return judgeClaim(cluster, live);
  if (phase === 'complete') return judgeComplete(cluster, live);
  return phase === 'scheduled' ? judgeScheduled(cluster, live) : judgeReady(cluster, live);
}

/** awaited tells whether simulated time must run for an object to reach its last phase (Services and references are judged at the end). */
export function awaited(kind: unknown, until: Phase): boolean {
  return !JUDGED_AT_END.has(kind as string) && phasesFor(kind, until).length > 1;
}
