/**
 * proportional: sharing a scale change among several active ReplicaSets in proportion to
 * their size, as a Deployment mid-rollout does when it is scaled.
 * Mirrors kubernetes pkg/controller/deployment/sync.go scale and util GetProportion /
 * getReplicaSetFraction, and controller ReplicaSetsBySizeNewer/Older.
 */

/** SizedSet is what proportional scaling needs of a ReplicaSet. */
export interface SizedSet {
  name: string;
  replicas: number;
  /** maxReplicas is its max-replicas annotation: the deployment size (+surge) it was last scaled for. */
  maxReplicas?: number;
  created: string;
}

/** ProportionalInput: the deployment's new size, its surge, and its current status.replicas (for sets without an annotation). */
export interface ProportionalInput { desired: number; maxSurge: number; statusReplicas: number }

function fraction(rs: SizedSet, d: ProportionalInput): number {
  if (d.desired === 0) return -rs.replicas;
  const deploymentReplicas = d.desired + d.maxSurge;
  const annotated = rs.maxReplicas ?? d.statusReplicas;
  if (!annotated) return 0;
  // Go rounds half away from zero (math.Round).
  const size = (rs.replicas * deploymentReplicas) / annotated;
  return Math.sign(size) * Math.round(Math.abs(size)) - rs.replicas;
}

/** proportionalSizes returns each active set's new size after scaling the deployment to d.desired. */
export function proportionalSizes(sets: SizedSet[], d: ProportionalInput): Map<string, number> {
  const allowed = d.desired > 0 ? d.desired + d.maxSurge : 0;
  const total = sets.reduce((n, s) => n + s.replicas, 0);
  const toAdd = allowed - total;
  // Larger first; ties: newer first when growing, older first when shrinking.
  const sorted = [...sets].sort((a, b) => b.replicas - a.replicas
    || (toAdd > 0 ? b.created.localeCompare(a.created) : a.created.localeCompare(b.created)) || a.name.localeCompare(b.name));
  const sizes = new Map<string, number>();
  let added = 0;
  for (const rs of sorted) {
    let p = 0;
    if (toAdd !== 0) {
      const f = fraction(rs, d);
      const left = toAdd - added;
      p = toAdd > 0 ? Math.min(f, left) : Math.max(f, left);
    }
    sizes.set(rs.name, rs.replicas + p);
    added += p;
  }
  const first = sorted[0];
  if (first && toAdd !== 0) sizes.set(first.name, Math.max(0, sizes.get(first.name)! + (toAdd - added)));
  return sizes;
}
