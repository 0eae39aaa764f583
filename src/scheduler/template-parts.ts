/**
 * template-parts: the parts of the scheduler's pod copies that one owner's pods have alike
 * (labels, tolerations, containers, …), kept once per owner. The queue holds tens of thousands
 * of a few ReplicaSets' pending pods, each decoded on its own: at T7's apply, ~10 MB of equal
 * labels, tolerations and containers. A part is shared only when it equals the one kept, and
 * the copies are only read.
 */
import { deepEqual } from '../api/deep-equal';

/** OWNERS_MAX bounds the owners whose parts are kept (past it the cache starts again). */
const OWNERS_MAX = 4096;

const byOwner = new Map<string, Map<string, unknown>>();

/** sharedPart returns the part kept for owner under name when it equals value; else it keeps value and returns it. */
export function sharedPart<T>(owner: string | undefined, name: string, value: T): T {
  if (owner === undefined || value === undefined || value === null) return value;
  let parts = byOwner.get(owner);
  if (!parts) {
    if (byOwner.size >= OWNERS_MAX) byOwner.clear();
    byOwner.set(owner, (parts = new Map()));
  }
  const kept = parts.get(name);
  if (kept !== undefined && (kept === value || deepEqual(kept, value))) return kept as T;
  parts.set(name, value);
  return value;
}
