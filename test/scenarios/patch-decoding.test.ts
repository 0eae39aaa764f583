/**
 * patch-decoding: a patched object goes through the API server's decoding, as the patch handler
 * does (k8s.io/apiserver handlers/patch.go): a wrongly typed field is a 422 Invalid on "patch"
 * whose value is the patch map (strategic merge) or the patched JSON (merge, json), and kubectl
 * words it `The request is invalid: patch: Invalid value: …`; unknown fields are dropped with a
 * warning (the server's default field validation for a PATCH is Warn).
 */
import * as fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

let home: TempHome;
beforeAll(() => {
  home = manualCluster('patchdecode', 7);
  home.run('create deployment web --image=nginx --replicas=3');
});
afterAll(() => { vi.unstubAllEnvs(); home.cleanup(); });

const fail = (stderr: string) => ({ stdout: '', stderr, code: 1 });
const replicas = () => home.run('get deploy web -o jsonpath={.spec.replicas}').stdout;

describe('patch decodes the patched object', () => {
  it('strategic merge: a string for an int32 is refused with the converter error and the patch map', { timeout: 20_000 }, () => {
    expect(home.run(['patch', 'deploy', 'web', '-p', '{"spec":{"replicas":"x"}}']))
      .toEqual(fail('The request is invalid: patch: Invalid value: "map[spec:map[replicas:x]]": unrecognized type: int32\n'));
    // A numeric string is not converted either.
    expect(home.run(['patch', 'deploy', 'web', '-p', '{"spec":{"replicas":"7"}}']))
      .toEqual(fail('The request is invalid: patch: Invalid value: "map[spec:map[replicas:7]]": unrecognized type: int32\n'));
    expect(home.run(['patch', 'deploy', 'web', '-p', '{"metadata":{"labels":{"tier":1}}}']))
      .toEqual(fail('The request is invalid: patch: Invalid value: "map[metadata:map[labels:map[tier:1]]]": cannot convert int64 to string\n'));
    expect(home.run(['patch', 'deploy', 'web', '-p', '{"spec":{"replicas":1.5}}']))
      .toEqual(fail('The request is invalid: patch: Invalid value: "map[spec:map[replicas:1.5]]": cannot convert float64 to int32\n'));
    expect(home.run(['patch', 'deploy', 'web', '-p', '{"spec":{"template":"x"}}']))
      .toEqual(fail('The request is invalid: patch: Invalid value: "map[spec:map[template:x]]": cannot restore struct from: string\n'));
    expect(replicas()).toBe('3');
    expect(home.run('doctor').code).toBe(0);
  });

  it('merge and json patch: the JSON decoder error, with the patched object as the value', { timeout: 20_000 }, () => {
    const merge = home.run(['patch', 'deploy', 'web', '--type=merge', '-p', '{"spec":{"replicas":"7"}}']);
    expect(merge.code).toBe(1);
    expect(merge.stdout).toBe('');
    expect(merge.stderr.startsWith('The request is invalid: patch: Invalid value: "{\\"apiVersion\\":\\"apps/v1\\",\\"kind\\":\\"Deployment\\",\\"metadata\\":{\\"name\\":\\"web\\",')).toBe(true);
    // The patched container (spec) is re-marshalled with sorted keys.
    expect(merge.stderr).toContain('\\"spec\\":{\\"progressDeadlineSeconds\\":600,\\"replicas\\":\\"7\\",\\"revisionHistoryLimit\\":10,');
    expect(merge.stderr.endsWith('": json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32\n')).toBe(true);

    const json = home.run(['patch', 'deploy', 'web', '--type=json', '-p', '[{"op":"replace","path":"/spec/replicas","value":true}]']);
    expect(json.code).toBe(1);
    expect(json.stderr.startsWith('The request is invalid: patch: Invalid value: "{\\"apiVersion\\":')).toBe(true);
    expect(json.stderr.endsWith('": json: cannot unmarshal bool into Go struct field DeploymentSpec.spec.replicas of type int32\n')).toBe(true);
    expect(replicas()).toBe('3');
  });

  it('a server dry run is decoded too; a client-side patch is not', { timeout: 20_000 }, () => {
    expect(home.run(['patch', 'deploy', 'web', '--dry-run=server', '-p', '{"spec":{"replicas":"x"}}']))
      .toEqual(fail('The request is invalid: patch: Invalid value: "map[spec:map[replicas:x]]": unrecognized type: int32\n'));
    expect(home.run(['patch', 'deploy', 'web', '--dry-run=client', '-p', '{"spec":{"replicas":"x"}}']))
      // kubectl patch's printer names no dry run: it sets the operation after the mark was put on it.
      .toEqual({ stdout: 'deployment.apps/web patched\n', stderr: '', code: 0 });
    expect(replicas()).toBe('3');
  });

  it('a JSON patch that does not apply is the handler\'s 422, the library\'s words dropped; one that does not decode is a 400', { timeout: 20_000 }, () => {
    const rejected = fail('The request is invalid: the server rejected our request due to an error in our request\n');
    expect(home.run(['patch', 'deploy', 'web', '--type=json', '-p', '[{"op":"remove","path":"/spec/nope"}]'])).toEqual(rejected);
    expect(home.run(['patch', 'deploy', 'web', '--type=json', '-p', '[{"op":"test","path":"/spec/replicas","value":9}]'])).toEqual(rejected);
    expect(home.run(['patch', 'deploy', 'web', '--type=json', '-p', '{}']))
      .toEqual(fail('Error from server (BadRequest): error decoding patch: json: cannot unmarshal object into Go value of type []handlers.jsonPatchOp\n'));
    expect(home.run(['patch', 'deploy', 'web', '--type=json', '-p', '[1]']))
      .toEqual(fail('Error from server (BadRequest): error decoding patch: json: cannot unmarshal number into Go value of type handlers.jsonPatchOp\n'));
    expect(home.run(['patch', 'deploy', 'web', '--type=json', '-p', '[{"Op":5,"path":"/x"}]']))
      .toEqual(fail('Error from server (BadRequest): error decoding patch: json: cannot unmarshal number into Go struct field jsonPatchOp.op of type string\n'));
    // kubectl applies a client-side patch itself, and prints the library's error.
    expect(home.run(['patch', 'deploy', 'web', '--type=json', '--dry-run=client', '-p', '[{"op":"remove","path":"/spec/nope"}]']))
      .toEqual(fail("error: error in remove for path: '/spec/nope': Unable to remove nonexistent key: nope: missing value\n"));
    expect(replicas()).toBe('3');
  });

  it('unknown fields are dropped with a warning', { timeout: 20_000 }, () => {
    expect(home.run(['patch', 'deploy', 'web', '-p', '{"spec":{"bogus":1,"replicas":2}}']))
      .toEqual({ stdout: 'deployment.apps/web patched\n', stderr: 'Warning: unknown field "spec.bogus"\n', code: 0 });
    expect(replicas()).toBe('2');
    expect(home.run('get deploy web -o jsonpath={.spec.bogus}').stdout).toBe('');
  });

  it('edit saves through the same decoding', { timeout: 20_000 }, () => {
    const script = home.file('to-string.sh', '#!/bin/sh\nsed -i \'0,/^  replicas: 2$/s//  replicas: "x"/\' "$1"\n');
    fs.chmodSync(script, 0o755);
    vi.stubEnv('KUBE_EDITOR', script);
    const r = home.run('edit deploy web');
    // kubectl reopens the file with the server's reasons in its header; the script runs again
    // (status.replicas is also "  replicas: 2"), then changes nothing more: the copy is kept.
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: deployments\.apps "web" is invalid\nerror: deployments\.apps "web" is invalid\nA copy of your changes has been stored to "(.*)"\nerror: Edit cancelled, no valid changes were saved\.\n$/);
    const kept = fs.readFileSync(/stored to "(.*)"/.exec(r.stderr)![1]!, 'utf8');
    // The copy is the last file opened: its header holds the second round's reasons.
    expect(kept).toContain('#\n# deployments.apps "web" was not valid:\n# * patch: Invalid value: "map[spec:map[replicas:x] status:map[replicas:x]]": unrecognized type: int32\n#\napiVersion: apps/v1\n');
    expect(replicas()).toBe('2');
  });
});

