/**
 * component-stops: kube-scheduler or kube-controller-manager going down or coming back
 * (`kubemu scheduler stop|start`, its static pod's manifest broken or mended). The flag the
 * next command's settle loop and the ComponentStatus probe read, and the component's leader
 * Lease: its last renewal is written down as it stops, and it renews at once as it starts.
 */
import { META_CONTROLLER_MANAGER_STOPPED, META_SCHEDULER_STOPPED } from '../apiserver/component-statuses';
import { holdLeaderLease } from '../controllers/leaderelection';
import type { Cluster } from './cluster';

export type LeaderComponent = 'kube-scheduler' | 'kube-controller-manager';

/** FLAGS are each component's meta flag and the value it keeps while the component runs. */
const FLAGS: Record<LeaderComponent, { key: string; running: string }> = {
  'kube-scheduler': { key: META_SCHEDULER_STOPPED, running: 'false' },
  'kube-controller-manager': { key: META_CONTROLLER_MANAGER_STOPPED, running: '' },
};

/** isStopped reports whether a component is down. */
export const isStopped = (cluster: Pick<Cluster, 'store'>, component: LeaderComponent): boolean =>
  cluster.store.meta.get(FLAGS[component].key) === 'true';

/**
 * setStopped takes a component down or brings it back, inside the caller's write; false when it
 * already was so.
 */
export function setStopped(cluster: Pick<Cluster, 'store' | 'api' | 'clock' | 'rand'>, component: LeaderComponent, stopped: boolean): boolean {
  if (isStopped(cluster, component) === stopped) return false;
  const ctx = { api: cluster.api, clock: cluster.clock, rand: cluster.rand };
  // The Lease is read through the API server, which computes its renewals while the flag says it runs.
  if (stopped) holdLeaderLease(component, false, ctx);
  cluster.store.meta.set(FLAGS[component].key, stopped ? 'true' : FLAGS[component].running);
  if (!stopped) holdLeaderLease(component, true, ctx);
  return true;
}
