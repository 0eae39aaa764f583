/**
 * three-way-patch: the patch kubectl apply sends, made from the last-applied configuration
 * (original), the manifest (modified) and the live object (current), as apimachinery's
 * strategicpatch.CreateThreeWayMergePatch makes it for the built-in types: the changes and
 * additions from current to modified, merged with the deletions from original to modified,
 * with $setElementOrder, $deleteFromPrimitiveList, $retainKeys and `$patch: delete` where the
 * Go struct tags ask for them; with overwrite off (`apply --overwrite=false`), refused when it
 * sets a key the live object changed differently since the last apply. Types without the tags
 * (custom resources) get
 * jsonmergepatch.CreateThreeWayJSONMergePatch's RFC 7386 patch. Also the two-way patch
 * (CreateTwoWayMergePatch) of `edit --output-patch`.
 */
import { deepEqual } from '../../api/deep-equal';
import { normalizeElementOrder } from '../../api/element-order';
import { lookupPatchMeta, rootStructOf, type PatchMeta } from '../../api/patch-meta';
import { toYaml } from '../../yaml/write-yaml';
import { applyMergePatch, createMergePatch, isPlainObject } from './merge-patch';

type Obj = Record<string, unknown>;

const DIRECTIVE = '$patch';
const RETAIN_KEYS = '$retainKeys';
const SET_ELEMENT_ORDER = '$setElementOrder';
const DELETE_FROM_PRIMITIVE_LIST = '$deleteFromPrimitiveList';

/** PatchError is strategicpatch's refusal of documents it cannot diff (a list of lists, an item without its merge key). */
export class PatchError extends Error {}

/**
 * PatchConflict is strategicpatch's ErrConflict: with overwrite off, the patch sets a key that
 * changed otherwise from original to current. Its message shows both as YAML, as Go's does.
 */
export class PatchConflict extends Error {
  constructor(patch: Obj, changed: Obj) {
    super(`patch:\n${toYaml(patch)}\nconflicts with changes made from original to current:\n${toYaml(changed)}\n`);
  }
}

interface DiffOptions {
  /** setElementOrder: emit the $setElementOrder list of a merged list that changed. */
  setElementOrder?: boolean;
  ignoreChangesAndAdditions?: boolean;
  ignoreDeletions?: boolean;
  /** buildRetainKeys: the map being diffed is a retainKeys field's value (or a retainKeys list's item). */
  buildRetainKeys?: boolean;
}

/**
 * createThreeWayPatch is the patch apply sends for modified over current, given the original it
 * last applied. With overwrite false it throws PatchConflict when the patch and the changes from
 * original to current set a key differently (the JSON merge patch of custom resources has no such check).
 */
export function createThreeWayPatch(originalIn: object, modifiedIn: object, currentIn: object, overwrite = true): Obj {
  const [original, modified, current] = [originalIn as Obj, modifiedIn as Obj, currentIn as Obj];
  const struct = rootStructOf(modified.apiVersion, modified.kind);
  if (struct === undefined) return threeWayJsonMergePatch(original, modified, current);
  const delta = diffMaps(current, modified, struct, { ignoreDeletions: true, setElementOrder: true });
  const deletions = diffMaps(original, modified, struct, { ignoreChangesAndAdditions: true, setElementOrder: true });
  const patch = mergePatches(deletions, delta, struct);
  if (!overwrite) {
    const changed = diffMaps(original, current, struct, {});
    if (conflicts(patch, changed, struct, undefined)) throw new PatchConflict(patch, changed);
  }
  return patch;
}

/**
 * conflicts is strategicpatch's MergingMapsHaveConflicts: whether two patches overlap with
 * different values. A map's `$patch` directives must agree; a map replaced whole, or a merged
 * list of scalars, cannot conflict; a merged list of maps is compared item by merge key, any
 * other list item by item (scalars deduplicated and sorted first).
 */
