/**
 * Fuzzing the CLI's small parsers: jsonpath templates (-o jsonpath, custom-columns,
 * --sort-by), label selectors (-l) and field selectors (--field-selector). Each generated
 * input must parse, or fail with the parser's own kubectl-style error; never a JS error (a
 * TypeError, "Maximum call stack size exceeded"), and a parsed template must run to an
 * answer within the executor's bounds. Parsed selectors must match exactly as the plain
 * per-requirement definition does.
 *
 * CI runs a fixed seed; bench/fuzz.mjs raises KUBEMU_FUZZ_PARSERS for a longer run.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFieldSelector, selectableFields } from '../../src/api/fields';
import { parseSelector, requirementMatches } from '../../src/api/labels';
import type { KubeObject } from '../../src/api/meta';
import { compileJsonPath } from '../../src/printers/jsonpath';

const RUNS = Number(process.env.KUBEMU_FUZZ_PARSERS ?? 300);
const SEED = Number(process.env.KUBEMU_FUZZ_SEED ?? 42);

/** JS_ERROR_TEXT matches messages that only a JS bug produces, never a parser. */
const JS_ERROR_TEXT = /Cannot read propert|is not a function|is not iterable|Maximum call stack|undefined|Invalid array length|of null/;

/** outcome runs fn and returns 'ok', or the message of a clean Error; anything else throws. */
function outcome(fn: () => unknown, cleanPrefix?: string): string {
  try {
    fn();
    return 'ok';
  } catch (e) {
    if (!(e instanceof Error) || e instanceof TypeError || e instanceof RangeError || e instanceof ReferenceError) {
      throw new Error(`JS error: ${String(e)}`);
    }
    if (JS_ERROR_TEXT.test(e.message.split('\n')[0]!)) throw new Error(`JS error text: ${e.message.slice(0, 300)}`);
    if (cleanPrefix !== undefined && !e.message.startsWith(cleanPrefix)) throw new Error(`unexpected error: ${e.message.slice(0, 300)}`);
    return e.message;
  }
}

const pieces = <T>(alphabet: readonly T[], max: number) => fc.array(fc.constantFrom(...alphabet), { maxLength: max });
// Short inputs mostly; some with random text; some a short run repeated thousands of times
// (deep nesting, long term lists), which is where unbounded parsers blow up.
const joined = (alphabet: readonly string[], max: number) => fc.oneof(
  { weight: 6, arbitrary: pieces(alphabet, max).map((p) => p.join('')) },
  { weight: 2, arbitrary: fc.tuple(pieces(alphabet, max), fc.string({ maxLength: 6 })).map(([p, s]) => p.join('') + s) },
  { weight: 1, arbitrary: fc.tuple(pieces(alphabet, 4), fc.integer({ min: 2, max: 3000 }), pieces(alphabet, 4))
    .map(([p, n, tail]) => p.join('').repeat(n) + tail.join('')) },
);

const JSONPATH_PIECES = [
  '{', '}', '{range .items[*]}', '{end}', 'range', 'end', '.metadata', '.name', '.items', '.spec', '.containers',
  '[*]', '[0]', '[-1]', '[1:3]', '[::2]', '[0:0]', '[', ']', '[?(@.name=="a")]', '[?(@.n>1)]', '[?(@.x)]', '[?(', ')]',
  '..', '..name', '.*', "['a.b']", '[a,b]', '"s"', "'t'", '"\\n"', '"\\q"', '\\', '@', '$', ' ', ',', '(', ')', '=', '==',
  '!=', '<', '>', '1', '-2', '1.5', 'true', 'false', 'x', '\n', '\t', 'ü', '{.', '{{', '}}',
] as const;

const DATA = {
  kind: 'List',
  metadata: { name: 'a', labels: { 'a.b': 'c' } },
  items: [
    { name: 'a', n: 1, spec: { containers: [{ name: 'c', x: null }] } },
    { name: 'b', n: 2.5, spec: { containers: [] }, x: true },
  ],
  n: 3,
  s: 'str',
  nothing: null,
};

const LABEL_KEYS = ['a', 'b', 'app', 'k8s.io/x', 'x/y/z', '-bad', 'in', 'notin', 'A'.repeat(64)] as const;
const LABEL_VALUES = ['', 'v', 'w', '1', '-3', '10', 'b_c', 'bad!', 'x'.repeat(64)] as const;
const LABEL_PIECES = [
  ...LABEL_KEYS, ...LABEL_VALUES, '=', '==', '!=', ' in ', ' notin ', '>', '<', '!', ',', '(', ')', ' ', '\t', '=>', '!!',
] as const;

const FIELD_PIECES = [
  'metadata.name', 'metadata.namespace', 'status.phase', 'spec.nodeName', 'x', 'Running', 'web', 'default',
  '=', '==', '!=', ',', '\\', '\\,', '\\=', '\\\\', ' ', '!', '',
] as const;

const labelSets = fc.array(fc.dictionary(fc.constantFrom(...LABEL_KEYS), fc.constantFrom(...LABEL_VALUES), { maxKeys: 4 }), { minLength: 1, maxLength: 4 });

const pod = (name: string, phase: string, nodeName?: string): KubeObject => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' },
  spec: { nodeName, containers: [] }, status: { phase },
});
const PODS = [pod('web', 'Running', 'x'), pod('x', 'Pending'), pod('', '')];

describe('parser fuzzing', () => {
  it(`${RUNS} jsonpath templates parse or fail cleanly, and run to an answer`, { timeout: 60_000 }, () => {
    fc.assert(fc.property(joined(JSONPATH_PIECES, 24), (template) => {
      let compiled: ReturnType<typeof compileJsonPath> | undefined;
      outcome(() => { compiled = compileJsonPath(template); }, 'error parsing jsonpath ');
      if (!compiled) return;
      for (const allow of [true, false]) {
        outcome(() => compiled!.execute(DATA, allow), 'error executing jsonpath ');
        outcome(() => compiled!.executeAsJson(DATA, allow), 'error executing jsonpath ');
      }
    }), { numRuns: RUNS, seed: SEED });
  });

  it(`${RUNS} label selectors parse or fail cleanly, and match as their requirements do`, { timeout: 60_000 }, () => {
    fc.assert(fc.property(joined(LABEL_PIECES, 12), labelSets, (text, sets) => {
      let sel: ReturnType<typeof parseSelector> | undefined;
      outcome(() => { sel = parseSelector(text); });
      if (!sel) return;
      for (const labels of sets) {
        expect(sel.matches(labels), `${text} on ${JSON.stringify(labels)}`).toBe(sel.requirements.every((r) => requirementMatches(r, labels)));
      }
      // The canonical form parses back to itself.
      expect(parseSelector(sel.toString()).toString()).toBe(sel.toString());
    }), { numRuns: RUNS, seed: SEED });
  });

  it(`${RUNS} field selectors parse or fail cleanly, and match as their terms do`, { timeout: 60_000 }, () => {
    fc.assert(fc.property(joined(FIELD_PIECES, 12), (text) => {
      let sel: ReturnType<typeof parseFieldSelector> | undefined;
      outcome(() => { sel = parseFieldSelector(text); });
      if (!sel) return;
      for (const obj of PODS) {
        const set = selectableFields(obj);
        const want = sel.requirements.every((r) => ((set[r.field] ?? '') === r.value) === (r.operator !== '!='));
        expect(sel.matches(obj), `${text} on ${obj.metadata.name}`).toBe(want);
      }
    }), { numRuns: RUNS, seed: SEED });
  });
});
