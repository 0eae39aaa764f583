/**
 * strategy-math: resolving maxSurge/maxUnavailable and the deployment's replica arithmetic.
 * Mirrors pkg/controller/deployment/util/deployment_util.go (ResolveFenceposts, NewRSNewReplicas).
 */
import type { Deployment, ReplicaSet } from '../../api/types/kinds';

/** scaledValue resolves an int-or-percent against total; percentages round up or down. */
export function scaledValue(v: number | string | undefined, total: number, roundUp: boolean, dflt: string): number {
  const val = v ?? dflt;
  if (typeof val === 'number') return val;
  const m = /^(\d+)%$/.exec(val);
  if (!m) return Number(val) || 0;
  const x = (Number(m[1]) * total) / 100;
  return roundUp ? Math.ceil(x) : Math.floor(x);
}

/** fenceposts returns [maxSurge, maxUnavailable]; both zero would stall, so unavailable becomes 1. */
export function fenceposts(d: Deployment): [number, number] {
  const ru = d.spec!.strategy?.rollingUpdate ?? {};
  const desired = d.spec!.replicas ?? 1;
  const surge = scaledValue(ru.maxSurge, desired, true, '25%');
  let unavailable = scaledValue(ru.maxUnavailable, desired, false, '25%');
  if (surge === 0 && unavailable === 0) unavailable = 1;
  return [surge, unavailable];
}

/** replicasOf sums spec.replicas over replica sets. */
export function specReplicas(sets: ReplicaSet[]): number {
  return sets.reduce((n, rs) => n + (rs.spec!.replicas ?? 0), 0);
}

/** statusSum sums a status counter over replica sets. */
export function statusSum(sets: ReplicaSet[], field: 'replicas' | 'readyReplicas' | 'availableReplicas'): number {
  return sets.reduce((n, rs) => n + (rs.status?.[field] ?? 0), 0);
}
