/**
 * kube-scheduler: the component that takes unbound pods for the default scheduler, runs the
 * framework over a snapshot built once per pass, and binds — or records why not, preempting
 * lower-priority pods when that makes room. Mirrors pkg/scheduler/schedule_one.go
 * (scheduleOne, handleSchedulingFailure), internal/queue/scheduling_queue.go (activeQ order,
 * back-off, unschedulable pods moved by cluster events or flushed after 5 minutes) and
 * framework/preemption/preemption.go (prepareCandidate).
 *
 * The queue in a level-driven runtime: the runtime hands the component the keys of pods that
 * changed, were moved by a cluster event (the watches below), or whose timer fell due. On the
 * first such key of a pass the component lists every pending pod in activeQ order (priority,
 * then age) and attempts, up to and including the requested key, each one that is eligible —
 * marked by a watch this pass, or the requested key itself — so a high-priority pod is tried
 * before lower-priority ones that happen to sort first by name.
 * kubemu: back-off (1s doubling to 10s after each failure) is kept in memory, so it restarts
 * with each kubemu command; a failed pod waits for a cluster event (node added or changed,
 * bound pod deleted or finished, claim changed) or 5 minutes of simulated time.
 */
import type { KubeObject } from '../api/meta';
import { isPodTerminal } from '../api/pod-util';
import { setCondition } from '../api/conditions';
import { isConflict, isNotFound } from '../apiserver/errors';
import { failpoint } from '../sim/failpoints';
import type { Controller, ReconcileContext, Request, Result } from '../sim/controller';
import { keyOf, requestFor } from '../sim/controller';
import { type Profile, type Snapshot, newPodInfo, newSnapshot } from './framework';
import { DEFAULT_SCHEDULER_NAME } from './plugins/registry';
import { scheduleOne, isFailure } from './scheduler';
import { ProfileCache } from './config';
import { activeQOrder, backoffDuration, POD_MAX_IN_UNSCHEDULABLE_PODS_DURATION_MS } from './queue';
import { PREEMPTED, PREEMPTION_BY_SCHEDULER, preemptedMessage, preemptionConditionMessage } from './plugins/defaultpreemption';
import { SELECTED_NODE_ANNOTATION, claimNames, claimsToSelectNode } from './plugins/volumebinding';

export { POD_MAX_BACKOFF_MS } from './queue';

export const NAME = 'default-scheduler';
export const SCHEDULED = 'Scheduled';
export const FAILED_SCHEDULING = 'FailedScheduling';
/**
 * MAX_ATTEMPTS_PER_PASS bounds the scheduling attempts of one pass: when a cluster event moves
 * ten thousand unschedulable pods, they are retried a thousand a pass (the rest requeued at
 * once), so that a settle's write budget can stop between passes. kubemu: upstream pops pods
 * one at a time in real time.
 */
export const MAX_ATTEMPTS_PER_PASS = 1000;
/** DISRUPTION_TARGET is the condition set on preemption victims before their deletion. */
export const DISRUPTION_TARGET = 'DisruptionTarget';
/** scheduledMessage renders the Scheduled event text. */
export const scheduledMessage = (ns: string, name: string, node: string): string => `Successfully assigned ${ns}/${name} to ${node}`;

function pendingFor(schedulerName: string, pod: KubeObject): boolean {
  return !pod.spec?.nodeName && !pod.metadata.deletionTimestamp && !isPodTerminal(pod)
    && (pod.spec?.schedulerName ?? DEFAULT_SCHEDULER_NAME) === schedulerName
    && !(pod.spec?.schedulingGates?.length);
}

const podKeyOf = (p: KubeObject) => keyOf(requestFor(p));

interface Attempts { n: number; lastMs: number }

/**
 * podsWhere lists the pods that keep accepts, decoding them one at a time (a big cluster's pods
 * are never all held); fieldSelector narrows the read first (spec.nodeName= goes through the
 * API's index of unscheduled pods).
 */
