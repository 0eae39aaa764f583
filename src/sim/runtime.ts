/**
 * runtime: the simulation's discrete-event loop. settle() runs every component in a fixed
 * order — controllers, then the scheduler, then kubelets — pass after pass until a pass
 * changes nothing; advanceTo() moves the clock timer by timer, settling at each stop.
 */
import type { KubeObject } from '../api/meta';
import type { ApiClient } from '../apiserver/client';
import type { Store } from '../store/store';
import type { Timer, WatchEvent, WatchEventType } from '../store/store';
import { CorruptObjectError, WITHOUT_MANAGED_FIELDS } from '../store/store';
import {
  KEEP_MEMO, type Controller, type ReconcileContext, type Request, TerminalError, controllerOf, keyOf, parseKey, requestFor,
} from './controller';
import type { SimClock } from './clock';
import type { Rand } from './rand';
import { failpoint } from './failpoints';
import { BIG_SETTLE_WRITES, keepHeapNearLiveData } from './batch-heap';
import { decodeMemos, encodeMemos } from './settle-memo';

/** SettleReport says how much a settle did; settled is false if it hit maxPasses or its write budget. */
export interface SettleReport { passes: number; reconciles: number; settled: boolean }

/** AdvanceReport adds whether an advance reached its target or paused on the way (advanceTo's pauseAt). */
export interface AdvanceReport extends SettleReport { reached: boolean }

/** META_UNFINISHED marks a settle that ran out of passes (its components have work left). */
const META_UNFINISHED = 'settle.unfinished';

/**
 * META_PENDING holds, per component, the keys a settle that stopped early had mapped its last
 * writes to and not reconciled (handOver): JSON { component: [key, …] }, '' when none.
 */
const META_PENDING = 'settle.pending';

/**
 * META_MEMO holds what components handed over beside their keys when a settle ended
 * (Controller.handOver): { component: memo } as settle-memo encodes it, '' when none.
 */
const META_MEMO = 'settle.memo';

/** parsePending reads META_PENDING: { component: keys } ('' or none: {}), undefined when it cannot be read. */
function parsePending(saved: string | undefined): Record<string, string[]> | undefined {
  if (!saved) return {};
  try {
    const left: unknown = JSON.parse(saved);
    if (!left || typeof left !== 'object' || Array.isArray(left)) return undefined;
    const keys = Object.values(left);
    return keys.every((k) => Array.isArray(k) && k.every((x) => typeof x === 'string')) ? left as Record<string, string[]> : undefined;
  } catch {
    return undefined;
  }
}

/** META_COMPONENT_SET is the componentSet the last settle ran. */
const META_COMPONENT_SET = 'settle.components';

/** MAX_PASSES bounds one settle; past it something is hot-looping. */
export const MAX_PASSES = 200;

/** NOT_SETTLED is the one warning a settle or clock advance prints when it had to stop early. */
export const NOT_SETTLED = (passes: number): string => `warning: the cluster did not settle after ${passes} passes`;

/**
 * IMMEDIATE_REQUEUES is how many zero-delay requeues in a row one key gets; past them it is
 * hot-looping, and each further one waits in simulated time, twice as long as the last.
 */
export const IMMEDIATE_REQUEUES = 5;

/**
 * CATCH_UP_PASSES bounds the settle at the target of a clock advance that had to stop early:
 * the timers it skipped fire there, and what a hot loop leaves is the next command's to go on with.
 */
export const CATCH_UP_PASSES = 20;

/** MAX_STOPS bounds the timers one clock advance stops at. */
const MAX_STOPS = 1_000_000;

/**
 * MAX_SETTLE_WRITES bounds the writes one command's reconciling makes (a settle, or all the
 * settles of one clock advance, on a bigger cluster ADVANCE_WRITES_PER_NODE per node): past it
 * the settle stops at the end of its pass, the cluster consistent and marked unfinished, and
 * later commands go on with the rest — so scaling to 2147483647 replicas returns, like an
 * overloaded control plane that falls behind. (A pass is bounded by the controllers: 500 pods
 * per ReplicaSet sync, 1 000 scheduling attempts.)
 */
export const MAX_SETTLE_WRITES = 5_000;

