/**
 * clock: the cluster's simulated time. Components read it through Clock; only the
 * simulation runtime (tick, wait, the settle loop) moves it, through SimClock.
 * kubemu:sim — the one folder allowed to read the host's wall clock.
 */

/** Clock is what components get: the current simulated time. */
export interface Clock {
  now(): Date;
  nowMs(): number;
  /** nowISO renders now as the API does (RFC 3339, whole seconds, UTC). */
  nowISO(): string;
}

/** ClockMode: manual moves only by tick/wait; wall follows the host clock plus any fast-forwards. */
export type ClockMode = 'manual' | 'wall';

/** SimClock is the clock the runtime holds: it can be set forward, never back. */
export interface SimClock extends Clock {
  readonly mode: ClockMode;
  set(ms: number): void;
}

/** toISO renders a millisecond time as metav1.Time does: seconds precision, trailing Z. */
export function toISO(ms: number): string {
  const seconds = Math.floor(ms / 1000) * 1000;
  // A command stamps thousands of objects at one simulated second: render it once.
  if (seconds === lastSeconds) return lastISO;
  const iso = new Date(seconds).toISOString().replace('.000Z', 'Z');
  lastSeconds = seconds;
  lastISO = iso;
  return iso;
}
let lastSeconds = NaN;
let lastISO = '';

/** hostNowMs reads the host's wall clock; used only to compute a wall-mode cluster's target time. */
export function hostNowMs(): number {
  return Date.now();
}

/** newSimClock makes a clock at the given time. */
export function newSimClock(mode: ClockMode, startMs: number): SimClock {
  let now = startMs;
  return {
    mode,
    now: () => new Date(now),
    nowMs: () => now,
    nowISO: () => toISO(now),
    set(ms: number) { if (ms > now) now = ms; },
  };
}
