/**
 * replicaset-status: a ReplicaSet's (or ReplicationController's, which the same loop runs)
 * status.replicas and status.readyReplicas equal the active (not terminal, not being deleted)
 * pods it controls, as calculateStatus in kubernetes/kubernetes
 * pkg/controller/replicaset/replica_set_utils.go counts them.
 * Only meaningful on settled state, which every kubemu command leaves behind.
 */
import { isPodActive, isPodReady } from '../api/pod-util';
import type { InvariantCheck, Violation } from './violation';
import { refOf } from './object-index';

/** REPLICASET_STATUS is the check's name. */
export const REPLICASET_STATUS = 'replicaset-status';

/** replicaSetStatus compares ReplicaSet and ReplicationController status counts with the pods. */
export const replicaSetStatus: InvariantCheck = {
  name: REPLICASET_STATUS,
  run(index) {
    const out: Violation[] = [];
    for (const rs of [...index.ofKind('ReplicaSet'), ...index.ofKind('ReplicationController')]) {
      const uid = rs.metadata.uid;
      if (!uid) continue;
      const active = index.controlledBy(uid, 'Pod').filter(isPodActive);
      const want = { replicas: active.length, readyReplicas: active.filter(isPodReady).length };
      for (const [field, n] of Object.entries(want)) {
        // The API omits zero counts (omitempty), so a missing field reads as 0.
        const have = Number(rs.status?.[field] ?? 0);
        if (have !== n) out.push({ check: REPLICASET_STATUS, object: refOf(rs), message: `status.${field} is ${have} but ${n} matching pods exist` });
      }
    }
    return out;
  },
};