/**
 * ADVANCE_WRITES_PER_NODE: a clock advance's budget grows with the cluster's nodes, past
 * MAX_SETTLE_WRITES. In the same simulated minute every node's kubelet starts its own pods, and
 * what a command takes over before it can write (the scheduler's queue and snapshot, the nodes'
 * loops) grows with the cluster too: at 5 000 nodes and 150 000 pods, ticks of 20 000 writes
 * took x0.76 the CPU time per pod started of ticks of 5 000. Clusters of up to 1 250 nodes keep
 * MAX_SETTLE_WRITES.
 */
export const ADVANCE_WRITES_PER_NODE = 4;

/**
 * CATCH_UP_WRITES is the budget of a read's catching up (get, describe, logs): on a cluster
 * that has fallen behind, a read does a small share of the work, so that it stays quick.
 */
export const CATCH_UP_WRITES = 1_000;

/** HISTORY_WINDOW is how many changes stay in the log after compaction (resumable watches). */
export const HISTORY_WINDOW = 10_000;

/**
 * MAX_LAG_WINDOWS bounds how far behind the head the components' own cursors can hold
 * compaction back (a settle that stopped at its write budget leaves some components behind).
 */
const MAX_LAG_WINDOWS = 4;

/**
 * compactionPoint is the revision to compact the change log to, or undefined while it is within
 * twice the window. It stops at the oldest cursor of this process's components, up to
 * MAX_LAG_WINDOWS windows back: a component is an informer streaming the changes, and one that
 * merely fell behind a busy command must not be compacted past and relist every object of its
 * kind in the next command (at 30 000 pods, most of a tick). A component further behind, or
 * stopped, relists after its 410 as before.
 */
export function compactionPoint(head: number, compacted: number, cursors: Iterable<number>): number | undefined {
  if (head - compacted <= 2 * HISTORY_WINDOW) return undefined;
  let upTo = head - HISTORY_WINDOW;
  for (const c of cursors) if (c < upTo) upTo = c;
  upTo = Math.max(upTo, head - MAX_LAG_WINDOWS * HISTORY_WINDOW);
  return upTo > compacted ? upTo : undefined;
}

/** BACKOFF_BASE_MS and BACKOFF_MAX_MS bound the retry delay of a failing reconcile (simulated time). */
export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_MAX_MS = 5 * 60 * 1000;

/**
 * SimulationConfig wires the runtime. The store is used only for cursors, timers and meta, and
 * to expire etcd leases at the simulated time — never to read or write objects.
 */
export interface SimulationConfig {
  store: Store;
  api: ApiClient;
  clock: SimClock;
  rand: Rand;
  /**
   * componentSet names the list components() returns (it changes when the scheduler is stopped
   * or started): a settle under another set than the last one runs its passes even with nothing
   * new to do, so a component that was absent catches up with what it missed.
   */
  componentSet?: string;
  /** components returns the components in settle order; called once, on the first settle. */
  components: () => readonly Controller[];
  /** onWarning receives a hot-loop warning (the CLI prints it to stderr). */
  onWarning?: (msg: string) => void;
  /** onPass is told after every settle pass (the CLI's progress line on a terminal). */
  onPass?: () => void;
  /**
   * quietTimers names components whose lazy timers do not make a settle due on their own (they
   * keep up work the API computes when read, such as heartbeats); they fire at the next settle
   * something else starts.
   */
  quietTimers?: readonly string[];
}

/** PUMP_PAGE is how many changes the shared change reader holds at once (a big settle writes tens of thousands). */
const PUMP_PAGE = 5_000;

/**
 * AT_ONCE is the due time of a requeue at once: before any clock's time, so due at every pass,
 * and the same each time (a key requeued at once pass after pass keeps its timer row as it is).
 */
export const AT_ONCE = 0;

/** TIMER_GRANULARITY_MS: timers fire on tenths of a simulated second (API timestamps have whole seconds). */
export const TIMER_GRANULARITY_MS = 100;

/**
 * dueTime is when a requeue after `afterMs` fires: rounded up to the timer granularity, so
 * that work falling due within the same second is done in one stop of a clock advance
 * (the API's timestamps could not tell the difference anyway). A zero delay stays immediate.
 */
export function dueTime(nowMs: number, afterMs: number): number {
  if (afterMs <= 0) return nowMs;
  return Math.ceil((nowMs + afterMs) / TIMER_GRANULARITY_MS) * TIMER_GRANULARITY_MS;
}

/**
 * Interest is a component's stake in one kind's changes while a page is distributed: plain
 * when the change's key is its request (its own kind, no filter or mapping), else mapped.
 */
interface Interest { c: Controller; plain: boolean; cursor: number; keys: Set<string> }