function podsWhere(ctx: ReconcileContext, keep: (p: KubeObject) => boolean, fieldSelector?: string): KubeObject[] {
  const out: KubeObject[] = [];
  ctx.api.each({ kind: 'Pod', fieldSelector }, (p) => { if (keep(p)) out.push(p); });
  return out;
}

/** UNSCHEDULED selects the pods with no spec.nodeName. */
const UNSCHEDULED = 'spec.nodeName=';

/**
 * snapshotPod is what the snapshot keeps of a bound or nominated pod: identity, labels and
 * owners, the spec fields scheduling reads of pods already placed (of containers: resources,
 * ports and restart policy; of volumes: claims; not tolerations or selectors, which only the pod
 * being scheduled is asked for), and the status fields scheduling and preemption read.
 */
function snapshotPod(p: KubeObject): KubeObject {
  const { name, namespace, uid, labels, ownerReferences, creationTimestamp, deletionTimestamp } = p.metadata;
  const spec = p.spec ?? {};
  const container = (c: { name?: string; resources?: unknown; ports?: unknown; restartPolicy?: string }) => ({ name: c.name, resources: c.resources, ports: c.ports, restartPolicy: c.restartPolicy });
  return {
    apiVersion: 'v1', kind: 'Pod',
    metadata: { name, namespace, uid, labels, ownerReferences, creationTimestamp, deletionTimestamp },
    // Named fields, not a spread of spec: V8 gives every spread copy a map of its own (MBs of them).
    spec: {
      nodeName: spec.nodeName, priority: spec.priority, affinity: spec.affinity,
      topologySpreadConstraints: spec.topologySpreadConstraints, overhead: spec.overhead,
      containers: spec.containers?.map(container),
      initContainers: spec.initContainers?.map(container),
      volumes: spec.volumes?.filter((v: { persistentVolumeClaim?: unknown }) => v.persistentVolumeClaim),
    },
    status: { phase: p.status?.phase, nominatedNodeName: p.status?.nominatedNodeName, startTime: p.status?.startTime },
  } as KubeObject;
}

/**
 * queueEntry is what the activeQ order keeps of a pending pod: the fields PrioritySort compares
 * and the key to fetch it by (a pass over thousands of pending pods need not hold them whole).
 */
function queueEntry(p: KubeObject): KubeObject {
  const { namespace, name, creationTimestamp } = p.metadata;
  return { apiVersion: 'v1', kind: 'Pod', metadata: { namespace, name, creationTimestamp }, spec: { priority: p.spec?.priority } } as KubeObject;
}

