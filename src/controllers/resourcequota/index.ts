/**
 * resourcequota: keeps each ResourceQuota's status (hard and used) current as objects in its
 * namespace come and go. Mirrors pkg/controller/resourcequota (syncResourceQuota).
 */
import type { KubeObject } from '../../api/meta';
import { deepEqual } from '../../api/deep-equal';
import { quotaHard, quotaUsage } from '../../quota/quota-usage';
import type { Controller, ReconcileContext, Request, Result } from '../../sim/controller';

export const NAME = 'resourcequota-controller';

const WATCHED = ['Pod', 'PersistentVolumeClaim', 'Service', 'ConfigMap', 'Secret', 'ReplicationController', 'Deployment', 'ReplicaSet', 'StatefulSet', 'Job', 'CronJob', 'DaemonSet'];

function quotasIn(obj: KubeObject, ctx: ReconcileContext): Request[] {
  return ctx.api.list({ kind: 'ResourceQuota', namespace: obj.metadata.namespace }).map((q) => ({ namespace: q.metadata.namespace, name: q.metadata.name! }));
}

/** resourceQuotaController recomputes quota status. */
export const resourceQuotaController: Controller = {
  name: NAME,
  for: 'ResourceQuota',
  watches: WATCHED.map((kind) => ({ kind, map: quotasIn })),
  reconcile(req: Request, ctx: ReconcileContext): Result | void {
    const quota = ctx.api.tryGet({ kind: 'ResourceQuota', namespace: req.namespace, name: req.name });
    if (!quota) return;
    const ns = req.namespace!;
    const counts: Record<string, number> = {};
    const count = (kind: string, key: string) => { counts[key] = ctx.api.list({ kind, namespace: ns }).length; };
    for (const [kind, key] of [['Deployment', 'deployments.apps'], ['ReplicaSet', 'replicasets.apps'], ['StatefulSet', 'statefulsets.apps'], ['DaemonSet', 'daemonsets.apps'], ['Job', 'jobs.batch'], ['CronJob', 'cronjobs.batch'], ['ConfigMap', 'configmaps'], ['Secret', 'secrets'], ['ReplicationController', 'replicationcontrollers'], ['ResourceQuota', 'resourcequotas']] as const) count(kind, key);
    const pods = ctx.api.list({ kind: 'Pod', namespace: ns });
    const status = {
      hard: quotaHard(quota),
      used: quotaUsage(quota, {
        pods, pvcs: ctx.api.list({ kind: 'PersistentVolumeClaim', namespace: ns }), services: ctx.api.list({ kind: 'Service', namespace: ns }),
        configmaps: counts.configmaps, secrets: counts.secrets, replicationcontrollers: counts.replicationcontrollers, resourcequotas: counts.resourcequotas,
        counts, now: ctx.clock.nowISO(),
      }),
    };
    if (deepEqual(quota.status, status)) return;
    ctx.api.updateStatus({ ...quota, status }, { fieldManager: NAME });
  },
};