/** Simulation owns the loop. */
export class Simulation {
  private readonly ctx: ReconcileContext;
  private failures = new Map<string, number>();
  private loaded?: readonly Controller[];
  /** pending holds, per component, the keys changes have mapped to and it has not yet reconciled. */
  private readonly pending = new Map<string, Set<string>>();
  /** cursors: the revision each component has taken its keys up to (persisted as meta cursor.NAME). */
  private readonly cursors = new Map<string, number>();
  /** heldFrom: where a reader of this process watches from (holdHistory), held back from compaction like a cursor. */
  private heldFrom: number | undefined;
  /** settledFrom: the revision this settle began at (how much it has written). */
  private settledFrom = 0;
  /** mapCtx is what watch maps read through while a page of changes is distributed (cachedReads). */
  private mapCtx: ReconcileContext | undefined;
  /** pumped: the revision the change log has been distributed up to in this settle. */
  private pumped: number | undefined;
  /** pendingElsewhere: handed-over keys of components this settle does not run (kept for the one that does). */
  private pendingElsewhere: Record<string, string[]> = {};
  /** takenMemos decodes, once a settle, the memos handed over (undefined: this settle has loaded none). */
  private takenMemos: (() => Record<string, unknown>) | undefined;
  /** immediate counts, per component|key, its zero-delay requeues in a row. */
  private readonly immediate = new Map<string, number>();
  /** calls and warned: a settle or advance (with the settles inside it) prints at most one warning. */
  private calls = 0;
  private warned = false;
  /** writeBudget is withWriteBudget's; undefined: MAX_SETTLE_WRITES a settle, and per node an advance (ADVANCE_WRITES_PER_NODE). */
  private writeBudget: number | undefined;

  /** componentCtx: each component's context when its API is wrapped (wrapComponentApi). */
  private componentApi?: (component: string, api: ApiClient) => ApiClient;
  private readonly componentCtx = new Map<string, ReconcileContext>();

  constructor(private readonly cfg: SimulationConfig) {
    this.ctx = { api: cfg.api, clock: cfg.clock, rand: cfg.rand };
  }

  /**
   * wrapComponentApi gives each component the API wrap returns for it (the audit log's
   * per-component identities); without it every component shares the plain API.
   */
  wrapComponentApi(wrap: (component: string, api: ApiClient) => ApiClient): void {
    // Wraps stack: the audit log's goes around the one that gives each write its component's user.
    const inner = this.componentApi;
    this.componentApi = inner ? (component, api) => wrap(component, inner(component, api)) : wrap;
    this.componentCtx.clear();
  }

  private contextOf(c: Controller): ReconcileContext {
    if (!this.componentApi) return this.ctx;
    let ctx = this.componentCtx.get(c.name);
    if (!ctx) this.componentCtx.set(c.name, (ctx = { ...this.ctx, api: this.componentApi(c.name, this.ctx.api) }));
    return ctx;
  }

  /** dirty reports whether a settle could change anything: unseen writes, a due timer or an expired lease. */
  dirty(): boolean {
    const { store, clock } = this.cfg;
    const settled = Number(store.meta.get('settledRevision') ?? '-1');
    if (store.revision() !== settled) return true;
    const now = clock.nowMs();
    const quiet = this.cfg.quietTimers;
    const next = quiet?.length ? store.timers.nextWaking(quiet) : store.timers.next();
    if (next !== undefined && next <= now) return true;
    const lease = store.leases.next();
    return lease !== undefined && lease <= now;
  }

  /** withoutWriteBudget runs fn with no bound on writes (cluster creation must finish its work). */
  withoutWriteBudget<T>(fn: () => T): T {
    return this.withWriteBudget(Infinity, fn);
  }

  /**
   * holdHistory runs fn with the change log kept from revision `from` on, within compaction's
   * bound on cursors (MAX_LAG_WINDOWS): a tick reads what it did from there for its summary
   * line, and a tick on a big cluster writes more than HISTORY_WINDOW changes.
   */
  holdHistory<T>(from: number, fn: () => T): T {
    const held = this.heldFrom;
    this.heldFrom = Math.min(from, held ?? from);
    try {
      return fn();
    } finally {
      this.heldFrom = held;
    }
  }

  /** withWriteBudget runs fn with another bound on the writes of its settles and advances. */
  withWriteBudget<T>(writes: number, fn: () => T): T {
    const budget = this.writeBudget;
    this.writeBudget = writes;
    try {
      return fn();
    } finally {
      this.writeBudget = budget;
    }
  }

