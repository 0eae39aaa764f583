/**
 * replication: the ReplicationController manager. As upstream (pkg/controller/replication,
 * "a thin wrapper around ReplicaSet's controller"), it is the ReplicaSet loop run for core/v1
 * ReplicationControllers: the only differences are the kind, the name its Events carry, and
 * the selector, which for an RC is a plain label map (matchLabels, every key equal).
 */
import type { KubeObject } from '../../api/meta';
import type { Controller } from '../../sim/controller';
import { newReplicaSetController, type ReplicaSetKind } from '../replicaset';

/** NAME is kube-controller-manager's recorder name for ReplicationControllers. */
export const NAME = 'replication-controller';

/** selectorOf reads an RC's map selector as a LabelSelector; an empty one selects nothing. */
function selectorOf(rc: KubeObject): { matchLabels: Record<string, string> } | undefined {
  const s = rc.spec?.selector as Record<string, string> | undefined;
  return s && Object.keys(s).length ? { matchLabels: s } : undefined;
}

export const REPLICATION_CONTROLLER_KIND: ReplicaSetKind = {
  kind: 'ReplicationController', apiVersion: 'v1', name: NAME, selector: selectorOf,
};

/** newReplicationManager makes the ReplicationController reconcile loop. */
export function newReplicationManager(): Controller {
  return newReplicaSetController(REPLICATION_CONTROLLER_KIND);
}
