/**
 * throwaway-cluster: the cluster a check runs in — on in-memory SQLite with a manual clock
 * and the given seed, so nothing is written to KUBEMU_HOME and the same bundle and seed
 * replay byte for byte. Built like `cluster create` builds one, then warmed up the same
 * five simulated minutes so the add-ons are running before the bundle arrives.
 */
import { initialiseCluster, MANUAL_EPOCH_MS, WARMUP_MS } from '../cluster/bootstrap';
import type { Cluster } from '../cluster/cluster';
import { applyProfileToNodes, type Profile } from './profiles';

/** newThrowawayCluster builds and warms up a cluster of the profile's shape in memory. */
export function newThrowawayCluster(profile: Profile, seed: number): Cluster {
  const cluster = initialiseCluster(':memory:', { ...profile.spec, clock: 'manual', seed }, { warmup: false });
  applyProfileToNodes(cluster, profile);
  cluster.store.transaction(() => cluster.sim.withoutWriteBudget(() => cluster.sim.advanceTo(MANUAL_EPOCH_MS + WARMUP_MS)));
  return cluster;
}
