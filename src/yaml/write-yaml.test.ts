import { describe, expect, it } from 'vitest';
import { HAS_KUBECTL, kubectlLabelLocal, withLabel } from './kubectl-oracle.test-helper';
import { describeWithInputs, kubectlInput } from '../../test/helpers/required-input';
import { compareKeys, toYaml } from './write-yaml';

const LONG = Array.from({ length: 22 }, () => 'word').join(' ');

// Expected texts were captured from kubectl v1.32 `-o yaml` (go-yaml v2 emitter).
const scalarCases: Array<[string, unknown, string]> = [
  ['plain string', 'nginx', 'v: nginx\n'],
  ['bool-like string', 'true', 'v: "true"\n'],
  ['YAML 1.1 bool-like string', 'on', 'v: "on"\n'],
  ['single-letter bool', 'y', 'v: "y"\n'],
  ['int-like string', '80', 'v: "80"\n'],
  ['hex-like string', '0x1F', 'v: "0x1F"\n'],
  ['float-like string', '1e3', 'v: "1e3"\n'],
  ['underscore int', '1_000', 'v: "1_000"\n'],
  ['base-60 string', '12:30', 'v: "12:30"\n'],
  ['date string', '2024-01-02', 'v: "2024-01-02"\n'],
  ['null-like string', 'null', 'v: "null"\n'],
  ['tilde', '~', 'v: "~"\n'],
  ['empty string', '', 'v: ""\n'],
  ['star', '*', "v: '*'\n"],
  ['dash', '-', "v: '-'\n"],
  ['dash space', '- x', "v: '- x'\n"],
  ['document marker', '---', "v: '---'\n"],
  ['colon at end', 'x:', "v: 'x:'\n"],
  ['colon space inside', 'a: b', "v: 'a: b'\n"],
  ['colon inside', 'a:b', 'v: a:b\n'],
  ['hash after space', 'a #b', "v: 'a #b'\n"],
  ['hash inside word', 'a# b', 'v: a# b\n'],
  ['leading hash', '#x', "v: '#x'\n"],
  ['leading at', '@x', "v: '@x'\n"],
  ['flow chars inside', 'a,b', 'v: a,b\n'],
  ['leading bracket', '[x]', "v: '[x]'\n"],
  ['leading question mark', '?x', 'v: ?x\n'],
  ['question mark space', '? x', "v: '? x'\n"],
  ['single quotes', "'q'", "v: '''q'''\n"],
  ['double quotes', '"dq"', `v: '"dq"'\n`],
  ['html chars', '<&>', 'v: <&>\n'],
  ['backslash', 'a\\b', 'v: a\\b\n'],
  ['unicode', 'é ü', 'v: é ü\n'],
  ['trailing space', 'trail ', "v: 'trail '\n"],
  ['double space inside', 'a  b', 'v: a  b\n'],
  ['tab', 'tab\there', 'v: "tab\\there"\n'],
  ['bell', '\u0007bell', 'v: "\\abell"\n'],
  ['CRLF', 'x\r\ny', 'v: "x\\r\\ny"\n'],
  ['emoji is not printable for go-yaml', 'hi 😀', 'v: "hi \\U0001F600"\n'],
  ['multi-line', 'a\nb', 'v: |-\n  a\n  b\n'],
  ['multi-line with final newline', 'x\n', 'v: |\n  x\n'],
  ['multi-line keeping blank lines', 'a\nb\n\n', 'v: |+\n  a\n  b\n\n'],
  ['just a newline', '\n', 'v: |2+\n\n'],
  ['leading space multi-line', ' lead\nx', 'v: |2-\n   lead\n  x\n'],
  ['trailing space before newline', 'trail \nx', 'v: "trail \\nx"\n'],
  ['spaces then newline', '  \n', 'v: "  \\n"\n'],
  ['integer', 80, 'v: 80\n'],
  ['big integer', 12345678901, 'v: 12345678901\n'],
  ['float', 1.5, 'v: 1.5\n'],
  ['small float', -0.0001, 'v: -0.0001\n'],
  ['float with exponent', 1e21, 'v: 1e+21\n'],
  ['float below 1e-4', 0.00001, 'v: 1e-05\n'],
  ['non-integral float past 1e6', 1234567.5, 'v: 1.2345675e+06\n'],
  ['boolean', true, 'v: true\n'],
  ['null', null, 'v: null\n'],
  ['empty map', {}, 'v: {}\n'],
  ['empty list', [], 'v: []\n'],
];

