import * as path from 'node:path';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXCESSIVE_ALIASING } from './construct';
import { MAX_NESTING_DEPTH } from './json-stream';
import { MAX_DOCUMENT_BYTES, ManifestParseError, TOO_LARGE_MESSAGE, readManifestStream, readManifests } from './read-manifests';

// Copies of the benchmark plan's hazard files, so the test needs nothing outside the repository.
const HAZARDS = path.resolve(__dirname, 'testdata/hazards');
const CM = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ';
const parseErr = (src: string, msg: string): string => `error parsing ${src}: error converting YAML to JSON: ${msg}`;

function firstError(text: string, source = 'f.yaml'): string {
  const r = readManifestStream(text, source);
  expect(r.errors.length).toBeGreaterThan(0);
  return r.errors[0].message;
}

describe('readManifests: YAML 1.1 scalars as kubectl reads them', () => {
  it('reads bool2.yaml exactly as kubectl v1.32 does', () => {
    const [doc] = readManifests(readFileSync(`${HAZARDS}/bool2.yaml`, 'utf8'), 'bool2.yaml');
    // Captured from: kubectl label --local -f bool2.yaml a=b -o json
    expect(doc.object.data).toEqual({
      on_plain: true,
      no_plain: false,
      yes_plain: true,
      y_plain: true,
      off_plain: false,
      on_quoted: 'on',
      octal_like: 8,
      hex: 31,
      exp: 1000,
      date: '2024-01-02',
      sexagesimal: '12:30',
      tilde: null,
    });
  });

  it('rejects .inf in bool.yaml with encoding/json\'s error', () => {
    expect(firstError(readFileSync(`${HAZARDS}/bool.yaml`, 'utf8'), 'bool.yaml')).toBe(
      parseErr('bool.yaml', 'json: unsupported value: +Inf'),
    );
  });

  it.each([
    ['a: .nan', 'json: unsupported value: NaN'],
    ['a: -.Inf', 'json: unsupported value: -Inf'],
  ])('rejects %s', (line, msg) => {
    expect(firstError(`${CM}x\ndata:\n  ${line}\n`)).toBe(parseErr('f.yaml', msg));
  });

  it('stringifies non-string keys like sigs.k8s.io/yaml', () => {
    const text = `${CM}k\ndata:\n  1: a\n  true: b\n  1.5: c\n  010: d\n  0x1F: e\n  1e3: f\n  1.0: g\n  1e21: h\n  -0: i\n`;
    const [doc] = readManifests(text, 'f.yaml');
    expect(Object.keys(doc.object.data as object).sort()).toEqual(['0', '1', '1.5', '1000', '1e+21', '31', '8', 'true']);
    expect((doc.object.data as Record<string, string>)['1']).toBe('g');
  });

  it('keeps quoted scalars, timestamps and tagged strings as strings', () => {
    const [doc] = readManifests(`${CM}k\ndata:\n  a: "on"\n  b: '010'\n  c: !!str yes\n  d: 2001-12-14t21:59:43.10-05:00\n  e: !custom 12\n`, 'f');
    expect(doc.object.data).toEqual({ a: 'on', b: '010', c: 'yes', d: '2001-12-14t21:59:43.10-05:00', e: '12' });
  });

  it('applies go-yaml v2 merge keys in document order', () => {
    const text = `${CM}k\n  labels: &l\n    a: x\n    b: "y"\n  annotations:\n    <<: *l\n    b: z\n`;
    const [doc] = readManifests(text, 'f');
    expect((doc.object.metadata as Record<string, unknown>).annotations).toEqual({ a: 'x', b: 'z' });
  });

  it('copies aliased collections so documents stay independent', () => {
    const [doc] = readManifests(`${CM}k\n  labels: &l {a: x}\n  annotations: *l\n`, 'f');
    const meta = doc.object.metadata as Record<string, Record<string, string>>;
    expect(meta.annotations).toEqual({ a: 'x' });
    expect(meta.annotations).not.toBe(meta.labels);
  });
});

