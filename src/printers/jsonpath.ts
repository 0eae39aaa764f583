/**
 * jsonpath: kubectl's `-o jsonpath=…` / `jsonpath-as-json` engine over plain JSON values.
 *
 * Mirrors k8s.io/client-go util/jsonpath jsonpath.go (v0.32) and cli-runtime
 * pkg/printers/jsonpath.go: each `{…}` action yields a list of results printed joined by one
 * space; maps and lists print as compact Go JSON, strings raw, numbers as Go prints int64 and
 * float64; `{range …}…{end}` repeats the enclosed template per result, with upstream's
 * counter-based range bookkeeping (so a range without `{end}` behaves as in kubectl).
 *
 * kubemu: map iteration for `*` and `..` is in sorted key order; upstream's is Go's random
 * map order, so kubectl's own output order there is unspecified.
 */
import {
  formatGoNumber, formatGoSyntax, formatGoValue, isGoMap, marshalGoJson, sortedKeys,
} from './jsonpath-go-format';
import {
  JsonPathParseError, parseTemplate,
  type ArrayNode, type FilterNode, type JsonPathNode, type ListNode,
} from './jsonpath-parser';

export { JsonPathParseError } from './jsonpath-parser';

/** JSONPATH_NOT_IN_RANGE is the error for an `{end}` with no open `{range}`. */
export const JSONPATH_NOT_IN_RANGE = 'not in range, nothing to end';
/** JSONPATH_COMPARE_ONE is the filter error when one side yields several values. */
export const JSONPATH_COMPARE_ONE = 'can only compare one element at a time';
/** JSONPATH_BAD_COMPARISON_TYPE / JSONPATH_BAD_COMPARISON are Go template's comparison errors. */
export const JSONPATH_BAD_COMPARISON_TYPE = 'invalid type for comparison';
export const JSONPATH_BAD_COMPARISON = 'incompatible types for comparison';
/**
 * MAX_JSONPATH_STEPS bounds one execution's node evaluations. kubemu: upstream has no bound,
 * and a `{range}` without `{end}` re-runs everything after it once per result and once more
 * after it, so nested unclosed ranges double the work per level (kubectl takes seconds at 24
 * levels and never finishes at a few thousand). Real templates over large lists stay far below.
 */
export const MAX_JSONPATH_STEPS = 2_000_000;
/** JSONPATH_TOO_MUCH_WORK is kubemu's execution error past MAX_JSONPATH_STEPS. */
export const JSONPATH_TOO_MUCH_WORK =
  `template needs more than ${MAX_JSONPATH_STEPS} steps (is a {range} missing its {end}?)`;
/** MAX_RANGE_DEPTH bounds `{range}` nesting (each level is a JS stack frame here). */
export const MAX_RANGE_DEPTH = 100;
/** JSONPATH_RANGE_TOO_DEEP is kubemu's execution error past MAX_RANGE_DEPTH. */
export const JSONPATH_RANGE_TOO_DEEP =
  `{range} nested more than ${MAX_RANGE_DEPTH} deep (is a {range} missing its {end}?)`;
/** JSONPATH_STEP_ERROR is the error for a slice step of zero or less. */
export const JSONPATH_STEP_ERROR = 'step must be > 0';

/** jsonPathParseMessage is kubectl's text for an unparsable template (printed after "error: "). */
export const jsonPathParseMessage = (template: string, err: string): string =>
  `error parsing jsonpath ${template}, ${err}`;

/**
 * jsonPathExecMessage is kubectl's text for a failed execution, including the debugging dump
 * of the object (Go %#v). It ends in three newlines: what kubectl writes to stderr after the
 * "error: " prefix, so a caller that adds a newline only when missing reproduces it exactly.
 */
export const jsonPathExecMessage = (template: string, err: string, data: unknown): string =>
  `error executing jsonpath ${JSON.stringify(template)}: Error executing template: ${err}. ` +
  'Printing more information for debugging the template:\n' +
  `\ttemplate was:\n\t\t${template}\n` +
  `\tobject given to jsonpath engine was:\n\t\t${formatGoSyntax(data)}\n\n\n`;

