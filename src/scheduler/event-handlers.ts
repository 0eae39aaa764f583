/**
 * event-handlers: how kube-scheduler hears the cluster. Store changes arrive as the runtime's
 * watch maps; these handlers feed the SchedulingQueue with them — a pending pod's own change
 * (Add/Update), and everything else as the ClusterEvent it is (a Node added, changed in some
 * scheduling property, or deleted; a bound Pod added or deleted; a claim, volume or class
 * change) — and return the keys of the pods an event moved. Mirrors kubernetes/kubernetes
 * pkg/scheduler/eventhandlers.go (addPodToSchedulingQueue, updatePodInSchedulingQueue,
 * addNodeToCache/updateNodeInCache with NodeSchedulingPropertiesChange, the assigned-pod and
 * storage handlers).
 *
 * kubemu: a watch map is given the new object only, so the handlers keep what they need to
 * tell changes apart — each Node's last seen state (a change the scheduler does not read, a
 * heartbeat say, moves nothing), the pods bound here whose binding the watch has not shown yet
 * (then: an assigned-Pod Add), and our own status writes (their echoes move nothing). A bound
 * pod's label change is not told apart from its other updates, so it is not an event.
 */
import type { KubeObject } from '../api/meta';
import { isPodTerminal } from '../api/pod-util';
import type { ObjectVersion } from '../apiserver/client';
import { isCorruptObjectError } from '../apiserver/errors';
import type { ReconcileContext, Request, Watch } from '../sim/controller';
import { keyOf, parseKey, requestFor } from '../sim/controller';
import { Action, type ClusterEvent, type EventResource, NODE_UPDATE, nodeSchedulingPropertiesChange } from './cluster-event';
import type { SchedulingQueue } from './scheduling-queue';
import { sharedPart } from './template-parts';

/** WatchEventType is a change's type as a watch map is told it (undefined after a relist). */
type WatchEventType = NonNullable<Parameters<Watch['map']>[2]>;

/** UNSCHEDULED selects the pods with no spec.nodeName (the API's index of unscheduled pods). */
export const UNSCHEDULED = 'spec.nodeName=';
/** SCHEDULED selects the pods with a spec.nodeName (through the same index). */
export const SCHEDULED = 'spec.nodeName!=';

const podKeyOf = (p: KubeObject) => keyOf(requestFor(p));

/**
 * queuedPod is what the scheduling queue keeps of a pending pod: what PrioritySort compares and
 * the spec fields the queueing hints read (requests, ports, selectors, affinity, tolerations,
 * spread constraints, claims) — thousands of pending pods need not be held whole — and, for
 * the hand-over (handed-over-pods), its resourceVersion and nomination.
 */
export function queuedPod(p: KubeObject): KubeObject {
  const { namespace, name, uid, labels, creationTimestamp, resourceVersion } = p.metadata;
  const spec = p.spec ?? {};
  const container = (c: { name?: string; resources?: unknown; ports?: unknown; restartPolicy?: string }) => ({ name: c.name, resources: c.resources, ports: c.ports, restartPolicy: c.restartPolicy });
  // One owner's pods share the parts they have alike (template-parts).
  const owner = p.metadata.ownerReferences?.[0]?.uid;
  const part = <T>(field: string, value: T): T => sharedPart(owner, field, value);
  return {
    apiVersion: 'v1', kind: 'Pod', metadata: { namespace, name, uid, labels: part('labels', labels), creationTimestamp, resourceVersion },
    // Named fields, not a spread of spec: V8 gives every spread copy a map of its own.
    spec: {
      priority: spec.priority, nodeSelector: part('nodeSelector', spec.nodeSelector), affinity: part('affinity', spec.affinity),
      tolerations: part('tolerations', spec.tolerations),
      topologySpreadConstraints: part('topologySpreadConstraints', spec.topologySpreadConstraints), overhead: spec.overhead,
      containers: part('containers', spec.containers?.map(container)), initContainers: part('initContainers', spec.initContainers?.map(container)),
      volumes: part('volumes', spec.volumes?.filter((v: { persistentVolumeClaim?: unknown }) => v.persistentVolumeClaim)),
    },
    status: { nominatedNodeName: p.status?.nominatedNodeName },
  } as KubeObject;
}

/**
 * keptNode is a Node as the scheduler keeps it (its snapshot, the last state its handlers saw):
 * without managedFields, which no plugin or event reads — on a 1 000-node cluster the entries'
 * field trees were ~12 MB of the scheduler's memory, most of it twice.
 */
