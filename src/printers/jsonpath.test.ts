import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileJsonPath, jsonPathExecMessage, jsonPathParseMessage } from './jsonpath';
import { KubectlCaptures } from '../../test/differential/kubectl-captures';
import { HAS_KUBECTL } from '../../test/differential/kubectl-oracle';
import { describeWithInputs, kubectlInput } from '../../test/helpers/required-input';

// The label probe=1 is already present, so `kubectl label --local --overwrite … probe=1`
// hands kubectl's jsonpath engine exactly this object.
const POD = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: {
    name: 'nginx',
    labels: { probe: '1', 'app.kubernetes.io/name': 'web', run: 'nginx' },
    annotations: { note: '<a & b>' },
  },
  spec: {
    containers: [
      { name: 'app', image: 'nginx:1.27', ports: [{ containerPort: 80, protocol: 'TCP' }], args: ['-g', 'daemon off;'] },
      { name: 'log', image: 'fluent-bit:3.0', ports: [{ containerPort: 2020 }] },
      { name: 'side', image: 'busybox' },
    ],
    nodeName: 'kind-worker',
    priority: 0,
    weight: 0.5,
    big: 1234567.5,
    enabled: true,
    nothing: null,
    empty: [],
  },
};

interface Case { name: string; template: string; want: string }

const CASES: Case[] = [
  { name: 'simple field', template: '{.metadata.name}', want: 'nginx' },
  { name: 'dollar root', template: '{$.kind}', want: 'Pod' },
  { name: 'literal text around actions', template: '{.metadata.name} is on {.spec.nodeName}{"\\n"}', want: 'nginx is on kind-worker\n' },
  { name: 'map prints as sorted compact JSON with HTML escapes', template: '{.metadata.annotations}', want: '{"note":"\\u003ca \\u0026 b\\u003e"}' },
  { name: 'escaped dots in a key', template: '{.metadata.labels.app\\.kubernetes\\.io/name}', want: 'web' },
  { name: 'bracket key', template: "{.metadata.labels['run']}", want: 'nginx' },
  { name: 'wildcard joins with a space', template: '{.spec.containers[*].name}', want: 'app log side' },
  { name: 'index', template: '{.spec.containers[1].image}', want: 'fluent-bit:3.0' },
  { name: 'negative index', template: '{.spec.containers[-1].name}', want: 'side' },
  { name: 'negative open slice', template: '{.spec.containers[-2:].name}', want: 'log side' },
  { name: 'slice', template: '{.spec.containers[0:2].name}', want: 'app log' },
  { name: 'slice with step', template: '{.spec.containers[0:3:2].name}', want: 'app side' },
  { name: 'union of indexes', template: '{.spec.containers[0,2].name}', want: 'app side' },
  { name: 'union of keys', template: "{.metadata['name','namespace']}", want: 'nginx' },
  { name: 'list prints as JSON', template: '{.spec.containers[0].ports}', want: '[{"containerPort":80,"protocol":"TCP"}]' },
  { name: 'int', template: '{.spec.containers[*].ports[*].containerPort}', want: '80 2020' },
  { name: 'float', template: '{.spec.weight} {.spec.big}', want: '0.5 1.2345675e+06' },
  { name: 'bool and zero', template: '{.spec.enabled} {.spec.priority}', want: 'true 0' },
  { name: 'null prints null', template: '{.spec.nothing}', want: 'null' },
  { name: 'empty list', template: '{.spec.empty}', want: '[]' },
  { name: 'missing key prints nothing', template: '{.spec.nope}|{.status.phase}|', want: '||' },
  { name: 'filter equality', template: '{.spec.containers[?(@.name=="log")].image}', want: 'fluent-bit:3.0' },
  { name: 'filter inequality', template: '{.spec.containers[?(@.name!="log")].name}', want: 'app side' },
  { name: 'filter exists', template: '{.spec.containers[?(@.ports)].name}', want: 'app log' },
  { name: 'filter numeric comparison', template: '{.spec.containers[*].ports[?(@.containerPort>100)].containerPort}', want: '2020' },
  { name: 'filter <=', template: '{.spec.containers[*].ports[?(@.containerPort<=80)].containerPort}', want: '80' },
  { name: 'recursive descent', template: '{..containerPort}', want: '80 2020' },
  { name: 'range', template: '{range .spec.containers[*]}{.name}{"\\t"}{.image}{"\\n"}{end}', want: 'app\tnginx:1.27\nlog\tfluent-bit:3.0\nside\tbusybox\n' },
  { name: 'nested range', template: '{range .spec.containers[*]}{.name}:{range .ports[*]}{.containerPort};{end} {end}', want: 'app:80; log:2020; side: ' },
  { name: 'range over nothing', template: 'a{range .spec.nope[*]}x{end}b', want: 'ab' },
  { name: 'range without end runs to the end and repeats', template: '{range .spec.containers[0:1]}{.name}', want: 'app' },
  { name: 'single-quoted literal', template: "{'x'}{.kind}", want: 'xPod' },
  { name: 'empty action prints the object', template: '{.spec.containers[2]}', want: '{"image":"busybox","name":"side"}' },
  { name: 'int literal per input', template: '{.spec.containers[*].name}{5}', want: 'app log side5' },
];

