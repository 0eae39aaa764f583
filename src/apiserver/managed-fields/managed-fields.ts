/**
 * managed-fields: field management as kube-apiserver's fieldmanager does it — each write
 * records in metadata.managedFields which manager owns which fields. An Update (create, PUT,
 * patch) gives the writer the fields it changed and takes them from everyone else; an Apply
 * (server-side apply) merges the applied configuration into the live object, removes fields
 * the applier owned before and dropped (when nobody else owns them), and refuses to change a
 * field another manager owns unless forced (the 409 Conflict).
 */
import type { KubeObject, ManagedFieldsEntry } from '../../api/meta';
import { ApiError, type StatusCause } from '../errors';
import { FieldSet, pathString } from './field-set';
import { compare, merge, removePath, toFieldSet } from './typed-walk';

/** Scope is the part of an object a write may change: the main resource, or its status or scale subresource. */
export type Scope = 'main' | 'status' | 'scale';

interface Manager { manager: string; operation: 'Apply' | 'Update'; apiVersion: string; subresource?: string; time?: string; set: FieldSet }

type Obj = Record<string, unknown>;

/** SERVER_METADATA are the metadata fields no manager owns (StripMetaManager's list). */
const SERVER_METADATA = ['name', 'namespace', 'uid', 'resourceVersion', 'generation', 'creationTimestamp', 'managedFields', 'selfLink', 'deletionTimestamp', 'deletionGracePeriodSeconds'];

/** view is the part of obj field management looks at for scope. */
function view(obj: KubeObject | undefined, scope: Scope): Obj {
  if (!obj) return {};
  if (scope === 'status') return obj.status === undefined ? {} : { status: obj.status };
  if (scope === 'scale') return obj.spec?.replicas === undefined ? {} : { spec: { replicas: obj.spec.replicas } };
  const { apiVersion: _a, kind: _k, status: _s, metadata, ...rest } = obj as KubeObject & Obj;
  const meta: Obj = { ...(metadata ?? {}) };
  for (const f of SERVER_METADATA) delete meta[f];
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

/**
 * recordUpdate is the managedFields after an Update: the writer owns what it changed, the
 * others lose it, and removed fields leave every set.
 */
export function recordUpdate(current: KubeObject | undefined, next: KubeObject, r: UpdateRequest): ManagedFieldsEntry[] {
  const managers = decode(current);
  const c = compare(view(current, r.scope), view(next, r.scope), r.struct);
  const changed = c.added.union(c.modified);
  const subresource = r.scope === 'main' ? undefined : r.scope;
  const id = identity({ manager: r.manager, operation: 'Update', apiVersion: r.apiVersion, subresource });
  for (const [key, m] of managers) if (key !== id) m.set = m.set.difference(changed).difference(c.removed);
  const mine = managers.get(id) ?? { manager: r.manager, operation: 'Update' as const, apiVersion: r.apiVersion, subresource, set: new FieldSet() };
  mine.set = mine.set.difference(c.removed).union(changed);
  if (!changed.empty()) mine.time = r.now;
  managers.set(id, mine);
  return encode(managers);
}

/** ApplyRequest describes one server-side apply. */
export interface ApplyRequest { manager: string; apiVersion: string; force: boolean; now: string; struct: string | undefined }

/**
 * applyConfiguration merges config into live (undefined: a create) for manager and returns the
 * object to write, with its managedFields; a field another manager owns with a different value
 * is a Conflict unless forced.
 */
export function applyConfiguration(live: KubeObject | undefined, config: KubeObject, r: ApplyRequest): KubeObject {
  const managers = decode(live);
  const liveView = view(live, 'main');
  const configView = view(config, 'main');
  let merged = merge(liveView, configView, r.struct);
  const id = identity({ manager: r.manager, operation: 'Apply', apiVersion: r.apiVersion });
  const last = managers.get(id)?.set;
  const applied = toFieldSet(configView, r.struct);
  managers.set(id, { manager: r.manager, operation: 'Apply', apiVersion: r.apiVersion, time: managers.get(id)?.time, set: applied });
  if (last) merged = prune(merged, last, managers, r.struct);
  const c = compare(liveView, merged, r.struct);
  const changed = c.added.union(c.modified);
  const conflicts: { key: string; m: Manager; set: FieldSet }[] = [];
  for (const [key, m] of managers) {
    if (key === id) continue;
    const set = m.set.intersection(changed);
    if (!set.empty()) conflicts.push({ key, m, set });
  }
  if (conflicts.length && !r.force) throw conflictError(conflicts);
  for (const [key, m] of managers) if (key !== id) m.set = m.set.difference(changed).difference(c.removed);
  if (!changed.empty() || !c.removed.empty() || !last || !sameSet(last, applied)) managers.get(id)!.time = r.now;
  const out = { ...merged, apiVersion: config.apiVersion, kind: config.kind } as KubeObject;
  const serverMeta: Obj = {};
  const source = (live ?? config).metadata as Obj;
  for (const f of SERVER_METADATA) if (source[f] !== undefined) serverMeta[f] = source[f];
  out.metadata = { ...serverMeta, ...((merged.metadata as Obj | undefined) ?? {}), managedFields: encode(managers) } as KubeObject['metadata'];
  if (live?.status !== undefined) out.status = live.status;
  return out;
}

function sameSet(a: FieldSet, b: FieldSet): boolean {
  return a.difference(b).empty() && b.difference(a).empty();
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