function conflicts(left: unknown, right: unknown, struct: string | undefined, meta: PatchMeta | undefined): boolean {
  if (isPlainObject(left)) {
    if (!isPlainObject(right)) return true;
    if ((DIRECTIVE in left || DIRECTIVE in right) && left[DIRECTIVE] !== right[DIRECTIVE]) return true;
    if (meta?.replace) return false;
    for (const [key, value] of Object.entries(left)) {
      if (key === DIRECTIVE || key === RETAIN_KEYS || !(key in right)) continue;
      // Only a map or a list is looked up in the schema, as Go does.
      const sub = isPlainObject(value) || Array.isArray(value) ? lookupPatchMeta(struct, key) : undefined;
      if (conflicts(value, right[key], sub?.struct, sub)) return true;
    }
    return false;
  }
  if (Array.isArray(left)) {
    if (!Array.isArray(right)) return true;
    const kind = elementKind(left, right);
    if (meta?.merge) {
      if (kind !== 'map') return false;
      const mergeKey = meta.mergeKey ?? '';
      const byKey = (list: unknown[]) => new Map(list.map((item) => [`${kindOf(keyValue(item, mergeKey))}:${goString(keyValue(item, mergeKey))}`, item]));
      const rightItems = byKey(right);
      for (const [key, item] of byKey(left)) if (rightItems.has(key) && conflicts(item, rightItems.get(key), struct, undefined)) return true;
      return false;
    }
    if (left.length !== right.length) return true;
    const [l, r] = kind === 'map' ? [left, right] : [sortedByString(deduplicateScalars(left)), sortedByString(deduplicateScalars(right))];
    if (l.length !== r.length) return true;
    return l.some((item, i) => conflicts(item, r[i], struct, undefined));
  }
  return !deepEqual(left, right);
}

/** createTwoWayPatch is the strategic merge patch turning original into modified. */
export function createTwoWayPatch(original: object, modified: object): Obj {
  const m = modified as Obj;
  return diffMaps(original as Obj, m, rootStructOf(m.apiVersion, m.kind), { setElementOrder: true });
}

/** kindOf is the Go type a decoded JSON value has, as reflect.TypeOf tells them apart. */
function kindOf(v: unknown): string {
  if (v === null) return 'nil';
  if (Array.isArray(v)) return 'slice';
  if (typeof v === 'object') return 'map';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int64' : 'float64';
  return typeof v;
}

/** goString is fmt's %v of a scalar, what strategicpatch sorts and compares list items and merge keys by. */
function goString(v: unknown): string {
  return v === null ? '<nil>' : String(v);
}

function diffMaps(original: Obj, modified: Obj, struct: string | undefined, o: DiffOptions): Obj {
  const patch: Obj = {};
  const retained: string[] = [];
  for (const [key, mv] of Object.entries(modified)) {
    if (o.buildRetainKeys && mv !== null) retained.push(key);
    if (!(key in original)) {
      if (!o.ignoreChangesAndAdditions) patch[key] = mv;
      continue;
    }
    const ov = original[key];
    if (key === DIRECTIVE) {
      if (typeof ov !== 'string' || typeof mv !== 'string') throw new PatchError(`invalid value for special key: ${DIRECTIVE}`);
      if (ov !== mv) patch[key] = mv;
      continue;
    }
    if (kindOf(ov) !== kindOf(mv)) {
      if (!o.ignoreChangesAndAdditions) patch[key] = mv;
      continue;
    }
    if (isPlainObject(ov)) diffMapField(key, ov, mv as Obj, patch, struct, o);
    else if (Array.isArray(ov)) diffListField(key, ov, mv as unknown[], patch, struct, o);
    else replaceIfNotEqual(key, ov, mv, patch, o);
  }
  if (!o.ignoreDeletions) for (const key of Object.keys(original)) if (!(key in modified)) patch[key] = null;
  // The keys a retainKeys field keeps, when the patch changes it or the original has more.
  if (retained.length && (Object.keys(patch).length || Object.entries(original).some(([k, v]) => v !== null && !(k in modified)))) {
    patch[RETAIN_KEYS] = sortedByString(retained);
  }
  return patch;
}

function diffMapField(key: string, ov: Obj, mv: Obj, patch: Obj, struct: string | undefined, o: DiffOptions): void {
  const meta = lookupPatchMeta(struct, key);
  if (meta.replace) {
    if (!o.ignoreChangesAndAdditions) patch[key] = mv;
    return;
  }
  const sub = diffMaps(ov, mv, meta.struct, { ...o, buildRetainKeys: meta.retainKeys });
  if (Object.keys(sub).length) patch[key] = sub;
}

function diffListField(key: string, ov: unknown[], mv: unknown[], patch: Obj, struct: string | undefined, o: DiffOptions): void {
  const meta = lookupPatchMeta(struct, key);
  if (!meta.merge) {
    replaceIfNotEqual(key, ov, mv, patch, o);
    return;
  }
  const [added, deleted, order] = diffLists(ov, mv, meta.struct, meta.mergeKey ?? '', { ...o, buildRetainKeys: meta.retainKeys });
  if (added.length) patch[key] = added;
  if (deleted.length) patch[`${DELETE_FROM_PRIMITIVE_LIST}/${key}`] = deleted;
  if (order.length) patch[`${SET_ELEMENT_ORDER}/${key}`] = order;
}

