/**
 * apply view-last-applied, set-last-applied and edit-last-applied: the last-applied
 * annotation read, written and edited without applying. Each expectation was compared with
 * kubectl 1.32 through `kubemu serve` on a twin cluster.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { manualCluster } from '../helpers/run-cli';

const APP = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: app
  labels: {tier: web}
spec:
  replicas: 1
  selector: {matchLabels: {app: app}}
  template:
    metadata: {labels: {app: app}}
    spec:
      containers:
      - name: c
        image: nginx:1.27
`;
const CMS = `apiVersion: v1
kind: ConfigMap
metadata:
  name: la1
  labels: {tier: web}
data: {a: "<1>"}
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: la2
  labels: {tier: web}
data: {b: "2"}
`;
const LA1 = (a: string) => `apiVersion: v1\ndata:\n  a: ${a}\nkind: ConfigMap\nmetadata:\n  annotations: {}\n  labels:\n    tier: web\n  name: la1\n  namespace: default\n`;
const LA2 = (b: string) => `apiVersion: v1\ndata:\n  b: "${b}"\nkind: ConfigMap\nmetadata:\n  annotations: {}\n  labels:\n    tier: web\n  name: la2\n  namespace: default\n`;
// What set-last-applied stores is the file's object as it is: no empty annotations map.
const LA2_SET = (b: string) => LA2(b).replace('  annotations: {}\n', '');
const NO_SOURCES = "error: You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'\n";

describe('apply view-last-applied / set-last-applied / edit-last-applied', () => {
  const home = manualCluster('twin', 11);
  let cms = '';
  beforeAll(() => {
    cms = home.file('cms.yaml', CMS);
    for (const c of ['create deployment web --image=nginx:1.27', 'create configmap c1 --from-literal=a=1']) expect(home.run(c).code, c).toBe(0);
    for (const f of [home.file('app.yaml', APP), cms]) expect(home.run(['apply', '-f', f]).code).toBe(0);
  });
  afterAll(() => home.cleanup());
  const ok = (stdout: string) => ({ stdout, stderr: '', code: 0 });
  const err = (stderr: string) => ({ stdout: '', stderr, code: 1 });

  it('view-last-applied prints each annotation as YAML or as the stored JSON indented, back to back', () => {
    expect(home.run('apply view-last-applied deploy/app')).toEqual(ok('apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  annotations: {}\n  labels:\n    tier: web\n  name: app\n  namespace: default\nspec:\n  replicas: 1\n  selector:\n    matchLabels:\n      app: app\n  template:\n    metadata:\n      labels:\n        app: app\n    spec:\n      containers:\n      - image: nginx:1.27\n        name: c\n'));
    expect(home.run('apply view-last-applied cm -l tier=web')).toEqual(ok(LA1('<1>') + LA2('2')));
    expect(home.run(['apply', 'view-last-applied', '-f', cms])).toEqual(ok(LA1('<1>') + LA2('2')));
    // -o json keeps the stored text's escapes (Go's json.Indent).
    expect(home.run('apply view-last-applied cm/la1 -o json').stdout).toBe('{\n  "apiVersion": "v1",\n  "data": {\n    "a": "\\u003c1\\u003e"\n  },\n  "kind": "ConfigMap",\n  "metadata": {\n    "annotations": {},\n    "labels": {\n      "tier": "web"\n    },\n    "name": "la1",\n    "namespace": "default"\n  }\n}\n');
  });

  it('view-last-applied passes over named objects without the annotation, but not a file\'s', () => {
    expect(home.run('apply view-last-applied deploy/web')).toEqual(ok(''));
    expect(home.run('apply view-last-applied cm/c1 cm/la1')).toEqual(ok(LA1('<1>')));
    const c1 = home.file('c1.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c1}\n');
    expect(home.run(['apply', 'view-last-applied', '-f', c1])).toEqual(err(`error: error when no last-applied-configuration annotation found on resource: c1\n ${JSON.stringify(c1)}: <nil>\n`));
    expect(home.run('apply view-last-applied deploy/nope')).toEqual(err('Error from server (NotFound): deployments.apps "nope" not found\n'));
    expect(home.run('apply view-last-applied cm/la1 -o wide')).toEqual(err("error: Unexpected -o output mode: wide, the flag 'output' must be one of yaml|json\nSee 'kubectl apply view-last-applied -h' for help and examples\n"));
    expect(home.run('apply view-last-applied')).toEqual(err(NO_SOURCES));
  });

  it('set-last-applied writes the file\'s object as the annotation, says when nothing changes, and needs --create-annotation for an imperative object', () => {
    expect(home.run(['apply', 'set-last-applied', '-f', cms])).toEqual(ok('configmap/la1 configured\nconfigmap/la2 configured\n'));
    expect(home.run(['apply', 'set-last-applied', '-f', cms])).toEqual(ok('set-last-applied la1: no changes required.\nset-last-applied la2: no changes required.\n'));
    const changed = home.file('la1.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: la1\n  labels: {tier: web}\ndata: {a: "changed"}\n');
    expect(home.run(['apply', 'set-last-applied', '-f', changed, '--dry-run=client'])).toEqual(ok('configmap/la1 configured (dry run)\n'));
    expect(home.run(['apply', 'set-last-applied', '-f', changed, '-o', 'name'])).toEqual(ok('configmap/la1\n'));
    expect(home.run('get cm la1 -o jsonpath={.metadata.annotations}').stdout).toBe('{"kubectl.kubernetes.io/last-applied-configuration":"{\\"apiVersion\\":\\"v1\\",\\"data\\":{\\"a\\":\\"changed\\"},\\"kind\\":\\"ConfigMap\\",\\"metadata\\":{\\"labels\\":{\\"tier\\":\\"web\\"},\\"name\\":\\"la1\\",\\"namespace\\":\\"default\\"}}\\n"}');
    // The object itself is not applied: its data is still the applied one.
    expect(home.run('get cm la1 -o jsonpath={.data.a}').stdout).toBe('<1>');
    const c1 = home.file('c1.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c1}\n');
    expect(home.run(['apply', 'set-last-applied', '-f', c1])).toEqual(err('error: no last-applied-configuration annotation found on resource: c1, to create the annotation, run the command with --create-annotation\n'));
    expect(home.run(['apply', 'set-last-applied', '-f', c1, '--create-annotation'])).toEqual(ok('configmap/c1 configured\n'));
    const missing = home.file('m.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: m1}\n');
    expect(home.run(['apply', 'set-last-applied', '-f', missing])).toEqual(err('Error from server (NotFound): configmaps "m1" not found\n'));
    // Only files name objects.
    expect(home.run('apply set-last-applied cm/x')).toEqual(err(NO_SOURCES));
  });

  describe('edit-last-applied', () => {
    const script = (name: string, body: string) => {
      const p = path.join(home.dir, name);
      fs.writeFileSync(p, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
      return p;
    };
    afterAll(() => vi.unstubAllEnvs());

    it('opens the configurations with their own header and writes an edited one into the annotation', () => {
      const seen = path.join(home.dir, 'seen.yaml');
      vi.stubEnv('KUBE_EDITOR', script('edit-b.sh', `cp "$1" ${seen}; sed -i 's/b: "2"/b: "3"/' "$1"`));
      expect(home.run('apply edit-last-applied cm/la2')).toEqual(ok('configmap/la2 edited\n'));
      expect(fs.readFileSync(seen, 'utf8')).toBe("# Please edit the 'last-applied-configuration' annotations below.\n# Lines beginning with a '#' will be ignored, and an empty file will abort the edit.\n#\n" + LA2_SET('2'));
      expect(home.run('apply view-last-applied cm/la2')).toEqual(ok(LA2_SET('3')));
      expect(home.run('get cm la2 -o jsonpath={.data.b}').stdout).toBe('2');
      // Two objects open as a List; the unchanged one is "skipped". -o is only the editing format.
      vi.stubEnv('KUBE_EDITOR', script('edit-b2.sh', `sed -i 's/b: "3"/b: "4"/' "$1"`));
      expect(home.run('apply edit-last-applied cm/c1 cm/la2')).toEqual(ok('configmap/c1 skipped\nconfigmap/la2 edited\n'));
      expect(home.run('apply view-last-applied cm/la2')).toEqual(ok(LA2_SET('4')));
      expect(home.run('apply edit-last-applied cm/la2 -o name')).toEqual(err('error: unable to match a printer suitable for the output format "name", allowed formats are: json,yaml\n'));
      vi.stubEnv('KUBE_EDITOR', 'true');
      expect(home.run('apply edit-last-applied cm/la2')).toEqual({ stdout: '', stderr: 'Edit cancelled, no changes made.\n', code: 0 });
      expect(home.run('apply edit-last-applied deploy/web')).toEqual(err('error: no last-applied-configuration annotation found on resources, to create the annotation, use command `kubectl apply set-last-applied --create-annotation`\n'));
    });

    it('refuses a moved namespace and an empty file as kubectl ends them, keeping a copy', () => {
      vi.stubEnv('KUBE_EDITOR', script('edit-ns.sh', `sed -i 's/namespace: default/namespace: other/' "$1"`));
      const moved = home.run('apply edit-last-applied cm/la2');
      expect(moved.code).toBe(1);
      expect(moved.stderr).toMatch(/^A copy of your changes has been stored to ".*kubectl-edit-\d+\.yaml"\nerror: the namespace from the provided object "other" does not match the namespace "default"\. You must pass '--namespace=other' to perform this operation\.\n$/);
      vi.stubEnv('KUBE_EDITOR', script('edit-empty.sh', ': > "$1"'));
      const empty = home.run('apply edit-last-applied cm/la2');
      expect(empty.code).toBe(1);
      expect(empty.stderr).toMatch(/^error: configmaps "la2" is invalid\nA copy of your changes has been stored to ".*kubectl-edit-\d+\.yaml"\nerror: Edit cancelled, no valid changes were saved\.\n$/);
      expect(home.run('apply edit-last-applied cm/la2 --validate=false')).toEqual({ stdout: '', stderr: 'Edit cancelled, saved file was empty.\n', code: 0 });
    });
  });
});
