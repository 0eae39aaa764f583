/**
 * leases: which writes kube-apiserver stores under an etcd lease, and which lease. Events are
 * the one built-in resource with a TTL (--event-ttl, 1h): each write of an Event — creation or
 * an aggregated repeat — attaches it to a lease that expires at least an hour later, and etcd
 * deletes it then. Granting a lease per write would be costly, so the API server reuses its
 * newest lease while that one still outlives the TTL, having granted it a little longer than
 * asked (10% of the TTL, at most a minute). Objects written within the same minute share a
 * lease and expire together, between one hour and one hour and a minute after their last write.
 */
import type { LeaseExpiry } from '../store/store';

/** EVENT_TTL_MS is kube-apiserver's default --event-ttl. */
export const EVENT_TTL_MS = 60 * 60 * 1000;

/** LEASE_REUSE_MAX_MS caps the extra time a lease is granted for reuse (the API server's 60 s). */
export const LEASE_REUSE_MAX_MS = 60 * 1000;

/** TTL_MS is the time to live of each kind written under a lease. */
const TTL_MS: ReadonlyMap<string, number> = new Map([['Event', EVENT_TTL_MS]]);

/**
 * leaseFor returns the lease a write of `kind` at `nowMs` is attached to — the newest one
 * (`latest()`, read only for kinds with a TTL) if it still outlives the TTL, else a new one —
 * or undefined for kinds stored without a lease.
 */
export function leaseFor(kind: string, nowMs: number, latest: () => LeaseExpiry | undefined): LeaseExpiry | undefined {
  const ttl = TTL_MS.get(kind);
  if (ttl === undefined) return undefined;
  const newest = latest();
  if (newest !== undefined && newest > nowMs + ttl) return newest;
  return nowMs + ttl + Math.min(LEASE_REUSE_MAX_MS, ttl / 10);
}