function replaceIfNotEqual(key: string, ov: unknown, mv: unknown, patch: Obj, o: DiffOptions): void {
  if (o.ignoreChangesAndAdditions || deepEqual(ov, mv)) return;
  patch[key] = mv;
}

/** diffLists is a merged list's patch items, its parallel deletion list (scalars) and its $setElementOrder list. */
function diffLists(original: unknown[], modified: unknown[], struct: string | undefined, mergeKey: string, o: DiffOptions): [unknown[], unknown[], unknown[]] {
  if (!original.length) return [modified.length && !o.ignoreChangesAndAdditions ? modified : [], [], []];
  const kind = elementKind(original, modified);
  if (kind === 'map') {
    const [changed, deleted] = diffListsOfMaps(original as Obj[], modified as Obj[], struct, mergeKey, o);
    const items = [...normalizeSliceOrder(changed, modified, mergeKey), ...deleted];
    const orderSame = original.length === modified.length && modified.every((m, i) => keyValue(original[i], mergeKey) === keyValue(m, mergeKey));
    const order = o.setElementOrder && ((!o.ignoreChangesAndAdditions && (items.length > 0 || !orderSame)) || (!o.ignoreDeletions && items.length > 0))
      ? modified.map((m) => ({ [mergeKey]: (m as Obj)[mergeKey] })) : [];
    return [items, [], order];
  }
  const [added, deleted] = diffListsOfScalars(original, modified, o);
  const order = o.setElementOrder && ((!o.ignoreDeletions && deleted.length > 0) || (!o.ignoreChangesAndAdditions && !deepEqual(original, modified))) ? modified : [];
  return [normalizeSliceOrder(added, modified, ''), deleted, order];
}

/** elementKind is the one kind of the lists' items (strategicpatch's sliceElementType). */
function elementKind(...lists: unknown[][]): string {
  let kind: string | undefined;
  for (const v of lists.flat()) {
    const k = kindOf(v);
    if (kind === undefined && k === 'slice') throw new PatchError('lists of lists are not supported');
    if (kind !== undefined && k !== kind) throw new PatchError(`list element types are not identical: ${JSON.stringify(lists)}`);
    kind = k;
  }
  if (kind === undefined) throw new PatchError('no elements in any of the given slices');
  return kind;
}

function keyValue(item: unknown, mergeKey: string): unknown {
  if (!isPlainObject(item)) throw new PatchError(`unexpected item in a list merged by ${mergeKey}: ${JSON.stringify(item)}`);
  if (!(mergeKey in item)) throw new PatchError(`map: ${JSON.stringify(item)} does not contain declared merge key: ${mergeKey}`);
  return item[mergeKey];
}

/** sortedByString is a copy sorted as strategicpatch sorts scalars and merge keys: by their %v text. */
function sortedByString<T>(list: readonly T[], by: (x: T) => unknown = (x) => x): T[] {
  return [...list].sort((a, b) => {
    const x = goString(by(a));
    const y = goString(by(b));
    return x < y ? -1 : x > y ? 1 : 0;
  });
}

function diffListsOfScalars(original: unknown[], modified: unknown[], o: DiffOptions): [unknown[], unknown[]] {
  const from = sortedByString(original);
  const to = sortedByString(modified);
  const added: unknown[] = [];
  const deleted: unknown[] = [];
  let i = 0;
  let j = 0;
  while (i < from.length || j < to.length) {
    const a = i < from.length ? goString(from[i]) : undefined;
    const b = j < to.length ? goString(to[j]) : undefined;
    if (a !== undefined && a === b) { i++; j++; } else if (a === undefined || (b !== undefined && a > b)) {
      if (!o.ignoreChangesAndAdditions) added.push(to[j]);
      j++;
    } else {
      if (!o.ignoreDeletions) deleted.push(from[i]);
      i++;
    }
  }
  return [added, deduplicateScalars(deleted)];
}