describe('readManifests: streams', () => {
  it('splits on --- lines, skips empty and comment-only documents, counts them in index', () => {
    const docs = readManifests(`${CM}a\n---\n\n# only a comment\n--- # trailing comment\n${CM}b\n---\n`, 'f');
    expect(docs.map((d) => [d.object.metadata, d.index])).toEqual([
      [{ name: 'a' }, 0],
      [{ name: 'b' }, 2],
    ]);
  });

  it('accepts a UTF-8 BOM and CRLF line ends (block scalars lose the \\r)', () => {
    const text = '\ufeffapiVersion: v1\r\nkind: ConfigMap\r\nmetadata:\r\n  name: crlf\r\ndata:\r\n  x: |\r\n    l1\r\n    l2\r\n';
    const [doc] = readManifests(text, 'f');
    expect(doc.object.data).toEqual({ x: 'l1\nl2\n' });
  });

  it('accepts a JSON stream of several objects', () => {
    const text = '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a"}}\n{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"b","name":"c"}}';
    expect(readManifests(text, 'f.json').map((d) => (d.object.metadata as { name: string }).name)).toEqual(['a', 'c']);
  });

  it('reads a document that is only "null" as nothing', () => {
    expect(readManifests('null\n', 'f')).toEqual([]);
  });

  it.each([
    ['List', 'apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: a\n- apiVersion: v1\n  kind: Secret\n  metadata:\n    name: s\n', [['ConfigMap', 'a'], ['Secret', 's']]],
    ['typed PodList-style list (items inherit the type)', 'apiVersion: v1\nkind: ConfigMapList\nitems:\n- metadata:\n    name: c\n', [['ConfigMap', 'c']]],
    ['any object with items', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\nitems:\n- apiVersion: v1\n  kind: Secret\n  metadata:\n    name: s\n', [['Secret', 's']]],
    ['empty List', 'apiVersion: v1\nkind: List\nitems: []\n', []],
  ])('expands a %s into its items', (_name, text, want) => {
    const docs = readManifests(text, 'f');
    expect(docs.map((d) => [d.object.kind, (d.object.metadata as { name: string }).name])).toEqual(want);
    docs.forEach((d, j) => expect(d.item).toBe(j));
  });

  it('keeps good List items and reports each bad one', () => {
    const text = 'apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: a\n- kind: ConfigMap\n  metadata:\n    name: b\n- metadata:\n    name: c\n';
    const r = readManifestStream(text, 'list.yaml');
    expect(r.docs.map((d) => (d.object.metadata as { name: string }).name)).toEqual(['a']);
    expect(r.errors.map((e) => [e.item, e.message])).toEqual([
      [1, `unable to get type info from the object "*unstructured.Unstructured": Object 'apiVersion' is missing in 'object has no apiVersion field'`],
      [2, `unable to get type info from the object "*unstructured.Unstructured": Object 'Kind' is missing in 'object has no kind field '`],
    ]);
  });

  it('keeps reading after a decode error but stops at a syntax error', () => {
    const text = `${CM}a\n---\nkind:\n---\n${CM}b\n---\n${CM}c\n  bad: [a, b\n---\n${CM}d\n`;
    const r = readManifestStream(text, 'multi.yaml');
    expect(r.docs.map((d) => (d.object.metadata as { name: string }).name)).toEqual(['a', 'b']);
    expect(r.errors.map((e) => [e.kind, e.index, e.message])).toEqual([
      ['decode', 1, `unable to decode "multi.yaml": Object 'Kind' is missing in '{"kind":null}'`],
      ['parse', 3, parseErr('multi.yaml', "yaml: line 5: did not find expected ',' or ']'")],
    ]);
    expect(r.errors[1].docs).toHaveLength(2);
  });

  it('readManifests throws the first error as a ManifestParseError', () => {
    expect(() => readManifests('kind: [', 'STDIN')).toThrow(ManifestParseError);
    expect(() => readManifests('kind: [', 'STDIN')).toThrow(parseErr('STDIN', 'yaml: line 1: did not find expected node content'));
  });

  it('does not check kind when asked not to', () => {
    expect(readManifests('metadata:\n  name: x\n', 'f', { checkKind: false })).toHaveLength(1);
  });
});

describe('readManifests: errors with kubectl v1.32 text', () => {
  // Each expectation was captured from `kubectl label --local -f f.yaml a=b`.
  const yamlCases: Array<[string, string]> = [
    ['a: b: c\n', 'yaml: mapping values are not allowed in this context'],
    ['key: [a, b\n', "yaml: line 1: did not find expected ',' or ']'"],
    ['key: {a: 1\n', "yaml: line 1: did not find expected ',' or '}'"],
    ['kind: [', 'yaml: line 1: did not find expected node content'],
    ['a: 1\nb: [\n', 'yaml: line 2: did not find expected node content'],
    ['a: [a, \n', 'yaml: line 1: did not find expected node content'],
    ['a: {b: 1,\n', 'yaml: line 1: did not find expected node content'],
    ['a: [b, [\n', 'yaml: line 1: did not find expected node content'],
    ['a: [ # c\n', 'yaml: line 1: did not find expected node content'],
    ['key: "unterminated\n', 'yaml: line 2: found unexpected end of stream'],
    ["key: 'unterminated\n", 'yaml: line 2: found unexpected end of stream'],
    ['a: 1\n b: 2\n', 'yaml: line 2: mapping values are not allowed in this context'],
    ['a:\n  b: 1\n c: 2\n', 'yaml: line 2: did not find expected key'],
    ['a:\n  - x\n  y: 2\n', "yaml: line 2: did not find expected '-' indicator"],
    ['- a\nb: 1\n', "yaml: line 1: did not find expected '-' indicator"],
    ['a: 1\n- b\n', 'yaml: line 1: did not find expected key'],
    ['a: @foo\n', 'yaml: found character that cannot start any token'],
    ['a: `foo\n', 'yaml: found character that cannot start any token'],
    ['a:\n\tb: 1\n', 'yaml: line 2: found character that cannot start any token'],
    ['a: 1\n\tb: 2\n', 'yaml: line 2: found a tab character that violates indentation'],
    ['a:\n  - x\n\t- y\n', 'yaml: line 3: found a tab character that violates indentation'],
    ['a: "x"\n\tb: 1\n', 'yaml: line 2: found character that cannot start any token'],
    ['[a\n', "yaml: line 1: did not find expected ',' or ']'"],
    ['a: *nope\n', "yaml: unknown anchor 'nope' referenced"],
    ['a: |\n  x\n y\n', 'yaml: line 2: did not find expected key'],
    ['x\ny: 1\n', 'yaml: line 2: mapping values are not allowed in this context'],
    ['a: [b, c]]\n', 'yaml: did not find expected key'],
    ['a: b\n  c: d\n', 'yaml: line 2: mapping values are not allowed in this context'],
    ['key: "a\\qb"\n', 'yaml: found unknown escape character'],
    [`${CM}x\n  labels:\n    a: b\n   c: d\n`, 'yaml: line 6: did not find expected key'],
    ['a: !!int foo\n', 'yaml: cannot decode !!str `foo` as a !!int'],
    ['a: b #c\n"x\n', 'yaml: line 3: found unexpected end of stream'],
    ['[a, b]: c\n', 'yaml: invalid map key: []interface {}{"a", "b"}'],
    ['b: 1\n{{x}}: a\n', 'yaml: invalid map key: map[interface {}]interface {}{"x":interface {}(nil)}'],
    ['~: a\n', 'unsupported map key of type: %!s(<nil>), key: <nil>, value: "a"'],
  ];
  for (const [text, msg] of yamlCases) {
    it(`${JSON.stringify(text)} → ${msg}`, () => {
      expect(firstError(text)).toBe(parseErr('f.yaml', msg));
    });
  }

  it('counts lines from the start of the failing document, not the file', () => {
    const text = `${CM}a\n---\n${CM}b\n  bad: [a, b\n`;
    expect(firstError(text, 'multi.yaml')).toBe(parseErr('multi.yaml', "yaml: line 5: did not find expected ',' or ']'"));
  });

  it.each([
    ['--- {a: 1}\n', 'invalid Yaml document separator: {a: 1}'],
    [`${CM}a\n----\n`, 'invalid Yaml document separator: -'],
  ])('rejects content after --- (%j)', (text, msg) => {
    expect(firstError(text)).toBe(`error parsing f.yaml: ${msg}`);
  });

  it.each([
    ['  {"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a", }}', "json: offset 65: invalid character '}' looking for beginning of object key string"],
    ['{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a"},"data":{"x":1.5e3, "y": 010}}', "json: offset 88: invalid character '1' after object key:value pair"],
    ['{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a"}', 'unexpected EOF'],
    ['{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a"},"data":{"a":"\\x"}}', "json: offset 77: invalid character 'x' in string escape code"],
    ['\n\n{"apiVersion":"v1",\n"kind":"ConfigMap","metadata":{"name":"a"},\n"data":{"a":tru}}', "json: offset 82: invalid character '}' in literal true (expecting 'e')"],
    ['{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a"}}\n---\n', "json: offset 65: invalid character '-' in numeric literal"],
  ])('reports JSON syntax errors like Go (%#)', (text, msg) => {
    expect(firstError(text, 'j.json')).toBe(`error parsing j.json: ${msg}`);
  });

  it.each([
    ['hello\n', 'json: cannot unmarshal string into Go value of type unstructured.detector'],
    ['- a\n- b\n', 'json: cannot unmarshal array into Go value of type unstructured.detector'],
    ['apiVersion: v1\nmetadata:\n  name: nokind\n', `Object 'Kind' is missing in '{"apiVersion":"v1","metadata":{"name":"nokind"}}'`],
    ['apiVersion: v1\nkind: List\nitems: {}\n', 'json: cannot unmarshal object into Go struct field decodeList.items of type []json.RawMessage'],
    ['apiVersion: v1\nkind: List\nitems:\n- 1\n', 'json: cannot unmarshal number into Go value of type map[string]interface {}'],
    ['{} {"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a"}}', `Object 'Kind' is missing in '{}'`],
    ['{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a"},"data":{"a":1e400}}', 'json: cannot unmarshal number 1e400 into Go value of type float64'],
  ])('reports decode errors (%j)', (text, msg) => {
    expect(firstError(text, 'd.yaml')).toBe(`unable to decode "d.yaml": ${msg}`);
  });
});

describe('readManifests: hostile input', () => {
  for (const n of [4, 5, 6, 7, 9]) {
    it(`rejects the ${n}-level alias bomb before expanding it`, () => {
      const text = readFileSync(`${HAZARDS}/bomb${n}.yaml`, 'utf8');
      const t0 = performance.now();
      const msg = firstError(text, 'bomb.yaml');
      // Expanded, the 9-level bomb is 9^9 nodes (minutes and gigabytes); refused, it takes
      // milliseconds. The bound is far from both, so a loaded machine cannot fail it.
      expect(performance.now() - t0).toBeLessThan(5_000);
      expect(msg).toBe(parseErr('bomb.yaml', EXCESSIVE_ALIASING));
    });
  }

  it('accepts a small 3-level alias fan-out (kubectl does too)', () => {
    const text = `${CM}x\ndata:\n  a: &a ["l","l","l","l","l","l","l","l","l"]\n  b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\n  c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\n`;
    expect(readManifestStream(text, 'f').errors).toEqual([]);
  });

  it('rejects a document over 3 MiB without parsing it', () => {
    const text = `${CM}big\ndata:\n  x: "${'a'.repeat(MAX_DOCUMENT_BYTES)}"\n---\n${CM}small\n`;
    const r = readManifestStream(text, 'big.yaml');
    expect(r.errors.map((e) => [e.kind, e.message])).toEqual([['too-large', TOO_LARGE_MESSAGE]]);
  });

  // kubectl: "json: offset 10066: invalid character '[' exceeded max depth" and "yaml: line 5:
  // exceeded max depth of 10000" past 10000 levels; kubemu stops at MAX_NESTING_DEPTH.
  const JSON_HEAD = '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a"},"x":';
  const deepJson = (n: number): string => `${JSON_HEAD}${'['.repeat(n)}${']'.repeat(n)}}`;
  const deepYaml = (n: number): string => `${CM}a\nx: ${'['.repeat(n)}${']'.repeat(n)}\n`;

  it('refuses JSON nested past the depth limit with encoding/json\'s text, not a stack overflow', () => {
    for (const n of [MAX_NESTING_DEPTH, 2500, 20000]) {
      expect(firstError(deepJson(n), 'deep.json')).toBe(
        `error parsing deep.json: json: offset ${JSON_HEAD.length + MAX_NESTING_DEPTH}: invalid character '[' exceeded max depth`,
      );
    }
    const r = readManifestStream(deepJson(MAX_NESTING_DEPTH - 1), 'ok.json');
    expect(r.errors).toEqual([]);
    expect(r.docs).toHaveLength(1);
  });

  it('refuses YAML nested past the depth limit with go-yaml\'s text and line', () => {
    for (const n of [MAX_NESTING_DEPTH, 2500, 20000]) {
      expect(firstError(deepYaml(n), 'deep.yaml')).toBe(parseErr('deep.yaml', 'yaml: line 5: exceeded max depth of 10000'));
    }
    let block = `${CM}a\nx:\n`;
    for (let i = 1; i < 1200; i++) block += `${' '.repeat(i)}a:\n`;
    expect(firstError(block, 'block.yaml')).toMatch(/^error parsing block\.yaml: error converting YAML to JSON: yaml: line \d+: exceeded max depth of 10000$/);
    expect(readManifestStream(deepYaml(MAX_NESTING_DEPTH - 1), 'ok.yaml').errors).toEqual([]);
  });

  it('reports duplicate keys with go-yaml strict-mode lines while keeping the last value', () => {
    const [doc] = readManifests(readFileSync(`${HAZARDS}/dup.yaml`, 'utf8'), 'dup.yaml');
    expect(doc.object.metadata).toEqual({ name: 'dup-keys-second' });
    expect(doc.object.data).toEqual({ key: 'second' });
    expect(doc.duplicates.map((d) => d.message)).toEqual([
      'line 5: key "name" already set in map',
      'line 8: key "key" already set in map',
    ]);
  });
});

describe('document lines', () => {
  it('points each YAML document at its first line with content, counted in the whole stream', () => {
    const text = '# a comment\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n---\n\n# b\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: b}\n';
    expect(readManifests(text, 'x.yaml').map((d) => d.line)).toEqual([2, 8]);
  });

  it('points JSON values at the line where each begins, and List items at their List', () => {
    const text = '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a"}}\n\n{"apiVersion":"v1","kind":"List","items":[\n{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"b"}}]}\n';
    expect(readManifests(text, 'x.json').map((d) => d.line)).toEqual([1, 3]);
  });
});
