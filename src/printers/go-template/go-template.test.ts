/**
 * go-template: the engine on its own (the texts pinned here are what kubectl 1.32 prints;
 * test/differential/go-template.test.ts compares against the binary itself).
 */
import { describe, expect, it } from 'vitest';
import { compileGoTemplate, TemplateExecError, TemplateSyntaxError } from '.';
import { STEP_LIMIT } from './exec';

const CM = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', creationTimestamp: null }, data: { a: 'b', n: 'aGk=' } };
const run = (t: string, data: unknown = CM, allowMissing = true) => compileGoTemplate(t).execute(data, allowMissing);

describe('go-template', () => {
  it.each([
    ['{{.metadata.name}}', 'x'],
    ['{{.nope}}|{{.nope.x}}|{{index .data "zz"}}|{{.metadata.creationTimestamp}}', '<no value>|<no value>|<no value>|<no value>'],
    ['{{.}}', 'map[apiVersion:v1 data:map[a:b n:aGk=] kind:ConfigMap list:[0 1 2 3 4] metadata:map[creationTimestamp:<nil> name:x]]'],
    ['{{range $k, $v := .data}}{{$k}}={{$v}};{{end}}', 'a=b;n=aGk=;'],
    ['{{range .nope}}x{{else}}empty{{end}}', 'empty'],
    ['{{if eq .kind "Pod" "ConfigMap"}}yes{{else if .data}}d{{end}} {{with .nope}}w{{else with .data}}{{.a}}{{end}}', 'yes b'],
    ['{{printf "%5d|%-4s|%.2f|%v|%x|%q" 42 "ab" 3.14159 .data 255 .kind}}', '   42|ab  |3.14|map[a:b n:aGk=]|ff|"ConfigMap"'],
    ['{{printf "%d" 1 2}} {{printf "%d"}} {{printf "%s" 3}}', '1%!(EXTRA int=2) %!d(MISSING) %!s(int=3)'],
    ['{{.data.n | base64decode}} {{exists . "data" "a"}} {{exists . "data" "z"}} {{len .data}}', 'hi true false 2'],
    ['{{- "a" }}  {{ "b" -}}  \n c', 'a  bc'],
    ['{{$n := .metadata.name}}{{range .data}}{{$n}}{{end}}', 'xx'],
    ['{{range $i, $e := .list}}{{if eq $i 1}}{{continue}}{{end}}{{if eq $i 3}}{{break}}{{end}}{{$e}}{{end}}', '02'],
  ])('%s', (t, want) => {
    expect(run(t, { ...CM, list: [0, 1, 2, 3, 4] })).toBe(want);
  });

  it.each([
    ['{{.nope', 'template: output:1: unclosed action'],
    ['{{end}}', 'template: output:1: unexpected {{end}}'],
    ['{{if .kind}}x', 'template: output:1: unexpected EOF'],
    ['{{upper .kind}}', 'template: output:1: function "upper" not defined'],
    ['{{$x}}', 'template: output:1: undefined variable "$x"'],
  ])('refuses %s to parse', (t, message) => {
    expect(() => compileGoTemplate(t)).toThrow(new TemplateSyntaxError(message));
  });

  it.each([
    ['{{len 3}}', 'template: output:1:2: executing "output" at <len 3>: error calling len: len of type int'],
    ['{{.metadata.name.x}}', 'template: output:1:11: executing "output" at <.metadata.name.x>: can\'t evaluate field x in type interface {}'],
    ['{{range 3}}{{end}}', 'template: output:1:8: executing "output" at <3>: range can\'t iterate over 3'],
    ['{{eq .data "x"}}', 'template: output:1:2: executing "output" at <eq .data "x">: error calling eq: incompatible types for comparison'],
    ['{{"!!" | base64decode}}', 'template: output:1:9: executing "output" at <base64decode>: error calling base64decode: base64 decode failed: illegal base64 data at input byte 0'],
  ])('fails %s as Go does', (t, message) => {
    expect(() => run(t)).toThrow(new TemplateExecError(message));
  });

  it('fails on a missing key only with --allow-missing-template-keys=false', () => {
    expect(() => run('{{.nope.x}}', CM, false)).toThrow(new TemplateExecError('template: output:1:7: executing "output" at <.nope.x>: map has no entry for key "nope"'));
  });

  it('parses in one pass and bounds execution', () => {
    // 3 000 nested unclosed ranges: a parse error, not exponential work.
    expect(() => compileGoTemplate('{{range .a}}'.repeat(3000))).toThrow(new TemplateSyntaxError('template: output:1: max expression depth exceeded'));
    expect(() => compileGoTemplate('{{range .a}}'.repeat(500))).toThrow(new TemplateSyntaxError('template: output:1: unexpected EOF'));
    const big = { items: Array.from({ length: 2000 }, (_, i) => i) };
    expect(() => run('{{range .items}}{{range $.items}}{{range $.items}}{{end}}{{end}}{{end}}', big)).toThrow(new RegExp(`exceeded ${STEP_LIMIT} steps`));
  });
});
