/**
 * daemonset: one pod per eligible node. Eligibility follows the DaemonSet's node selector,
 * required node affinity and NoSchedule/NoExecute taints; each pod is pinned to its node
 * with node affinity on metadata.name and placed by the default scheduler. Template changes
 * become ControllerRevisions and roll out by maxUnavailable or maxSurge (update.ts).
 * Mirrors kubernetes pkg/controller/daemon (daemon_controller.go manage, update.go); kubemu:
 * no slow-start batches; a node's surplus pods are removed newest first.
 */
import type { DaemonSet, Pod } from '../../api/types/kinds';
import { templateGenerationOf } from '../../api/daemonset-template-generation';
import { isPodActive, isPodAvailable, isPodReady } from '../../api/pod-util';
import { isAlreadyExists, isNotFound } from '../../apiserver/errors';
import type { Controller, ReconcileContext, Request, Result } from '../../sim/controller';
import { ReconciledState } from '../../sim/reconciled-state';
import { newPodFromTemplate } from '../replicaset/pods';
import { computeHash } from '../deployment/hash';
import { scaledValue } from '../deployment/strategy-math';
import { newRevision, revisionNumber } from '../statefulset/revision';
import { nodeEligible, daemonTolerations } from './eligibility';
import { planRollingUpdate, type NodePods } from './update';

export const NAME = 'daemonset-controller';
export const SUCCESSFUL_CREATE = 'SuccessfulCreate';
export const SUCCESSFUL_DELETE = 'SuccessfulDelete';
export const FAILED_DAEMON_POD = 'FailedDaemonPod';
export const TEMPLATE_GENERATION = 'pod-template-generation';
export const CONTROLLER_REVISION_HASH = 'controller-revision-hash';

/** failedDaemonPodMessage is the FailedDaemonPod event text. */
export const failedDaemonPodMessage = (ns: string, pod: string, node: string) => `Found failed daemon pod ${ns}/${pod} on node ${node}, will try to kill it`;

/** newDaemonSetController makes the DaemonSet reconcile loop. */
export function newDaemonSetController(): Controller {
  // The labels and taints each node was last seen with: only they decide where a DaemonSet runs
  // (nodeEligible), so a status-only change (conditions, images) wakes no DaemonSet, as
  // upstream's updateNode enqueues only those whose shouldRun changed.
  const placements = new ReconciledState();
  return {
    name: NAME,
    for: 'DaemonSet',
    owns: ['Pod', 'ControllerRevision'],
    watches: [{
      kind: 'Node',
      map: (node, ctx, type) => {
        const name = node.metadata.name!;
        const placement = JSON.stringify([node.metadata.labels ?? {}, node.spec?.taints ?? []]);
        if (type === 'MODIFIED' && placements.unchanged(ctx.api, name, placement)) return [];
        if (type === 'DELETED') placements.forget(ctx.api, name);
        else placements.reconciled(ctx.api, name, placement);
        return ctx.api.list({ kind: 'DaemonSet' }).map((ds) => ({ namespace: ds.metadata.namespace, name: ds.metadata.name! }));
      },
    }],
    reconcile: reconcileDaemonSet,
  };
}