  /** settle runs passes at the current time until one makes no change, maxPasses have run, or it has written maxWrites objects. */
  settle(maxPasses = MAX_PASSES, maxWrites = this.writeBudget ?? MAX_SETTLE_WRITES): SettleReport {
    return this.call(() => this.settleNow(maxPasses, maxWrites));
  }

  private settleNow(maxPasses: number, maxWrites: number): SettleReport {
    const { store } = this.cfg;
    // Nothing written since the last settle and no timer due: a pass would find no work (an
    // idle tick need not even load the components).
    if (!this.dirty() && store.meta.get(META_UNFINISHED) !== 'true' && store.meta.get(META_COMPONENT_SET) === (this.cfg.componentSet ?? '')) {
      this.persist();
      return { passes: 0, reconciles: 0, settled: true };
    }
    let passes = 0;
    let reconciles = 0;
    this.settledFrom = store.revision();
    // The distribution state is the settle's own: a rolled-back command must leave nothing behind.
    this.pending.clear();
    this.cursors.clear();
    this.pumped = undefined;
    this.pendingElsewhere = {};
    this.takenMemos = undefined;
    // Going on with work an earlier command left is a batch job from its start: the heap's bound
    // must be set before the first full collection sizes the heap, not 2 000 writes in.
    if (store.meta.get(META_UNFINISHED) === 'true') keepHeapNearLiveData();
    // etcd revokes the leases that ran out by now (expired Events); watchers see the deletions.
    // The event correlators then forget what no longer bears on the next Event (a full spam
    // bucket, an aggregation window past): a sweep of their table, worth it when Events go.
    if (store.leases.expire(this.cfg.clock.nowMs())) store.eventCorrelation.expire(this.cfg.clock.nowMs());
    for (;;) {
      if (passes >= maxPasses) {
        this.warn(NOT_SETTLED(maxPasses));
        this.handOver();
        this.persist(false);
        return { passes, reconciles, settled: false };
      }
      passes++;
      const before = store.revision();
      let work = 0;
      for (const c of this.components()) {
        const n = this.runComponent(c);
        work += n;
        if (n) failpoint('between-controllers');
      }
      reconciles += work;
      this.cfg.onPass?.();
      // Past its budget a settle stops after the pass: every component has had its turn (the
      // kubelets too, which come last), and the work left is the next command's.
      if (store.revision() - this.settledFrom >= maxWrites) {
        this.handOver();
        this.persist(false);
        return { passes, reconciles, settled: false };
      }
      if (store.revision() === before && !this.timerDue()) break;
    }
    this.savePending();
    this.persist();
    return { passes, reconciles, settled: true };
  }

  /**
   * handOver ends a settle that stops early: its last pass's writes are distributed here, where
   * the components' memory of what they did (ReconciledState: a kubelet's own status write, a
   * pod whose owner is unchanged) still passes over the changes that need no reconcile, and the
   * keys that do are kept for the next command, every cursor at the head. The next command then
   * goes on as this one would have, instead of reconciling the whole tail again.
   */
  private handOver(): void {
    const { store } = this.cfg;
    const head = this.pump();
    for (const c of this.components()) {
      if (this.cursors.get(c.name) === head) continue;
      this.cursors.set(c.name, head);
      store.meta.set(`cursor.${c.name}`, String(head));
    }
    this.savePending(true);
  }

  /**
   * savePending stores the keys left pending (handOver's, and those of components this settle did
   * not run), and the components' memos. The memos stored stay as they are (not even read)
   * unless a component hands over something new or drops its own.
   */
  private savePending(early = false): void {
    const { store } = this.cfg;
    // A settle that distributed nothing loaded nothing: what is kept stays as it is.
    if (this.pumped === undefined) return;
    const left: Record<string, string[]> = { ...this.pendingElsewhere };
    for (const [name, keys] of this.pending) if (keys.size) left[name] = [...keys].sort();
    const value = Object.keys(left).length ? JSON.stringify(left) : '';
    if ((store.meta.get(META_PENDING) ?? '') !== value) store.meta.set(META_PENDING, value);
    const handed = new Map<string, unknown>();
    for (const c of this.components()) {
      const memo = c.handOver ? c.handOver(!early) : KEEP_MEMO;
      if (memo !== KEEP_MEMO) handed.set(c.name, memo);
    }
    if (!handed.size) return;
    // The memos of components this settle does not run (or that keep theirs) are kept for them.
    const memos: Record<string, unknown> = { ...this.takenMemos?.() };
    for (const [name, memo] of handed) {
      if (memo === undefined) delete memos[name];
      else memos[name] = memo;
    }
    const memo = encodeMemos(memos);
    // An early stop's memos are new (and MBs at 30 000 pods): not read back to compare.
    if (early || (store.meta.get(META_MEMO) ?? '') !== memo) store.meta.set(META_MEMO, memo);
  }

