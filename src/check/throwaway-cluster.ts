/**
 * throwaway-cluster: the cluster a check runs in — on in-memory SQLite with a manual clock
 * and the given seed, so nothing is written to KUBEMU_HOME and the same bundle and seed
 * replay byte for byte. Built like `cluster create` builds one (a profile with node pools
 * brings its own nodes instead of control01/worker0N), given what the profile says the real
 * cluster has, then warmed up the same five simulated minutes so the add-ons are running
 * before the bundle arrives.
 */
import { initialiseCluster, MANUAL_EPOCH_MS, WARMUP_MS } from '../cluster/bootstrap';
import type { Cluster } from '../cluster/cluster';
import { setUpProfile } from './profile-setup';
import { applyProfileToNodes, type Profile } from './profiles';

/** newThrowawayCluster builds and warms up a cluster of the profile's shape in memory. */
export function newThrowawayCluster(profile: Profile, seed: number): Cluster {
  const ownNodes = profile.contents?.pools ? { controlPlanes: 0, workers: 0 } : {};
  const cluster = initialiseCluster(':memory:', { ...profile.spec, ...ownNodes, clock: 'manual', seed }, { warmup: false });
  setUpProfile(cluster, profile);
  applyProfileToNodes(cluster, profile);
  cluster.store.transaction(() => cluster.sim.withoutWriteBudget(() => cluster.sim.advanceTo(MANUAL_EPOCH_MS + WARMUP_MS)));
  return cluster;
}
