import { describe, expect, it } from 'vitest';
import { outputOf } from './print-flags';

describe('outputOf', () => {
  const none = new Set<string>();
  const withOutput = new Set(['output']);

  it('is undefined without -o or --template: the command prints its own way', () => {
    expect(outputOf({ output: '', template: '' }, none)).toBeUndefined();
  });

  it('takes --template alone as a go-template, unless -o was given (genericclioptions) or is non-empty (get)', () => {
    expect(outputOf({ output: '', template: '{{.a}}' }, none)).toEqual({ kind: 'go-template', arg: '{{.a}}' });
    expect(outputOf({ output: 'yaml', template: '{{.a}}' }, none)).toEqual({ kind: 'go-template', arg: '{{.a}}' });
    expect(outputOf({ output: 'yaml', template: '{{.a}}' }, withOutput)).toEqual({ kind: 'yaml' });
    expect(outputOf({ output: 'yaml', template: '{{.a}}' }, none, true)).toEqual({ kind: 'yaml' });
    expect(outputOf({ output: 'jsonpath', template: '{.a}' }, withOutput)).toEqual({ kind: 'jsonpath', arg: '{.a}' });
  });

  it('carries --allow-missing-template-keys=false', () => {
    expect(outputOf({ output: 'jsonpath={.a}', 'allow-missing-template-keys': false }, withOutput)).toEqual({ kind: 'jsonpath', arg: '{.a}', allowMissingKeys: false });
    expect(outputOf({ output: 'jsonpath={.a}', 'allow-missing-template-keys': true }, withOutput)).toEqual({ kind: 'jsonpath', arg: '{.a}' });
  });

  it('leaves wide and custom columns to get', () => {
    expect(() => outputOf({ output: 'wide' }, withOutput)).toThrow('unable to match a printer suitable for the output format "wide", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml');
    expect(outputOf({ output: 'wide' }, withOutput, true)).toEqual({ kind: 'wide' });
    expect(outputOf({ output: 'custom-columns=A:.a' }, withOutput, true)).toEqual({ kind: 'custom-columns', arg: 'A:.a' });
  });
});
