/**
 * typed-walk: structured-merge-diff's walks over an object and its type — the field set of an
 * applied configuration (ToFieldSet), the comparison of two objects (Compare: added, modified,
 * removed), the merge of an applied configuration into a live object (Merge) and the removal
 * of paths (RemoveItems). The type is the strategic-merge schema (api/patch-meta.ts): a list
 * with a patchMergeKey is an associative list keyed by it, a merge list without a key is a
 * set, any other list is atomic; a few structs and maps marked atomic in the Go types are
 * listed here by field name.
 */
import { deepEqual } from '../../api/deep-equal';
import { lookupPatchMeta } from '../../api/patch-meta';
import { FieldSet } from './field-set';
import { buildFrom, type FieldsTree } from './fields-v1';

/** ATOMIC_FIELDS are fields whose value is one unit (+structType=atomic / +mapType=atomic in the Go types). */
const ATOMIC_FIELDS: ReadonlySet<string> = new Set([
  'selector', 'nodeSelector', 'podSelector', 'namespaceSelector', 'labelSelector',
  'secretKeyRef', 'configMapKeyRef', 'fieldRef', 'resourceFieldRef',
]);

/**
 * LIST_MAP_KEYS are associative lists keyed by more fields than their patchMergeKey
 * (+listMapKey in the Go types), with the defaults that fill a missing key.
 */
const LIST_MAP_KEYS: Readonly<Record<string, readonly string[]>> = {
  'core/v1.Container.ports': ['containerPort', 'protocol'],
  'core/v1.ServiceSpec.ports': ['port', 'protocol'],
};
/** ATOMIC_LISTS are lists with a patchMergeKey that the Go types mark +listType=atomic. */
const ATOMIC_LISTS: ReadonlySet<string> = new Set(['core/v1.PodStatus.hostIPs']);
const KEY_DEFAULTS: Readonly<Record<string, unknown>> = { protocol: 'TCP' };

/** ALWAYS_PRESENT are the top-level structs every object has, if only empty. */
const ALWAYS_PRESENT: ReadonlySet<string> = new Set(['metadata', 'spec', 'status']);

/**
 * ZERO_VALUE_FIELDS are the fields below the top level that an empty object of the kind
 * already has (struct values and lists without omitempty in the Go types): compared with the
 * empty object a create starts from, they are never added themselves, so their entries
 * carry no `.` (`f:template`, `f:strategy`, `f:containers`).
 */
const ZERO_VALUE_FIELDS: Readonly<Record<string, readonly string[]>> = {
  'apps/v1.DeploymentSpec': ['template', 'strategy'],
  'apps/v1.ReplicaSetSpec': ['template'],
  'apps/v1.StatefulSetSpec': ['template', 'updateStrategy'],
  'apps/v1.DaemonSetSpec': ['template', 'updateStrategy'],
  'batch/v1.JobSpec': ['template'],
  'batch/v1.CronJobSpec': ['jobTemplate'],
  'batch/v1.JobTemplateSpec': ['metadata', 'spec'],
  'core/v1.PodTemplateSpec': ['metadata', 'spec'],
  'core/v1.PodSpec': ['containers'],
  'meta/v1.ObjectMeta': ['creationTimestamp'],
  // Events' struct fields and times are in the empty object too (times as null).
  'core/v1.Event': ['involvedObject', 'source', 'firstTimestamp', 'lastTimestamp', 'eventTime'],
  'events/v1.Event': ['eventTime', 'regarding', 'deprecatedSource', 'deprecatedFirstTimestamp', 'deprecatedLastTimestamp'],
};

type ListType = { type: 'atomic' } | { type: 'map'; keys: readonly string[] } | { type: 'set' };

/** Shape is what the walks need to know about one field. */
interface Shape { struct: string | undefined; atomic: boolean; list: ListType }

const ROOT = (struct: string | undefined): Shape => ({ struct, atomic: false, list: { type: 'atomic' } });