/** reconcileDaemonSet runs a pod on every eligible node, rolls template changes out and reports status. */
function reconcileDaemonSet(req: Request, ctx: ReconcileContext): Result | void {
  const ds = ctx.api.tryGet({ kind: 'DaemonSet', namespace: req.namespace, name: req.name });
  if (!ds || ds.metadata.deletionTimestamp) return;
  const hash = computeHash(ds.spec!.template, ds.status?.collisionCount).slice(0, 10);
  // Its pods are read once (each one decodes; thousands on a big cluster), again for the status only after a write.
  const owned = ctx.api.listControlledBy('Pod', ds.metadata.uid!);
  syncRevision(ds, hash, owned, ctx);
  const nodes = ctx.api.list({ kind: 'Node' });
  const eligible = nodes.filter((n) => nodeEligible(ds, n));
  const eligibleNames = new Set(eligible.map((n) => n.metadata.name!));
  const byNode = podsByNode(owned);
  const before = ctx.api.revision();
  const now = ctx.clock.nowMs();
  const minReady: number = ds.spec!.minReadySeconds ?? 0;
  const rolling = ds.spec!.updateStrategy?.type !== 'OnDelete';
  const ru = ds.spec!.updateStrategy?.rollingUpdate ?? {};
  const maxSurge = rolling ? scaledValue(ru.maxSurge, eligible.length, true, '0') : 0;
  const maxUnavailable = maxSurge > 0 ? scaledValue(ru.maxUnavailable ?? 0, eligible.length, true, '0') : Math.max(1, scaledValue(ru.maxUnavailable, eligible.length, true, '1'));
  const plan: NodePods[] = [];
  // manage: every eligible node runs exactly one daemon pod (one of each revision while surging).
  for (const node of eligible) {
    const name = node.metadata.name!;
    const pods = byNode.get(name) ?? [];
    const failed = pods.filter((p) => p.status?.phase === 'Failed' && !p.metadata.deletionTimestamp);
    for (const p of failed) {
      ctx.api.recordEvent(ds, 'Warning', FAILED_DAEMON_POD, failedDaemonPodMessage(p.metadata.namespace!, p.metadata.name!, name), { component: NAME });
      deletePod(ds, p, ctx);
    }
    const running = pods.filter(isPodActive);
    if (!running.length) {
      // Like upstream, a replacement does not wait for a terminating pod to go.
      createPod(ds, name, hash, ctx);
      // A node without a running pod counts against maxUnavailable.
      plan.push({ node: name });
      continue;
    }
    const current = running.filter((p) => p.metadata.labels?.[CONTROLLER_REVISION_HASH] === hash).sort(byAge);
    const outdated = running.filter((p) => p.metadata.labels?.[CONTROLLER_REVISION_HASH] !== hash).sort(byAge);
    const keep = maxSurge > 0 ? [...current.slice(0, 1), ...outdated.slice(0, 1)] : [current[0] ?? outdated[0]!];
    for (const p of running) if (!keep.includes(p)) deletePod(ds, p, ctx);
    const o = keep.find((p) => outdated.includes(p));
    const n = keep.find((p) => current.includes(p));
    plan.push({ node: name, oldPod: o?.metadata.name, oldAvailable: o ? isPodAvailable(o, minReady, now) : undefined,
      newPod: n?.metadata.name, newAvailable: n ? isPodAvailable(n, minReady, now) : undefined });
  }
  for (const [nodeName, pods] of byNode) {
    if (eligibleNames.has(nodeName)) continue;
    for (const p of pods) if (!p.metadata.deletionTimestamp) deletePod(ds, p, ctx);
  }
  if (rolling) {
    const step = planRollingUpdate(plan, maxSurge, maxUnavailable);
    for (const name of step.deletePods) {
      const pod = [...byNode.values()].flat().find((p) => p.metadata.name === name);
      if (pod) deletePod(ds, pod, ctx);
    }
    for (const node of step.createOn) createPod(ds, node, hash, ctx);
  }
  return updateStatus(ds, eligibleNames, hash, ctx, ctx.api.revision() === before ? owned : undefined);
}

function byAge(a: Pod, b: Pod): number {
  return (a.metadata.creationTimestamp ?? '').localeCompare(b.metadata.creationTimestamp ?? '') || a.metadata.name!.localeCompare(b.metadata.name!);
}

function podsByNode(pods: Pod[]): Map<string, Pod[]> {
  const byNode = new Map<string, Pod[]>();
  for (const p of pods) {
    const n = targetNode(p);
    if (n) byNode.set(n, [...(byNode.get(n) ?? []), p]);
  }
  return byNode;
}

/**
 * syncRevision keeps a ControllerRevision for the current template (named "<ds>-<hash>",
 * labelled controller-revision-hash like the pods), newest-numbered, pruned to
 * revisionHistoryLimit (update.go constructHistory, cleanupHistory).
 */
