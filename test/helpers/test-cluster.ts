/**
 * test-cluster: a real cluster (API server, store, simulation) on in-memory SQLite, for
 * controller and kubelet tests — no mocks of our own store or API layer.
 */
import { initialiseCluster, DEFAULT_SPEC, type ClusterSpec } from '../../src/cluster/bootstrap';
import type { Cluster } from '../../src/cluster/cluster';

/** newTestCluster returns a manual-clock cluster with the default shape (or spec overrides). */
export function newTestCluster(spec: Partial<ClusterSpec> = {}, opts: { warmup?: boolean } = {}): Cluster {
  return initialiseCluster(':memory:', { ...DEFAULT_SPEC, clock: 'manual', seed: 1, ...spec }, opts);
}