/** JsonPathError is an execution failure; message is the bare engine text ("x is not found"). */
export class JsonPathError extends Error {
  override readonly name = 'JsonPathError';
}

/** GoFloat marks a float literal from the template ({1.0}), which Go keeps apart from ints. */
export class GoFloat {
  constructor(readonly value: number) {}
}

/** goTypeName is reflect's Type().String() for a JSON value, as used in error texts. */
function goTypeName(v: unknown): string {
  if (v === null || v === undefined) return 'interface {}';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'bool';
  if (v instanceof GoFloat) return 'float64';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int64' : 'float64';
  if (Array.isArray(v)) return '[]interface {}';
  return 'map[string]interface {}';
}

type BasicKind = 'bool' | 'int' | 'float' | 'string';

function basicKind(v: unknown): BasicKind {
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'string') return 'string';
  if (v instanceof GoFloat) return 'float';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int' : 'float';
  throw new JsonPathError(JSONPATH_BAD_COMPARISON_TYPE);
}

function plain(v: unknown): unknown { return v instanceof GoFloat ? v.value : v; }

// Mirrors client-go third_party/forked/golang/template funcs.go: eq/lt and their derivations.
function goEqual(a: unknown, b: unknown): boolean {
  const k1 = basicKind(a);
  const k2 = basicKind(b);
  if (k1 !== k2) throw new JsonPathError(JSONPATH_BAD_COMPARISON);
  return plain(a) === plain(b);
}
function goLess(a: unknown, b: unknown): boolean {
  const k1 = basicKind(a);
  const k2 = basicKind(b);
  if (k1 !== k2) throw new JsonPathError(JSONPATH_BAD_COMPARISON);
  if (k1 === 'bool') throw new JsonPathError(JSONPATH_BAD_COMPARISON_TYPE);
  return (plain(a) as number | string) < (plain(b) as number | string);
}
const COMPARATORS: Record<string, (a: unknown, b: unknown) => boolean> = {
  '==': goEqual,
  '!=': (a, b) => !goEqual(a, b),
  '<': goLess,
  '<=': (a, b) => goLess(a, b) || goEqual(a, b),
  '>': (a, b) => !(goLess(a, b) || goEqual(a, b)),
  '>=': (a, b) => !goLess(a, b),
};

/** children lists what `*` and `..` descend into: map values (sorted), list items, string bytes. */
function children(v: unknown): unknown[] {
  if (Array.isArray(v)) return v;
  if (isGoMap(v)) return sortedKeys(v).map((k) => v[k]);
  // Go indexes a string by byte: `*` over "ab" yields the uint8 values 97 98.
  if (typeof v === 'string') return [...Buffer.from(v, 'utf8')];
  return [];
}

/** Executor holds one execution's range bookkeeping (upstream keeps it on the JSONPath). */
class Executor {
  beginRange = 0;
  inRange = 0;
  endRange = 0;
  lastEndNode: JsonPathNode | undefined;
  private steps = 0;

  constructor(readonly allowMissingKeys: boolean) {}

  // from stands for upstream's re-slicing of the node list at a range (no copy here).
  findResults(data: unknown, nodes: readonly JsonPathNode[], from = 0): unknown[][] {
    const cur = [data];
    const full: unknown[][] = [];
    for (let i = from; i < nodes.length; i++) {
      const node = nodes[i]!;
      const results = this.walk(cur, node);
      if (this.endRange > 0 && this.endRange <= this.inRange) {
        this.endRange--;
        this.lastEndNode = node;
        break;
      }
      if (this.beginRange > 0) {
        this.beginRange--;
        if (++this.inRange > MAX_RANGE_DEPTH) throw new JsonPathError(JSONPATH_RANGE_TOO_DEEP);
        if (results.length > 0) {
          for (const value of results) full.push(...this.findResults(value, nodes, i + 1));
        } else {
          // Walk the body once anyway so the matching {end} is found and skipped.
          this.findResults(undefined, nodes, i + 1);
        }
        this.inRange--;
        for (let k = i + 1; k < nodes.length; k++) {
          if (nodes[k] === this.lastEndNode) { i = k; break; }
        }
        continue;
      }
      full.push(results);
    }
    return full;
  }

