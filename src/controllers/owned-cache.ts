/**
 * owned-cache: what a controller keeps of the objects it owns between reconciles, like the
 * informer cache a real controller reads from. A reconcile asks the API only for the owned
 * objects' names and resourceVersions and decodes just those that changed since it last
 * looked; the rest come from a slim copy (the controller says what it keeps). On a busy
 * cluster a ReplicaSet is reconciled at every step of its pods' start-up; without this each
 * reconcile decoded all of its pods.
 */
import type { Kind, ObjectOf } from '../api/meta';
import type { ApiClient } from '../apiserver/client';

interface Entry<T> { resourceVersion: string; slim: T }

/** OwnedCache holds slim copies of one kind's objects, grouped by owner uid. */
export class OwnedCache<K extends Kind> {
  private byOwner = new Map<string, Map<string, Entry<ObjectOf<K>>>>();
  private epoch: number | undefined;

  /** kind is what is owned; slim keeps the parts of an object the controller reads. */
  constructor(private readonly kind: K, private readonly slim: (obj: ObjectOf<K>) => ObjectOf<K>) {}

  /**
   * note keeps a slim copy of an object as stored for the owner: one the controller itself just
   * wrote, or one a watch event brought; no list decodes it again while it is current.
   */
  note(api: ApiClient, ownerUid: string, obj: ObjectOf<K>): void {
    this.checkEpoch(api);
    let owned = this.byOwner.get(ownerUid);
    if (!owned) this.byOwner.set(ownerUid, (owned = new Map()));
    owned.set(`${obj.metadata.namespace ?? ''}/${obj.metadata.name}`, { resourceVersion: obj.metadata.resourceVersion!, slim: this.slim(obj) });
  }

  /** list returns slim copies of the objects the owner controls, in listControlledBy's order. */
  list(api: ApiClient, ownerUid: string): ObjectOf<K>[] {
    this.checkEpoch(api);
    const before = this.byOwner.get(ownerUid);
    const now = new Map<string, Entry<ObjectOf<K>>>();
    const out: ObjectOf<K>[] = [];
    for (const v of api.controlledVersions(this.kind, ownerUid)) {
      const key = `${v.namespace}/${v.name}`;
      let entry = before?.get(key);
      if (entry?.resourceVersion !== v.resourceVersion) {
        const obj = api.tryGet({ kind: this.kind, namespace: v.namespace || undefined, name: v.name });
        // Gone between the two reads (deleted by this very reconcile): it is not owned any more.
        if (!obj) continue;
        entry = { resourceVersion: obj.metadata.resourceVersion!, slim: this.slim(obj) };
      }
      now.set(key, entry);
      out.push(entry.slim);
    }
    if (now.size) this.byOwner.set(ownerUid, now);
    else this.byOwner.delete(ownerUid);
    return out;
  }

  private checkEpoch(api: ApiClient): void {
    const epoch = api.historyEpoch();
    if (epoch !== this.epoch) { this.byOwner.clear(); this.epoch = epoch; }
  }

  /** forget drops an owner's entries (it was deleted). */
  forget(ownerUid: string): void {
    this.byOwner.delete(ownerUid);
  }
}
