/**
 * apply: client-side `kubectl apply` as the server sees it — create the object if it is new,
 * else a three-way merge of the last-applied manifest, the new manifest and the live object,
 * written as an update; the outcome is created, configured or unchanged.
 */
import type { KubeObject, ObjectRef } from '../api/meta';
import type { ResourceInfo } from '../api/registry';
import { LAST_APPLIED } from '../api/last-applied';
import { lastAppliedOf } from '../yaml/last-applied-json';
import { deepEqual } from '../api/deep-equal';
import type { ApplyOptions, ApplyOutcome, WriteOptions } from './client';
import { threeWayMerge } from './merge';

/** ApplyHost is the part of the API server apply runs on. */
export interface ApplyHost {
  /**
   * oneWrite runs apply's reads and its one create or update atomically: in a transaction of its
   * own, or inside the caller's with no savepoint (the create or update keeps its own, and
   * nothing else is written; a savepoint per applied object was ~2% of a 1 938-object dry run).
   */
  oneWrite<T>(fn: () => T): T;
  infoOf(obj: KubeObject): ResourceInfo;
  /** decode is a new object from the body: strictly decoded when the options ask for field validation, else a copy. */
  decode(obj: KubeObject, info: ResourceInfo, o: WriteOptions): KubeObject;
  refOf(obj: KubeObject, info: ResourceInfo): ObjectRef;
  /** live is the stored object served in apiVersion, if it exists. */
  live(ref: ObjectRef, apiVersion: string): KubeObject | undefined;
  /** create stores apply's own decoded copy, whose key the same transaction has just found free. */
  create(obj: KubeObject, o: WriteOptions): KubeObject;
  update(obj: KubeObject, o: WriteOptions): KubeObject;
}

/** applyObject applies one manifest in one transaction. */
export function applyObject(host: ApplyHost, input: KubeObject, o: ApplyOptions): { object: KubeObject; outcome: ApplyOutcome } {
  return host.oneWrite(() => {
    const info = host.infoOf(input);
    // kubectl GETs the live object in the manifest's version before it sends anything (and
    // warns from what it read), then merges there.
    const ref = manifestRef(input, info);
    let current = ref && host.live(ref, input.apiVersion);
    if (ref) o.onLive?.(current);
    const modified = host.decode(input, info, o);
    if (info.namespaced) modified.metadata.namespace ||= 'default';
    else delete modified.metadata.namespace;
    if (!ref) current = host.live(host.refOf(modified, info), modified.apiVersion);
    // kubectl's modified configuration is the manifest as written, before the server decodes it
    // (a quantity as typed: "1000m", not the "1" that is stored).
    const written: KubeObject = { ...input, metadata: { ...input.metadata, namespace: modified.metadata.namespace } };
    if (!info.namespaced) delete written.metadata.namespace;
    if (o.annotate === false) {
      // kubectl's modified configuration without the annotation: an annotations map, empty if need be.
      if (current) {
        const { [LAST_APPLIED]: _dropped, ...annotations } = modified.metadata.annotations ?? {};
        modified.metadata.annotations = annotations;
        written.metadata.annotations = annotations;
      }
    } else {
      const lastApplied = lastAppliedOf(written);
      modified.metadata.annotations = { ...(modified.metadata.annotations ?? {}), [LAST_APPLIED]: lastApplied };
      written.metadata.annotations = { ...(written.metadata.annotations ?? {}), [LAST_APPLIED]: lastApplied };
    }
    if (!current) {
      const created = host.create(modified, { ...o, fieldValidation: undefined });
      return { object: created, outcome: 'created' };
    }
    const originalText = current.metadata.annotations?.[LAST_APPLIED];
    const original = originalText ? JSON.parse(originalText) : {};
    const merged = threeWayMerge(original, modified, current) as KubeObject;
    // kubectl's modified configuration may carry an empty annotations map; decoded, it is gone (omitempty).
    if (merged.metadata?.annotations && !Object.keys(merged.metadata.annotations).length) delete merged.metadata.annotations;
    if (deepEqual(merged, current)) {
      // Nothing to store; but kubectl's patch is made from what was written, so a value the server
      // keeps in another form ("1000m" stored as "1") is sent again, a no-op kubectl reports as configured.
      const sent = threeWayMerge(original, written, current);
      return { object: current, outcome: deepEqual(sent, current) ? 'unchanged' : 'configured' };
    }
    // A manifest's own resourceVersion is in kubectl's patch, so a stale one is the update's conflict.
    merged.metadata.resourceVersion = modified.metadata.resourceVersion || current.metadata.resourceVersion;
    const updated = host.update(merged, { ...o, fieldValidation: undefined });
    return { object: updated, outcome: 'configured' };
  });
}

/** manifestRef is the key a manifest names, or undefined when its name or namespace is no string (decoding then says what is wrong). */
function manifestRef(input: KubeObject, info: ResourceInfo): ObjectRef | undefined {
  const { name, namespace } = (input.metadata ?? {}) as { name?: unknown; namespace?: unknown };
  if (typeof name !== 'string' || !name || (namespace !== undefined && typeof namespace !== 'string')) return undefined;
  return { kind: info.storageKind, namespace: info.namespaced ? namespace || 'default' : undefined, name };
}