  /**
   * loadPending takes the keys and memos an earlier command handed over to the components this
   * settle runs. Keys that cannot be read (a hand-edited or damaged state file) are work lost:
   * the components go back to the start of the history, so the pump replays it or, past a
   * compaction, they relist, as an informer does after 410 Gone.
   */
  private loadPending(comps: readonly Controller[]): void {
    const left = parsePending(this.cfg.store.meta.get(META_PENDING));
    if (!left) {
      for (const c of comps) this.cursors.set(c.name, 0);
      this.pendingElsewhere = {};
      this.takenMemos = () => ({});
      return;
    }
    for (const c of comps) {
      const keys = left[c.name];
      if (!keys) continue;
      const pending = this.pendingOf(c);
      for (const k of keys) pending.add(k);
      delete left[c.name];
    }
    this.pendingElsewhere = left;
    // Read and decoded only when a component asks (a settled scheduler's memo is MBs at 30 000
    // pods, and most commands never wake the scheduler): no one writes it before this settle ends.
    let memos: Record<string, unknown> | undefined;
    const taken = () => (memos ??= decodeMemos(this.cfg.store.meta.get(META_MEMO)));
    this.takenMemos = taken;
    for (const c of comps) c.takeOver?.(() => taken()[c.name]);
  }

  /**
   * timerDue says whether one of this settle's components has a timer due now. A timer of a
   * component not running (a stopped scheduler) waits for it: it must not keep the passes going.
   */
  private timerDue(): boolean {
    const { store, clock } = this.cfg;
    const now = clock.nowMs();
    const next = store.timers.next();
    if (next === undefined || next > now) return false;
    return this.components().some((c) => store.timers.due(now, c.name).length > 0);
  }

  /** call runs a public entry point; the settles nested in it share its one warning. */
  private call<T>(fn: () => T): T {
    if (this.calls++ === 0) this.warned = false;
    try {
      return fn();
    } finally {
      this.calls--;
    }
  }

  private warn(msg: string): void {
    if (this.warned) return;
    this.warned = true;
    this.cfg.onWarning?.(msg);
  }

  private components(): readonly Controller[] {
    return (this.loaded ??= this.cfg.components());
  }

  /** persist records the settle; one that ran out of passes is marked unfinished, so the next settle goes on with it. */
  private persist(settled = true): void {
    const { store, clock } = this.cfg;
    // Keep a window of history for watchers; beyond it the change log is compacted (etcd's auto-compaction).
    const head = store.revision();
    const cursors = this.heldFrom === undefined ? this.cursors.values() : [...this.cursors.values(), this.heldFrom];
    const upTo = compactionPoint(head, Number(store.meta.get('compactedRevision') ?? '0'), cursors);
    if (upTo !== undefined) store.compact(upTo);
    store.meta.set('settledRevision', String(store.revision()));
    if ((store.meta.get(META_UNFINISHED) === 'true') === settled) store.meta.set(META_UNFINISHED, String(!settled));
    const set = this.cfg.componentSet ?? '';
    if (store.meta.get(META_COMPONENT_SET) !== set) store.meta.set(META_COMPONENT_SET, set);
    store.meta.set('clock.now', String(clock.nowMs()));
    store.meta.set('rand.state', this.cfg.rand.state());
  }

  /**
   * advanceTo moves the clock to target, stopping at every exact timer on the way so that
   * due work happens in simulated-time order; lazy timers fire at the stops they are due by.
   * Each stop is strictly later than the last (a timer still due after its stop's settle, of a
   * component not running, is not stopped at again). A settle that had to stop early means
   * something is hot-looping: the advance then goes straight to target, so its work stays
   * bounded (MAX_PASSES, then CATCH_UP_PASSES), and the timers it skipped fire there.
   * pauseAt, asked after each stop, may end the advance there (reached: false; the clock stays
   * at that settled stop): a later advanceTo goes on from it as if there had been no pause, so
   * a long advance can commit its progress step by step.
   */
  advanceTo(targetMs: number, pauseAt?: () => boolean): AdvanceReport {
    return this.call(() => {
      const total: AdvanceReport = { passes: 0, reconciles: 0, settled: true, reached: true };
      const paused = this.stepTo(targetMs, (r) => {
        total.passes += r.passes; total.reconciles += r.reconciles; total.settled &&= r.settled;
        return false;
      }, pauseAt);
      return paused ? { ...total, reached: false } : total;
    });
  }