/** UNTYPED are the shapes of a field of no known struct (a map's keys, a custom resource's fields). */
const UNTYPED: Shape = { struct: undefined, atomic: false, list: { type: 'atomic' } };
const UNTYPED_ATOMIC: Shape = { struct: undefined, atomic: true, list: { type: 'atomic' } };

/**
 * shapes holds each struct's fields' shapes, made once per process: every write walks the same
 * few hundred, and making one (two key strings and three lookups) cost more than the walk's step.
 * Shapes are shared, never changed.
 */
const shapes = new Map<string, Map<string, Shape>>();

function shapeOf(parent: string | undefined, field: string): Shape {
  if (parent === undefined) return ATOMIC_FIELDS.has(field) ? UNTYPED_ATOMIC : UNTYPED;
  let byField = shapes.get(parent);
  if (!byField) shapes.set(parent, (byField = new Map()));
  let shape = byField.get(field);
  if (!shape) byField.set(field, (shape = makeShape(parent, field)));
  return shape;
}

function makeShape(parent: string | undefined, field: string): Shape {
  const meta = lookupPatchMeta(parent, field);
  const keys = parent ? LIST_MAP_KEYS[`${parent}.${field}`] : undefined;
  const list: ListType = parent && ATOMIC_LISTS.has(`${parent}.${field}`) ? { type: 'atomic' } : keys ? { type: 'map', keys }
    : meta.mergeKey ? { type: 'map', keys: [meta.mergeKey] }
      : meta.merge ? { type: 'set' } : { type: 'atomic' };
  return { struct: meta.struct, atomic: ATOMIC_FIELDS.has(field), list };
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** itemElement is a list item's path element: `k:{…}` in an associative list, `v:…` in a set. */
function itemElement(list: ListType, item: unknown, index: number): string {
  if (list.type === 'set') return `v:${JSON.stringify(item)}`;
  if (list.type === 'map' && isObj(item)) {
    const key: Obj = {};
    for (const k of [...list.keys].sort()) {
      const v = item[k] ?? KEY_DEFAULTS[k];
      if (v !== undefined) key[k] = v;
    }
    return `k:${JSON.stringify(key)}`;
  }
  return `i:${index}`;
}

/** toFieldSet is the set of fields an applied configuration sets. */
export function toFieldSet(value: Obj, struct: string | undefined): FieldSet {
  const set = new FieldSet();
  fieldsOfMap(set, value, [], struct);
  return set;
}

function fieldsOfMap(set: FieldSet, m: Obj, path: string[], struct: string | undefined): void {
  for (const [k, v] of Object.entries(m)) {
    const p = [...path, `f:${k}`];
    if (v === null || (isObj(v) && Object.keys(v).length === 0)) set.insert(p);
    fieldsOfValue(set, v, p, shapeOf(struct, k));
  }
}

function fieldsOfValue(set: FieldSet, v: unknown, p: string[], shape: Shape): void {
  if (Array.isArray(v)) {
    if (shape.list.type === 'atomic') { set.insert(p); return; }
    v.forEach((item, i) => {
      const ip = [...p, itemElement(shape.list, item, i)];
      if (shape.list.type === 'map' && isObj(item)) fieldsOfMap(set, item, ip, shape.struct);
      set.insert(ip);
    });
  } else if (isObj(v)) {
    if (shape.atomic) set.insert(p);
    else fieldsOfMap(set, v, p, shape.struct);
  } else {
    set.insert(p);
  }
}

/** Comparison is typed.Comparison: the paths added, changed (leaves) and removed between two objects. */
export interface Comparison { added: FieldSet; modified: FieldSet; removed: FieldSet }

/** compare compares two objects (or parts of them) of one type. */
export function compare(lhs: Obj, rhs: Obj, struct: string | undefined): Comparison {
  const c: Comparison = { added: new FieldSet(), modified: new FieldSet(), removed: new FieldSet() };
  compareValues(c, lhs, rhs, [], ROOT(struct), true);
  return c;
}

/** isSame says a comparison found no difference. */
export function isSame(c: Comparison): boolean {
  return c.added.empty() && c.modified.empty() && c.removed.empty();
}

/** zeroValue says field of struct (of the object itself when top) is in the kind's empty object. */
function zeroValue(top: boolean, struct: string | undefined, field: string): boolean {
  return (top && ALWAYS_PRESENT.has(field)) || (!!struct && !!ZERO_VALUE_FIELDS[struct]?.includes(field));
}

/** compareValues compares l and r at p; present says the node exists in the kind's empty object (it is never added or removed itself). */
function compareValues(c: Comparison, l: unknown, r: unknown, p: string[], shape: Shape, present: boolean): void {
  const structured = (isObj(l) || isObj(r)) && !shape.atomic && (l === undefined || isObj(l)) && (r === undefined || isObj(r));
  const listed = (Array.isArray(l) || Array.isArray(r)) && shape.list.type !== 'atomic' && (l === undefined || Array.isArray(l)) && (r === undefined || Array.isArray(r));
  if (structured) {
    const lm = (l ?? {}) as Obj;
    const rm = (r ?? {}) as Obj;
    const top = p.length === 0;
    for (const k of new Set([...Object.keys(lm), ...Object.keys(rm)])) {
      compareValues(c, lm[k], rm[k], [...p, `f:${k}`], shapeOf(shape.struct, k), present && zeroValue(top, shape.struct, k));
    }
  } else if (listed) {
    const li = indexItems(shape.list, (l ?? []) as unknown[]);
    const ri = indexItems(shape.list, (r ?? []) as unknown[]);
    const itemShape: Shape = { struct: shape.struct, atomic: shape.list.type === 'set', list: { type: 'atomic' } };
    for (const e of new Set([...li.keys(), ...ri.keys()])) compareValues(c, li.get(e), ri.get(e), [...p, e], itemShape, false);
  } else {
    if (!p.length) return;
    // A field of the empty object (creationTimestamp: null) is only ever modified.
    if (present) { if (!deepEqual(l ?? null, r ?? null)) c.modified.insert(p); return; }
    if (l === undefined && r !== undefined) c.added.insert(p);
    else if (r === undefined && l !== undefined) c.removed.insert(p);
    else if (!deepEqual(l, r)) c.modified.insert(p);
    return;
  }
  if (present) return;
  if (l === undefined) c.added.insert(p);
  else if (r === undefined) c.removed.insert(p);
}

/**
 * createdFields is the fieldsV1 tree of what a create sets: compare's added and modified paths
 * from the kind's empty object to obj, built as the tree at once (undefined: none). A create
 * walks the whole object, and its FieldSets and path arrays were most of the walk's cost.
 */
export function createdFields(obj: Obj, struct: string | undefined): FieldsTree | undefined {
  return created(obj, ROOT(struct), true, true);
}

/** created is compareValues with nothing on the left: r's node, a member unless the empty object has it (present). */
function created(r: unknown, shape: Shape, present: boolean, top: boolean): FieldsTree | undefined {
  const kids: Array<[string, FieldsTree]> = [];
  if (isObj(r) && !shape.atomic) {
    for (const k of Object.keys(r)) {
      const t = created(r[k], shapeOf(shape.struct, k), present && zeroValue(top, shape.struct, k), false);
      if (t) kids.push([fieldElement(shape.struct, k), t]);
    }
  } else if (Array.isArray(r) && shape.list.type !== 'atomic') {
    const itemShape: Shape = { struct: shape.struct, atomic: shape.list.type === 'set', list: { type: 'atomic' } };
    for (const [e, item] of indexItems(shape.list, r)) {
      const t = created(item, itemShape, false, false);
      if (t) kids.push([e, t]);
    }
  } else {
    // A leaf: added when set; one of the empty object's (creationTimestamp: null) only when not null.
    if (top || r === undefined || (present && r === null)) return undefined;
    return {};
  }
  if (present && !kids.length) return undefined;
  return buildFrom(!present, kids);
}

/**
 * fieldElements holds a typed struct's `f:` path elements, made once per process: a create
 * names every field it walks, and a string made once is hashed once. A map's keys (no struct)
 * are the user's and are not kept.
 */
const fieldElements = new Map<string, string>();

function fieldElement(struct: string | undefined, field: string): string {
  if (struct === undefined) return `f:${field}`;
  let e = fieldElements.get(field);
  if (e === undefined) fieldElements.set(field, (e = `f:${field}`));
  return e;
}

function indexItems(list: ListType, items: unknown[]): Map<string, unknown> {
  const m = new Map<string, unknown>();
  items.forEach((item, i) => m.set(itemElement(list, item, i), item));
  return m;
}

/** merge merges an applied configuration into the live object: the configuration's values win, maps and keyed lists merge. */
export function merge(live: Obj, config: Obj, struct: string | undefined): Obj {
  return mergeValues(live, config, ROOT(struct)) as Obj;
}

function mergeValues(l: unknown, r: unknown, shape: Shape): unknown {
  if (r === undefined) return l;
  if (l === undefined) return structuredClone(r);
  if (isObj(l) && isObj(r) && !shape.atomic) {
    const out: Obj = { ...l };
    for (const [k, v] of Object.entries(r)) out[k] = mergeValues(l[k], v, shapeOf(shape.struct, k));
    return out;
  }
  if (Array.isArray(l) && Array.isArray(r) && shape.list.type !== 'atomic') return mergeLists(l, r, shape);
  return structuredClone(r);
}

/**
 * mergeLists keeps the live order, puts each applied item where it is live (applied items
 * not live yet go before the next item both share, or at the end), merging items both hold.
 */
function mergeLists(l: unknown[], r: unknown[], shape: Shape): unknown[] {
  const itemShape: Shape = { struct: shape.struct, atomic: shape.list.type === 'set', list: { type: 'atomic' } };
  const le = l.map((item, i) => itemElement(shape.list, item, i));
  const re = r.map((item, i) => itemElement(shape.list, item, i));
  const liveAt = new Map(le.map((e, i) => [e, i]));
  const applied = new Map(re.map((e, i) => [e, r[i]]));
  const out: unknown[] = [];
  const emitted = new Set<string>();
  let ri = 0;
  for (let i = 0; i < l.length; i++) {
    const e = le[i]!;
    if (applied.has(e)) {
      // Applied items that are new go in before this shared one, in their applied order.
      while (ri < re.length && re[ri] !== e) {
        const ne = re[ri]!;
        if (!liveAt.has(ne) && !emitted.has(ne)) { out.push(structuredClone(r[ri])); emitted.add(ne); }
        ri++;
      }
      ri++;
      out.push(mergeValues(l[i], applied.get(e), itemShape));
    } else {
      out.push(l[i]);
    }
    emitted.add(e);
  }
  for (; ri < re.length; ri++) {
    const ne = re[ri]!;
    if (!emitted.has(ne)) { out.push(structuredClone(r[ri])); emitted.add(ne); }
  }
  return out;
}

/** removePath removes the value at path (a field, a keyed item or a set value) from obj, in place. */
export function removePath(obj: Obj, path: readonly string[], struct: string | undefined): void {
  let node: unknown = obj;
  let shape = ROOT(struct);
  for (let i = 0; i < path.length; i++) {
    const e = path[i]!;
    const last = i === path.length - 1;
    if (e.startsWith('f:')) {
      if (!isObj(node)) return;
      const k = e.slice(2);
      if (last) { delete node[k]; return; }
      shape = shapeOf(shape.struct, k);
      node = node[k];
    } else {
      if (!Array.isArray(node)) return;
      const list = node;
      const at = list.findIndex((item, j) => itemElement(shape.list, item, j) === e);
      if (at < 0) return;
      if (last) { list.splice(at, 1); return; }
      node = list[at];
      shape = { struct: shape.struct, atomic: false, list: { type: 'atomic' } };
    }
  }
}