  walk(input: unknown[], node: JsonPathNode): unknown[] {
    if (++this.steps > MAX_JSONPATH_STEPS) throw new JsonPathError(JSONPATH_TOO_MUCH_WORK);
    switch (node.type) {
      case 'list': return this.evalList(input, node);
      case 'text': return [node.text];
      case 'field': return this.evalField(input, node.name);
      case 'array': return this.evalArray(input, node);
      case 'filter': return this.evalFilter(input, node);
      case 'int': return input.map(() => node.value);
      case 'float': return input.map(() => new GoFloat(node.value));
      case 'bool': return input.map(() => node.value);
      case 'wildcard': return input.flatMap((v) => (v === null || v === undefined ? [] : children(v)));
      case 'recursive': return this.evalRecursive(input);
      case 'union': return node.nodes.flatMap((l) => this.evalList(input, l));
      case 'identifier': return this.evalIdentifier(input, node.name);
    }
  }

  evalList(input: unknown[], node: ListNode): unknown[] {
    let cur = input;
    for (const n of node.nodes) cur = this.walk(cur, n);
    return cur;
  }

  evalIdentifier(input: unknown[], name: string): unknown[] {
    if (name === 'range') { this.beginRange++; return input; }
    if (name === 'end') {
      if (this.inRange > 0) { this.endRange++; return []; }
      throw new JsonPathError(JSONPATH_NOT_IN_RANGE);
    }
    throw new JsonPathError(`unrecognized identifier ${name}`);
  }

  evalField(input: unknown[], name: string): unknown[] {
    if (input.length === 0) return [];
    const results: unknown[] = [];
    for (const v of input) {
      if (isGoMap(v) && Object.prototype.hasOwnProperty.call(v, name)) results.push(v[name]);
    }
    if (results.length === 0 && !this.allowMissingKeys) throw new JsonPathError(`${name} is not found`);
    return results;
  }

  evalArray(input: unknown[], node: ArrayNode): unknown[] {
    const result: unknown[] = [];
    for (const v of input) {
      if (v === null || v === undefined) continue;
      if (!Array.isArray(v)) throw new JsonPathError(`${goTypeName(v)} is not array or slice`);
      const len = v.length;
      const [p0, p1, p2] = node.params.map((p) => ({ ...p }));
      if (!p0!.known) p0!.value = 0;
      if (p0!.value < 0) p0!.value += len;
      if (!p1!.known) p1!.value = len;
      if (p1!.value < 0 || (p1!.value === 0 && p1!.derived)) p1!.value += len;
      if (p1!.value === p0!.value) return result; // an empty selection is allowed through
      if (p0!.value >= len || p0!.value < 0) {
        throw new JsonPathError(`array index out of bounds: index ${p0!.value}, length ${len}`);
      }
      if (p1!.value > len || p1!.value < 0) {
        throw new JsonPathError(`array index out of bounds: index ${p1!.value - 1}, length ${len}`);
      }
      if (p0!.value > p1!.value) {
        throw new JsonPathError(`starting index ${p0!.value} is greater than ending index ${p1!.value}`);
      }
      let step = 1;
      if (p2!.known) {
        if (p2!.value <= 0) throw new JsonPathError(JSONPATH_STEP_ERROR);
        step = p2!.value;
      }
      const slice = v.slice(p0!.value, p1!.value);
      for (let i = 0; i < slice.length; i += step) result.push(slice[i]);
    }
    return result;
  }

  evalRecursive(input: unknown[]): unknown[] {
    const result: unknown[] = [];
    for (const v of input) {
      if (v === null || v === undefined) continue;
      const kids = children(v);
      // Upstream only yields values that have children: leaves and empty containers are skipped.
      if (kids.length !== 0) {
        result.push(v);
        result.push(...this.evalRecursive(kids));
      }
    }
    return result;
  }

