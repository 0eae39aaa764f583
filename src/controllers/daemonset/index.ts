/**
 * daemonset: one pod per eligible node. Eligibility follows the DaemonSet's node selector,
 * required node affinity and NoSchedule/NoExecute taints; each pod is pinned to its node
 * with node affinity on metadata.name and placed by the default scheduler.
 * Mirrors kubernetes pkg/controller/daemon (daemon_controller.go, util); kubemu: OnDelete
 * and rolling template updates replace pods one node at a time without maxSurge.
 */
import type { KubeObject } from '../../api/meta';
import { isPodActive, isPodAvailable, isPodReady } from '../../api/pod-util';
import type { Controller, ReconcileContext, Request, Result } from '../controller';
import { newPodFromTemplate } from '../replicaset/pods';
import { computeHash } from '../deployment/hash';
import { nodeEligible, daemonTolerations } from './eligibility';

export const NAME = 'daemonset-controller';
export const SUCCESSFUL_CREATE = 'SuccessfulCreate';
export const SUCCESSFUL_DELETE = 'SuccessfulDelete';
export const TEMPLATE_GENERATION = 'pod-template-generation';
export const CONTROLLER_REVISION_HASH = 'controller-revision-hash';

/** daemonSetController is the DaemonSet reconcile loop. */
export const daemonSetController: Controller = {
  name: NAME,
  for: 'DaemonSet',
  owns: ['Pod'],
  watches: [{ kind: 'Node', map: (_node, ctx) => ctx.api.list({ kind: 'DaemonSet' }).map((ds) => ({ namespace: ds.metadata.namespace, name: ds.metadata.name! })) }],
  reconcile(req: Request, ctx: ReconcileContext): Result | void {
    const ds = ctx.api.tryGet({ kind: 'DaemonSet', namespace: req.namespace, name: req.name });
    if (!ds || ds.metadata.deletionTimestamp) return;
    const hash = computeHash(ds.spec.template).slice(0, 10);
    const nodes = ctx.api.list({ kind: 'Node' });
    const pods = ctx.api.listControlledBy('Pod', ds.metadata.uid!).filter(isPodActive);
    const byNode = new Map<string, KubeObject[]>();
    for (const p of pods) {
      const n = targetNode(p);
      if (!n) continue;
      byNode.set(n, [...(byNode.get(n) ?? []), p]);
    }
    const eligible = nodes.filter((n) => nodeEligible(ds, n));
    for (const node of eligible) {
      const mine = byNode.get(node.metadata.name!) ?? [];
      const current = mine.filter((p) => p.metadata.labels?.[CONTROLLER_REVISION_HASH] === hash);
      if (!mine.length) createPod(ds, node.metadata.name!, hash, ctx);
      else if (!current.length && ds.spec.updateStrategy?.type !== 'OnDelete') {
        // Rolling update: replace at most maxUnavailable (default 1) outdated pods at a time.
        const unavailable = eligible.filter((n) => !(byNode.get(n.metadata.name!) ?? []).some((p) => isPodReady(p))).length;
        if (unavailable < 1) for (const p of mine) deletePod(ds, p, ctx);
      }
      for (const extra of current.slice(1)) deletePod(ds, extra, ctx);
    }
    for (const [nodeName, mine] of byNode) if (!eligible.some((n) => n.metadata.name === nodeName)) for (const p of mine) deletePod(ds, p, ctx);
    return updateStatus(ds, eligible.map((n) => n.metadata.name!), hash, ctx);
  },
};

function targetNode(pod: KubeObject): string | undefined {
  if (pod.spec?.nodeName) return pod.spec.nodeName;
  const terms = pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms ?? [];
  for (const t of terms) for (const f of t.matchFields ?? []) if (f.key === 'metadata.name') return f.values?.[0];
  return undefined;
}

function createPod(ds: KubeObject, nodeName: string, hash: string, ctx: ReconcileContext): void {
  const pod = newPodFromTemplate(ds, 'DaemonSet', 'apps/v1');
  pod.metadata.labels = { ...(pod.metadata.labels ?? {}), [CONTROLLER_REVISION_HASH]: hash, [TEMPLATE_GENERATION]: String(ds.metadata.generation ?? 1) };
  pod.spec.affinity = {
    ...(pod.spec.affinity ?? {}),
    nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [nodeName] }] }] } },
  };
  pod.spec.tolerations = daemonTolerations(pod.spec.tolerations ?? [], !!pod.spec.hostNetwork);
  const out = ctx.api.create(pod, { fieldManager: NAME });
  ctx.api.recordEvent(ds, 'Normal', SUCCESSFUL_CREATE, `Created pod: ${out.metadata.name}`, { component: NAME });
}

function deletePod(ds: KubeObject, pod: KubeObject, ctx: ReconcileContext): void {
  ctx.api.delete({ kind: 'Pod', namespace: pod.metadata.namespace, name: pod.metadata.name! }, { fieldManager: NAME });
  ctx.api.recordEvent(ds, 'Normal', SUCCESSFUL_DELETE, `Deleted pod: ${pod.metadata.name}`, { component: NAME });
}

function updateStatus(ds: KubeObject, eligible: string[], hash: string, ctx: ReconcileContext): Result | void {
  const fresh = ctx.api.get({ kind: 'DaemonSet', namespace: ds.metadata.namespace, name: ds.metadata.name! });
  const pods = ctx.api.listControlledBy('Pod', ds.metadata.uid!).filter(isPodActive);
  const now = ctx.clock.nowMs();
  const onEligible = pods.filter((p) => eligible.includes(targetNode(p) ?? ''));
  const scheduled = new Set(onEligible.filter((p) => p.spec.nodeName).map((p) => p.spec.nodeName));
  const status: Record<string, unknown> = {
    currentNumberScheduled: scheduled.size,
    numberMisscheduled: pods.filter((p) => p.spec.nodeName && !eligible.includes(p.spec.nodeName)).length,
    desiredNumberScheduled: eligible.length,
    numberReady: onEligible.filter(isPodReady).length,
    observedGeneration: fresh.metadata.generation,
    updatedNumberScheduled: onEligible.filter((p) => p.metadata.labels?.[CONTROLLER_REVISION_HASH] === hash && p.spec.nodeName).length,
    numberAvailable: onEligible.filter((p) => isPodAvailable(p, fresh.spec.minReadySeconds ?? 0, now)).length,
  };
  const unavailable = eligible.length - (status.numberAvailable as number);
  if (unavailable > 0) status.numberUnavailable = unavailable;
  if (!status.numberAvailable) delete status.numberAvailable;
  ctx.api.updateStatus({ ...fresh, status }, { fieldManager: NAME });
}
