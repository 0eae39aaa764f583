/**
 * pvc-verdict: whether a PersistentVolumeClaim binds. A claim of a WaitForFirstConsumer
 * class binds when a pod that uses it is scheduled, so one still waiting for its consumer is
 * not a finding; any other Pending claim is, with the persistent volume controller's event.
 */
import type { KubeObject } from '../api/meta';
import type { Cluster } from '../cluster/cluster';
import type { Finding } from './model';
import { latestEvent } from './object-events';
import { RULES } from './rules';

/** pvcPendingMessage is KM030's text when the controller left no event. */
export const pvcPendingMessage = (name: string): string => `persistentvolumeclaim "${name}" is Pending`;

/** judgeClaim is a claim's ready phase: Bound. */
export function judgeClaim(cluster: Cluster, live: KubeObject): Finding[] {
  if (live.status?.phase === 'Bound') return [];
  const e = latestEvent(cluster, live.metadata.namespace, new Set([live.metadata.uid!]));
  if (e?.reason === 'WaitForFirstConsumer') return [];
  return [{ rule: RULES.pvcPending.id, level: RULES.pvcPending.level, phase: 'ready', message: e?.message ?? pvcPendingMessage(live.metadata.name!) }];
}
