/**
 * keyspace: the emulated etcd's keys — every stored object under the key kube-apiserver
 * would give it — sorted as etcd returns a range (by key bytes).
 */
import type { ObjectRef } from '../../api/meta';
import type { Registry } from '../../api/registry';
import type { Store } from '../../store/store';
import { etcdKey } from './etcd-keys';

/** EtcdEntry is one key and the object it holds. */
export interface EtcdEntry { key: string; ref: ObjectRef }

/** keyspace lists the keys the store holds, sorted; one read of each kind's objects. */
export function keyspace(store: Store, registry: Registry): EtcdEntry[] {
  const out: EtcdEntry[] = [];
  const seen = new Set<string>();
  for (const info of registry.resources) {
    if (seen.has(info.storageKind)) continue;
    seen.add(info.storageKind);
    store.each({ kind: info.storageKind }, (obj) => {
      const namespace = obj.metadata.namespace ?? '';
      const name = obj.metadata.name!;
      out.push({ key: etcdKey(info, namespace, name), ref: { kind: info.storageKind, namespace: namespace || undefined, name } });
    });
  }
  return out.sort((a, b) => Buffer.compare(Buffer.from(a.key), Buffer.from(b.key)));
}
