/**
 * backoff: the kubelet's per-key back-off, as client-go's flowcontrol.Backoff keeps it (the
 * kubelet makes two, both without jitter: one for container restarts keyed by pod and
 * container, one for image pulls keyed by pod uid and image; 10s doubling to 5m). kubemu keeps
 * each entry in the kubelet's node-local record (kubelet-record.ts), so every process sees the
 * entries the last one left, as one long-running kubelet would.
 */
import { BACKOFF_INITIAL_MS, BACKOFF_MAX_MS } from './timing';

/** BackOffEntry is one key's entry: the current period and when it was last moved on. */
export interface BackOffEntry { backoffMs: number; lastUpdateMs: number }

/**
 * hasExpired says an entry last moved at lastUpdateMs no longer holds at eventMs: more than
 * twice the maximum period passed (flowcontrol's hasExpired; its GC drops such entries).
 */
export function hasExpired(eventMs: number, lastUpdateMs: number): boolean {
  return eventMs - lastUpdateMs > 2 * BACKOFF_MAX_MS;
}

/** nextBackOff moves an entry on at nowMs for an event at eventMs: a fresh 10s, or double (capped at 5m). */
export function nextBackOff(entry: BackOffEntry | undefined, eventMs: number, nowMs: number): BackOffEntry {
  const backoffMs = !entry || hasExpired(eventMs, entry.lastUpdateMs) ? BACKOFF_INITIAL_MS : Math.min(entry.backoffMs * 2, BACKOFF_MAX_MS);
  return { backoffMs, lastUpdateMs: nowMs };
}

/** isInBackOffSince says whether, at nowMs, less than the entry's period has passed since eventMs (a container's exit). */
export function isInBackOffSince(entry: BackOffEntry | undefined, eventMs: number, nowMs: number): boolean {
  if (!entry || hasExpired(eventMs, entry.lastUpdateMs)) return false;
  return nowMs - eventMs < entry.backoffMs;
}

/** isInBackOffSinceUpdate says whether, at eventMs, less than the entry's period has passed since it last moved (a failed pull). */
export function isInBackOffSinceUpdate(entry: BackOffEntry | undefined, eventMs: number): boolean {
  if (!entry || hasExpired(eventMs, entry.lastUpdateMs)) return false;
  return eventMs - entry.lastUpdateMs < entry.backoffMs;
}
