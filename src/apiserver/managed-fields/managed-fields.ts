/**
 * managed-fields: field management as kube-apiserver's fieldmanager does it — each write
 * records in metadata.managedFields which manager owns which fields. An Update (create, PUT,
 * patch) gives the writer the fields it changed and takes them from everyone else; an Apply
 * (server-side apply) merges the applied configuration into the live object, removes fields
 * the applier owned before and dropped (when nobody else owns them), and refuses to change a
 * field another manager owns unless forced (the 409 Conflict).
 */
import type { KubeObject, ManagedFieldsEntry } from '../../api/meta';
import { LAST_APPLIED } from '../../api/last-applied';
import { toCompactJson } from '../../yaml/write-json';
import { ApiError, type StatusCause } from '../errors';
import { FieldSet, pathString } from './field-set';
import { compare, createdFields, isSame, merge, removePath, toFieldSet } from './typed-walk';
import { fieldsWith, fieldsWithout, type FieldsTree } from './fields-v1';

/** Scope is the part of an object a write may change: the main resource, or its status, scale or approval (a CSR's conditions) subresource. */
export type Scope = 'main' | 'status' | 'scale' | 'approval';

interface Manager { manager: string; operation: 'Apply' | 'Update'; apiVersion: string; subresource?: string; time?: string; set: FieldSet }

type Obj = Record<string, unknown>;

/** SERVER_METADATA are the metadata fields no manager owns (StripMetaManager's list). */
const SERVER_METADATA = ['name', 'namespace', 'uid', 'resourceVersion', 'generation', 'creationTimestamp', 'managedFields', 'selfLink', 'deletionTimestamp', 'deletionGracePeriodSeconds'];
const IS_SERVER_METADATA = new Set(SERVER_METADATA);

/** view is the part of obj field management looks at for scope. */
function view(obj: KubeObject | undefined, scope: Scope): Obj {
  if (!obj) return {};
  if (scope === 'status') return obj.status === undefined ? {} : { status: obj.status };
  if (scope === 'scale') return obj.spec?.replicas === undefined ? {} : { spec: { replicas: obj.spec.replicas } };
  if (scope === 'approval') return obj.status?.conditions === undefined ? {} : { status: { conditions: obj.status.conditions } };
  const { apiVersion: _a, kind: _k, status: _s, metadata, ...rest } = obj as KubeObject & Obj;
  // Copied without the server's fields rather than deleting them from a copy: a delete turns
  // the copy into a slower hash-table object, walked once per write.
  const meta: Obj = {};
  for (const k of Object.keys(metadata ?? {})) {
    if (IS_SERVER_METADATA.has(k)) continue;
    if (k === '__proto__') Object.defineProperty(meta, k, { value: (metadata as Obj)[k], enumerable: true, writable: true, configurable: true });
    else meta[k] = (metadata as Obj)[k];
  }
  return Object.keys(meta).length ? { metadata: meta, ...rest } : rest;
}

function identity(m: Pick<Manager, 'manager' | 'operation' | 'apiVersion' | 'subresource'>): string {
  // BuildManagerIdentifier's JSON: the entry without its time and fields.
  return JSON.stringify({ manager: m.manager, operation: m.operation, apiVersion: m.apiVersion, ...(m.subresource ? { subresource: m.subresource } : {}) });
}

function decode(obj: KubeObject | undefined): Map<string, Manager> {
  const out = new Map<string, Manager>();
  for (const e of obj?.metadata.managedFields ?? []) {
    const m: Manager = {
      manager: e.manager ?? '', operation: e.operation === 'Apply' ? 'Apply' : 'Update', apiVersion: e.apiVersion ?? '',
      subresource: e.subresource || undefined, time: e.time, set: FieldSet.fromFieldsV1(e.fieldsV1),
    };
    out.set(identity(m), m);
  }
  return out;
}

