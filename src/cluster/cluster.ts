/**
 * cluster: one open cluster — its store, API server, clock, RNG and simulation — and the
 * transaction discipline every command follows: reload the clock and RNG inside the write
 * lock (another process may have moved them), work, settle, persist.
 */
import { META_SCHEDULER_STOPPED as SCHEDULER_STOPPED_KEY } from '../apiserver/component-statuses';
import type { Store } from '../store/store';
import { openSqliteStore } from '../store/sqlite/sqlite-store';
import { ApiServer } from '../apiserver/apiserver';
import { builtinRegistry } from '../api/registry';
import { type ClockMode, type SimClock, hostNowMs, newSimClock } from '../sim/clock';
import { type Rand, newRand } from '../sim/rand';
import { Simulation, type SettleReport } from '../sim/runtime';
import { SPLIT } from './split-points';
import { failpoint } from '../sim/failpoints';

/** META keys of cluster settings. */
export const META_CLOCK_MODE = 'clock.mode';
export const META_CLOCK_NOW = 'clock.now';
export const META_CLOCK_OFFSET = 'clock.offset';
export const META_RAND_STATE = 'rand.state';
export const META_SEED = 'seed';
/** META_SCHEDULER_STOPPED (the flag `kubemu scheduler stop` sets) lives beside the ComponentStatus API that reads it. */
export const META_SCHEDULER_STOPPED = SCHEDULER_STOPPED_KEY;

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
  /** advance moves simulated time forward by ms (tick), settling on the way. */
  advance(ms: number): SettleReport;
  close(): void;
}

export interface OpenOptions { onWarning?: (msg: string) => void; readonly?: boolean; /** store reuses an already open store (tests, bootstrap). */ store?: Store }

/** openCluster opens the state file at path. */
export function openCluster(path: string, opts: OpenOptions = {}): Cluster {
  const store = opts.store ?? openSqliteStore(path, { readonly: opts.readonly });
  const mode = (store.meta.get(META_CLOCK_MODE) ?? 'manual') as ClockMode;
  const clock = newSimClock(mode, Number(store.meta.get(META_CLOCK_NOW) ?? '0'));
  const rand = newRand(store.meta.get(META_RAND_STATE) ?? Number(store.meta.get(META_SEED) ?? '1'));
  const api = new ApiServer({ store, clock, rand, registry: builtinRegistry });
  const schedulerRunning = store.meta.get(META_SCHEDULER_STOPPED) !== 'true';
  const sim = new Simulation({
    store, api, clock, rand,
    componentSet: schedulerRunning ? 'all' : 'no scheduler',
    // Loaded on first settle: a command on a settled cluster never needs the controllers' code.
    components: () => SPLIT.components().newComponents(() => api.registry(), { schedulerRunning }),
    onWarning: opts.onWarning,
  });
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
  const cluster: Cluster = {
    store, api, clock, rand, sim, mode,
    write<T>(fn: () => T): T {
      const out = store.transaction(() => {
        reload();
        if (mode === 'wall') sim.advanceTo(Math.max(clock.nowMs(), wallTarget()));
        else if (sim.dirty()) sim.settle();
        const result = fn();
        sim.settle();
        persist();
        failpoint('before-commit');
        return result;
      });
      failpoint('after-commit');
      return out;
    },
    catchUp(): SettleReport | undefined {
      const behind = () => sim.dirty() || (mode === 'wall' && wallTarget() - clock.nowMs() >= 1000);
      reload();
      if (!behind()) return undefined;
      return store.transaction(() => {
        reload();
        if (!behind()) return undefined;
        const r = mode === 'wall' ? sim.advanceTo(Math.max(clock.nowMs(), wallTarget())) : sim.settle();
        persist();
        return r;
      });
    },
    read<T>(fn: () => T): T {
      return store.snapshot(fn);
    },
    advance(ms: number): SettleReport {
      return store.transaction(() => {
        reload();
        const base = mode === 'wall' ? Math.max(clock.nowMs(), wallTarget()) : clock.nowMs();
        const r = sim.advanceTo(base + ms);
        if (mode === 'wall') store.meta.set(META_CLOCK_OFFSET, String(Number(store.meta.get(META_CLOCK_OFFSET) ?? '0') + ms));
        persist();
        return r;
      });
    },
    close: () => store.close(),
  };
  return cluster;
}