describe('toYaml scalars', () => {
  for (const [name, value, want] of scalarCases) {
    it(name, () => expect(toYaml({ v: value })).toBe(want));
  }
});

describe('toYaml structure', () => {
  it('sorts keys, keeps sequences under a key unindented and nests lists of lists', () => {
    const obj = {
      spec: { containers: [{ name: 'x', ports: [{ containerPort: 80 }] }], nested: [[1, 2], []] },
      apiVersion: 'v1',
      kind: 'Pod',
    };
    expect(toYaml(obj)).toBe(
      'apiVersion: v1\nkind: Pod\nspec:\n  containers:\n  - name: x\n    ports:\n    - containerPort: 80\n  nested:\n  - - 1\n    - 2\n  - []\n',
    );
  });

  it('quotes keys that would not read back as strings', () => {
    expect(toYaml({ n: 1, y: 2, x: 3 })).toBe('"n": 1\nx: 3\n"y": 2\n');
  });

  it('folds long plain and single-quoted strings after column 80 but not block scalars', () => {
    expect(toYaml({ a: { b: LONG } })).toBe(
      'a:\n  b: word word word word word word word word word word word word word word word word\n    word word word word word word\n',
    );
    expect(toYaml({ b: `x: y ${LONG}` })).toBe(
      "b: 'x: y word word word word word word word word word word word word word word word\n  word word word word word word word'\n",
    );
    expect(toYaml({ c: `${LONG} ${LONG}\n` })).toBe(`c: |\n  ${LONG} ${LONG}\n`);
  });

  it('prints empty roots as flow collections', () => {
    expect(toYaml({})).toBe('{}\n');
    expect(toYaml([])).toBe('[]\n');
  });

  it.each([
    ['a10', 'a9', 1],
    ['a9', 'a10', -1],
    ['_x', 'ax', -1],
    ['Zed', '_x', 1],
    ['abc', 'abd', -1],
    ['ab', 'abc', -1],
  ])('orders keys like go-yaml: %s vs %s', (a, b, sign) => {
    expect(Math.sign(compareKeys(a, b))).toBe(sign);
  });
});

describeWithInputs('toYaml against kubectl', [kubectlInput(HAS_KUBECTL)], () => {
  const annotations: Record<string, string> = {};
  scalarCases.forEach(([, v], i) => {
    if (typeof v === 'string') annotations[`k${i}`] = v;
  });
  const objects: Array<[string, Record<string, unknown>]> = [
    ['tricky strings as annotations', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'w', annotations } }],
    [
      'nested values, numbers and long text',
      {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: 'n' },
        data: { '1': 'a', '10': 'b', '9': 'c', b_: 'd', B: 'e', long: `${LONG} ${LONG}`, colon: `x: y ${LONG}` },
        spec: {
          arr: [LONG, 'x', { k: `${LONG} ${LONG}` }, [`${LONG} ${LONG}`]],
          nums: [1, -2, 1.5, 1e21, 0.00001, 12345678901],
          t: true,
          n: null,
          q: `"${LONG}\t${LONG}"`,
          lit: [`line\n${LONG}\n`],
        },
      },
    ],
  ];
  for (const [name, obj] of objects) {
    it(name, () => {
      expect(toYaml(withLabel(obj))).toBe(kubectlLabelLocal(JSON.stringify(obj), 'yaml'));
    });
  }
});