function diffListsOfMaps(original: Obj[], modified: Obj[], struct: string | undefined, mergeKey: string, o: DiffOptions): [Obj[], Obj[]] {
  const from = sortedByString(original, (m) => keyValue(m, mergeKey));
  const to = sortedByString(modified, (m) => keyValue(m, mergeKey));
  const changed: Obj[] = [];
  const deleted: Obj[] = [];
  let i = 0;
  let j = 0;
  while (i < from.length || j < to.length) {
    const a = i < from.length ? goString(from[i]![mergeKey]) : undefined;
    const b = j < to.length ? goString(to[j]![mergeKey]) : undefined;
    if (a !== undefined && a === b) {
      const sub = diffMaps(from[i]!, to[j]!, struct, o);
      if (Object.keys(sub).length) changed.push({ ...sub, [mergeKey]: to[j]![mergeKey] });
      i++; j++;
    } else if (a === undefined || (b !== undefined && a > b)) {
      if (!o.ignoreChangesAndAdditions) changed.push(to[j]!);
      j++;
    } else {
      if (!o.ignoreDeletions) deleted.push({ [mergeKey]: from[i]![mergeKey], [DIRECTIVE]: 'delete' });
      i++;
    }
  }
  return [changed, deleted];
}

/** normalizeSliceOrder orders patch items as `order` has them, `$patch: delete` items last (a stable sort). */
function normalizeSliceOrder(items: unknown[], order: unknown[], mergeKey: string): unknown[] {
  const idOf = (x: unknown) => (mergeKey ? keyValue(x, mergeKey) : x);
  const indexOf = (x: unknown) => order.findIndex((y) => idOf(y) === idOf(x));
  const isDelete = (x: unknown) => mergeKey !== '' && (x as Obj)[DIRECTIVE] === 'delete';
  const kept = items.filter((x) => !isDelete(x)).map((x, n) => ({ x, n, at: indexOf(x) }));
  kept.sort((p, q) => (p.at >= 0 && q.at >= 0 && p.at !== q.at ? p.at - q.at : p.n - q.n));
  return [...kept.map((k) => k.x), ...items.filter(isDelete)];
}

/** deduplicateScalars drops repeated items as strategicpatch does (the last item moves into a repeat's place). */
function deduplicateScalars(list: unknown[]): unknown[] {
  const s = [...list];
  let last = s.length - 1;
  for (let i = 0; i < last; i++) {
    for (let j = i + 1; j <= last; j++) {
      if (s[i] === s[j]) {
        s[j] = s[last];
        s.length = last;
        last--;
        j--;
      }
    }
  }
  return s;
}

/**
 * mergePatches merges the additions and changes (patch) into the deletions (original) as
 * strategicpatch's mergeMap does for a client (MergeOptions{}): parallel lists are kept as
 * lists, nulls are kept as deletions. original is changed in place.
 */
function mergePatches(original: Obj, patchIn: Obj, struct: string | undefined): Obj {
  if (DIRECTIVE in patchIn) {
    const directive = patchIn[DIRECTIVE];
    if (directive === 'replace') {
      const { [DIRECTIVE]: _marker, ...rest } = patchIn;
      return rest;
    }
    if (directive === 'delete') return {};
    throw new PatchError(`Unexpected patch type, ${JSON.stringify(directive)}`);
  }
  const patch = { ...patchIn };
  if (RETAIN_KEYS in patch) {
    if (RETAIN_KEYS in original && !deepEqual(original[RETAIN_KEYS], patch[RETAIN_KEYS])) throw new PatchError('retainKeys lists differ in the three-way diff');
    original[RETAIN_KEYS] ??= patch[RETAIN_KEYS];
    delete patch[RETAIN_KEYS];
  }
  for (const [key, order] of Object.entries(patch)) {
    if (!key.startsWith(SET_ELEMENT_ORDER)) continue;
    if (key in original && !deepEqual(original[key], order)) throw new PatchError('invalid patch format of setElementOrder list');
    original[key] = order;
    delete patch[key];
    const listKey = key.slice(SET_ELEMENT_ORDER.length + 1);
    const from = original[listKey] as unknown[] | undefined;
    const into = patch[listKey] as unknown[] | undefined;
    if (from === undefined && into === undefined) continue;
    const meta = lookupPatchMeta(struct, listKey);
    const mergeKey = meta.mergeKey ?? '';
    const merged = into === undefined ? from! : from === undefined ? withoutDirectives(into)[0] as unknown[] : meta.merge ? mergeLists(from, into, meta.struct, mergeKey) : into;
    // strategicpatch checks the two lists' items are of one kind (its sliceElementType) before ordering them.
    elementKind(from ?? [], into ?? []);
    original[listKey] = normalizeElementOrder(merged, from ?? [], order as unknown[], itemId(mergeKey));
    delete patch[listKey];
  }
  for (const [key, value] of Object.entries(patch)) {
    // A parallel deletion list stays a list of its own in a client's patch.
    if (key.startsWith(DELETE_FROM_PRIMITIVE_LIST)) { original[key] = value; continue; }
    if (value === null) delete original[key];
    const have = original[key];
    // Maps and lists present on both sides merge by their strategy; anything else is the patch's value.
    const both = key in original && kindOf(have) === kindOf(value);
    const meta = both ? lookupPatchMeta(struct, key) : undefined;
    if (meta && isPlainObject(have)) original[key] = meta.replace ? value : mergePatches(have, value as Obj, meta.struct);
    else if (meta && Array.isArray(have)) original[key] = meta.merge ? mergeLists(have, value as unknown[], meta.struct, meta.mergeKey ?? '') : value;
    else {
      const [kept, keep] = withoutDirectives(value);
      if (keep) original[key] = kept;
      else delete original[key];
    }
  }
  return original;
}

