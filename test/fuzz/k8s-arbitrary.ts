/**
 * k8s-arbitrary: fast-check arbitraries for Kubernetes-shaped YAML text with hostile
 * details (the grammar half of R8): YAML 1.1 odd scalars left unquoted (on, 010, .inf, ~,
 * dates, base-60), deep nesting, anchors and merge keys, tags, multi-document streams,
 * a BOM, NUL bytes, CRLF line ends and huge strings.
 */
import fc from 'fast-check';

/** YNode is a YAML node before rendering; `raw` scalars are written exactly as given. */
export type YNode = { raw: string } | { map: [string, YNode][] } | { seq: YNode[] };

/** ODD_SCALARS are plain scalars whose reading differs between YAML 1.1, 1.2 and Go (BENCHMARKS §4.1). */
export const ODD_SCALARS = ['on', 'off', 'On', 'OFF', 'yes', 'no', 'y', 'n', 'Y', 'true', 'False', '010', '0x1F', '0o17', '0b101', '1e3', '1_000', '+12',
  '.inf', '-.inf', '.NaN', '~', 'null', 'Null', '', '2024-01-02', '2001-12-14t21:59:43.10-05:00', '12:30', '1:20:30', '9223372036854775807',
  '9223372036854775808', '-9223372036854775809', '1e400', '-0', '0.', '.5', '"on"', "'010'", '!!str on', '!!int "12"', '!!float 1', '!!binary aGVsbG8=',
  '!!bool yes', '!!null ""', '!!timestamp 2024-01-02', '!custom x', '"\\u0000"', '"\\x00"', '"\\ud800"', '"\\U0001F600"', '|\n  literal\n  block', '>-\n  folded',
  '[]', '{}', '[1, 2]', '{a: 1}', '? complex', '"a\\tb"', "'it''s'", '@reserved', '`tick', '%percent', '*unknown_alias', '<<'];

const KINDS: [string, string][] = [['v1', 'ConfigMap'], ['v1', 'Secret'], ['v1', 'Pod'], ['apps/v1', 'Deployment'], ['v1', 'Service'], ['v1', 'Namespace'],
  ['batch/v1', 'Job'], ['v1', 'List'], ['apps/v1', 'StatefulSet'], ['v1', 'ServiceAccount'], ['example.com/v1', 'Widget'], ['v1', 'Nope']];

const name = fc.oneof({ weight: 4, arbitrary: fc.constantFrom('fz-a', 'fz-b', 'fz-c') }, fc.constantFrom('fz-a', 'fz-b', 'fz-c', 'web', 'x'), fc.stringMatching(/^[a-z][a-z0-9-]{0,12}$/), fc.constantFrom(...ODD_SCALARS));
const key = fc.oneof({ weight: 8, arbitrary: fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9._-]{0,10}$/) }, fc.constantFrom(...ODD_SCALARS.filter((s) => !s.includes('\n'))),
  fc.constantFrom('apiVersion', 'kind', 'metadata', 'spec', 'data', 'items', 'status', 'name', 'labels'));

/** scalar is an odd scalar, a random string (quoted or not), a number or a huge string. */
const scalar: fc.Arbitrary<YNode> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...ODD_SCALARS).map((raw) => ({ raw })) },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }).map((s) => ({ raw: JSON.stringify(s) })) },
  { weight: 2, arbitrary: fc.string({ maxLength: 20, unit: 'grapheme' }).map((s) => ({ raw: s.replace(/[\n\r]/g, ' ') })) },
  { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double()).map((n) => ({ raw: String(n) })) },
  // Huge strings are rare: each costs real time through the whole pipeline.
  { weight: 1, arbitrary: fc.nat({ max: 19 }).chain((k) => fc.integer({ min: 1, max: k === 0 ? 300_000 : 2_000 })).map((n) => ({ raw: 'x'.repeat(n) })) },
);

/** value is a nested YAML value, a few levels deep. */
const { value } = fc.letrec<{ value: YNode }>((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(fc.tuple(key, tie('value')), { maxLength: 4 }).map((map) => ({ map })),
    fc.array(tie('value'), { maxLength: 4 }).map((seq) => ({ seq }))),
}));

function plainKey(k: string): string {
  return k === '' ? '""' : k;
}

/** render writes a node in block style at an indent. */
export function render(n: YNode, indent = 0): string {
  const pad = ' '.repeat(indent);
  if ('raw' in n) return n.raw.includes('\n') ? n.raw.replace(/\n/g, `\n${pad}`) : n.raw;
  if ('map' in n) {
    if (n.map.length === 0) return '{}';
    return '\n' + n.map.map(([k, v]) => `${pad}${plainKey(k)}:${renderChild(v, indent + 2)}`).join('\n');
  }
  if (n.seq.length === 0) return '[]';
  return '\n' + n.seq.map((v) => `${pad}-${renderChild(v, indent + 2)}`).join('\n');
}

function renderChild(v: YNode, indent: number): string {
  const s = render(v, indent);
  return s.startsWith('\n') ? s : ` ${s}`;
}

