/**
 * timer: the exam's clock as the learner sees it — whole minutes, rounded up, so a timer
 * never shows 0h0m while time is left. Real time, read by the caller (the clusters keep
 * their own simulated clocks); pure here so it can be tested at any instant.
 */
import type { ExamState } from './state';

/** minutesText is a span as the exam's timer shows it, in whole minutes rounded up: 2h0m, 0h7m. */
export function minutesText(ms: number): string {
  const m = Math.max(0, Math.ceil(ms / 60_000));
  return `${Math.floor(m / 60)}h${m % 60}m`;
}

/** timeLeftMs is what is left of the exam at nowMs (negative once the time is up). */
export const timeLeftMs = (state: Pick<ExamState, 'startedAtMs' | 'durationMs'>, nowMs: number): number =>
  state.startedAtMs + state.durationMs - nowMs;

/** timeLine is the timer's line at nowMs: the time left, or how long ago it ran out. */
export function timeLine(state: Pick<ExamState, 'startedAtMs' | 'durationMs'>, nowMs: number): string {
  const left = timeLeftMs(state, nowMs);
  return left > 0
    ? `${minutesText(left)} left of ${minutesText(state.durationMs)}`
    : `time is up (${minutesText(state.durationMs)} allowed, over by ${minutesText(-left)})`;
}
