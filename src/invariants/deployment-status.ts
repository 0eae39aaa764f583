/**
 * deployment-status: a Deployment's status.replicas, readyReplicas and availableReplicas
 * are the sums over the ReplicaSets it controls, as syncDeploymentStatus in
 * kubernetes/kubernetes pkg/controller/deployment/sync.go computes them.
 */
import type { InvariantCheck, Violation } from './violation';
import { refOf } from './object-index';

/** DEPLOYMENT_STATUS is the check's name. */
export const DEPLOYMENT_STATUS = 'deployment-status';

const FIELDS = ['replicas', 'readyReplicas', 'availableReplicas'] as const;

/** deploymentStatus compares Deployment totals with its ReplicaSets. */
export const deploymentStatus: InvariantCheck = {
  name: DEPLOYMENT_STATUS,
  run(index) {
    const out: Violation[] = [];
    for (const d of index.ofKind('Deployment')) {
      const uid = d.metadata.uid;
      if (!uid) continue;
      const sets = index.controlledBy(uid, 'ReplicaSet');
      for (const field of FIELDS) {
        const sum = sets.reduce((acc, rs) => acc + Number(rs.status?.[field] ?? 0), 0);
        const have = Number(d.status?.[field] ?? 0);
        if (have !== sum) out.push({ check: DEPLOYMENT_STATUS, object: refOf(d), message: `status.${field} is ${have} but its ReplicaSets sum to ${sum}` });
      }
    }
    return out;
  },
};