function syncRevision(ds: DaemonSet, hash: string, owned: readonly Pod[], ctx: ReconcileContext): void {
  const revisions = ctx.api.listControlledBy('ControllerRevision', ds.metadata.uid!).sort((a, b) => revisionNumber(a) - revisionNumber(b));
  const max = Math.max(0, ...revisions.map(revisionNumber));
  const cur = revisions.find((r) => r.metadata.labels?.[CONTROLLER_REVISION_HASH] === hash);
  if (!cur) {
    const rev = newRevision(ds, 'DaemonSet', max + 1, CONTROLLER_REVISION_HASH, hash);
    try { ctx.api.create(rev, { fieldManager: NAME }); } catch (e) { if (!isAlreadyExists(e)) throw e; }
  } else if (revisionNumber(cur) < max) {
    const fresh = structuredClone(cur);
    fresh.revision = max + 1;
    ctx.api.update(fresh, { fieldManager: NAME });
  }
  const live = new Set(owned.map((p) => p.metadata.labels?.[CONTROLLER_REVISION_HASH]));
  const idle = revisions.filter((r) => r.metadata.labels?.[CONTROLLER_REVISION_HASH] !== hash && !live.has(r.metadata.labels?.[CONTROLLER_REVISION_HASH]));
  const limit = ds.spec!.revisionHistoryLimit ?? 10;
  for (const r of idle.slice(0, Math.max(0, idle.length - limit))) {
    try { ctx.api.delete({ kind: 'ControllerRevision', namespace: r.metadata.namespace, name: r.metadata.name! }, { fieldManager: NAME }); } catch (e) { if (!isNotFound(e)) throw e; }
  }
}

function targetNode(pod: Pod): string | undefined {
  if (pod.spec?.nodeName) return pod.spec.nodeName;
  const terms = pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms ?? [];
  for (const t of terms) for (const f of t.matchFields ?? []) if (f.key === 'metadata.name') return f.values?.[0];
  return undefined;
}

function createPod(ds: DaemonSet, nodeName: string, hash: string, ctx: ReconcileContext): void {
  const pod = newPodFromTemplate(ds, 'DaemonSet', 'apps/v1');
  // CreatePodTemplate: the template generation label only when the DaemonSet's annotation reads.
  const generation = templateGenerationOf(ds);
  pod.metadata.labels = { ...(pod.metadata.labels ?? {}), [CONTROLLER_REVISION_HASH]: hash, ...(generation === undefined ? {} : { [TEMPLATE_GENERATION]: String(generation) }) };
  pod.spec!.affinity = {
    ...(pod.spec!.affinity ?? {}),
    nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [nodeName] }] }] } },
  };
  pod.spec!.tolerations = daemonTolerations(pod.spec!.tolerations ?? [], !!pod.spec!.hostNetwork);
  const out = ctx.api.create(pod, { fieldManager: NAME });
  ctx.api.recordEvent(ds, 'Normal', SUCCESSFUL_CREATE, `Created pod: ${out.metadata.name}`, { component: NAME });
}

function deletePod(ds: DaemonSet, pod: Pod, ctx: ReconcileContext): void {
  try {
    ctx.api.delete({ kind: 'Pod', namespace: pod.metadata.namespace, name: pod.metadata.name! }, { fieldManager: NAME });
    ctx.api.recordEvent(ds, 'Normal', SUCCESSFUL_DELETE, `Deleted pod: ${pod.metadata.name}`, { component: NAME });
  } catch (e) {
    if (!isNotFound(e)) throw e;
  }
}

function updateStatus(ds: DaemonSet, eligible: ReadonlySet<string>, hash: string, ctx: ReconcileContext, owned?: readonly Pod[]): Result | void {
  const fresh = ctx.api.get({ kind: 'DaemonSet', namespace: ds.metadata.namespace, name: ds.metadata.name! });
  const pods = (owned ?? ctx.api.listControlledBy('Pod', ds.metadata.uid!)).filter(isPodActive);
  const now = ctx.clock.nowMs();
  const onEligible = pods.filter((p) => eligible.has(targetNode(p) ?? ''));
  const scheduled = new Set(onEligible.filter((p) => p.spec!.nodeName).map((p) => p.spec!.nodeName));
  const status: Record<string, unknown> = {
    currentNumberScheduled: scheduled.size,
    numberMisscheduled: pods.filter((p) => p.spec!.nodeName && !eligible.has(p.spec!.nodeName)).length,
    desiredNumberScheduled: eligible.size,
    numberReady: onEligible.filter(isPodReady).length,
    observedGeneration: fresh.metadata.generation,
    updatedNumberScheduled: onEligible.filter((p) => p.metadata.labels?.[CONTROLLER_REVISION_HASH] === hash && p.spec!.nodeName).length,
    numberAvailable: onEligible.filter((p) => isPodAvailable(p, fresh.spec!.minReadySeconds ?? 0, now)).length,
  };
  const unavailable = eligible.size - (status.numberAvailable as number);
  if (unavailable > 0) status.numberUnavailable = unavailable;
  if (!status.numberAvailable) delete status.numberAvailable;
  ctx.api.updateStatus({ ...fresh, status }, { fieldManager: NAME });
}