/** itemId is how a merged list's items are told apart: by merge key, or a scalar by its value and type. */
function itemId(mergeKey: string): (x: unknown) => string | undefined {
  return mergeKey ? (x) => (isPlainObject(x) && mergeKey in x ? `${kindOf(x[mergeKey])}:${goString(x[mergeKey])}` : undefined) : (x) => `${kindOf(x)}:${goString(x)}`;
}

/** mergeLists is strategicpatch's mergeSlice for a client: scalars joined without repeats, maps merged by key. */
function mergeLists(originalIn: unknown[], patchIn: unknown[], struct: string | undefined, mergeKey: string): unknown[] {
  if (!originalIn.length && !patchIn.length) return originalIn;
  const kind = elementKind(originalIn, patchIn);
  let original = [...originalIn];
  let patch = patchIn;
  let merged: unknown[];
  if (kind !== 'map') merged = deduplicateScalars([...original, ...patch]);
  else {
    if (!mergeKey) throw new PatchError('cannot merge lists without merge key');
    const plain: unknown[] = [];
    let replace = false;
    for (const item of patch as Obj[]) {
      if (!(DIRECTIVE in item)) { plain.push(item); continue; }
      if (item[DIRECTIVE] === 'delete') {
        const key = keyValue(item, mergeKey);
        original = original.filter((x) => (x as Obj)[mergeKey] !== key);
      } else if (item[DIRECTIVE] === 'replace') replace = true;
      else throw new PatchError(`Unexpected patch type, ${JSON.stringify(item[DIRECTIVE])}`);
    }
    if (replace) { original = plain; patch = []; } else patch = plain;
    merged = [...original];
    for (const item of patch as Obj[]) {
      const key = keyValue(item, mergeKey);
      const at = merged.findIndex((x) => (x as Obj)[mergeKey] === key);
      if (at >= 0) merged[at] = mergePatches({ ...(merged[at] as Obj) }, item, struct);
      else merged.push(item);
    }
  }
  return normalizeElementOrder(merged, original, patch, itemId(mergeKey));
}

/** withoutDirectives is a value with every `$patch`-marked map left out, and whether the value itself stays. */
function withoutDirectives(v: unknown): [unknown, boolean] {
  if (isPlainObject(v)) {
    if (DIRECTIVE in v) return [undefined, false];
    const out: Obj = {};
    for (const [k, x] of Object.entries(v)) {
      const [kept, keep] = withoutDirectives(x);
      if (keep) out[k] = kept;
    }
    return [out, true];
  }
  if (Array.isArray(v)) return [v.flatMap((x) => { const [kept, keep] = withoutDirectives(x); return keep ? [kept] : []; }), true];
  return [v, true];
}

/**
 * threeWayJsonMergePatch is jsonmergepatch.CreateThreeWayJSONMergePatch: the merge patch from
 * current to modified without its nulls, over the one from original to modified with only them.
 */
function threeWayJsonMergePatch(original: Obj, modified: Obj, current: Obj): Obj {
  const changes = nullsOnly(createMergePatch(current, modified) as Obj, false);
  const deletions = nullsOnly(createMergePatch(original, modified) as Obj, true);
  return applyMergePatch(deletions, changes) as Obj;
}

/** nullsOnly keeps a merge patch's deletions (keep: true) or everything else (false); an explicit {} is a value. */
function nullsOnly(patch: Obj, keep: boolean): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) {
      if (keep) out[k] = null;
    } else if (isPlainObject(v)) {
      if (!Object.keys(v).length) {
        if (!keep) out[k] = v;
        continue;
      }
      const sub = nullsOnly(v, keep);
      if (Object.keys(sub).length) out[k] = sub;
    } else if (!keep) out[k] = v;
  }
  return out;
}
