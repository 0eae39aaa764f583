/**
 * kube-scheduler: the component that takes unbound pods for the default scheduler, runs the
 * framework over a snapshot built once per pass, and binds — or records why not, preempting
 * lower-priority pods when that makes room. Mirrors pkg/scheduler/schedule_one.go
 * (scheduleOne, handleSchedulingFailure), eventhandlers.go (cluster changes turned into the
 * events plugins registered) and framework/preemption/preemption.go (prepareCandidate); the
 * queue itself is scheduling-queue.ts.
 *
 * The queue in a level-driven runtime: the watches below feed the SchedulingQueue (a pending pod
 * added or changed goes to activeQ; a Node, bound Pod, claim, volume or class change becomes a
 * ClusterEvent that moves the unschedulable pods whose rejecting plugins registered it and whose
 * hints say Queue) and return the keys of the pods they moved; the runtime hands the component
 * those keys and the ones whose timer fell due. A pass pops activeQ in priority order, up to
 * MAX_ATTEMPTS_PER_PASS attempts, and each key's Result is when the queue wants it back: at once
 * (still in activeQ), when its back-off ends (backoffQ), or the 5-minute flush (unschedulable).
 */
import type { KubeObject } from '../api/meta';
import { isPodTerminal } from '../api/pod-util';
import { setCondition } from '../api/conditions';
import { isConflict, isNotFound } from '../apiserver/errors';
import { failpoint } from '../sim/failpoints';
import type { Controller, ReconcileContext, Request, Result, Watch } from '../sim/controller';
import { KEEP_MEMO, keyOf, parseKey, requestFor } from '../sim/controller';
import { type Plugin, type Profile, type Snapshot, newPodInfo, newSnapshot } from './framework';
import { DEFAULT_SCHEDULER_NAME } from './plugins/registry';
import { scheduleOne, isFailure } from './scheduler';
import { ProfileCache } from './config';
import { SchedulingQueue, type QueuedPodInfo } from './scheduling-queue';
import { EventHandlers, keptNode, queuedPod } from './event-handlers';
import { type SlimParts, SnapshotPods } from './snapshot-pods';
import { HandedOverPods, handOverMemo } from './handed-over-pods';
import { packMemo, unpackMemo } from '../sim/settle-memo';
import { PREEMPTED, PREEMPTION_BY_SCHEDULER, preemptedMessage, preemptionConditionMessage } from './plugins/defaultpreemption';
import { SELECTED_NODE_ANNOTATION, claimsToSelectNode } from './plugins/volumebinding';

export { POD_MAX_BACKOFF_MS } from './scheduling-queue';

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

/**
 * snapshotPod is what the snapshot keeps of a bound or nominated pod: identity, labels and
 * owners, the spec fields scheduling reads of pods already placed (of containers: resources,
 * ports and restart policy; of volumes: claims; not tolerations or selectors, which only the pod
 * being scheduled is asked for), and the status fields scheduling and preemption read.
 */