/** object is a Kubernetes-shaped object: apiVersion/kind, metadata with odd labels, and a random body. */
const object: fc.Arbitrary<YNode> = fc.record({
  kind: fc.constantFrom(...KINDS),
  name,
  labels: fc.array(fc.tuple(key, scalar), { maxLength: 3 }),
  field: fc.constantFrom('data', 'spec', 'stringData', 'items', 'status', 'binaryData'),
  body: value,
  extra: fc.array(fc.tuple(key, value), { maxLength: 1 }),
}).map(({ kind, name, labels, field, body, extra }) => ({
  map: [['apiVersion', { raw: kind[0] }], ['kind', { raw: kind[1] }],
    ['metadata', { map: [['name', { raw: name }], ['namespace', { raw: 'default' }], ['labels', { map: labels }]] }],
    [field, body], ...extra] as [string, YNode][],
}));

/** anchors wraps an object with an anchored base map merged in by `<<:` (and maybe aliases in a list). */
const withAnchors = fc.tuple(object, fc.nat({ max: 3 })).map(([o, n]) => {
  const text = render(o).replace(/^\n/, '');
  const merges = ['  <<: *base', '  <<: [*base, *base]', '  <<: *base\n  extra: *base', '  list: [*base, *base, *base]'][n]!;
  return `${text}\nanchored: &base\n  k: on\n  v: 010\nmerged:\n${merges}\n`;
});

/** deep nests flow or block collections up to thousands of levels. */
const deep = fc.tuple(fc.integer({ min: 10, max: 12_000 }), fc.constantFrom('flow-seq', 'flow-map', 'block-map', 'block-seq')).map(([d, style]) => {
  const head = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: deep\ndata:\n  x: ';
  if (style === 'flow-seq') return `${head}${'['.repeat(d)}${']'.repeat(d)}\n`;
  if (style === 'flow-map') return `${head}${'{a: '.repeat(d)}1${'}'.repeat(d)}\n`;
  const n = Math.min(d, 400);
  let s = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: deep\nspec:\n';
  for (let i = 0; i < n; i++) s += `${' '.repeat(2 + i)}${style === 'block-map' ? 'a:' : '-'}\n`;
  return `${s}${' '.repeat(2 + n)}z\n`;
});

/** framing applies stream-level hazards: BOM, CRLF, NUL, document separators, `...`. */
function frame(text: string, f: { bom: boolean; crlf: boolean; nul: boolean; docs: number; end: boolean }): string {
  let s = text;
  if (f.docs > 1) s = Array.from({ length: f.docs }, () => s).join('\n---\n');
  if (f.end) s += '\n...\n';
  if (f.nul) s = s.replace(/\n/, '\n\u0000');
  if (f.crlf) s = s.replace(/\n/g, '\r\n');
  if (f.bom) s = `\uFEFF${s}`;
  return s;
}

const mostlyQuoted = fc.oneof({ weight: 3, arbitrary: fc.stringMatching(/^[a-z0-9.-]{0,12}$/).map((s) => ({ raw: JSON.stringify(s) })) }, scalar);

/**
 * nearlyValid is a well-formed object of a real kind with one or two odd scalars in it, so
 * that inputs get past the reader into decode, defaulting, validation and the store.
 */
const nearlyValid: fc.Arbitrary<string> = fc.record({
  kind: fc.constantFrom('ConfigMap', 'Secret', 'Deployment', 'Pod', 'Service'),
  name: fc.constantFrom('fz-a', 'fz-b', 'fz-c', 'fz-d'),
  label: mostlyQuoted,
  entries: fc.array(fc.tuple(fc.stringMatching(/^[a-z][a-z0-9._-]{0,8}$/), mostlyQuoted), { maxLength: 4 }),
  odd: mostlyQuoted,
}).map(({ kind, name, label, entries, odd }) => {
  const meta = `metadata:\n  name: ${name}\n  labels:\n    app: ${render(label)}\n`;
  const r = (n: YNode) => render(n).replace(/\n/g, '\n    ');
  if (kind === 'ConfigMap' || kind === 'Secret') {
    const data = entries.map(([k, v]) => `  ${k}: ${r(v)}`).join('\n');
    return `apiVersion: v1\nkind: ${kind}\n${meta}${kind === 'Secret' ? 'stringData' : 'data'}:${data ? `\n${data}` : ' {}'}\n`;
  }
  const container = `- name: c\n    image: ${r(odd)}\n    ports:\n    - containerPort: ${entries.length ? r(entries[0]![1]) : '80'}\n`;
  if (kind === 'Pod') return `apiVersion: v1\nkind: Pod\n${meta}spec:\n  containers:\n  ${container}`;
  if (kind === 'Service') return `apiVersion: v1\nkind: Service\n${meta}spec:\n  selector:\n    app: web\n  ports:\n  - port: ${r(odd)}\n`;
  return `apiVersion: apps/v1\nkind: Deployment\n${meta}spec:\n  replicas: ${entries.length ? r(entries[0]![1]) : '1'}\n  selector:\n    matchLabels:\n      app: web\n`
    + `  template:\n    metadata:\n      labels:\n        app: web\n    spec:\n      containers:\n      ${container.replace(/\n    /g, '\n        ')}`;
});

/** hostileManifest is one full input text. */
export const hostileManifest: fc.Arbitrary<string> = fc.tuple(
  fc.oneof({ weight: 6, arbitrary: nearlyValid }, { weight: 4, arbitrary: object.map((o) => render(o).replace(/^\n/, '') + '\n') }, { weight: 2, arbitrary: withAnchors }, { weight: 1, arbitrary: deep }),
  fc.record({ bom: fc.boolean(), crlf: fc.boolean(), nul: fc.nat({ max: 9 }).map((n) => n < 2), docs: fc.integer({ min: 1, max: 3 }), end: fc.boolean() }),
).map(([text, f]) => frame(text, f));
