/**
 * cluster: one open cluster — its store, API server, clock, RNG and simulation — and the
 * transaction discipline every command follows: reload the clock and RNG inside the write
 * lock (another process may have moved them), work, settle, persist.
 */
import { HEARTBEAT_COMPONENTS } from '../api/node-heartbeats';
import * as fs from 'node:fs';
import * as nodePath from 'node:path';
import { META_CONTROLLER_MANAGER_STOPPED, META_SCHEDULER_STOPPED as SCHEDULER_STOPPED_KEY } from '../apiserver/component-statuses';
import type { Store } from '../store/store';
import { openSqliteStore } from '../store/sqlite/sqlite-store';
import { ApiServer } from '../apiserver/apiserver';
import { builtinRegistry } from '../api/registry';
import { type ClockMode, type SimClock, hostNowMs, newSimClock } from '../sim/clock';
import { type Rand, newRand } from '../sim/rand';
import { CATCH_UP_WRITES, Simulation, type AdvanceReport, type SettleReport } from '../sim/runtime';
import { failpoint } from '../sim/failpoints';
import { lockHandoff } from './lock-handoff';
import { admissionConfigPath, encryptionConfigPath } from './home';
import type { ValueTransformer } from '../store/value-transformer';

/** META keys of cluster settings. */
export const META_CLOCK_MODE = 'clock.mode';
export const META_CLOCK_NOW = 'clock.now';
export const META_CLOCK_OFFSET = 'clock.offset';
export const META_RAND_STATE = 'rand.state';
export const META_SEED = 'seed';
/** META_CREATED is the cluster clock's instant at `cluster create` (kubeadm init: when its certificates were issued). */
export const META_CREATED = 'cluster.created';
/** META_SCHEDULER_STOPPED (the flag `kubemu scheduler stop` sets) lives beside the ComponentStatus API that reads it. */
export const META_SCHEDULER_STOPPED = SCHEDULER_STOPPED_KEY;
export { META_CONTROLLER_MANAGER_STOPPED };

/**
 * STEP_HOLD_MS is how long (real time) one step of a long clock advance may hold the write
 * lock before it commits its progress. Where the steps fall does not change the outcome: an
 * advance paused at a timer's stop goes on from it as if it had not paused.
 */
export const STEP_HOLD_MS = 1000;

/** ClusterDeletedError: the cluster's state file was removed (or replaced) while this command had it open. */
export class ClusterDeletedError extends Error {
  override readonly name = 'ClusterDeletedError';
  constructor(cluster: string) { super(clusterDeletedMessage(cluster)); }
}

/** clusterDeletedMessage is the one line a command prints when its cluster was deleted under it. */
export function clusterDeletedMessage(cluster: string): string {
  return `cluster "${cluster}" was deleted while the command ran`;
}

/** ProgressFn is told the simulated time a long advance has committed so far, and its target. */
export type ProgressFn = (nowMs: number, targetMs: number) => void;

/** Cluster is an open cluster. */
export interface Cluster {
  readonly store: Store;
  readonly api: ApiServer;
  readonly clock: SimClock;
  readonly rand: Rand;
  readonly sim: Simulation;
  readonly mode: ClockMode;
  /** write runs fn in the write lock with fresh clock/RNG state, then settles and persists. */
  write<T>(fn: () => T): T;
  /** catchUp brings the cluster to its current time (wall clocks move) and settles, writing only if needed. */
  catchUp(): SettleReport | undefined;
  /** read runs fn on a consistent snapshot. */
  read<T>(fn: () => T): T;
  /**
   * advance moves simulated time forward by ms (tick), settling on the way, in committed
   * steps: each a consistent state, with the write lock free for a moment between two.
   */
  advance(ms: number, onProgress?: ProgressFn): SettleReport;
  close(): void;
}

export interface OpenOptions { onWarning?: (msg: string) => void; /** onSettlePass is told after every settle pass (progress). */ onSettlePass?: () => void; readonly?: boolean; /** store reuses an already open store (tests, bootstrap). */ store?: Store }