export function snapshotPod(p: KubeObject): KubeObject {
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
 * snapshotPodParts splits snapshotPod's copies for the hand-over (SnapshotPods): the copies of
 * one template share labels, owners and spec but their node; the rest is each pod's own.
 */
export const snapshotPodParts: SlimParts = {
  split(slim) {
    const { uid, labels, ownerReferences, creationTimestamp, deletionTimestamp } = slim.metadata;
    const { nodeName, ...spec } = slim.spec ?? {};
    const status = slim.status ?? {};
    return {
      shared: { labels, ownerReferences, spec },
      own: [uid, creationTimestamp, deletionTimestamp, nodeName, status.phase, status.nominatedNodeName, status.startTime].map((v) => v ?? null),
    };
  },
  join(shared, own, namespace, name) {
    const { labels, ownerReferences, spec = {} } = shared as { labels?: Record<string, string>; ownerReferences?: KubeObject['metadata']['ownerReferences']; spec?: Record<string, any> };
    const [uid, creationTimestamp, deletionTimestamp, nodeName, phase, nominatedNodeName, startTime] = own.map((v) => v ?? undefined) as (string | undefined)[];
    // The shared spec is a slim one already (split's): the copies joined from it share its
    // parts, as they share labels and owners (the snapshot only reads them). Fields as snapshotPod's.
    return {
      apiVersion: 'v1', kind: 'Pod',
      metadata: { name, namespace, uid, labels, ownerReferences, creationTimestamp, deletionTimestamp },
      spec: {
        nodeName, priority: spec.priority, affinity: spec.affinity,
        topologySpreadConstraints: spec.topologySpreadConstraints, overhead: spec.overhead,
        containers: spec.containers, initContainers: spec.initContainers, volumes: spec.volumes,
      },
      status: { phase, nominatedNodeName, startTime },
    } as KubeObject;
  },
};

/**
 * HandedOver is the scheduler's memo: its queue's (an early stop's only), and its snapshot's
 * packed apart (packMemo), so that a command that reads the queue's does not decode the copies
 * of every bound pod (MBs at 30 000 pods).
 */
interface HandedOver { queue?: unknown; snapshot?: unknown }

/** newKubeScheduler makes the scheduling component; its profile follows the stored scheduler configuration. */
export function newKubeScheduler(): Controller {
  const profiles = new ProfileCache();
  let schedulerName = DEFAULT_SCHEDULER_NAME;
  const pending = (p: KubeObject) => pendingFor(schedulerName, p);

  // Per pass.
  let profile: Profile | undefined;
  let snapshot: Snapshot | undefined;
  let attempted = 0;
  let flushed = false;
  const results = new Map<string, Result | undefined>();
  let passKeys: ReadonlySet<string> = new Set();
  /**
   * admitToQueue adds the pending pod named by key to the queue (a pod gone or bound is skipped):
   * as a sort stub when the hand-over stands for its stored version (resourceVersion, or with a
   * trusted hand-over the change log), else read.
   */
  const admitToQueue = (k: string, ctx: ReconcileContext, resourceVersion: string | undefined, trusted: boolean): void => {
    const stub = handedOver.take(k, resourceVersion, schedulerName, trusted ? ctx.api : undefined);
    if (stub) {
      snapshotPods.noteUnkept(ctx.api, k, stub.metadata.resourceVersion!);
      queue.add(stub);
      return;
    }
    const req = parseKey(k);
    const p = ctx.api.tryGet({ kind: 'Pod', namespace: req.namespace, name: req.name });
    if (p) snapshotPods.note(ctx.api, p);
    if (p && pending(p)) queue.add(queuedPod(p));
  };
  // Across passes (this process): the queue on the cluster's clock, and the watch handlers feeding it.
  let clock: ReconcileContext['clock'] | undefined;
  // The API this process reads through, and its history epoch then: a rolled-back write since
  // leaves the queue holding what may not be stored, so its whole is not handed over.
  let api: ReconcileContext['api'] | undefined;
  let firstEpoch: number | undefined;
  const queue = new SchedulingQueue({ clock: { nowMs: () => clock!.nowMs() } });
  const loadProfile = (ctx: ReconcileContext): Profile => {
    if (profile) return profile;
    clock ??= ctx.clock;
    api = ctx.api;
    firstEpoch ??= ctx.api.historyEpoch();
    profile = profiles.get(ctx.api);
    schedulerName = profile.schedulerName;
    queue.setPlugins([...new Set<Plugin>([...profile.preFilters, ...profile.filters])]);
    return profile;
  };
  const handedOver = new HandedOverPods();
  const snapshotPods = new SnapshotPods((p) => !!(p.spec?.nodeName || p.status?.nominatedNodeName), snapshotPod, snapshotPodParts);
  /** taken reads what the last command handed over (takeOver, at this process's first settle), once. */
  let taken: (() => HandedOver | undefined) | undefined;
  /** storedQueue: whether the stored memo holds a queue, once this process has written one (undefined: as taken). */
  let storedQueue: boolean | undefined;
  const handlers = new EventHandlers({
    queue, pending, prepare: loadProfile, read: (p, ctx) => snapshotPods.note(ctx.api, p),
    leftPending: (ctx) => handedOver.leftPending(ctx.api, schedulerName),
  });

  const snap = (ctx: ReconcileContext): Snapshot => {
    if (snapshot) return snapshot;
    handlers.sync(ctx);
    // Only bound and nominated pods take part, and only what scheduling reads of them is kept:
    // on a big cluster the snapshot is most of the scheduler's memory.
    snapshot = newSnapshot(ctx.api.list({ kind: 'Node' }).map(keptNode), snapshotPods.list(ctx.api), {
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
    handlers.wroteStatus(out);
    return out;
  };

  /** attempt runs one scheduling cycle for a popped pod and returns what its key should be requeued with. */
  const attempt = (pod: KubeObject, info: QueuedPodInfo, ctx: ReconcileContext): Result | undefined => {
    const key = info.key;
    const s = snap(ctx);
    const result = scheduleOne(pod, s, profile!, ctx.rand, { explain: false });
    if (isFailure(result)) {
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
      queue.addUnschedulable(info, f.unschedulablePlugins);
      return queue.wakeAfter(key);
    }
    // VolumeBinding PreBind: delayed claims learn the node, so the provisioner can act.
    for (const claim of claimsToSelectNode(pod, s)) {
      const fresh = structuredClone(claim);
      fresh.metadata.annotations = { ...(fresh.metadata.annotations ?? {}), [SELECTED_NODE_ANNOTATION]: result.nodeName };
      try {
        s.claims.set(`${fresh.metadata.namespace}/${fresh.metadata.name}`, ctx.api.update(fresh, { fieldManager: NAME }));
      } catch (e) {
        if (!isConflict(e) && !isNotFound(e)) throw e;
        // Stale claim: the next pass tries again against a fresh snapshot.
        snapshot = undefined;
        queue.done(key);
        return { requeueAfterMs: 0 };
      }
    }
    queue.done(key);
    try {
      ctx.api.bind({ kind: 'Pod', namespace: pod.metadata.namespace, name: pod.metadata.name! }, result.nodeName, { fieldManager: NAME });
    } catch (e) {
      if (isNotFound(e) || isConflict(e)) { snapshot = undefined; return undefined; }
      throw e;
    }
    handlers.bound(key);
    failpoint('mid-scheduling');
    // The attempt's PodInfo is reused (nothing in it depends on the binding), holding only the slim copy.
    const placed = snapshotPod(pod);
    s.assume(placed, result.nodeName, { ...result.podInfo, pod: placed });
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

  /** drain pops activeQ in priority order and attempts each pod, up to the pass's bound. */
  const drain = (ctx: ReconcileContext): void => {
    while (attempted < MAX_ATTEMPTS_PER_PASS) {
      const info = queue.pop();
      if (!info) return;
      const fresh = ctx.api.tryGet({ kind: 'Pod', namespace: info.pod.metadata.namespace, name: info.pod.metadata.name! });
      if (!fresh || !pending(fresh)) { queue.done(info.key); continue; }
      info.pod = queuedPod(fresh); // a handed-over pod was held as a sort stub until now
      attempted++;
      results.set(info.key, attempt(fresh, info, ctx));
    }
  };

  /**
   * idle: this process has read nothing of what was handed over (a watch's notes aside) and
   * queued no pod, so what was handed over stands, queue and all (each entry is checked when
   * taken): a settle that never woke the scheduler neither decodes nor rewrites the memo.
   */
  const idle = (): boolean => !snapshotPods.read && !handedOver.read && !Object.values(queue.len()).some((n) => n > 0);

  /**
   * settledMemo is what a settled command hands over: no queue (the scheduler's cursor has passed
   * the changes a queue's memo counts on the watch to bring), and the snapshot's pods: the memo
   * stored stays while it stands and holds no queue, else the pods as held now.
   */
  const settledMemo = (): unknown => {
    if (snapshotPods.memoStands()) {
      if (idle()) return KEEP_MEMO;
      if (!(storedQueue ?? taken?.()?.queue !== undefined)) return KEEP_MEMO;
    }
    storedQueue = false;
    const snapshot = snapshotPods.handOver();
    return snapshot ? { snapshot: packMemo(snapshot) } : undefined;
  };

  return {
    name: NAME,
    for: 'Pod',
    // The echo of our own status write (a failed attempt's) is no reason to reconcile the pod:
    // handed over, its key would have the next command attempt the pod again at once.
    accepts: (p) => pending(p) && !handlers.isOwnWrite(p),
    watches: [
      { kind: 'Pod', map: (p, ctx, type) => handlers.onPodChange(p, ctx, type) },
      { kind: 'Node', map: (n, ctx, type) => handlers.onNodeChange(n, ctx, type) },
      ...(['PersistentVolumeClaim', 'PersistentVolume', 'StorageClass'] as const)
        .map((kind) => ({ kind, map: (o: KubeObject, ctx: ReconcileContext, type?: Parameters<Watch['map']>[2]) => handlers.onStorageChange(kind, o, ctx, type) })),
    ],
    // A command that stops early hands the next one its queue's order and its snapshot's pods;
    // one that settles, its snapshot's pods (settledMemo).
    takeOver(memo) {
      // Once a process: a later settle's memo is this process's own, or older than what it holds.
      if (taken) return;
      taken = memo as () => HandedOver | undefined;
      handedOver.takeOverWhenRead(() => taken?.()?.queue);
      snapshotPods.takeOverWhenRead(() => unpackMemo(taken?.()?.snapshot));
    },
    handOver(settled) {
      if (settled) return settledMemo();
      if (idle()) return KEEP_MEMO;
      const whole = api && handlers.hasSynced() && api.historyEpoch() === firstEpoch ? { revision: api.revision(), keys: queue.keys() } : undefined;
      const queued = handOverMemo(schedulerName, queue.active(), whole);
      storedQueue = queued !== undefined;
      const snapshot = snapshotPods.handOver();
      return queued || snapshot ? { queue: queued, snapshot: snapshot && packMemo(snapshot) } : undefined;
    },
    beginPass(keys) {
      profile = undefined; snapshot = undefined; attempted = 0; flushed = false; results.clear();
      passKeys = keys;
    },
    reconcile(req: Request, ctx: ReconcileContext): Result | void {
      const key = keyOf(req);
      if (results.has(key)) return results.get(key);
      loadProfile(ctx);
      if (!flushed) {
        // The queue's periodic flushes, done when a pass begins (timers brought it here).
        flushed = true;
        queue.flushBackoffQCompleted();
        queue.flushUnschedulablePodsLeftover();
        // Every pod of the pass the queue does not hold yet (created or left pending by an
        // earlier command) joins it first, so the queue pops them by priority and age, not
        // in the pass's name order.
        const absent = [...passKeys].filter((k) => k !== key && !queue.where(k));
        const handing = absent.length > 0 && handedOver.size > 0;
        const trusted = handing && handedOver.trusted(ctx.api);
        const versions = handing && !trusted
          ? new Map(handlers.unscheduledVersions(ctx).map((v) => [`${v.namespace}/${v.name}`, v.resourceVersion]))
          : undefined;
        for (const k of absent) admitToQueue(k, ctx, versions?.get(k), trusted);
        // The hand-over serves the first pass that admits pods (its keys were handed over with it):
        // later passes would list the unscheduled pods' versions again for the few entries left.
        if (handing) handedOver.usedUp();
      }
      // Past the pass's attempts a queued pod waits for the next pass, and needs no read: the
      // watch has shown the scheduler every change up to its turn (the pump runs first), and a
      // pod gone or bound would have left the queue. (At 30 000 pods, ~28 000 reads a pass.)
      if (attempted >= MAX_ATTEMPTS_PER_PASS && queue.where(key)) {
        queue.flushUnschedulablePodsLeftover(key);
        results.set(key, queue.wakeAfter(key));
        return results.get(key);
      }
      const pod = ctx.api.tryGet({ kind: 'Pod', namespace: req.namespace, name: req.name });
      if (!pod || !pending(pod)) { queue.delete(key); return; }
      // A pod the queue does not hold (created or left pending by an earlier command) is tried
      // now; a cold one whose timer fell due leaves unschedulablePods.
      if (!queue.where(key)) queue.add(queuedPod(pod));
      else queue.flushUnschedulablePodsLeftover(key);
      drain(ctx);
      if (!results.has(key)) results.set(key, queue.wakeAfter(key));
      return results.get(key);
    },
  };
}