describe('compileJsonPath', () => {
  for (const tc of CASES) {
    it(tc.name, () => {
      expect(compileJsonPath(tc.template).execute(POD, true)).toBe(tc.want);
    });
  }

  const ERRORS: { name: string; template: string; allowMissing: boolean; err: string }[] = [
    { name: 'index out of bounds', template: '{.spec.containers[5].name}', allowMissing: true, err: 'array index out of bounds: index 5, length 3' },
    { name: 'index on a map', template: '{.metadata[0]}', allowMissing: true, err: 'map[string]interface {} is not array or slice' },
    { name: 'index on a string', template: '{.metadata.name[0]}', allowMissing: true, err: 'string is not array or slice' },
    { name: 'filter on a map', template: '{.metadata.labels[?(@.x)]}', allowMissing: true, err: 'map[app.kubernetes.io/name:web probe:1 run:nginx] is not array or slice and cannot be filtered' },
    { name: 'end without range', template: '{end}', allowMissing: true, err: 'not in range, nothing to end' },
    { name: 'unknown identifier', template: '{items}', allowMissing: true, err: 'unrecognized identifier items' },
    { name: 'missing key when not allowed', template: '{.spec.nope}', allowMissing: false, err: 'nope is not found' },
    { name: 'string compared with int', template: '{.spec.containers[?(@.name==1)]}', allowMissing: true, err: 'incompatible types for comparison' },
    { name: 'several values compared', template: '{.spec.containers[?(@.args[*]=="-g")]}', allowMissing: true, err: 'can only compare one element at a time' },
    { name: 'zero step', template: '{.spec.containers[0:2:0]}', allowMissing: true, err: 'step must be > 0' },
  ];
  for (const tc of ERRORS) {
    it(`error: ${tc.name}`, () => {
      expect(() => compileJsonPath(tc.template).execute(POD, tc.allowMissing)).toThrow(new Error(jsonPathExecMessage(tc.template, tc.err, POD)));
    });
  }

  const PARSE_ERRORS: [string, string][] = [
    ['{.x', 'unclosed action'],
    ['{.metadata[?(@.x=~"a")]}', "unrecognized character in action: U+007E '~'"],
    ['{.a[x]}', 'invalid array index x'],
    ['{.a[0}', 'unterminated array'],
    ['{.a[?(@.x=="y"}', 'unterminated filter'],
    ['{"abc}', 'unterminated quoted string'],
    ['{#}', "unrecognized character in action: U+0023 '#'"],
    ['{.a[1.5]}', 'invalid array index 1.5'],
  ];
  for (const [template, err] of PARSE_ERRORS) {
    it(`parse error: ${template}`, () => {
      expect(() => compileJsonPath(template)).toThrow(new Error(jsonPathParseMessage(template, err)));
    });
  }

  it('renders the debugging dump as Go %#v', () => {
    const msg = jsonPathExecMessage('{.x[0]}', 'boom', { b: [1, 'two', null, 0.5], a: { c: true } });
    expect(msg).toBe('error executing jsonpath "{.x[0]}": Error executing template: boom. Printing more information for debugging the template:\n' +
      '\ttemplate was:\n\t\t{.x[0]}\n\tobject given to jsonpath engine was:\n' +
      '\t\tmap[string]interface {}{"a":map[string]interface {}{"c":true}, "b":[]interface {}{1, "two", interface {}(nil), 0.5}}\n\n\n');
  });

  it('jsonpath-as-json wraps each action in an indented array', () => {
    expect(compileJsonPath('{.metadata.name}').executeAsJson(POD, true)).toBe('[\n    "nginx"\n]\n');
    expect(compileJsonPath('{.spec.containers[0].ports}').executeAsJson(POD, true))
      .toBe('[\n    [\n        {\n            "containerPort": 80,\n            "protocol": "TCP"\n        }\n    ]\n]\n');
  });
});