export function keptNode(n: KubeObject): KubeObject {
  if (!n.metadata.managedFields) return n;
  const { managedFields: _, ...metadata } = n.metadata;
  return { ...n, metadata };
}

/** EventHandlersConfig wires the handlers to the scheduler's queue and profile. */
export interface EventHandlersConfig {
  queue: SchedulingQueue;
  /** pending says whether a pod waits for this scheduler (after prepare, under its profile's name). */
  pending: (p: KubeObject) => boolean;
  /** prepare loads the profile (scheduler name, the plugins' registrations) before a change is handled. */
  prepare: (ctx: ReconcileContext) => void;
  /**
   * read is told of each pod version the handlers see: a watched change, or a pending one read
   * to enter the queue (the snapshot's pod cache notes it, so its list need not read it).
   */
  read?: (p: KubeObject, ctx: ReconcileContext) => void;
  /**
   * leftPending, when it can say, names the pods among which are the pending pods earlier
   * commands left (a whole queue handed over: handed-over-pods); else they are listed.
   */
  leftPending?: (ctx: ReconcileContext) => readonly string[] | undefined;
}

/** LEFT_SHARE: past one unqueued pod in this many, the pending pods left are read in one scan, not by key. */
const LEFT_SHARE = 4;

/** StorageKind is a storage kind whose changes VolumeBinding and VolumeZone registered. */
export type StorageKind = Extract<EventResource, 'PersistentVolumeClaim' | 'PersistentVolume' | 'StorageClass'>;

/** EventHandlers turns the scheduler's watched changes into queue operations; see the module comment. */
export class EventHandlers {
  /** synced: the pending pods earlier commands left are in the queue (read once, at the first cluster event). */
  private synced = false;
  /** ownWrites: our status writes to pending pods ("key@resourceVersion"). */
  private readonly ownWrites = new Set<string>();
  /** boundHere: pods bound by this scheduler whose binding the watch has not shown yet. */
  private readonly boundHere = new Set<string>();
  /** nodes: the last seen state of each Node. */
  private readonly nodes = new Map<string, KubeObject>();
  /** unscheduled: the unscheduled pods' names and versions, at one store state ("epoch:revision"). */
  private unscheduled: { at: string; versions: readonly ObjectVersion[] } | undefined;

  constructor(private readonly cfg: EventHandlersConfig) {}

  /** wroteStatus records our own status write of a pending pod, so its echo is ignored. */
  wroteStatus(pod: KubeObject): void {
    this.ownWrites.add(`${podKeyOf(pod)}@${pod.metadata.resourceVersion}`);
  }

  /** isOwnWrite says whether p is the version one of our status writes left (its echo moves nothing). */
  isOwnWrite(p: KubeObject): boolean {
    return this.ownWrites.has(`${podKeyOf(p)}@${p.metadata.resourceVersion}`);
  }

  /**
   * unscheduledVersions lists the unscheduled pods' names and versions, decoding none; listed
   * once per store state (revisions are reused after a rollback: the epoch tells), since a
   * pass's admission and its first snapshot ask at the same one.
   */
  unscheduledVersions(ctx: ReconcileContext): readonly ObjectVersion[] {
    const at = `${ctx.api.historyEpoch()}:${ctx.api.revision()}`;
    if (this.unscheduled?.at !== at) this.unscheduled = { at, versions: ctx.api.versions('Pod', null) };
    return this.unscheduled.versions;
  }

  /** bound records a binding this scheduler made (its echo is an assigned-Pod Add). */
  bound(key: string): void {
    this.boundHere.add(key);
  }

  /** onPodChange: a pending pod's own change goes to the queue; a bound pod's is a cluster event. */
  onPodChange(p: KubeObject, ctx: ReconcileContext, type: WatchEventType | undefined): Request[] {
    const { queue, pending, prepare, read } = this.cfg;
    const key = podKeyOf(p);
    prepare(ctx); // pending() needs the profile's schedulerName
    if (type !== 'DELETED' && pending(p)) {
      read?.(p, ctx);
      // Our own status write moves nothing, but the queue holds the version it left.
      if (this.ownWrites.delete(`${key}@${p.metadata.resourceVersion}`)) { queue.refresh(queuedPod(p)); return []; }
      queue.update(queuedPod(p));
      return []; // the pod's own key is handed over by the runtime (it is the component's `for` kind)
    }
    queue.delete(key);
    if (!p.spec?.nodeName) return [];
    // A bound pod going away (or finishing: kubemu counts it as deleted, as the snapshot drops
    // it) frees room; one newly bound (created bound, or our binding seen) can satisfy affinity
    // or spread. The change's type says which (a relist has none: then the API is asked).
    const gone = type ? type === 'DELETED' : !ctx.api.tryGet({ kind: 'Pod', namespace: p.metadata.namespace, name: p.metadata.name! });
    if (!gone) read?.(p, ctx);
    if (gone || isPodTerminal(p)) {
      this.boundHere.delete(key);
      return this.onClusterEvent(ctx, { resource: 'Pod', actionType: Action.Delete }, p, undefined);
    }
    if (type === 'ADDED' || this.boundHere.delete(key)) return this.onClusterEvent(ctx, { resource: 'Pod', actionType: Action.Add }, undefined, p);
    return [];
  }

