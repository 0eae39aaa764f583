/**
 * field-set: structured-merge-diff's fieldpath.Set — the fields a manager owns, as a tree of
 * path elements — with its FieldsV1 encoding (`f:name`, `k:{"name":"web"}`, `v:"x"`, `i:0`,
 * and `.` for a node that is itself a member) and fieldpath.Path's string form (`.spec.replicas`,
 * `[name="web"]`).
 */

/** FieldSet is one node of the tree: member says the path to this node is in the set. */
export class FieldSet {
  member = false;
  readonly children = new Map<string, FieldSet>();

  /** child returns (creating) the node under element. */
  child(element: string): FieldSet {
    let c = this.children.get(element);
    if (!c) { c = new FieldSet(); this.children.set(element, c); }
    return c;
  }

  /** insert adds a path (its elements) to the set. */
  insert(path: readonly string[]): void {
    let n: FieldSet = this;
    for (const e of path) n = n.child(e);
    n.member = true;
  }

  has(path: readonly string[]): boolean {
    const n = this.node(path);
    return !!n && n.member;
  }

  node(path: readonly string[]): FieldSet | undefined {
    let n: FieldSet | undefined = this;
    for (const e of path) { n = n.children.get(e); if (!n) return undefined; }
    return n;
  }

  /** hasUnder is true when the set holds path or any path below it. */
  hasUnder(path: readonly string[]): boolean {
    const n = this.node(path);
    return !!n && !n.empty();
  }

  empty(): boolean {
    if (this.member) return false;
    for (const c of this.children.values()) if (!c.empty()) return false;
    return true;
  }

  /** paths lists the members, parents before children, in element order. */
  paths(prefix: string[] = []): string[][] {
    const out: string[][] = [];
    if (this.member && prefix.length) out.push(prefix);
    for (const k of [...this.children.keys()].sort(compareElements)) out.push(...this.children.get(k)!.paths([...prefix, k]));
    return out;
  }

  /** union is the paths in either set (a new set; neither operand changes). */
  union(other: FieldSet): FieldSet {
    const out = this.clone();
    out.addAll(other);
    return out;
  }

  /** addAll inserts every path of other into this set. */
  addAll(other: FieldSet): void {
    if (other.member) this.member = true;
    for (const [e, c] of other.children) this.child(e).addAll(c);
  }

  /** difference is the paths of this set not in other. */
  difference(other: FieldSet): FieldSet {
    const out = new FieldSet();
    out.member = this.member && !other.member;
    for (const [e, c] of this.children) {
      const o = other.children.get(e);
      const d = o ? c.difference(o) : c.clone();
      if (!d.empty()) out.children.set(e, d);
    }
    return out;
  }

  /** intersection is the paths in both sets. */
  intersection(other: FieldSet): FieldSet {
    const out = new FieldSet();
    out.member = this.member && other.member;
    for (const [e, c] of this.children) {
      const o = other.children.get(e);
      if (!o) continue;
      const i = c.intersection(o);
      if (!i.empty()) out.children.set(e, i);
    }
    return out;
  }

  clone(): FieldSet {
    const out = new FieldSet();
    out.member = this.member;
    for (const [e, c] of this.children) out.children.set(e, c.clone());
    return out;
  }

  /** toFieldsV1 is the set as metadata.managedFields[].fieldsV1 holds it (keys sorted as Go's encoder writes them). */
  toFieldsV1(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    if (this.member && this.children.size) out['.'] = {};
    for (const k of [...this.children.keys()].sort(compareElements)) {
      const c = this.children.get(k)!;
      if (c.empty()) continue;
      out[k] = c.toFieldsV1();
    }
    return out;
  }

  /** fromFieldsV1 reads a fieldsV1 tree; an empty object is a member leaf. */
  static fromFieldsV1(v: unknown): FieldSet {
    const root = new FieldSet();
    const read = (node: FieldSet, value: unknown, top: boolean): void => {
      if (!value || typeof value !== 'object') return;
      const entries = Object.entries(value as Record<string, unknown>);
      if (!top && entries.length === 0) node.member = true;
      for (const [k, c] of entries) {
        if (k === '.') { node.member = true; continue; }
        read(node.child(k), c, false);
      }
    };
    read(root, v, true);
    return root;
  }
}

/** compareElements orders path elements as Go's JSON encoder orders the FieldsV1 keys (byte order). */
function compareElements(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** pathString is fieldpath.Path.String(): `.spec.template.spec.containers[name="web"].image`. */
export function pathString(path: readonly string[]): string {
  return path.map(elementString).join('');
}

function elementString(e: string): string {
  const body = e.slice(2);
  switch (e.slice(0, 2)) {
    case 'f:': return `.${body}`;
    case 'k:': {
      const key = JSON.parse(body) as Record<string, unknown>;
      return `[${Object.keys(key).sort().map((k) => `${k}=${JSON.stringify(key[k])}`).join(',')}]`;
    }
    case 'v:': return `[=${body}]`;
    case 'i:': return `[${body}]`;
    default: return e;
  }
}