  /** advanceBudget returns how many writes an advance beginning now has left (all its settles share one budget). */
  private advanceBudget(): () => number {
    const { store } = this.cfg;
    const from = store.revision();
    const budget = this.writeBudget ?? Math.max(MAX_SETTLE_WRITES, ADVANCE_WRITES_PER_NODE * store.count({ kind: 'Node' }));
    return () => budget - (store.revision() - from);
  }

  /** advanceUntil steps like advanceTo but stops as soon as cond() holds; returns whether it did. */
  advanceUntil(targetMs: number, cond: () => boolean): boolean {
    return this.call(() => this.stepTo(targetMs, () => cond()));
  }

  /**
   * stepTo settles at now, at each exact timer up to targetMs and at targetMs; done(report) true
   * ends it there, and so does pauseAt() after a stop before targetMs (both return true).
   */
  private stepTo(targetMs: number, done: (r: SettleReport) => boolean, pauseAt?: () => boolean): boolean {
    const { store, clock } = this.cfg;
    // All the settles of one advance share one write budget; once it is spent the clock goes to
    // the target and what fell due meanwhile is the next command's.
    const left = this.advanceBudget();
    let r = this.settleNow(MAX_PASSES, left());
    if (done(r)) return true;
    for (let stops = 0; r.settled && stops < MAX_STOPS && left() > 0; stops++) {
      const next = store.timers.nextExact(clock.nowMs());
      if (next === undefined || next > targetMs) break;
      clock.set(next);
      r = this.settleNow(MAX_PASSES, left());
      if (done(r)) return true;
      if (pauseAt?.()) return true;
    }
    clock.set(targetMs);
    if (left() <= 0) return done({ passes: 0, reconciles: 0, settled: false });
    return done(this.settleNow(r.settled ? MAX_PASSES : CATCH_UP_PASSES, left()));
  }

  /** runComponent reconciles every key that changed or fell due for one component; returns how many. */
  private runComponent(c: Controller): number {
    const { store, clock } = this.cfg;
    const head = this.pump();
    const keys = this.pending.get(c.name) ?? new Set<string>();
    this.pending.delete(c.name);
    // A due timer stays until its key's reconcile says what comes next (reconcileOne): a key
    // requeued at once is due again, AT_ONCE, and its row needs no write. (At 150 000 pods,
    // clearing and setting the rows of ~96 000 queued pods was 5% of a tick.)
    const timed = new Map<string, Timer>();
    for (const t of store.timers.due(clock.nowMs(), c.name)) { keys.add(t.key); timed.set(t.key, t); }
    if (this.cursors.get(c.name) !== head) {
      this.cursors.set(c.name, head);
      store.meta.set(`cursor.${c.name}`, String(head));
    }
    if (!keys.size) return 0;
    const ordered = [...keys].sort();
    c.beginPass?.(new Set(ordered));
    for (const key of ordered) {
      this.reconcileOne(c, key, timed.get(key));
      if (store.revision() - this.settledFrom > BIG_SETTLE_WRITES) keepHeapNearLiveData();
    }
    return keys.size;
  }

  /**
   * Like client-go's shared informers, the change log is read once for every component: each
   * change is decoded at most once and mapped to the keys of each component that has not seen it
   * (one at or below a component's cursor was handled by an earlier command). Returns the revision
   * distributed up to. Changes are read a page at a time: a big settle writes tens of thousands.
   */
  private pump(): number {
    const { store } = this.cfg;
    const head = store.revision();
    const comps = this.components();
    if (this.pumped === undefined) {
      for (const c of comps) this.cursors.set(c.name, Number(store.meta.get(`cursor.${c.name}`) ?? '0'));
      this.loadPending(comps);
      this.pumped = Math.min(head, ...this.cursors.values());
      this.relistCompacted(comps, head);
    }
    if (this.pumped >= head) return head;
    const kinds = new Set<string>();
    for (const c of comps) for (const k of kindsOf(c)) kinds.add(k);
    for (let after = this.pumped; after < head;) {
      // Components read without managedFields (component-reads-api), their watch events too.
      const page = store.watchSince(after, [...kinds], PUMP_PAGE, WITHOUT_MANAGED_FIELDS);
      if (!page.length) break;
      after = page[page.length - 1]!.revision;
      this.distribute(comps, page);
    }
    this.pumped = head;
    return head;
  }