/** openCluster opens the state file at path. */
export function openCluster(path: string, opts: OpenOptions = {}): Cluster {
  const store = opts.store ?? openSqliteStore(path, { readonly: opts.readonly, transformer: encryptionOf(path) });
  const mode = (store.meta.get(META_CLOCK_MODE) ?? 'manual') as ClockMode;
  const clock = newSimClock(mode, Number(store.meta.get(META_CLOCK_NOW) ?? '0'));
  const rand = newRand(store.meta.get(META_RAND_STATE) ?? Number(store.meta.get(META_SEED) ?? '1'));
  // The admission configuration's code loads only for a cluster that has one (one stat otherwise).
  const admission = opts.store || path === ':memory:' || !fs.existsSync(admissionConfigPath(path))
    ? undefined : (require('./admission-config') as typeof import('./admission-config')).loadAdmissionConfig(path);
  const api = new ApiServer({ store, clock, rand, registry: builtinRegistry, podSecurity: admission?.podSecurity });
  const schedulerRunning = store.meta.get(META_SCHEDULER_STOPPED) !== 'true';
  // A broken kube-controller-manager manifest (kubemu ssh) stops every controller it runs.
  const controllerManagerRunning = store.meta.get(META_CONTROLLER_MANAGER_STOPPED) !== 'true';
  // A cloud profile (aks) has a cloud-controller-manager; kubeadm's on-prem clusters do not.
  const cloudProvider = (JSON.parse(store.meta.get('cluster.spec') ?? '{}') as { nodeProfile?: string }).nodeProfile === 'aks';
  const sim = new Simulation({
    store, api, clock, rand,
    componentSet: schedulerRunning && controllerManagerRunning ? 'all' : [schedulerRunning ? '' : 'no scheduler', controllerManagerRunning ? '' : 'no controller-manager'].filter(Boolean).join(', '),
    // Loaded on first settle: a command on a settled cluster never needs the controllers' code.
    components: () => (require('./components') as typeof import('./components')).newComponents(() => api.registry(), { schedulerRunning, controllerManagerRunning, cloudProvider }),
    onWarning: opts.onWarning,
    onPass: opts.onSettlePass,
    quietTimers: HEARTBEAT_COMPONENTS,
  });
  // Each component reads objects as its informers would, without managedFields, and writes as
  // its own user (admission policies see it in request.userInfo). Loaded when a component first
  // reconciles: a read-only command never needs them.
  sim.wrapComponentApi((_component, componentApi) =>
    (require('../apiserver/component-reads-api') as typeof import('../apiserver/component-reads-api')).componentReadsApi(componentApi as ApiServer));
  sim.wrapComponentApi((component, componentApi) =>
    (require('../apiserver/audit/component-user-api') as typeof import('../apiserver/audit/component-user-api')).componentUserApi(componentApi as ApiServer, component));
  const reload = () => {
    clock.set(Number(store.meta.get(META_CLOCK_NOW) ?? '0'));
    const state = store.meta.get(META_RAND_STATE);
    if (state) rand.restore(state);
  };
  const persist = () => {
    store.meta.set(META_CLOCK_NOW, String(clock.nowMs()));
    store.meta.set(META_RAND_STATE, rand.state());
  };
  const wallTarget = () => hostNowMs() + Number(store.meta.get(META_CLOCK_OFFSET) ?? '0');
  const identity = fileIdentity(path, opts.store);
  // Checked inside each write transaction, under the lock `cluster delete` takes: a command
  // whose cluster was deleted meanwhile fails instead of writing into an unlinked file.
  const checkNotDeleted = () => {
    if (identity && fileIdentity(path) !== identity) throw new ClusterDeletedError(nodePath.basename(nodePath.dirname(path)));
  };
  const handoff = lockHandoff(identity === undefined ? undefined : path);
  /**
   * stepped runs a clock advance to target() as committed steps: each step reloads the state
   * another process may have changed between two, advances for at most STEP_HOLD_MS of real
   * time (pausing only at a timer's stop), persists and commits. Between two steps a writer
   * that waits for the lock gets it (lock-handoff).
   */
  const stepped = (target: () => number, onProgress?: ProgressFn, needed?: () => boolean): SettleReport | undefined => {
    const total: SettleReport = { passes: 0, reconciles: 0, settled: true };
    let goal = 0;
    const step = (first: boolean): AdvanceReport | undefined => handoff.writing(() => store.transaction(() => {
      reload();
      checkNotDeleted();
      // Another process may have done the work while this one waited for the lock.
      if (first && needed && !needed()) return undefined;
      goal = target();
      failpoint('in-tick-step');
      const until = hostNowMs() + STEP_HOLD_MS;
      const r = sim.advanceTo(Math.max(clock.nowMs(), goal), () => hostNowMs() >= until);
      persist();
      return r;
    }));
    const add = (r: AdvanceReport) => { total.passes += r.passes; total.reconciles += r.reconciles; total.settled &&= r.settled; return r.reached; };
    const r = step(true);
    if (!r) return undefined;
    if (add(r)) return total;
    return handoff.advancing(() => {
      for (;;) {
        failpoint('after-tick-step');
        onProgress?.(clock.nowMs(), goal);
        handoff.yieldToWaiters();
        if (add(step(false)!)) return total;
      }
    });
  };
  const cluster: Cluster = {
    store, api, clock, rand, sim, mode,
    write<T>(fn: () => T): T {
      // A wall clock far behind (the cluster was left for days) first catches up in steps.
      if (mode === 'wall') cluster.catchUp();
      const out = handoff.writing(() => store.transaction(() => {
        reload();
        checkNotDeleted();
        if (mode === 'wall') sim.advanceTo(Math.max(clock.nowMs(), wallTarget()));
        else if (sim.dirty()) sim.settle();
        const result = fn();
        sim.settle();
        persist();
        failpoint('before-commit');
        return result;
      }));
      failpoint('after-commit');
      return out;
    },
    catchUp(): SettleReport | undefined {
      const behind = () => sim.dirty() || (mode === 'wall' && wallTarget() - clock.nowMs() >= 1000);
      reload();
      if (!behind()) return undefined;
      // A read catches up with a small budget of writes, so it stays quick on a cluster that fell behind.
      if (mode === 'wall') return sim.withWriteBudget(CATCH_UP_WRITES, () => stepped(() => Math.max(clock.nowMs(), wallTarget()), undefined, behind));
      return handoff.writing(() => store.transaction(() => {
        reload();
        checkNotDeleted();
        if (!behind()) return undefined;
        const r = sim.withWriteBudget(CATCH_UP_WRITES, () => sim.settle());
        persist();
        return r;
      }));
    },
    read<T>(fn: () => T): T {
      return store.snapshot(fn);
    },
    advance(ms: number, onProgress?: ProgressFn): SettleReport {
      // The target is fixed under the lock of the first step; a wall clock's offset moves with it at once.
      let target: number | undefined;
      return stepped(() => {
        if (target === undefined) {
          target = (mode === 'wall' ? Math.max(clock.nowMs(), wallTarget()) : clock.nowMs()) + ms;
          if (mode === 'wall') store.meta.set(META_CLOCK_OFFSET, String(Number(store.meta.get(META_CLOCK_OFFSET) ?? '0') + ms));
        }
        return target;
      }, onProgress)!;
    },
    close: () => store.close(),
  };
  return cluster;
}

/**
 * encryptionOf is the value transformer of the cluster at path if it has an encryption
 * configuration; its code loads only then (one stat for every other cluster).
 */
function encryptionOf(path: string): ValueTransformer | undefined {
  if (path === ':memory:') return undefined;
  const file = encryptionConfigPath(path);
  if (!fs.existsSync(file)) return undefined;
  return (require('./encryption-config') as typeof import('./encryption-config')).loadEncryption(file);
}

/**
 * fileIdentity names the file at path by device and inode ('' if it is gone), or undefined
 * for a store that is not a file of its own (in memory, or handed in by a test).
 */
function fileIdentity(path: string, given?: Store): string | undefined {
  if (given || path === ':memory:') return undefined;
  try {
    const st = fs.statSync(path);
    return `${st.dev}:${st.ino}`;
  } catch {
    return '';
  }
}
