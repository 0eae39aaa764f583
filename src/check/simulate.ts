/**
 * simulate: running the throwaway cluster forward in simulated time, timer by timer as
 * `kubectl wait` does in kubemu, until every object the check waits for has reached its last
 * phase or the simulated timeout has passed. The run is not bounded by the per-command write
 * budget: the verdict needs the whole of the time asked for.
 */
import type { KubeObject } from '../api/meta';
import type { Cluster } from '../cluster/cluster';
import type { Phase } from './model';
import { judge, phasesFor } from './verdict';

/** Awaited is a stored object to wait for: its storage key. */
export interface AwaitedKey { kind: string; namespace?: string; name: string }

/** simulate advances until every key's object passes its last phase or timeoutMs has passed; returns the simulated time used. */
export function simulate(cluster: Cluster, keys: readonly AwaitedKey[], until: Phase, timeoutMs: number, onStep?: () => void): number {
  if (!keys.length) return 0;
  const start = cluster.clock.nowMs();
  const reached = (): boolean => { onStep?.(); return allReached(); };
  const allReached = (): boolean => keys.every((key) => {
    const live: KubeObject | undefined = cluster.api.tryGet(key);
    if (!live) return true;
    const phases = phasesFor(live.kind, until);
    return phases.slice(1).every((p) => judge(cluster, live, p as Exclude<Phase, 'admitted'>).length === 0);
  });
  cluster.store.transaction(() => cluster.sim.withoutWriteBudget(() => cluster.sim.advanceUntil(start + timeoutMs, reached)));
  return cluster.clock.nowMs() - start;
}
