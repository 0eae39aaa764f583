/**
 * scheduling-queue: the scheduler's SchedulingQueue — activeQ (pods to attempt, popped in
 * PrioritySort order), backoffQ (pods moved by an event while still backing off after a failed
 * attempt: 1s doubling to 10s) and unschedulablePods (pods that failed and wait for a cluster
 * event one of their rejecting plugins registered, or for the 5-minute flush). Mirrors
 * kubernetes/kubernetes pkg/scheduler/backend/queue/scheduling_queue.go (PriorityQueue: Add,
 * Update, Delete, Pop, AddUnschedulableIfNotPresent, Done, flushBackoffQCompleted,
 * flushUnschedulablePodsLeftover, MoveAllToActiveOrBackoffQueue with isPodWorthRequeuing) and
 * framework/plugins/queuesort/priority_sort.go, with the KubeSchedulerConfiguration v1 defaults
 * (podInitialBackoffSeconds 1, podMaxBackoffSeconds 10, podMaxInUnschedulablePodsDuration 5m).
 * Time is the simulated clock's; nothing here reads the API.
 *
 * kubemu: the queue lives in the memory of one kubemu command. A pending pod an earlier command
 * left behind enters it "cold" (addIfNotPresent): its rejecting plugins are not known, so any
 * registered event may move it, and it is moved when its own timer (kept by the runtime) falls due.
 */
import type { KubeObject } from '../api/meta';
import type { Plugin } from './framework';
import {
  type ClusterEvent, type ClusterEventWithHint, type EnqueueExtensions, type QueueingHint, eventMatches, hasEnqueueExtensions,
} from './cluster-event';

/** POD_INITIAL_BACKOFF_MS is the first retry delay after a failed attempt (podInitialBackoffSeconds). */
export const POD_INITIAL_BACKOFF_MS = 1_000;
/** POD_MAX_BACKOFF_MS caps the doubling back-off (podMaxBackoffSeconds). */
export const POD_MAX_BACKOFF_MS = 10_000;
/**
 * POD_MAX_IN_UNSCHEDULABLE_PODS_DURATION_MS: an unschedulable pod no cluster event has moved
 * is retried after this long (podMaxInUnschedulablePodsDuration, 5 minutes).
 */
export const POD_MAX_IN_UNSCHEDULABLE_PODS_DURATION_MS = 5 * 60_000;

/** backoffDuration is the delay after `attempts` failed attempts: 1s, 2s, 4s, 8s, then 10s. */
export function backoffDuration(attempts: number): number {
  if (attempts <= 0) return 0;
  let d = POD_INITIAL_BACKOFF_MS;
  for (let i = 1; i < attempts && d < POD_MAX_BACKOFF_MS; i++) d *= 2;
  return Math.min(d, POD_MAX_BACKOFF_MS);
}

const keyOf = (p: KubeObject) => `${p.metadata.namespace ?? ''}/${p.metadata.name ?? ''}`;

/**
 * lessPod is PrioritySort's Less: higher priority first, then the earlier timestamp.
 * kubemu: the timestamp is the pod's creationTimestamp (upstream: when it entered the queue),
 * and "namespace/name" breaks the remaining ties so the order is total.
 */