  evalFilter(input: unknown[], node: FilterNode): unknown[] {
    const results: unknown[] = [];
    for (const v of input) {
      if (!Array.isArray(v)) throw new JsonPathError(`${formatGoValue(v)} is not array or slice and cannot be filtered`);
      for (const item of v) {
        const temp = [item];
        if (node.operator === 'exists') {
          let lefts: unknown[] = [];
          try { lefts = this.evalList(temp, node.left); } catch { lefts = []; }
          if (lefts.length > 0) results.push(item);
          continue;
        }
        const lefts = this.evalList(temp, node.left);
        if (lefts.length === 0) continue;
        if (lefts.length > 1) throw new JsonPathError(JSONPATH_COMPARE_ONE);
        const rights = this.evalList(temp, node.right);
        if (rights.length === 0) continue;
        if (rights.length > 1) throw new JsonPathError(JSONPATH_COMPARE_ONE);
        const cmp = COMPARATORS[node.operator];
        if (!cmp) throw new JsonPathError(`unrecognized filter operator ${node.operator}`);
        if (cmp(lefts[0], rights[0])) results.push(item);
      }
    }
    return results;
  }
}

/** textOf prints one result as PrintResults does outside JSON mode. */
function textOf(v: unknown): string {
  if (v instanceof GoFloat) return formatGoValue(v.value);
  if (Array.isArray(v) || isGoMap(v)) return marshalGoJson(v);
  // kubectl 1.32 prints a JSON null as "null" (checked against the real client).
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'number') return formatGoNumber(v);
  return formatGoValue(v);
}

/** CompiledJsonPath is a parsed template, ready to run against any number of objects. */
export interface CompiledJsonPath {
  /** template is the raw text the template was compiled from. */
  readonly template: string;
  /**
   * execute renders the template against data (the object as `-o json` would show it).
   * Missing fields print nothing when allowMissingKeys (kubectl's default); otherwise they are
   * errors. Throws Error with kubectl's full jsonPathExecMessage text.
   */
  execute(data: unknown, allowMissingKeys: boolean): string;
  /** executeAsJson is `-o jsonpath-as-json`: each action's results as a 4-space-indented JSON array. */
  executeAsJson(data: unknown, allowMissingKeys: boolean): string;
  /**
   * findResults returns each top-level action's raw results without printing them (what
   * custom-columns and --sort-by consume). Throws JsonPathError with the bare engine text.
   */
  findResults(data: unknown, allowMissingKeys: boolean): unknown[][];
}

/**
 * compileJsonPath parses a kubectl JSONPath template. Throws Error whose message is kubectl's
 * jsonPathParseMessage ("error parsing jsonpath {.x, unclosed action").
 */
export function compileJsonPath(template: string): CompiledJsonPath {
  let root: ListNode;
  try {
    root = parseTemplate(template);
  } catch (e) {
    if (e instanceof JsonPathParseError) throw new Error(jsonPathParseMessage(template, e.message));
    throw e;
  }
  const find = (data: unknown, allow: boolean): unknown[][] => new Executor(allow).findResults(data, root.nodes);
  const run = (data: unknown, allow: boolean, print: (results: unknown[]) => string): string => {
    try {
      return find(data, allow).map(print).join('');
    } catch (e) {
      if (e instanceof JsonPathError) throw new Error(jsonPathExecMessage(template, e.message, data));
      throw e;
    }
  };
  return {
    template,
    execute: (data, allow) => run(data, allow, (results) => results.map(textOf).join(' ')),
    executeAsJson: (data, allow) => run(data, allow, (results) => marshalGoJson(results.map(plain), '    ') + '\n'),
    findResults: find,
  };
}

/**
 * parseJsonPathTemplate parses a template and rethrows a syntax error with its bare parser
 * text ("unclosed action"), as custom-columns and --sort-by report it.
 */
export function parseJsonPathTemplate(template: string): CompiledJsonPath {
  try {
    parseTemplate(template);
  } catch (e) {
    if (e instanceof JsonPathParseError) throw new Error(e.message);
    throw e;
  }
  return compileJsonPath(template);
}
