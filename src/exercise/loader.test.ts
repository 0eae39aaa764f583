import { describe, expect, it } from 'vitest';
import { parseExercise } from './loader';

const VALID = `name: demo
title: Demo
track: basics
topic: pods
variables:
  name: {word: true}
  port: {range: [8000, 8999]}
task: Run {{name}} on {{port}}.
checks:
  - title: exists
    exists: {kind: pod, name: "{{name}}"}
solution:
  - kubectl run {{name}} --image=nginx
`;

describe('parseExercise', () => {
  it('reads a valid file, defaulting weights to 1 and turning a bare line into a run step', () => {
    const ex = parseExercise(VALID, 'demo.yaml');
    expect(ex.checks).toEqual([{ title: 'exists', weight: 1, spec: { type: 'exists', target: { kind: 'pod', name: '{{name}}' } } }]);
    expect(ex.solution).toEqual([{ run: 'kubectl run {{name}} --image=nginx' }]);
    expect(ex.variables).toEqual({ name: { word: true }, port: { range: [8000, 8999] } });
    expect(ex.weight).toBe(1);
  });

  const cases: [string, string, string][] = [
    ['an unknown top-level field', VALID.replace('topic: pods', 'topic: pods\ntopik: x'), 'demo.yaml:5: topik: unknown field "topik"'],
    ['an unknown track', VALID.replace('track: basics', 'track: ckx'), 'demo.yaml:3: track: must be one of: basics, ckad, cka, cks'],
    ['a placeholder without a variable', VALID.replace('Run {{name}}', 'Run {{nam}}'), 'demo.yaml:8: task: {{nam}} is not a declared variable'],
    ['a check with two tests', VALID.replace('    exists: {kind: pod, name: "{{name}}"}', '    exists: {kind: pod, name: x}\n    absent: {kind: pod, name: y}'), 'demo.yaml:10: checks[0]: needs exactly one of'],
    ['a check field the test does not take', VALID.replace('{kind: pod, name: "{{name}}"}', '{kind: pod, name: x, path: .a}'), 'demo.yaml:11: checks[0].exists.path: unknown field "path"'],
    ['a jsonpath check without equals or matches', VALID.replace('exists: {kind: pod, name: "{{name}}"}', 'jsonpath: {kind: pod, name: x, path: .a}'), 'demo.yaml:11: checks[0].jsonpath: needs exactly one of equals, matches'],
    ['an unknown fault', VALID.replace('  - kubectl run {{name}} --image=nginx', '  - fault: meltdown'), 'demo.yaml:13: solution[0].fault: must be one of: bad-image'],
    ['a fault without its arguments', VALID.replace('  - kubectl run {{name}} --image=nginx', '  - fault: cordon'), 'demo.yaml:13: solution[0].node: required'],
    ['a reversed range', VALID.replace('[8000, 8999]', '[9, 1]'), 'demo.yaml:7: variables.port.range: high must not be below low'],
    ['a bad regular expression', VALID.replace('exists: {kind: pod, name: "{{name}}"}', 'command: {run: x, stdoutMatches: "("}'), 'demo.yaml:11: checks[0].command.stdoutMatches: Invalid regular expression'],
    ['no solution', VALID.replace(/solution:\n.*\n$/, ''), 'demo.yaml:1: solution: must list at least one step'],
  ];
  for (const [what, text, message] of cases) {
    it(`refuses ${what} with file:line`, () => {
      expect(() => parseExercise(text, 'demo.yaml')).toThrow(message);
    });
  }
});
