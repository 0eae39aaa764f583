/**
 * simulator: the shapes the autoscaler's simulation speaks (the scheduler's predicate
 * checker implements them; controllers do not import the scheduler).
 */
export interface Placement { node?: string; reasons: string[] }
/** SnapshotOptionsLike carries the cluster data some filters need (PDBs, namespaces, volumes). */
export type SnapshotOptionsLike = Record<string, unknown>;