export function lessPod(a: KubeObject, b: KubeObject): number {
  const pa = Number(a.spec?.priority ?? 0), pb = Number(b.spec?.priority ?? 0);
  if (pa !== pb) return pb - pa;
  const ta = a.metadata.creationTimestamp ?? '', tb = b.metadata.creationTimestamp ?? '';
  if (ta !== tb) return ta < tb ? -1 : 1;
  const ka = keyOf(a), kb = keyOf(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/** activeQOrder returns pods in the order the scheduler pops them. */
export function activeQOrder<T extends KubeObject>(pods: readonly T[]): T[] {
  return [...pods].sort(lessPod);
}

/** QueuedPodInfo is a pod in the queue with its scheduling history (framework.QueuedPodInfo). */
export interface QueuedPodInfo {
  readonly key: string;
  /** pod is what PrioritySort and the queueing hints read of it. */
  pod: KubeObject;
  /** attempts counts the failed attempts (the back-off doubles with each). */
  attempts: number;
  /** lastFailureMs is when the last failed attempt ended: the back-off runs from it. */
  lastFailureMs: number;
  /** timestamp is when it entered unschedulablePods (undefined: cold, left by an earlier command). */
  timestamp?: number;
  /** unschedulablePlugins rejected it in its last attempt (undefined: not known). */
  unschedulablePlugins?: ReadonlySet<string>;
}

/** QueueWake is when the runtime should next hand a pod's key back (a controller Result). */
export interface QueueWake { requeueAfterMs: number; lazy?: boolean }

/** SchedulingQueueConfig wires the queue to the simulated clock. */
export interface SchedulingQueueConfig { clock: { nowMs(): number } }

/** QueueName says which of the three queues holds a pod. */
export type QueueName = 'activeQ' | 'backoffQ' | 'unschedulablePods';

/** SchedulingQueue is the PriorityQueue of kube-scheduler; see the module comment. */
export class SchedulingQueue {
  private readonly clock: { nowMs(): number };
  private readonly activeQ = new Map<string, QueuedPodInfo>();
  /** sorted is activeQ in pop order, built at the first pop after a change. */
  private sorted: QueuedPodInfo[] | undefined;
  private sortedAt = 0;
  private readonly backoffQ = new Map<string, QueuedPodInfo>();
  private readonly unschedulablePods = new Map<string, QueuedPodInfo>();
  /** rejectedBy indexes unschedulablePods by rejecting plugin; "" holds the pods no plugin rejected. */
  private readonly rejectedBy = new Map<string, Set<string>>();
  /** cold holds the unschedulable pods whose rejecting plugins are not known (addIfNotPresent). */
  private readonly cold = new Map<string, QueuedPodInfo>();
  /**
   * coldByEvent indexes the cold pods by event (resource|actionType), built when the event first
   * comes: those some registration may queue for it. A big cluster's pending pods enter cold, and
   * asking every one about every bind made each command quadratic in the pending pods.
   */
  private readonly coldByEvent = new Map<string, { event: ClusterEvent; keys: Set<string> }>();
  /** entered numbers the entries into unschedulablePods: "" and cold pods are asked in entry order, as one index upstream. */
  private readonly entered = new Map<string, number>();
  private entries = 0;
  private plugins: readonly Plugin[] = [];
  private pluginNames: readonly string[] = [];
  private registrations = new Map<string, readonly ClusterEventWithHint[] | undefined>();
  private interestedCache = new Map<string, readonly string[]>();

  constructor(config: SchedulingQueueConfig) {
    this.clock = config.clock;
  }

  /** setPlugins records the profile's rejecting plugins and the events each registered (EventsToRegister). */
  setPlugins(plugins: readonly (Plugin & Partial<EnqueueExtensions>)[]): void {
    // The same plugin objects (a profile unchanged since the last pass): nothing to redo.
    if (plugins.length === this.plugins.length && plugins.every((p, i) => p === this.plugins[i])) return;
    this.plugins = plugins;
    this.pluginNames = plugins.map((p) => p.name);
    this.registrations = new Map(plugins.map((p) => [p.name, hasEnqueueExtensions(p) ? p.eventsToRegister() : undefined]));
    this.interestedCache.clear();
    this.coldByEvent.clear();
  }

  /** where says which queue holds key (undefined: none — unknown, in flight, or done). */
  where(key: string): QueueName | undefined {
    if (this.activeQ.has(key)) return 'activeQ';
    if (this.backoffQ.has(key)) return 'backoffQ';
    if (this.unschedulablePods.has(key)) return 'unschedulablePods';
    return undefined;
  }

  /** get returns the queued info of key, in whichever queue. */
  get(key: string): QueuedPodInfo | undefined {
    return this.activeQ.get(key) ?? this.backoffQ.get(key) ?? this.unschedulablePods.get(key);
  }

  /** keys lists the keys of every pod the queue holds, in any of its queues. */
  keys(): string[] {
    return [...this.activeQ.keys(), ...this.backoffQ.keys(), ...this.unschedulablePods.keys()];
  }

  /** active lists activeQ's pods (in no particular order). */
  active(): KubeObject[] {
    return [...this.activeQ.values()].map((info) => info.pod);
  }

  /** len counts the pods in each queue. */
  len(): Record<QueueName, number> {
    return { activeQ: this.activeQ.size, backoffQ: this.backoffQ.size, unschedulablePods: this.unschedulablePods.size };
  }

  /** add is Add: a new pending pod goes to activeQ (an already queued one is updated instead). */
  add(pod: KubeObject): void {
    const key = keyOf(pod);
    if (this.get(key)) return this.update(pod);
    this.toActive({ key, pod, attempts: 0, lastFailureMs: 0 });
  }

  /**
   * update is Update: the pod itself changed (by someone else). An unschedulable pod is moved —
   * to backoffQ while it is backing off, else activeQ; a queued one takes the new object.
   */
  update(pod: KubeObject): void {
    const key = keyOf(pod);
    const active = this.activeQ.get(key) ?? this.backoffQ.get(key);
    if (active) { active.pod = pod; this.sorted = undefined; return; }
    const info = this.unschedulablePods.get(key);
    if (!info) return this.add(pod);
    info.pod = pod;
    this.removeUnschedulable(key);
    this.toActiveOrBackoff(info);
  }

  /**
   * refresh takes a newer version of a queued pod that changed nothing scheduling reads (our own
   * status write's echo), where it is, as upstream's Update does for a pod it does not move.
   */
  refresh(pod: KubeObject): void {
    const info = this.get(keyOf(pod));
    if (info) info.pod = pod;
  }

  /**
   * addIfNotPresent enters a pod an earlier command left pending: unschedulable, its rejecting
   * plugins and entry time unknown, so any registered event or its own timer moves it.
   */
  addIfNotPresent(pod: KubeObject): void {
    const key = keyOf(pod);
    if (this.get(key)) return;
    this.toUnschedulable({ key, pod, attempts: 0, lastFailureMs: 0 });
  }

  /** delete is Delete: the pod was bound, deleted or left this scheduler. */
  delete(key: string): void {
    if (this.activeQ.delete(key)) this.sorted = undefined;
    this.backoffQ.delete(key);
    if (this.unschedulablePods.has(key)) this.removeUnschedulable(key);
  }

  /** pop is Pop: the activeQ pod to attempt next, now in flight (follow with addUnschedulable, requeue or done). */
  pop(): QueuedPodInfo | undefined {
    if (!this.sorted) {
      this.sorted = [...this.activeQ.values()].sort((a, b) => lessPod(a.pod, b.pod));
      this.sortedAt = 0;
    }
    while (this.sortedAt < this.sorted.length) {
      const info = this.sorted[this.sortedAt++]!;
      if (this.activeQ.get(info.key) !== info) continue;
      this.activeQ.delete(info.key);
      return info;
    }
    return undefined;
  }

  /**
   * addUnschedulable is AddUnschedulableIfNotPresent after a failed attempt: one more failure
   * (a longer back-off), and into unschedulablePods with the plugins that rejected it.
   */
  addUnschedulable(info: QueuedPodInfo, unschedulablePlugins: ReadonlySet<string>): void {
    const now = this.clock.nowMs();
    info.attempts++;
    info.lastFailureMs = now;
    info.timestamp = now;
    info.unschedulablePlugins = unschedulablePlugins;
    this.delete(info.key);
    this.toUnschedulable(info);
  }

  /** done forgets a pod that was bound (or whose attempt ended without a verdict). */
  done(key: string): void {
    this.delete(key);
  }

  /** flushBackoffQCompleted moves the pods whose back-off has run out to activeQ. */
  flushBackoffQCompleted(): void {
    const now = this.clock.nowMs();
    for (const info of [...this.backoffQ.values()]) {
      if (this.backoffExpiry(info) > now) continue;
      this.backoffQ.delete(info.key);
      this.toActive(info);
    }
  }

  /**
   * flushUnschedulablePodsLeftover moves the pods unschedulable for 5 minutes or more. Only
   * `key`'s is moved if cold (its timer, set by an earlier command, is what has fallen due).
   */
  flushUnschedulablePodsLeftover(key?: string): void {
    const now = this.clock.nowMs();
    const due = (i: QueuedPodInfo) => i.timestamp === undefined ? i.key === key : now - i.timestamp >= POD_MAX_IN_UNSCHEDULABLE_PODS_DURATION_MS;
    const infos = key === undefined ? [...this.unschedulablePods.values()] : [this.unschedulablePods.get(key)].filter((i) => i !== undefined);
    for (const info of infos) {
      if (!due(info)) continue;
      this.removeUnschedulable(info.key);
      this.toActiveOrBackoff(info);
    }
  }

  /**
   * moveAllToActiveOrBackoffQueue is MoveAllToActiveOrBackoffQueue for one cluster event: every
   * unschedulable pod one of whose rejecting plugins registered the event, and whose hint says
   * Queue, moves to backoffQ or activeQ. Returns the keys it moved.
   */
  moveAllToActiveOrBackoffQueue(event: ClusterEvent, oldObj: KubeObject | undefined, newObj: KubeObject | undefined): string[] {
    if (!this.unschedulablePods.size) return [];
    // Every verdict first, then the moves: a move changes no other pod's verdict.
    const moved: string[] = [];
    const ask = (key: string) => {
      if (this.isPodWorthRequeuing(this.unschedulablePods.get(key)!, event, oldObj, newObj) !== 'QueueSkip') moved.push(key);
    };
    this.inEntryOrder(this.rejectedBy.get(''), this.coldCandidates(event), ask);
    const rejected = this.interested(event).map((plugin) => this.rejectedBy.get(plugin)).filter((keys) => !!keys?.size) as Set<string>[];
    const seen = rejected.length > 1 ? new Set<string>() : undefined;
    for (const keys of rejected) {
      for (const key of keys) {
        if (seen) { if (seen.has(key)) continue; seen.add(key); }
        ask(key);
      }
    }
    for (const key of moved) {
      const info = this.unschedulablePods.get(key)!;
      this.removeUnschedulable(key);
      this.toActiveOrBackoff(info);
    }
    return moved;
  }

  /** inEntryOrder calls visit on the keys of both sets (each in entry order), merged by entry. */
  private inEntryOrder(a: ReadonlySet<string> | undefined, b: ReadonlySet<string> | undefined, visit: (key: string) => void): void {
    if (!a?.size || !b?.size) {
      for (const key of a?.size ? a : b ?? []) visit(key);
      return;
    }
    const xs = [...a], ys = [...b];
    let i = 0, j = 0;
    while (i < xs.length || j < ys.length) {
      if (j === ys.length || (i < xs.length && this.entered.get(xs[i]!)! < this.entered.get(ys[j]!)!)) visit(xs[i++]!);
      else visit(ys[j++]!);
    }
  }

  /** coldCandidates is the cold pods some registration of event may queue (the others' verdict is QueueSkip). */
  private coldCandidates(event: ClusterEvent): ReadonlySet<string> | undefined {
    if (!this.cold.size) return undefined;
    const k = `${event.resource}|${event.actionType}`;
    let index = this.coldByEvent.get(k);
    if (!index) {
      index = { event, keys: new Set() };
      for (const [key, info] of this.cold) if (this.coldMayMove(info.pod, event)) index.keys.add(key);
      this.coldByEvent.set(k, index);
    }
    return index.keys;
  }

  /**
   * coldMayMove is whether isPodWorthRequeuing could say Queue for a cold pod (every plugin its
   * rejector) on event: a plugin that registered nothing, or a registration of the event whose
   * hint is missing or does not skip the pod by itself.
   */
  private coldMayMove(pod: KubeObject, event: ClusterEvent): boolean {
    for (const name of this.pluginNames) {
      const regs = this.registrations.get(name);
      if (!regs) return true;
      for (const r of regs) {
        if (eventMatches(r.event, event) && (!r.hint || !r.skips?.(pod, event.actionType))) return true;
      }
    }
    return false;
  }

  /** wakeAfter is when the runtime should next hand key back: activeQ now, backoffQ at its expiry, unschedulable at the flush. */
  wakeAfter(key: string): QueueWake | undefined {
    const now = this.clock.nowMs();
    if (this.activeQ.has(key)) return { requeueAfterMs: 0 };
    const backoff = this.backoffQ.get(key);
    if (backoff) return { requeueAfterMs: Math.max(0, this.backoffExpiry(backoff) - now) };
    const info = this.unschedulablePods.get(key);
    if (!info) return undefined;
    // lazy: a clock advance need not stop at the flush; it fires at the next settle after it.
    const left = info.timestamp === undefined ? 0 : info.timestamp + POD_MAX_IN_UNSCHEDULABLE_PODS_DURATION_MS - now;
    return { requeueAfterMs: Math.max(0, left), lazy: true };
  }

  /** backoffExpiry is when a pod's back-off after its failed attempts runs out. */
  backoffExpiry(info: QueuedPodInfo): number {
    return info.lastFailureMs + backoffDuration(info.attempts);
  }

  /**
   * isPodWorthRequeuing asks the pod's rejecting plugins (all of them when not known) about the
   * event: Queue if one that registered it has no hint or its hint says Queue; a pod no plugin
   * rejected (no nodes at all, say) is moved by any event.
   */
  private isPodWorthRequeuing(info: QueuedPodInfo, event: ClusterEvent, oldObj: KubeObject | undefined, newObj: KubeObject | undefined): QueueingHint {
    const rejectors = info.unschedulablePlugins ?? this.pluginNames;
    if (info.unschedulablePlugins?.size === 0) return 'Queue';
    for (const name of rejectors) {
      const regs = this.registrations.get(name);
      if (!regs) return 'Queue'; // a rejecting plugin with no EnqueueExtensions: every event may help it
      for (const r of regs) {
        if (!eventMatches(r.event, event)) continue;
        if (!r.hint || r.hint(info.pod, oldObj, newObj) === 'Queue') return 'Queue';
      }
    }
    return 'QueueSkip';
  }

  /** interested lists the plugins that registered event (or registered nothing, so take every event). */
  private interested(event: ClusterEvent): readonly string[] {
    const k = `${event.resource}|${event.actionType}`;
    let names = this.interestedCache.get(k);
    if (!names) {
      names = this.pluginNames.filter((n) => {
        const regs = this.registrations.get(n);
        return !regs || regs.some((r) => eventMatches(r.event, event));
      });
      this.interestedCache.set(k, names);
    }
    return names;
  }

  private toActive(info: QueuedPodInfo): void {
    this.activeQ.set(info.key, info);
    this.sorted = undefined;
  }

  private toActiveOrBackoff(info: QueuedPodInfo): void {
    if (this.backoffExpiry(info) > this.clock.nowMs()) this.backoffQ.set(info.key, info);
    else this.toActive(info);
  }

  private toUnschedulable(info: QueuedPodInfo): void {
    this.unschedulablePods.set(info.key, info);
    this.entered.set(info.key, this.entries++);
    if (!info.unschedulablePlugins) {
      this.cold.set(info.key, info);
      for (const { event, keys } of this.coldByEvent.values()) if (this.coldMayMove(info.pod, event)) keys.add(info.key);
      return;
    }
    for (const name of this.indexNames(info)) {
      let keys = this.rejectedBy.get(name);
      if (!keys) this.rejectedBy.set(name, (keys = new Set()));
      keys.add(info.key);
    }
  }

  private removeUnschedulable(key: string): void {
    const info = this.unschedulablePods.get(key);
    if (!info) return;
    this.unschedulablePods.delete(key);
    this.entered.delete(key);
    if (this.cold.delete(key)) {
      for (const { keys } of this.coldByEvent.values()) keys.delete(key);
      return;
    }
    for (const name of this.indexNames(info)) this.rejectedBy.get(name)?.delete(key);
  }

  private indexNames(info: QueuedPodInfo): Iterable<string> {
    return info.unschedulablePlugins!.size ? info.unschedulablePlugins! : [''];
  }
}