  /** distribute maps one page of changes to the keys of the components that have not seen them. */
  private distribute(comps: readonly Controller[], page: readonly WatchEvent[]): void {
    this.mapCtx = { ...this.ctx, api: cachedReads(this.ctx.api) };
    try {
      this.distributePage(comps, page);
    } finally {
      this.mapCtx = undefined;
    }
  }

  private distributePage(comps: readonly Controller[], page: readonly WatchEvent[]): void {
    // Each change is offered only to the components that take its kind (a settle runs ~60
    // components, most of which take none of a pod's changes); the list is made once a page.
    const byKind = new Map<string, Interest[]>();
    for (const ev of page) {
      let interests = byKind.get(ev.kind);
      if (!interests) byKind.set(ev.kind, (interests = this.interestsIn(comps, ev.kind)));
      let object: KubeObject | undefined;
      let key: string | undefined;
      for (const it of interests) {
        if (ev.revision <= it.cursor) continue;
        // The key alone is enough for a plain `for` change; decode the object only when a mapping needs it.
        if (it.plain) {
          it.keys.add((key ??= keyOf(ev)));
          continue;
        }
        if (object === undefined) {
          // A change whose object does not decode maps to nothing: the store has quarantined it.
          try {
            object = ev.object;
          } catch (e) {
            if (e instanceof CorruptObjectError) break;
            throw e;
          }
        }
        for (const req of this.map(it.c, object, ev.type)) it.keys.add(keyOf(req));
      }
    }
  }

  /** interestsIn lists, in settle order, the components a change of kind wakes, with their cursors and pending keys. */
  private interestsIn(comps: readonly Controller[], kind: string): Interest[] {
    return comps.filter((c) => kindsOf(c).includes(kind)).map((c) => ({
      c,
      plain: kind === c.for && !c.accepts && !c.owns?.includes(kind) && !c.watches?.some((w) => w.kind === kind),
      cursor: this.cursors.get(c.name)!,
      keys: this.pendingOf(c),
    }));
  }

  /**
   * relistCompacted: a component whose cursor is older than the compacted history reconciles
   * everything of its kind, like an informer relisting after 410 Gone.
   */
  private relistCompacted(comps: readonly Controller[], head: number): void {
    const { store } = this.cfg;
    const compacted = Number(store.meta.get('compactedRevision') ?? '0');
    if (this.pumped! >= compacted) return;
    // The relist's maps read through a cache, as a page's do: a map that lists other kinds per
    // object (the load model's) would otherwise list them once per object of the relisted kind.
    this.mapCtx = { ...this.ctx, api: cachedReads(this.ctx.api) };
    try {
      for (const c of comps) {
        if (this.cursors.get(c.name)! >= compacted) continue;
        for (const object of this.cfg.api.list({ kind: c.for })) for (const req of this.map(c, object)) this.pendingOf(c).add(keyOf(req));
        this.cursors.set(c.name, compacted);
      }
    } finally {
      this.mapCtx = undefined;
    }
    this.pumped = Math.min(head, ...this.cursors.values());
  }

  private pendingOf(c: Controller): Set<string> {
    let keys = this.pending.get(c.name);
    if (!keys) this.pending.set(c.name, (keys = new Set()));
    return keys;
  }

  private map(c: Controller, obj: KubeObject, type?: WatchEventType): Request[] {
    const out: Request[] = [];
    if (obj.kind === c.for && (!c.accepts || c.accepts(obj, type, this.mapCtx ?? this.ctx))) out.push(requestFor(obj));
    if (c.owns?.includes(obj.kind)) {
      const owner = controllerOf(obj);
      if (owner && owner.kind === c.for) out.push({ namespace: obj.metadata.namespace, name: owner.name });
    }
    for (const w of c.watches ?? []) if (w.kind === obj.kind) out.push(...w.map(obj, this.mapCtx ?? this.ctx, type));
    return out;
  }

