/**
 * kubectl edit's session: the editor reopened with the server's reasons while an edit is
 * invalid, `skipped` for objects left as they were, a syntax error's header, and an editor
 * that never settles stopped. The outputs and each reopened file were compared with kubectl
 * 1.32 through `kubemu serve` (an editor script that changes the file once per round).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { manualCluster } from '../helpers/run-cli';

describe('edit reopens the editor until the edit is valid', () => {
  const home = manualCluster('twin', 11);
  beforeAll(() => {
    for (const c of ['create configmap la1 --from-literal=a=1', 'create configmap la2 --from-literal=b=2']) expect(home.run(c).code, c).toBe(0);
  });
  afterAll(() => { vi.unstubAllEnvs(); home.cleanup(); });
  // An editor whose n-th run applies the n-th sed script of steps (and keeps a copy of each file it was given).
  const editor = (name: string, steps: string[]) => {
    const dir = path.join(home.dir, name);
    fs.mkdirSync(dir);
    steps.forEach((s, i) => fs.writeFileSync(path.join(dir, `step${i}`), s));
    const p = path.join(dir, 'editor.sh');
    fs.writeFileSync(p, `#!/bin/sh\nn=$(ls ${dir}/seen* 2>/dev/null | wc -l)\ncp "$1" ${dir}/seen$n\n[ -f ${dir}/step$n ] && sed -i -f ${dir}/step$n "$1"\nexit 0\n`, { mode: 0o755 });
    vi.stubEnv('KUBE_EDITOR', p);
    return (n: number) => fs.readFileSync(path.join(dir, `seen${n}`), 'utf8');
  };

  it('shows the server\'s reasons in the reopened file, and writes the edit once it is valid', () => {
    const seen = editor('fix', ['s/^  b: "2"/  "b c": "2"/', 's/^  "b c": "2"/  bc: "2"/']);
    expect(home.run('edit cm/la2')).toEqual({ stdout: 'configmap/la2 edited\n', stderr: 'error: configmaps "la2" is invalid\n', code: 0 });
    expect(seen(1)).toMatch(/^# Please edit the object below\. Lines beginning with a '#' will be ignored,\n# and an empty file will abort the edit\. If an error occurs while saving this file will be\n# reopened with the relevant failures\.\n#\n# configmaps "la2" was not valid:\n# \* data\[b c\]: Invalid value: "b c": a valid config key must consist of alphanumeric characters, '-', '_' or '\.' \(e\.g\. 'key\.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '\[-\._a-zA-Z0-9\]\+'\)\n#\napiVersion: v1\ndata:\n  "b c": "2"\n/);
    expect(home.run('get cm la2 -o jsonpath={.data}').stdout).toBe('{"bc":"2"}');
  });

  it('prints skipped for the objects of a List left as they were', () => {
    editor('one-of-two', ['s/^    a: "1"/    a: "11"/']);
    expect(home.run('edit cm/la1 cm/la2')).toEqual({ stdout: 'configmap/la1 edited\nconfigmap/la2 skipped\n', stderr: '', code: 0 });
  });

  it('reopens a file with a syntax error when validation is off, with the error in its header', () => {
    const seen = editor('syntax', ['$a foo: [', '/^foo: \\[/d;s/^  a: "11"/  a: "12"/']);
    expect(home.run('edit cm/la1 --validate=false')).toEqual({ stdout: 'configmap/la1 edited\n', stderr: '', code: 0 });
    expect(seen(1)).toContain("# reopened with the relevant failures.\n#\n# The edited file had a syntax error: error parsing edited-file: error converting YAML to JSON: yaml: line 15: did not find expected node content\n#\napiVersion: v1\n");
  });

  it('with validation on, a file that does not parse is an invalid object, said at once', () => {
    const seen = editor('invalid-yaml', ['$a foo: [']);
    const r = home.run('edit cm/la1');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: configmaps "la1" is invalid\nA copy of your changes has been stored to ".*kubectl-edit-\d+\.yaml"\nerror: Edit cancelled, no valid changes were saved\.\n$/);
    // The validator reads the file without its comment lines: the line is counted without the header.
    expect(seen(1)).toContain('# configmaps "la1" was not valid:\n# * <nil>: Invalid value: "The edited file failed validation": yaml: line 11: did not find expected node content\n#\n');
  });

  it('stops an editor that keeps changing an invalid file', () => {
    const p = path.join(home.dir, 'forever.sh');
    fs.writeFileSync(p, '#!/bin/sh\necho "x: [" >> "$1"\n', { mode: 0o755 });
    vi.stubEnv('KUBE_EDITOR', p);
    const r = home.run('edit cm/la1');
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n').slice(-3)).toEqual([expect.stringMatching(/^A copy of your changes has been stored to/), 'error: Edit cancelled, no valid changes were saved.', '']);
  });

  it('--output-patch prints the patch edit sends: a two-way strategic merge patch for a built-in type', () => {
    expect(home.run('create deployment op --image=nginx:1.27').code).toBe(0);
    editor('output-patch', ['s/^      - image: nginx:1.27$/      - image: nginx:1.28\\n        env:\\n        - name: A\\n          value: "1"/']);
    expect(home.run('edit deploy/op --output-patch')).toEqual({ code: 0, stderr: '',
      stdout: 'Patch: {"spec":{"template":{"spec":{"$setElementOrder/containers":[{"name":"nginx"}],"containers":[{"env":[{"name":"A","value":"1"}],"image":"nginx:1.28","name":"nginx"}]}}}}\ndeployment.apps/op edited\n' });
    expect(home.run('get deploy op -o jsonpath={.spec.template.spec.containers[0].env}').stdout).toBe('[{"name":"A","value":"1"}]');
    // An object left as it was prints no patch.
    editor('output-patch-same', []);
    expect(home.run('edit deploy/op --output-patch')).toEqual({ code: 0, stdout: '', stderr: 'Edit cancelled, no changes made.\n' });
  });
});

describe('create --edit', () => {
  const home = manualCluster('twin', 11);
  afterAll(() => { vi.unstubAllEnvs(); home.cleanup(); });

  it('opens each object before creating it: saved unchanged it is not created; failures are collected', () => {
    const file = home.file('two.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: n1\ndata: {b: "2"}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: n2\ndata: {c: "1"}\n');
    const script = home.file('edit-b.sh', '#!/bin/sh\nsed -i \'s/b: "2"/b: "3"/\' "$1"\n');
    fs.chmodSync(script, 0o755);
    vi.stubEnv('KUBE_EDITOR', script);
    expect(home.run(['create', '-f', file, '--edit'])).toEqual({ stdout: 'configmap/n1 created\n', stderr: 'Edit cancelled, no changes made.\n', code: 0 });
    expect(home.run('get cm n1 -o jsonpath={.data.b}').stdout).toBe('3');
    expect(home.run('get cm n2').stderr).toBe('Error from server (NotFound): configmaps "n2" not found\n');
    // n1 exists now: its failure is kept with the file, and n2 (unchanged) is passed over.
    const again = home.run(['create', '-f', file, '--edit']);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^A copy of your changes has been stored to "[^"]*kubectl-edit-\d+\.yaml"\nEdit cancelled, no changes made\.\nError from server \(AlreadyExists\): configmaps "n1" already exists\n$/);
    expect(home.run(['create', '-f', file, '--edit', '-o', 'name'])).toEqual({ stdout: '', stderr: 'unable to match a printer suitable for the output format "name", allowed formats are: json,yaml\nunable to match a printer suitable for the output format "name", allowed formats are: json,yaml\n', code: 1 });
    expect(home.run('create --edit')).toEqual({ stdout: '', stderr: 'error: must specify one of -f and -k\n', code: 1 });
  });
});

describe('edit --subresource', () => {
  const home = manualCluster('twin', 11);
  beforeAll(() => {
    for (const c of ['create deployment web --image=nginx:1.27 --replicas=2', 'create configmap c1 --from-literal=a=1', 'tick 30s']) expect(home.run(c).code, c).toBe(0);
  });
  afterAll(() => { vi.unstubAllEnvs(); home.cleanup(); });

  it("opens a workload's Scale; an edited Scale maps to no resource, as kubectl's builder finds, and is reopened", () => {
    const dir = path.join(home.dir, 'scale');
    fs.mkdirSync(dir);
    const p = path.join(dir, 'editor.sh');
    fs.writeFileSync(p, `#!/bin/sh\nn=$(ls ${dir}/seen* 2>/dev/null | wc -l)\ncp "$1" ${dir}/seen$n\nsed -i 's/^  replicas: 2$/  replicas: 3/' "$1"\n`, { mode: 0o755 });
    vi.stubEnv('KUBE_EDITOR', p);
    const r = home.run('edit deploy/web --subresource=scale');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^A copy of your changes has been stored to "[^"]*"\nerror: Edit cancelled, no valid changes were saved\.\n$/);
    expect(fs.readFileSync(path.join(dir, 'seen0'), 'utf8')).toContain('#\napiVersion: autoscaling/v1\nkind: Scale\n');
    expect(fs.readFileSync(path.join(dir, 'seen1'), 'utf8')).toContain('# The edited file had a syntax error: resource mapping not found for name: "web" namespace: "default" from "edited-file": no matches for kind "Scale" in version "autoscaling/v1"\n# ensure CRDs are installed first\n#\n');
    expect(home.run('get deploy web -o jsonpath={.spec.replicas}').stdout).toBe('2');
  });

  it('writes an edited status through the status subresource; a kind without one is the server\'s 404', () => {
    const p = home.file('status.sh', '#!/bin/sh\nsed -i \'s/^  observedGeneration: 1$/  observedGeneration: 7/\' "$1"\n');
    fs.chmodSync(p, 0o755);
    vi.stubEnv('KUBE_EDITOR', p);
    expect(home.run('edit deploy/web --subresource=status')).toEqual({ stdout: 'deployment.apps/web edited\n', stderr: '', code: 0 });
    expect(home.run('edit cm/c1 --subresource=status')).toEqual({ stdout: '', stderr: 'Error from server (NotFound): the server could not find the requested resource\n', code: 1 });
    expect(home.run('edit deploy/web --subresource=foo')).toEqual({ stdout: '', stderr: 'Error from server (NotFound): the server could not find the requested resource\n', code: 1 });
  });
});
