/**
 * fields-v1: edits of a managedFields entry's fieldsV1 tree by a (small) FieldSet, without
 * decoding the whole tree. Every write changes a few paths of an object whose entries own
 * many: walking only the changed paths keeps the cost of a write proportional to its change.
 * A node is a member when it has `.` or no children; the trees keep Go's key order.
 */
import type { FieldSet } from './field-set';

/** FieldsTree is one node of a fieldsV1 tree: `{}` for an owned leaf, `{".": {}, ...}` for an owned node with children. */
export type FieldsTree = Record<string, unknown>;

function isMember(node: FieldsTree): boolean {
  if ('.' in node) return true;
  for (const _ in node) return false;
  return true;
}

/** build is a node with the given membership and children, keys in byte order as Go's encoder writes them. */
export function build(member: boolean, kids: Map<string, FieldsTree>): FieldsTree {
  return buildFrom(member, [...kids]);
}

/**
 * buildFrom is build over distinct keys in a list, which it sorts in place unless they are in
 * order already (a create's walk finds most of an object's fields in order, and builds a node
 * for every map in it).
 */
export function buildFrom(member: boolean, kids: Array<[string, FieldsTree]>): FieldsTree {
  let sorted = true;
  for (let i = 1; sorted && i < kids.length; i++) sorted = kids[i - 1][0] < kids[i][0];
  if (!sorted) kids.sort(byKey);
  const out: FieldsTree = {};
  if (member && kids.length) out['.'] = {};
  for (const [k, v] of kids) out[k] = v;
  return out;
}

const byKey = (a: [string, unknown], b: [string, unknown]): number => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

function children(node: FieldsTree): Map<string, FieldsTree> {
  const m = new Map<string, FieldsTree>();
  for (const k in node) if (k !== '.') m.set(k, node[k] as FieldsTree);
  return m;
}

/** fieldsWithout is tree less the members of set: the same tree when it held none of them, undefined when nothing is left. */
export function fieldsWithout(tree: FieldsTree, set: FieldSet): FieldsTree | undefined {
  let member = isMember(tree);
  let changed = false;
  let kids: Map<string, FieldsTree> | undefined;
  for (const [e, s] of set.children) {
    const child = tree[e] as FieldsTree | undefined;
    if (child === undefined || e === '.') continue;
    const next = fieldsWithout(child, s);
    if (next === child) continue;
    changed = true;
    kids ??= children(tree);
    if (next === undefined) kids.delete(e); else kids.set(e, next);
  }
  if (set.member && member) {
    member = false;
    changed = true;
  }
  if (!changed) return tree;
  kids ??= children(tree);
  if (!kids.size) return member ? {} : undefined;
  return build(member, kids);
}

/** fieldsWith is tree (undefined: an empty one) with the members of set added. */
export function fieldsWith(tree: FieldsTree | undefined, set: FieldSet): FieldsTree {
  const member = (tree !== undefined && isMember(tree)) || set.member;
  const kids = tree ? children(tree) : new Map<string, FieldsTree>();
  for (const [e, s] of set.children) kids.set(e, fieldsWith(kids.get(e), s));
  return build(member, kids);
}