  /**
   * requeueDue is when a requeue after afterMs falls due. A zero delay is immediate only
   * IMMEDIATE_REQUEUES times in a row: a key requeued at once forever would keep every settle
   * (and every stop of a clock advance) busy, so further ones back off in simulated time.
   */
  private requeueDue(fkey: string, afterMs: number): number {
    const now = this.cfg.clock.nowMs();
    if (afterMs > 0) {
      this.immediate.delete(fkey);
      return dueTime(now, afterMs);
    }
    const n = (this.immediate.get(fkey) ?? 0) + 1;
    this.immediate.set(fkey, n);
    if (n <= IMMEDIATE_REQUEUES) return AT_ONCE;
    return dueTime(now, Math.min(BACKOFF_MAX_MS, TIMER_GRANULARITY_MS * 2 ** Math.min(n - IMMEDIATE_REQUEUES - 1, 20)));
  }

  /** reconcileOne reconciles one key and leaves its timer as the result asks; timer is the one that fell due for it, if any. */
  private reconcileOne(c: Controller, key: string, timer: Timer | undefined): void {
    const { store, clock } = this.cfg;
    const fkey = `${c.name}|${key}`;
    let next: Timer | undefined;
    try {
      const res = c.reconcile(parseKey(key), this.contextOf(c));
      this.failures.delete(fkey);
      if (res?.requeueAfterMs !== undefined) {
        next = { component: c.name, key, due: this.requeueDue(fkey, res.requeueAfterMs), exact: !res.lazy };
      } else this.immediate.delete(fkey);
    } catch (e) {
      if (!(e instanceof TerminalError)) {
        const n = (this.failures.get(fkey) ?? 0) + 1;
        this.failures.set(fkey, n);
        if (process.env.KUBEMU_DEBUG) process.stderr.write(`reconcile ${c.name} ${key}: ${(e as Error).stack}\n`);
        const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.min(n - 1, 20));
        next = { component: c.name, key, due: clock.nowMs() + delay };
      }
    }
    if (timer) {
      // The timer that fell due stays if what comes next is the same (a requeue AT_ONCE again), else it is replaced.
      if (next && next.due === timer.due && (next.exact !== false) === !!timer.exact) return;
      store.timers.clear(c.name, key);
    }
    if (next) store.timers.set(next);
  }
}

/**
 * CACHED_LIST_MAX: lists of pods or Events longer than this are not kept (a namespace's pods
 * would be most of the heap). Other kinds are kept whatever their length: a watch map that
 * lists a namespace's Deployments for every pod change (the load model's does) would otherwise
 * decode all of them once per change, pods x Deployments per page at T7's scale.
 */
const CACHED_LIST_MAX = 256;
const UNCAPPED_LISTS = (kind: string) => kind !== 'Pod' && kind !== 'Event';

/**
 * cachedReads is the API as watch maps see it while one page of changes is distributed: nothing
 * is written meanwhile, so a repeated list or get is answered from memory — like the informer
 * cache a real controller's event handlers read — and a namespace's Services, quotas or
 * disruption budgets are read once per page instead of once per pod change. Maps only read
 * (their contract); each list answer is a fresh array of the shared objects.
 */
function cachedReads(api: ApiClient): ApiClient {
  const lists = new Map<string, KubeObject[]>();
  const gets = new Map<string, KubeObject | undefined>();
  const list = (q: Parameters<ApiClient['list']>[0]) => {
    const key = JSON.stringify(q);
    let items = lists.get(key);
    if (!items) {
      items = api.list(q);
      if (items.length <= CACHED_LIST_MAX || UNCAPPED_LISTS(q.kind)) lists.set(key, items);
    }
    return items.slice();
  };
  const tryGet = (ref: Parameters<ApiClient['tryGet']>[0]) => {
    const key = `${ref.kind}/${ref.namespace ?? ''}/${ref.name}`;
    if (!gets.has(key)) gets.set(key, api.tryGet(ref));
    return gets.get(key);
  };
  return new Proxy(api, {
    get(target, prop) {
      if (prop === 'list') return list;
      if (prop === 'tryGet') return tryGet;
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

const kindsCache = new WeakMap<Controller, readonly string[]>();

/** kindsOf lists the kinds whose changes wake a component. */
function kindsOf(c: Controller): readonly string[] {
  let kinds = kindsCache.get(c);
  if (!kinds) kindsCache.set(c, (kinds = [...new Set([c.for, ...(c.owns ?? []), ...(c.watches ?? []).map((w) => w.kind)])]));
  return kinds;
}
