/**
 * kubectl's client-side validation of what the API server does not validate itself — a v1 List
 * (item by item), a typed list, a document without a kind — as `apply` and `create` read a file:
 * the refused document and every one after it in its file are not written, the other files
 * are; the builder's errors come in the order it met them, before apply's object errors and
 * after create's. Texts as the real kubectl 1.32 printed them against `kubemu serve`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

const TAIL = '; if you choose to ignore these errors, turn validation off with --validate=false';
const CM = (name: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ${name}}\n`;
const BAD_LIST = `apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: ConfigMap
  metadata: {name: inlist}
- apiVersion: v1
  kind: Pod
  metadata: {name: p2}
  spec:
    containers:
    - image: nginx
      ports: [{containerPort: "80x"}]
`;
const listError = (file: string) => `error validating "${file}": error validating data: [`
  + 'ValidationError(Pod.spec.containers[0].ports[0].containerPort): invalid type for io.k8s.api.core.v1.ContainerPort.containerPort: got "string", expected "integer", '
  + `ValidationError(Pod.spec.containers[0]): missing required field "name" in io.k8s.api.core.v1.Container]${TAIL}`;

describe('client-side validation of Lists and kindless documents', () => {
  let home: TempHome;
  beforeAll(() => { home = manualCluster('list-validation', 7); });
  afterAll(() => home.cleanup());
  const configMaps = () => home.run('get configmaps -o name').stdout;

  it('refuses a List with a bad item whole, and stops reading its file there', () => {
    const multi = home.file('multi.yaml', `${CM('first')}---\n${BAD_LIST}---\n${CM('last')}`);
    expect(home.run(`apply -f ${multi}`)).toEqual({ stdout: 'configmap/first created\n', stderr: `error: ${listError(multi)}\n`, code: 1 });
    expect(configMaps()).toBe('configmap/first\nconfigmap/kube-root-ca.crt\n');
  });

  it('checks a typed list under its own kind, even in a client dry run; --validate=false writes it', () => {
    const typed = home.file('typed.yaml', 'apiVersion: v1\nkind: PodList\nitems:\n- metadata: {name: tp}\n  spec: {containers: [{name: c, image: nginx, zzz: 1}]}\n');
    const refused = `error: error validating "${typed}": error validating data: ValidationError(PodList.items[0].spec.containers[0]): unknown field "zzz" in io.k8s.api.core.v1.Container${TAIL}\n`;
    expect(home.run(`apply -f ${typed} --dry-run=client`)).toEqual({ stdout: '', stderr: refused, code: 1 });
    expect(home.run(`create -f ${typed}`)).toEqual({ stdout: '', stderr: refused, code: 1 });
    expect(home.run(`create -f ${typed} --validate=false`)).toEqual({ stdout: 'pod/tp created\n', stderr: '', code: 0 });
  });

  it('with --validate=warn, only says through klog that it cannot check such a document', () => {
    const list = home.file('warn.yaml', `apiVersion: v1\nkind: List\nitems:\n- ${CM('warned').trim().split('\n').join('\n  ')}\n`);
    const r = home.run(`apply -f ${list} --validate=warn`);
    expect({ stdout: r.stdout, code: r.code }).toEqual({ stdout: 'configmap/warned created\n', code: 0 });
    expect(r.stderr).toMatch(/^W0101 00:05:00\.000000 +\d+ schema\.go:145\] cannot perform warn validation if server-side field validation is unsupported, skipping validation\n$/);
  });

  it('checks -k\'s built objects too: warn\'s klog line for a kind the server does not serve', () => {
    home.file('k/kustomization.yaml', 'resources:\n- cm.yaml\n- w.yaml\n');
    home.file('k/cm.yaml', CM('kcm'));
    home.file('k/w.yaml', 'apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: kw}\n');
    const r = home.run(['apply', '-k', `${home.dir}/k`, '--validate=warn']);
    expect(r.stdout).toBe('configmap/kcm created\n');
    expect(r.stderr.split('\n').filter((l) => l.includes('schema.go:145'))).toHaveLength(1);
    expect(r.stderr).toContain(`resource mapping not found for name: "kw" namespace: "" from "${home.dir}/k": no matches for kind "Widget" in version "example.com/v1"`);
  });

  it('orders the builder\'s errors as met: before apply\'s object errors, after create\'s', () => {
    const nokind = home.file('nokind.yaml', `${CM('nk1')}---\napiVersion: v1\nmetadata: {name: nk2}\n---\n${CM('nk3')}`);
    const foo = home.file('foo.yaml', 'apiVersion: v1\nkind: Foo\nmetadata: {name: x}\n');
    const invalid = home.file('inv.yaml', CM('"BAD_NAME"'));
    const kindNotSet = `error validating "${nokind}": error validating data: kind not set${TAIL}`;
    const noFoo = `resource mapping not found for name: "x" namespace: "" from "${foo}": no matches for kind "Foo" in version "v1"\nensure CRDs are installed first`;
    const badName = `Error from server (Invalid): error when creating "${invalid}": ConfigMap "BAD_NAME" is invalid: metadata.name: Invalid value: "BAD_NAME": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`;
    expect(home.run(`apply -f ${foo} -f ${invalid} -f ${nokind}`)).toEqual({ stdout: 'configmap/nk1 created\n', stderr: `[${noFoo}, ${kindNotSet}]\n${badName}\n`, code: 1 });
    expect(home.run(`create -f ${invalid} -f ${nokind} -f ${foo}`)).toEqual({
      stdout: '', code: 1,
      stderr: `${badName}\nError from server (AlreadyExists): error when creating "${nokind}": configmaps "nk1" already exists\n[${kindNotSet}, ${noFoo}]\n`,
    });
    expect(configMaps()).not.toContain('nk3');
  });
});
