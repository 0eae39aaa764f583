/**
 * sort-by: `--sort-by=<jsonpath>` ordering of list items, as kubectl's SortingPrinter does.
 *
 * Mirrors kubernetes/kubectl pkg/cmd/get/sorter.go (v0.32): the path is relaxed to `{.path}`
 * and evaluated with missing keys allowed; only the first result of each object counts.
 * Objects without a value sort first; ints and floats compare numerically; two strings that
 * both parse as resource quantities compare by quantity, otherwise by natural order
 * ("web-9" < "web-10"), which also orders RFC 3339 timestamps chronologically.
 *
 * The sort is Go's sort.Sort (go-sort.ts), so ties come out in kubectl's order, not the list's.
 * Two values Go cannot order (a map, a list, a bool, a string beside a number) end kubectl
 * through klog.Exitf: UnsortableError carries what it prints.
 */
import { compareQuantity, tryParseQuantity } from '../api/quantity';
import { relaxedJsonPathExpression } from './custom-columns';
import { parseJsonPathTemplate } from './jsonpath';
import { goSort } from './go-sort';

/** FieldNotFoundError is kubectl's error when no object has the sort field. */
export class FieldNotFoundError extends Error {
  constructor(field: string) { super(`couldn't find any field with path ${JSON.stringify(field)} in the list of objects`); }
}

/**
 * UnsortableError is isLess's error for two values Go cannot order: kubectl's Less then ends the
 * process with klog.Exitf (exit 1), naming the field, what it sorted (a Table's rows, or the
 * objects) and the error.
 */
export class UnsortableError extends Error {
  constructor(readonly field: string, readonly table: boolean, readonly detail: string) {
    super(`Field ${field} in ${table ? '[][][]reflect.Value' : '*unstructured.Unstructured'} is an unsortable type: interface, err: ${detail}`);
  }

  /** source is where kubectl's klog line says it exits (sorter.go of kubectl v0.32). */
  get source(): string {
    return this.table ? 'sorter.go:375' : 'sorter.go:329';
  }
}

/** Unsortable is Go's error from isLess, before the sort names its field. */
class Unsortable extends Error {}

/**
 * naturalLess is github.com/fvbommel/sortorder NaturalLess: digit runs compare as numbers
 * (shorter non-zero run first, then fewer leading zeros), other bytes compare bytewise, and
 * digits sort before non-digits.
 */
export function naturalLess(a: string, b: string): boolean {
  const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const c1 = a[i]!;
    const c2 = b[j]!;
    const d1 = isDigit(c1);
    const d2 = isDigit(c2);
    if (d1 !== d2) return d1;
    if (!d1) {
      if (c1 !== c2) return c1 < c2;
      i++; j++;
      continue;
    }
    while (a[i] === '0') i++;
    while (b[j] === '0') j++;
    const nz1 = i;
    const nz2 = j;
    while (isDigit(a[i])) i++;
    while (isDigit(b[j])) j++;
    const len1 = i - nz1;
    const len2 = j - nz2;
    if (len1 !== len2) return len1 < len2;
    const n1 = a.slice(nz1, i);
    const n2 = b.slice(nz2, j);
    if (n1 !== n2) return n1 < n2;
    if (nz1 !== nz2) return nz1 < nz2;
  }
  return a.length < b.length;
}

/** goTypeOf names a decoded JSON value's Go type, as unstructured objects hold it (%T). */
function goTypeOf(v: unknown): string {
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int64' : 'float64';
  if (typeof v === 'string') return 'string';
  if (Array.isArray(v)) return '[]interface {}';
  return 'map[string]interface {}';
}

/**
 * isLess is sorter.go isLess for JSON values (a Go interface{} holding int64, float64, string,
 * bool, a map or a slice): nil first, numbers of one type numerically, strings as quantities or
 * naturally; anything else is Go's error (thrown as Unsortable).
 */
export function isLess(a: unknown, b: unknown): boolean {
  if (a === null || a === undefined) return !(b === null || b === undefined);
  if (b === null || b === undefined) return false;
  const type = goTypeOf(a);
  if (type === 'int64' || type === 'float64') {
    if (goTypeOf(b) === type) return (a as number) < (b as number);
  } else if (type === 'string') {
    if (typeof b === 'string') {
      const qa = tryParseQuantity(a as string);
      const qb = tryParseQuantity(b);
      if (qa !== undefined && qb !== undefined) return compareQuantity(qa, qb) < 0;
      return naturalLess(a as string, b);
    }
  } else {
    throw new Unsortable(`unsortable type: ${type}`);
  }
  throw new Unsortable('unsortable interface: interface');
}

/** SortByOptions: table mirrors kubectl's Table path (no error and no sort for a single row). */
export interface SortByOptions { table?: boolean }

/**
 * sortObjects returns items ordered by the --sort-by path, ties as Go's sort leaves them. Throws kubectl's
 * errors: a bad path ("unexpected path string…"), a template syntax error, FieldNotFoundError
 * when no item has the field, UnsortableError when two values cannot be ordered.
 */
export function sortObjects<T>(items: readonly T[], sortBy: string, opts: SortByOptions = {}): T[] {
  let field: string;
  try {
    field = relaxedJsonPathExpression(sortBy);
  } catch (e) {
    // The Table path falls back to the raw expression when relaxing fails.
    if (!opts.table) throw e;
    field = sortBy;
  }
  let parser;
  try {
    parser = parseJsonPathTemplate(field);
  } catch (e) {
    throw new Error(opts.table ? `sorting error: ${(e as Error).message}` : (e as Error).message);
  }
  if (items.length === 0 || (opts.table && items.length < 2)) return [...items];
  const keys = items.map((item) => {
    const r = parser.findResults(item, true);
    return r.length > 0 && r[0]!.length > 0 ? { found: true, value: r[0]![0] } : { found: false, value: undefined };
  });
  if (!keys.some((k) => k.found)) throw new FieldNotFoundError(field);
  const less = (i: number, j: number): boolean => {
    if (!keys[i]!.found) return true;
    if (!keys[j]!.found) return false;
    try {
      return isLess(keys[i]!.value, keys[j]!.value);
    } catch (e) {
      throw e instanceof Unsortable ? new UnsortableError(field, !!opts.table, e.message) : e;
    }
  };
  const order = items.map((_, i) => i);
  goSort(order.length, {
    less: (i, j) => less(order[i]!, order[j]!),
    swap: (i, j) => { [order[i], order[j]] = [order[j]!, order[i]!]; },
  });
  return order.map((i) => items[i]!);
}
