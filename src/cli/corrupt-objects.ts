/**
 * corrupt-objects: what the CLI says about stored objects that do not decode (the store
 * quarantines them: reads pass over them, so the rest of the cluster keeps working). `get` of
 * their kind reports each as kube-apiserver answers a corrupt object; any other command that
 * met one warns once, at its end, naming it and how to remove it.
 */
import type { Cluster } from '../cluster/cluster';
import { CorruptObjectError, type CorruptObject, type Store } from '../store/store';
import { corruptObjectError } from '../apiserver/corrupt-object';
import { formatApiError } from './errors';

/** reported remembers, per store, the objects this command already told the user about. */
const reported = new WeakMap<Store, Set<string>>();

const keyOf = (o: CorruptObject): string => `${o.kind}/${o.namespace}/${o.name}`;

function reportedOf(store: Store): Set<string> {
  let set = reported.get(store);
  if (!set) reported.set(store, (set = new Set()));
  return set;
}

/** corruptListErrors are get's error lines for the corrupt objects of a kind (in a namespace, or all) its read passed over. */
export function corruptListErrors(cluster: Cluster, kind: string, namespace: string | undefined): string[] {
  const info = cluster.api.registry().forStorageKind(kind);
  if (!info) return [];
  const done = reportedOf(cluster.store);
  const out: string[] = [];
  for (const bad of cluster.store.quarantined()) {
    if (bad.kind !== kind || (namespace !== undefined && bad.namespace !== namespace)) continue;
    done.add(keyOf(bad));
    out.push(formatApiError(corruptObjectError(info, bad)));
  }
  return out;
}

/** corruptGetError is get's error line when the named object is one the store quarantined (undefined otherwise). */
export function corruptGetError(cluster: Cluster, kind: string, namespace: string | undefined, name: string): string | undefined {
  const bad = cluster.store.quarantined().find((o) => o.kind === kind && o.name === name && o.namespace === (namespace ?? ''));
  const info = cluster.api.registry().forStorageKind(kind);
  if (!bad || !info) return undefined;
  markReported(cluster.store, bad);
  return formatApiError(corruptObjectError(info, bad));
}

/** isQuarantined says whether reading the object finds it corrupt (the delete verb then deletes without reading it). */
export function isQuarantined(cluster: Cluster, ref: { kind: string; namespace?: string; name: string }): boolean {
  const match = (o: CorruptObject) => o.kind === ref.kind && o.name === ref.name && o.namespace === (ref.namespace ?? '');
  if (!cluster.store.quarantined().some(match)) {
    try {
      cluster.store.get(ref);
    } catch (e) {
      if (!(e instanceof CorruptObjectError)) throw e;
    }
  }
  const bad = cluster.store.quarantined().find(match);
  if (bad) markReported(cluster.store, bad);
  return !!bad;
}

/** markReported records that the command has told the user about a corrupt object (doctor's violations, get's errors). */
export function markReported(store: Store, bad: CorruptObject): void {
  reportedOf(store).add(keyOf(bad));
}

/** QUARANTINED is the warning for a corrupt object a command's reads passed over. */
export const QUARANTINED = (what: string, cause: string, remove: string): string =>
  `Warning: skipped ${what}: its stored object does not decode (${cause}); '${remove}' removes it`;

/** warnQuarantined prints, once each, the corrupt objects the command met and has not reported. */
export function warnQuarantined(cluster: Cluster, err: (text: string) => void): void {
  const bad = cluster.store.quarantined();
  if (!bad.length) return;
  const done = reportedOf(cluster.store);
  for (const o of bad) {
    if (done.has(keyOf(o))) continue;
    done.add(keyOf(o));
    const resource = cluster.api.registry().forStorageKind(o.kind)?.resource ?? o.kind.toLowerCase();
    const ns = o.namespace ? ` -n ${o.namespace}` : '';
    err(`${QUARANTINED(`${resource}/${o.name}${o.namespace ? ` in namespace ${o.namespace}` : ''}`, o.cause, `kubectl delete ${resource} ${o.name}${ns}`)}\n`);
  }
}
