/**
 * Custom resources against their CRD's schema, through the real CLI: unknown fields refused
 * under kubectl's default strict validation, defaults filled, schema and x-kubernetes-validations
 * errors in kube-apiserver's words, and `check` reporting the same.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';
import { CHECK_DATA, checkRunner } from '../helpers/check-cli';

// The bundle's first document is the CRD; the second a CronTab that breaks its rule and has an undeclared field.
const CRD = fs.readFileSync(path.join(CHECK_DATA, 'crontab-bundle.yaml'), 'utf8').split('\n---\n')[0]!;
const cronTab = (spec: string) => `apiVersion: stable.example.com/v1\nkind: CronTab\nmetadata:\n  name: a\nspec:\n${spec}`;

describe('custom resources and their schema', () => {
  const home = manualCluster('crs', 3);
  afterAll(() => home.cleanup());

  it('refuses an undeclared field, as kubectl apply\'s strict validation makes the server do', () => {
    expect(home.run('apply -f -', { stdin: CRD }).code).toBe(0);
    expect(home.run('apply -f -', { stdin: cronTab('  image: x\n  foo: 1\n') })).toEqual({ code: 1, stdout: '',
      stderr: 'Error from server (BadRequest): error when creating "STDIN": CronTab in version "v1" cannot be handled as a CronTab: strict decoding error: unknown field "spec.foo"\n' });
  });

  it('prints every schema error, and the note that the rules were not run', () => {
    expect(home.run('apply -f -', { stdin: cronTab('  cronSpec: "* * * *"\n  replicas: "3"\n  mode: c\n') })).toEqual({ code: 1, stdout: '', stderr: [
      'The CronTab "a" is invalid: ',
      '* spec.cronSpec: Invalid value: "* * * *": spec.cronSpec in body should match \'^(\\d+|\\*)(/\\d+)?(\\s+(\\d+|\\*)(/\\d+)?){4}$\'',
      '* spec.replicas: Invalid value: "string": spec.replicas in body must be of type integer: "string"',
      '* spec.mode: Unsupported value: "c": supported values: "a", "b"',
      '* spec.image: Required value',
      '* <nil>: Invalid value: "null": some validation rules were not checked because the object was invalid; correct the existing errors to complete validation',
      ''].join('\n') });
  });

  it('runs the CRD\'s CEL rule, fills defaults, and drops status on create when /status is a subresource', () => {
    expect(home.run('apply -f -', { stdin: cronTab('  image: x\n  replicas: 8\n') }).stderr)
      .toBe('The CronTab "a" is invalid: spec: Invalid value: "object": replicas should be smaller than or equal to maxReplicas.\n');
    expect(home.run('apply -f -', { stdin: `${cronTab('  image: x\n')}status:\n  ok: true\n` }).stdout).toBe('crontab.stable.example.com/a created\n');
    expect(home.run('get ct a -o jsonpath={.spec}{.status}').stdout).toBe('{"image":"x","maxReplicas":5,"replicas":1}');
  });
});

describe('kubemu check on a bundle with a CRD and its resources', () => {
  const check = checkRunner();
  it('reports the rule\'s error, and under --lenient the dropped field as a warning', () => {
    const r = check('crontab-bundle.yaml --lenient -o github');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe([
      '::warning file=crontab-bundle.yaml,line=53,title=KM006-unknown-field::crontab.stable.example.com/a -n default: Warning: unknown field "spec.foo"',
      '::error file=crontab-bundle.yaml,line=53,title=KM001-rejected::crontab.stable.example.com/a -n default: The CronTab "a" is invalid: spec: Invalid value: "object": replicas should be smaller than or equal to maxReplicas.',
      '2 objects in 1 file: 1 passed, 1 failed (until ready, profile kubeadm, seed 1, simulated 0s)',
      ''].join('\n'));
  });
});