/** encode writes the entries as the API serves them: Apply before Update, then by time, manager, version and subresource. */
function encode(managers: Map<string, Manager>): ManagedFieldsEntry[] {
  const list = [...managers.values()].filter((m) => !m.set.empty());
  list.sort((p, q) => cmp(p.operation, q.operation) || cmp(p.time ?? '', q.time ?? '') || cmp(p.manager, q.manager)
    || cmp(p.apiVersion, q.apiVersion) || cmp(p.subresource ?? '', q.subresource ?? ''));
  return list.map((m) => ({
    apiVersion: m.apiVersion, fieldsType: 'FieldsV1', fieldsV1: m.set.toFieldsV1(), manager: m.manager, operation: m.operation,
    ...(m.subresource ? { subresource: m.subresource } : {}), ...(m.time ? { time: m.time } : {}),
  }));
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** UpdateRequest describes one non-apply write for recordUpdate. */
export interface UpdateRequest { manager: string; apiVersion: string; scope: Scope; now: string; struct: string | undefined }

const sameEntry = (e: ManagedFieldsEntry, m: { manager: string; operation: string; apiVersion: string; subresource?: string }): boolean =>
  e.manager === m.manager && e.operation === m.operation && e.apiVersion === m.apiVersion && (e.subresource || undefined) === m.subresource;

/**
 * recordUpdate is the managedFields after an Update (current undefined: a create): the
 * writer owns what it changed, every other manager (appliers too) loses it, and removed
 * fields leave every set. Only the changed paths are walked: an unchanged object keeps its
 * entries as they are. A main-resource write that sends managedFields of its own starts from
 * those, as kube-apiserver lets clients rewrite them.
 */
export function recordUpdate(current: KubeObject | undefined, next: KubeObject, r: UpdateRequest): ManagedFieldsEntry[] | undefined {
  const sent = r.scope === 'main' ? next.metadata.managedFields : undefined;
  if (!current && r.scope === 'main' && !sent?.length) {
    // A create (without entries of its own): the creator owns everything it set.
    const fields = createdFields(view(next, 'main'), r.struct);
    return fields && [{ apiVersion: r.apiVersion, fieldsType: 'FieldsV1', fieldsV1: fields, manager: r.manager, operation: 'Update', time: r.now }];
  }
  const base = sent?.length ? sent : current?.metadata.managedFields;
  const c = compare(view(current, r.scope), view(next, r.scope), r.struct);
  if (isSame(c)) return base;
  const changed = c.added.union(c.modified);
  const lost = changed.union(c.removed);
  const subresource = r.scope === 'main' ? undefined : r.scope;
  const me = { manager: r.manager, operation: 'Update', apiVersion: r.apiVersion, subresource };
  const out: ManagedFieldsEntry[] = [];
  let mine: ManagedFieldsEntry | undefined;
  for (const e of base ?? []) {
    if (sameEntry(e, me)) { mine = e; continue; }
    const fields = fieldsWithout((e.fieldsV1 ?? {}) as FieldsTree, lost);
    if (fields) out.push(fields === e.fieldsV1 ? e : { ...e, fieldsV1: fields });
  }
  let fields = mine?.fieldsV1 ? fieldsWithout(mine.fieldsV1 as FieldsTree, c.removed) : undefined;
  if (!changed.empty()) fields = fieldsWith(fields, changed);
  if (fields) {
    out.push({
      apiVersion: r.apiVersion, fieldsType: 'FieldsV1', fieldsV1: fields, manager: r.manager, operation: 'Update',
      ...(subresource ? { subresource } : {}), ...(changed.empty() ? (mine?.time ? { time: mine.time } : {}) : { time: r.now }),
    });
  }
  return capUpdateManagers(sortEntries(out));
}

/** sortEntries orders entries as the API serves them: Apply before Update, then by time, manager, version and subresource. */
function sortEntries(list: ManagedFieldsEntry[]): ManagedFieldsEntry[] {
  return list.sort((p, q) => cmp(p.operation ?? '', q.operation ?? '') || cmp(p.time ?? '', q.time ?? '') || cmp(p.manager ?? '', q.manager ?? '')
    || cmp(p.apiVersion ?? '', q.apiVersion ?? '') || cmp(p.subresource ?? '', q.subresource ?? ''));
}

/** MAX_UPDATE_MANAGERS is kube-apiserver's cap on Update entries (DefaultMaxUpdateManagers). */
export const MAX_UPDATE_MANAGERS = 10;
/** ANCIENT_CHANGES is the manager the oldest Update entries are merged into past the cap. */
export const ANCIENT_CHANGES = 'ancient-changes';

/**
 * capUpdateManagers keeps at most MAX_UPDATE_MANAGERS Update entries, as capmanagers does:
 * oldest first (by whole seconds, then identity), each entry after the first of its
 * apiVersion is merged into that version's `ancient-changes` bucket (the first joining it
 * when the bucket is made), the bucket taking the time of the latest entry merged.
 */
export function capUpdateManagers(entries: ManagedFieldsEntry[]): ManagedFieldsEntry[] {
  const updaters = entries.filter((e) => e.operation !== 'Apply');
  if (updaters.length <= MAX_UPDATE_MANAGERS) return entries;
  const seconds = (e: ManagedFieldsEntry): number => (e.time ? Math.floor(Date.parse(e.time) / 1000) : 0);
  const key = (e: ManagedFieldsEntry): string => identity({ manager: e.manager ?? '', operation: 'Update', apiVersion: e.apiVersion ?? '', subresource: e.subresource || undefined });
  updaters.sort((a, b) => seconds(a) - seconds(b) || cmp(key(a), key(b)));
  const live = new Set(entries);
  const firstOfVersion = new Map<string, ManagedFieldsEntry>();
  const buckets = new Map<string, ManagedFieldsEntry>();
  let length = updaters.length;
  for (let i = 0; i < updaters.length && length > MAX_UPDATE_MANAGERS; i++) {
    const e = updaters[i]!;
    const version = e.apiVersion ?? '';
    const first = firstOfVersion.get(version);
    if (!first) { firstOfVersion.set(version, e); continue; }
    let bucket = buckets.get(version) ?? entries.find((x) => live.has(x) && x.manager === ANCIENT_CHANGES && x.operation === 'Update' && x.apiVersion === version && !x.subresource);
    if (!bucket) {
      live.delete(first);
      bucket = { ...first, manager: ANCIENT_CHANGES, operation: 'Update' };
      delete bucket.subresource;
      live.add(bucket);
    }
    live.delete(bucket);
    const merged: ManagedFieldsEntry = { ...bucket, fieldsV1: fieldsWith(bucket.fieldsV1 as FieldsTree, FieldSet.fromFieldsV1(e.fieldsV1)), ...(e.time ? { time: e.time } : {}) };
    live.add(merged);
    buckets.set(version, merged);
    live.delete(e);
    length--;
  }
  return sortEntries([...live]);
}

/** ApplyRequest describes one server-side apply (of the status subresource when scope is status). */
export interface ApplyRequest { manager: string; apiVersion: string; force: boolean; now: string; struct: string | undefined; scope?: 'main' | 'status' }

/**
 * KUBECTL is the manager kube-apiserver's last-applied handling serves: only `kubectl
 * apply --server-side` with its default manager upgrades a client-side applied object.
 */
const KUBECTL = 'kubectl';

/**
 * applyConfiguration merges config into live (undefined: a create) for manager and returns the
 * object to write, with its managedFields; a field another manager owns with a different value
 * is a Conflict unless forced. For the `kubectl` manager over a client-side applied object,
 * conflicts on fields whose live value is still the last-applied one are taken (the first
 * server-side apply after client-side ones), and the last-applied annotation follows the
 * applied configuration.
 */
export function applyConfiguration(live: KubeObject | undefined, config: KubeObject, r: ApplyRequest): KubeObject {
  const scope = r.scope ?? 'main';
  const subresource = scope === 'status' ? 'status' : undefined;
  const managers = decode(live);
  const liveView = view(live, scope);
  const configView = view(config, scope);
  let merged = merge(liveView, configView, r.struct);
  const id = identity({ manager: r.manager, operation: 'Apply', apiVersion: r.apiVersion, subresource });
  const last = managers.get(id)?.set;
  const applied = toFieldSet(configView, r.struct);
  managers.set(id, { manager: r.manager, operation: 'Apply', apiVersion: r.apiVersion, subresource, time: managers.get(id)?.time, set: applied });
  if (last) merged = prune(merged, last, managers, r.struct);
  const c = compare(liveView, merged, r.struct);
  const changed = c.added.union(c.modified);
  let conflicts: { key: string; m: Manager; set: FieldSet }[] = [];
  for (const [key, m] of managers) {
    if (key === id) continue;
    const set = m.set.intersection(changed);
    if (!set.empty()) conflicts.push({ key, m, set });
  }
  if (conflicts.length && !r.force && r.manager === KUBECTL && live && scope === 'main') {
    const allowed = allowedByLastApplied(live, liveView, r);
    if (allowed) conflicts = conflicts.map((x) => ({ ...x, set: x.set.difference(allowed) })).filter((x) => !x.set.empty());
  }
  if (conflicts.length && !r.force) throw conflictError(conflicts);
  for (const [key, m] of managers) if (key !== id) m.set = m.set.difference(changed).difference(c.removed);
  // The entry's time moves only when the apply changed the object (a new co-owner of equal values has none yet).
  if (!changed.empty() || !c.removed.empty()) managers.get(id)!.time = r.now;
  const entries = capUpdateManagers(encode(managers));
  if (scope === 'status') {
    const out = { ...live!, metadata: { ...live!.metadata, managedFields: entries } } as KubeObject;
    if (merged.status === undefined) delete out.status; else out.status = merged.status;
    return out;
  }
  const out = { ...merged, apiVersion: config.apiVersion, kind: config.kind } as KubeObject;
  const serverMeta: Obj = {};
  const source = (live ?? config).metadata as Obj;
  for (const f of SERVER_METADATA) if (source[f] !== undefined) serverMeta[f] = source[f];
  out.metadata = { ...serverMeta, ...((merged.metadata as Obj | undefined) ?? {}), managedFields: entries } as KubeObject['metadata'];
  if (live?.status !== undefined) out.status = live.status;
  if (r.manager === KUBECTL && out.metadata.annotations?.[LAST_APPLIED] !== undefined) {
    out.metadata.annotations = { ...out.metadata.annotations, [LAST_APPLIED]: lastAppliedOf(config) };
  }
  return out;
}

/**
 * allowedByLastApplied are the fields of live's last-applied configuration whose live value
 * is still the applied one (lastappliedmanager's allowed conflicts); undefined without the
 * annotation, or when it is unreadable or of another version.
 */
function allowedByLastApplied(live: KubeObject, liveView: Obj, r: ApplyRequest): FieldSet | undefined {
  const text = live.metadata.annotations?.[LAST_APPLIED];
  if (!text) return undefined;
  let lastApplied: KubeObject;
  try { lastApplied = JSON.parse(text) as KubeObject; } catch { return undefined; }
  if (!lastApplied || typeof lastApplied !== 'object' || lastApplied.apiVersion !== r.apiVersion) return undefined;
  const lastView = view(lastApplied, 'main');
  const c = compare(lastView, liveView, r.struct);
  return toFieldSet(lastView, r.struct).difference(c.modified).difference(c.added).difference(c.removed);
}

/** lastAppliedOf is the annotation server-side apply keeps: the applied configuration without it, as Go's encoder writes it. */
function lastAppliedOf(config: KubeObject): string {
  const metadata = { ...config.metadata };
  if (metadata.annotations) {
    const annotations = { ...metadata.annotations };
    delete annotations[LAST_APPLIED];
    metadata.annotations = annotations;
  }
  return `${toCompactJson({ ...config, metadata })}\n`;
}

/** prune removes what the applier owned before and no longer applies, unless some manager owns it (or a field below it). */
function prune(merged: Obj, last: FieldSet, managers: Map<string, Manager>, struct: string | undefined): Obj {
  let owned = new FieldSet();
  for (const m of managers.values()) owned = owned.union(m.set);
  const out = structuredClone(merged);
  for (const p of last.paths()) if (!owned.hasUnder(p)) removePath(out, p, struct);
  return out;
}

/** printManager is how the conflict error names a manager (fieldmanager's printManager). */
function printManager(m: Manager): string {
  let s = JSON.stringify(m.manager);
  if (m.subresource) s += ` with subresource ${JSON.stringify(m.subresource)}`;
  return m.operation === 'Update' ? `${s} using ${m.apiVersion}` : s;
}

/** conflictError is the 409 an apply gets when other managers own fields it would change. */
function conflictError(conflicts: { key: string; m: Manager; set: FieldSet }[]): ApiError {
  const all = conflicts.flatMap(({ key, m, set }) => set.paths().map((p) => ({ key, m, path: pathString(p) })));
  const causes: StatusCause[] = all.map((c) => ({ reason: 'FieldManagerConflict', message: `conflict with ${printManager(c.m)}`, field: c.path }));
  let message: string;
  if (all.length === 1) {
    message = `Apply failed with 1 conflict: conflict with ${printManager(all[0]!.m)}: ${all[0]!.path}`;
  } else {
    const lines: string[] = [];
    for (const c of [...conflicts].sort((a, b) => cmp(a.key, b.key))) {
      lines.push(`conflicts with ${printManager(c.m)}:`, ...c.set.paths().map((p) => `- ${pathString(p)}`));
    }
    message = `Apply failed with ${all.length} conflicts: ${lines.join('\n')}`;
  }
  return new ApiError('Conflict', 409, message, { causes });
}