/** newKubeScheduler makes the scheduling component; its profile follows the stored scheduler configuration. */
export function newKubeScheduler(): Controller {
  const profiles = new ProfileCache();
  let schedulerName = DEFAULT_SCHEDULER_NAME;
  const pending = (p: KubeObject) => pendingFor(schedulerName, p);

  // Per pass.
  let profile: Profile | undefined;
  let snapshot: Snapshot | undefined;
  let order: KubeObject[] | undefined;
  let cursor = 0;
  let attempted = 0;
  const results = new Map<string, Result | undefined>();
  // Across passes (this process).
  const dirty = new Set<string>();
  const echoes = new Set<string>();
  const ownWrites = new Set<string>();
  const attempts = new Map<string, Attempts>();

  // The pending pods as of this burst of watch events: many node events in one pass list once.
  // Keyed by the store revision, so it is fresh after any write (an empty list included).
  let pendingCache: { revision: number; reqs: Request[] } | undefined;
  const allPending = (ctx: ReconcileContext): Request[] => {
    const revision = ctx.api.revision();
    if (pendingCache?.revision === revision) return pendingCache.reqs;
    const reqs = podsWhere(ctx, pending, UNSCHEDULED).map(requestFor);
    pendingCache = { revision, reqs };
    return reqs;
  };
  /** moveAll is MoveAllToActiveOrBackoffQueue: every pending pod becomes eligible (after its back-off). */
  const moveAll = (ctx: ReconcileContext): Request[] => {
    const reqs = allPending(ctx);
    for (const r of reqs) dirty.add(keyOf(r));
    return reqs;
  };

  const snap = (ctx: ReconcileContext): Snapshot => {
    // Only bound and nominated pods take part, and only what scheduling reads of them is kept:
    // on a big cluster the snapshot is most of the scheduler's memory.
    snapshot ??= newSnapshot(ctx.api.list({ kind: 'Node' }), podsWhere(ctx, (p) => !!(p.spec?.nodeName || p.status?.nominatedNodeName)).map(snapshotPod), {
      namespaces: ctx.api.list({ kind: 'Namespace' }),
      persistentVolumeClaims: ctx.api.list({ kind: 'PersistentVolumeClaim' }),
      persistentVolumes: ctx.api.list({ kind: 'PersistentVolume' }),
      storageClasses: ctx.api.list({ kind: 'StorageClass' }),
      podDisruptionBudgets: ctx.api.list({ kind: 'PodDisruptionBudget' }),
    });
    return snapshot;
  };

  const writeStatus = (pod: KubeObject, ctx: ReconcileContext): KubeObject => {
    const out = ctx.api.updateStatus(pod, { fieldManager: NAME });
    ownWrites.add(`${podKeyOf(out)}@${out.metadata.resourceVersion}`);
    return out;
  };

  /** attempt runs one scheduling cycle for pod and returns what its key should be requeued with. */
  const attempt = (pod: KubeObject, ctx: ReconcileContext): Result | undefined => {
    const key = podKeyOf(pod);
    const s = snap(ctx);
    const result = scheduleOne(pod, s, profile!, ctx.rand, { explain: false });
    if (isFailure(result)) {
      const a = attempts.get(key);
      attempts.set(key, { n: (a?.n ?? 0) + 1, lastMs: ctx.clock.nowMs() });
      const f = result.failure;
      let nominated: string | null | undefined;
      if (f.preemption) {
        nominated = f.preemption.nodeName;
        preemptVictims(pod, f.preemption.nodeName, f.preemption.victims.map((v) => v.pod), ctx);
        clearLowerNominations(pod, f.preemption.nodeName, ctx);
        s.nominate(newPodInfo(pod), f.preemption.nodeName);
      } else if (pod.status?.nominatedNodeName && f.postFilterMessage?.startsWith('preemption: 0/')) {
        nominated = null; // preemption ran and found nothing: the old nomination no longer holds
        s.unnominate(key);
      }
      recordFailure(pod, f.message, nominated, ctx);
      return { requeueAfterMs: POD_MAX_IN_UNSCHEDULABLE_PODS_DURATION_MS, lazy: true };
    }
    attempts.delete(key);
    // VolumeBinding PreBind: delayed claims learn the node, so the provisioner can act.
    for (const claim of claimsToSelectNode(pod, s)) {
      const fresh = structuredClone(claim);
      fresh.metadata.annotations = { ...(fresh.metadata.annotations ?? {}), [SELECTED_NODE_ANNOTATION]: result.nodeName };
      try {
        s.claims.set(`${fresh.metadata.namespace}/${fresh.metadata.name}`, ctx.api.update(fresh, { fieldManager: NAME }));
      } catch (e) {
        if (!isConflict(e) && !isNotFound(e)) throw e;
        snapshot = undefined;
        return { requeueAfterMs: 0 };
      }
    }
    try {
      ctx.api.bind({ kind: 'Pod', namespace: pod.metadata.namespace, name: pod.metadata.name! }, result.nodeName, { fieldManager: NAME });
    } catch (e) {
      if (isNotFound(e) || isConflict(e)) { snapshot = undefined; return undefined; }
      throw e;
    }
    failpoint('mid-scheduling');
    s.assume(snapshotPod(pod), result.nodeName);
    ctx.api.recordEvent(pod, 'Normal', SCHEDULED, scheduledMessage(pod.metadata.namespace!, pod.metadata.name!, result.nodeName), { component: NAME });
    return undefined;
  };

  /** recordFailure is handleSchedulingFailure: the FailedScheduling event, PodScheduled=False, nominatedNodeName. */
  const recordFailure = (pod: KubeObject, message: string, nominated: string | null | undefined, ctx: ReconcileContext): void => {
    ctx.api.recordEvent(pod, 'Warning', FAILED_SCHEDULING, message, { component: NAME });
    const fresh = ctx.api.tryGet({ kind: 'Pod', namespace: pod.metadata.namespace, name: pod.metadata.name! });
    if (!fresh || !pending(fresh)) return;
    const before = fresh.status?.conditions;
    const conditions = setCondition(before, { type: 'PodScheduled', status: 'False', lastProbeTime: null, reason: 'Unschedulable', message }, ctx.clock.nowISO());
    const status: Record<string, any> = { phase: 'Pending', ...(fresh.status ?? {}), conditions };
    if (nominated) status.nominatedNodeName = nominated;
    else if (nominated === null) delete status.nominatedNodeName;
    if (conditions === before && status.nominatedNodeName === fresh.status?.nominatedNodeName) return;
    writeStatus({ ...fresh, status }, ctx);
  };

  /** preemptVictims is prepareCandidate: DisruptionTarget condition, Preempted event, graceful delete. */
  const preemptVictims = (preemptor: KubeObject, nodeName: string, victims: KubeObject[], ctx: ReconcileContext): void => {
    for (const v of victims) {
      const ref = { kind: 'Pod', namespace: v.metadata.namespace, name: v.metadata.name! };
      const fresh = ctx.api.tryGet(ref);
      if (!fresh || fresh.metadata.uid !== v.metadata.uid || fresh.metadata.deletionTimestamp) continue;
      const conditions = setCondition(fresh.status?.conditions, {
        type: DISRUPTION_TARGET, status: 'True', lastProbeTime: null, reason: PREEMPTION_BY_SCHEDULER,
        message: preemptionConditionMessage(preemptor.spec?.schedulerName ?? DEFAULT_SCHEDULER_NAME),
      }, ctx.clock.nowISO());
      ctx.api.updateStatus({ ...fresh, status: { ...(fresh.status ?? {}), conditions } }, { fieldManager: NAME });
      try {
        ctx.api.delete(ref, { fieldManager: NAME });
      } catch (e) {
        if (!isNotFound(e)) throw e;
      }
      ctx.api.recordEvent(fresh, 'Normal', PREEMPTED, preemptedMessage(preemptor.metadata.uid ?? '', nodeName), { component: NAME });
    }
  };

  /** clearLowerNominations drops nominatedNodeName from lower-priority pods nominated to the same node. */
  const clearLowerNominations = (preemptor: KubeObject, nodeName: string, ctx: ReconcileContext): void => {
    const prio = Number(preemptor.spec?.priority ?? 0);
    for (const p of ctx.api.list({ kind: 'Pod' })) {
      if (p.status?.nominatedNodeName !== nodeName || !pending(p) || Number(p.spec?.priority ?? 0) >= prio) continue;
      if (p.metadata.uid === preemptor.metadata.uid) continue;
      const status = { ...p.status };
      delete status.nominatedNodeName;
      writeStatus({ ...p, status }, ctx);
      snapshot?.unnominate(podKeyOf(p));
    }
  };

  /** eligible decides whether a pending pod is attempted now; otherwise returns its requeue. */
  const gate = (key: string, requested: boolean, ctx: ReconcileContext): { go: boolean; result?: Result } => {
    const marked = dirty.has(key);
    if (!marked && !requested) return { go: false };
    const a = attempts.get(key);
    if (!marked && requested && echoes.has(key) && a) {
      // Only our own status write woke the pod: it stays unschedulable until moved or flushed.
      const left = a.lastMs + POD_MAX_IN_UNSCHEDULABLE_PODS_DURATION_MS - ctx.clock.nowMs();
      if (left > 0) return { go: false, result: { requeueAfterMs: left, lazy: true } };
    }
    if (a) {
      const left = a.lastMs + backoffDuration(a.n) - ctx.clock.nowMs();
      if (left > 0) return { go: false, result: { requeueAfterMs: left } }; // backoffQ: stays marked
    }
    return { go: true };
  };

  const process = (ctx: ReconcileContext, pod: KubeObject, requested: boolean): void => {
    const key = podKeyOf(pod);
    if (results.has(key)) return;
    const g = gate(key, requested, ctx);
    if (!g.go) {
      if (requested || g.result) results.set(key, g.result);
      return;
    }
    // Past the pass's attempts the pod stays marked; a requested one comes back at once.
    if (attempted >= MAX_ATTEMPTS_PER_PASS) {
      if (requested) results.set(key, { requeueAfterMs: 0 });
      return;
    }
    attempted++;
    dirty.delete(key);
    echoes.delete(key);
    results.set(key, attempt(pod, ctx));
  };

  return {
    name: NAME,
    for: 'Pod',
    accepts: (p) => pending(p),
    watches: [
      {
        kind: 'Pod',
        map: (p, ctx, type) => {
          const key = podKeyOf(p);
          if (pending(p)) {
            if (ownWrites.delete(`${key}@${p.metadata.resourceVersion}`)) echoes.add(key);
            else dirty.add(key);
            return [];
          }
          // A bound pod going away (or finishing) frees room: move every unschedulable pod. The
          // change's type says whether it went (a relist has none: then the API is asked).
          if (!p.spec?.nodeName) return [];
          const gone = type ? type === 'DELETED' : !ctx.api.tryGet({ kind: 'Pod', namespace: p.metadata.namespace, name: p.metadata.name! });
          if (gone || isPodTerminal(p)) return moveAll(ctx);
          return [];
        },
      },
      // A node appearing or changing can make room.
      { kind: 'Node', map: (_n, ctx) => moveAll(ctx) },
      // A claim getting bound (or created) lets its pods pass VolumeBinding.
      {
        kind: 'PersistentVolumeClaim',
        map: (c, ctx) => ctx.api.list({ kind: 'Pod', namespace: c.metadata.namespace })
          .filter((p) => pending(p) && claimNames(p).includes(c.metadata.name!))
          .map((p) => { dirty.add(podKeyOf(p)); return requestFor(p); }),
      },
    ],
    beginPass() {
      profile = undefined; snapshot = undefined; order = undefined; cursor = 0; attempted = 0; results.clear(); pendingCache = undefined;
    },
    reconcile(req: Request, ctx: ReconcileContext): Result | void {
      const key = keyOf(req);
      if (results.has(key)) return results.get(key);
      if (!profile) {
        profile = profiles.get(ctx.api);
        schedulerName = profile.schedulerName;
      }
      const pod = ctx.api.tryGet({ kind: 'Pod', namespace: req.namespace, name: req.name });
      if (!pod || !pending(pod)) { dirty.delete(key); return; }
      // activeQ order: attempt the eligible pods that come before this one first.
      order ??= activeQOrder(podsWhere(ctx, pending, UNSCHEDULED).map(queueEntry));
      // Once the pass's attempts are spent, the pods ahead are not even read.
      for (; cursor < order.length && attempted < MAX_ATTEMPTS_PER_PASS; cursor++) {
        const p = order[cursor]!;
        if (podKeyOf(p) === key) break;
        const fresh = ctx.api.tryGet({ kind: 'Pod', namespace: p.metadata.namespace, name: p.metadata.name! });
        if (fresh && pending(fresh)) process(ctx, fresh, false);
      }
      process(ctx, pod, true);
      return results.get(key);
    },
  };
}
