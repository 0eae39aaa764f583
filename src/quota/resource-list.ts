/**
 * resource-list: corev1.ResourceList arithmetic with exact quantities, as LimitRanger and the
 * quota evaluators do it (addResourceList, maxResourceList, quota.Add/Mask, prettyPrint).
 * Sums keep the format of their first non-zero term, which is what makes "600Mi" + "700Mi"
 * print as "1300Mi" while "500m" + "1" prints as "1500m".
 */
import { formatQuantity, tryParseQuantity, type Quantity } from '../api/quantity';

/** ResourceList maps a resource name ("cpu", "requests.memory") to an exact quantity. */
export type ResourceList = Map<string, Quantity>;

/** parseResourceList reads a manifest's resource map; malformed quantities are skipped (decode rejects them earlier). */
export function parseResourceList(raw: unknown): ResourceList {
  const out: ResourceList = new Map();
  if (!raw || typeof raw !== 'object') return out;
  for (const [name, value] of Object.entries(raw as Record<string, unknown>)) {
    const q = tryParseQuantity(value as string | number);
    if (q) out.set(name, q);
  }
  return out;
}

/** addQuantities is Quantity.Add: a zero receiver takes the other term's format. */
export function addQuantities(a: Quantity, b: Quantity): Quantity {
  if (a.nanos === 0n) return { nanos: b.nanos, format: b.format };
  return { nanos: a.nanos + b.nanos, format: a.format };
}

/** addInto is addResourceList: adds each of other's quantities into list in place. */
export function addInto(list: ResourceList, other: ResourceList): void {
  for (const [name, q] of other) {
    const cur = list.get(name);
    list.set(name, cur ? addQuantities(cur, q) : q);
  }
}

/** maxInto is maxResourceList: keeps the larger of each quantity in list, in place. */
export function maxInto(list: ResourceList, other: ResourceList): void {
  for (const [name, q] of other) {
    const cur = list.get(name);
    if (!cur || q.nanos > cur.nanos) list.set(name, q);
  }
}

/** addLists is quota.Add: a new list holding a + b for every key of either. */
export function addLists(a: ResourceList, b: ResourceList): ResourceList {
  const out: ResourceList = new Map(a);
  addInto(out, b);
  return out;
}

/** maskList is quota.Mask: only the keys in names. */
export function maskList(list: ResourceList, names: Iterable<string>): ResourceList {
  const out: ResourceList = new Map();
  for (const name of names) {
    const q = list.get(name);
    if (q) out.set(name, q);
  }
  return out;
}

/** formatResourceList renders a list as the API serialises it, keys sorted. */
export function formatResourceList(list: ResourceList): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of [...list.keys()].sort()) out[name] = formatQuantity(list.get(name)!);
  return out;
}

/** prettyPrintResourceList is the quota plugin's prettyPrint: "a=1,b=2Gi", keys sorted. */
export function prettyPrintResourceList(list: ResourceList): string {
  return [...list.keys()].sort().map((name) => `${name}=${formatQuantity(list.get(name)!)}`).join(',');
}