  /** onNodeChange: a Node change as what it changed, compared with the last seen state. */
  onNodeChange(n: KubeObject, ctx: ReconcileContext, type: WatchEventType | undefined): Request[] {
    const name = n.metadata.name!;
    const old = this.nodes.get(name);
    if (type === 'DELETED') {
      this.nodes.delete(name);
      return this.onClusterEvent(ctx, { resource: 'Node', actionType: Action.Delete }, n, undefined);
    }
    this.nodes.set(name, keptNode(n));
    if (type === 'ADDED') return this.onClusterEvent(ctx, { resource: 'Node', actionType: Action.Add }, undefined, n);
    // Not seen before in this command: any part may have changed.
    const actionType = old ? nodeSchedulingPropertiesChange(old, n) : NODE_UPDATE;
    return actionType ? this.onClusterEvent(ctx, { resource: 'Node', actionType }, old, n) : [];
  }

  /** onStorageChange: a claim, volume or class change (its earlier state is not kept). */
  onStorageChange(kind: StorageKind, o: KubeObject, ctx: ReconcileContext, type: WatchEventType | undefined): Request[] {
    const actionType = type === 'ADDED' ? Action.Add : type === 'DELETED' ? Action.Delete : Action.Update;
    return this.onClusterEvent(ctx, { resource: kind, actionType }, undefined, type === 'DELETED' ? undefined : o);
  }

  /**
   * onClusterEvent is MoveAllToActiveOrBackoffQueue for one event; returns the moved pods' keys.
   * kubemu: the first event of a command first enters the pending pods earlier commands left.
   */
  private onClusterEvent(ctx: ReconcileContext, event: ClusterEvent, oldObj: KubeObject | undefined, newObj: KubeObject | undefined): Request[] {
    const { queue, prepare } = this.cfg;
    prepare(ctx);
    this.sync(ctx);
    return queue.moveAllToActiveOrBackoffQueue(event, oldObj, newObj).map(parseKey);
  }

  /**
   * sync enters the pending pods earlier commands left, once a command: at its first cluster
   * event, or before its first snapshot (which would read them anyway: then they are read once).
   */
  sync(ctx: ReconcileContext): void {
    if (this.synced) return;
    this.synced = true;
    this.enterLeftPending(ctx);
  }

  /** hasSynced says whether the queue has been given every pending pod (sync ran). */
  hasSynced(): boolean {
    return this.synced;
  }

  /**
   * enterLeftPending enters the pending pods earlier commands left, in name order. Those the
   * queue holds already (the scheduler took its pass's pods first) are not read again.
   */
  private enterLeftPending(ctx: ReconcileContext): void {
    const { queue, pending, read } = this.cfg;
    const enter = (p: KubeObject) => {
      read?.(p, ctx);
      if (pending(p)) queue.addIfNotPresent(queuedPod(p));
    };
    const candidates = this.cfg.leftPending?.(ctx) ?? this.unscheduledVersions(ctx).map((v) => `${v.namespace}/${v.name}`);
    const absent = candidates.filter((k) => !queue.where(k));
    if (absent.length > candidates.length / LEFT_SHARE) {
      ctx.api.each({ kind: 'Pod', fieldSelector: UNSCHEDULED }, (p) => { if (!queue.where(podKeyOf(p))) enter(p); });
      return;
    }
    for (const k of absent) {
      let p: KubeObject | undefined;
      try {
        p = ctx.api.tryGet({ kind: 'Pod', ...parseKey(k) });
      } catch (e) {
        if (isCorruptObjectError(e)) continue; // the scan passes over it too
        throw e;
      }
      if (p) enter(p);
    }
  }
}