// kubectl's answers are captured (test/differential/kubectl-captures.ts): a Go process per case was most of this file's time.
const captures = new KubectlCaptures(join(__dirname, 'testdata', 'jsonpath-kubectl.json'));
const oracleDir = mkdtempSync(join(tmpdir(), 'kubemu-jsonpath-'));
writeFileSync(join(oracleDir, 'pod.json'), JSON.stringify(POD));
const oracleArgs = (args: string[]) => ['label', '--local', '--overwrite', '-f', 'pod.json', 'probe=1', ...args];
const ORACLE_LINES = [
  ...CASES.map((tc) => ['-o', `jsonpath=${tc.template}`]),
  ['-o', 'jsonpath-as-json={.spec.containers[0].ports}'],
  ['-o', 'jsonpath={.spec.containers[5].name}'],
  ['--allow-missing-template-keys=false', '-o', 'jsonpath={.spec.nope}'],
  ['-o', 'jsonpath={.a[x]}'],
].map(oracleArgs);

describeWithInputs('compileJsonPath agrees with kubectl', [kubectlInput(HAS_KUBECTL || captures.complete(ORACLE_LINES, oracleDir))], () => {
  afterAll(() => rmSync(oracleDir, { recursive: true, force: true }));
  const run = (args: string[]) => captures.run(oracleArgs(args), oracleDir);

  for (const tc of CASES) {
    it(tc.name, () => {
      const r = run(['-o', `jsonpath=${tc.template}`]);
      expect(r.stdout).toBe(tc.want);
    });
  }
  it('jsonpath-as-json', () => {
    const r = run(['-o', 'jsonpath-as-json={.spec.containers[0].ports}']);
    expect(r.stdout).toBe(compileJsonPath('{.spec.containers[0].ports}').executeAsJson(POD, true));
  });
  it('execution error text, byte for byte', () => {
    const r = run(['-o', 'jsonpath={.spec.containers[5].name}']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`error: ${jsonPathExecMessage('{.spec.containers[5].name}', 'array index out of bounds: index 5, length 3', POD)}`);
  });
  it('missing key error text when keys are required', () => {
    const r = run(['--allow-missing-template-keys=false', '-o', 'jsonpath={.spec.nope}']);
    expect(r.stderr).toBe(`error: ${jsonPathExecMessage('{.spec.nope}', 'nope is not found', POD)}`);
  });
  it('parse error text', () => {
    const r = run(['-o', 'jsonpath={.a[x]}']);
    expect(r.stderr).toBe(`error: ${jsonPathParseMessage('{.a[x]}', 'invalid array index x')}\n`);
  });
});