describe('error texts', () => {
  it('an Invalid error names the kind without its group, as kubectl prints details.kind', { timeout: 20_000 }, () => {
    expect(home.run(['patch', 'deploy', 'web', '-p', '{"spec":{"replicas":-1}}']))
      .toEqual(fail('The Deployment "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0\n'));
  });

  it('a decode error keeps its cause after the "cannot be handled" wrapper', { timeout: 20_000 }, () => {
    const vwc = home.file('vwc.yaml', [
      'apiVersion: admissionregistration.k8s.io/v1', 'kind: ValidatingWebhookConfiguration', 'metadata:', '  name: bad-ca',
      'webhooks:', '- name: v.example.com', '  admissionReviewVersions: ["v1"]', '  sideEffects: None',
      '  clientConfig:', '    url: https://example.com/', '    caBundle: "!notbase64"', '',
    ].join('\n'));
    const want = `Error from server (BadRequest): error when creating "${vwc}": ValidatingWebhookConfiguration in version "v1" cannot be handled as a ValidatingWebhookConfiguration: illegal base64 data at input byte 0\n`;
    expect(home.run(['apply', '-f', vwc])).toEqual(fail(want));
    expect(home.run(['create', '-f', vwc])).toEqual(fail(want));
  });

  it('apply of a live object: refused as the patch handler refuses the patched object, or, under warn, written with its warnings', { timeout: 20_000 }, () => {
    const svc = home.file('vsvc.yaml', 'apiVersion: v1\nkind: Service\nmetadata: {name: vsvc}\nspec: {ports: [{port: 80}]}\n');
    const unknown = home.file('vsvc-unknown.yaml', 'apiVersion: v1\nkind: Service\nmetadata: {name: vsvc}\nspec: {ports: [{port: 80, nope: 1}], bogus: true}\n');
    expect(home.run(['apply', '-f', svc]).code).toBe(0);
    const lastApplied = '{\\"apiVersion\\":\\"v1\\",\\"kind\\":\\"Service\\",\\"metadata\\":{\\"annotations\\":{},\\"name\\":\\"vsvc\\",\\"namespace\\":\\"default\\"},'
      + '\\"spec\\":{\\"bogus\\":true,\\"ports\\":[{\\"nope\\":1,\\"port\\":80}]}}\\n';
    expect(home.run(['apply', '-f', unknown])).toEqual(fail(`The request is invalid: patch: Invalid value: "map[metadata:map[annotations:map[kubectl.kubernetes.io/last-applied-configuration:${lastApplied}]] `
      + 'spec:map[$setElementOrder/ports:[map[port:80]] bogus:true ports:[map[nope:1 port:80]]]]": strict decoding error: unknown field "spec.bogus", unknown field "spec.ports[0].nope"\n'));
    const warnings = 'Warning: unknown field "spec.bogus"\nWarning: unknown field "spec.ports[0].nope"\n';
    expect(home.run(['apply', '-f', unknown, '--validate=warn'])).toEqual({ stdout: 'service/vsvc configured\n', stderr: warnings, code: 0 });
    // The server's warnings come with its refusal too.
    expect(home.run(['create', '-f', unknown, '--validate=warn'])).toEqual(fail(`${warnings}Error from server (AlreadyExists): error when creating "${unknown}": services "vsvc" already exists\n`));
    expect(home.run(['replace', '-f', unknown, '--validate=warn'])).toEqual({ stdout: 'service/vsvc replaced\n', stderr: warnings, code: 0 });
  });
});
