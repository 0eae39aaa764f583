/**
 * kubemu serve against the real kubectl 1.32, second suite: verbs that change the cluster in
 * ways the same object cannot take twice (drain, rollout undo, edit, delete -l). Two twin
 * homes hold the same manual-clock cluster (same seed, same set-up, so the same pod names);
 * kubectl works on one through `kubemu serve`, kubemu on the other, and each command must
 * print the same stdout, stderr and exit code. Also the eviction, binding and deletecollection
 * endpoints kubectl reaches with --raw. Fails, not skips, under CI=true when kubectl 1.32 is
 * missing.
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithKubectl, KUBECTL_1_32 } from '../differential/kubectl-oracle';
import { manualCluster, type CliResult } from '../helpers/run-cli';
import { kubemuStart, type Running } from '../reliability/spawn-cli';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describeWithKubectl('kubemu serve: kubectl on one twin prints what kubemu prints on the other', () => {
  const served = manualCluster('twin', 11);
  const local = manualCluster('twin', 11);
  const kubectlHome = fs.mkdtempSync(path.join(os.tmpdir(), 'kubemu-serve-twins-'));
  let server: Running;
  let kubeconfig = '';

  const setup = (args: string) => {
    for (const h of [served, local]) {
      const r = h.run(args);
      if (r.code !== 0) throw new Error(`${args}: ${r.stderr}`);
    }
  };

  beforeAll(async () => {
    if (!KUBECTL_1_32) throw new Error('kubectl.1.32 is not installed beside kubectl');
    setup('create deployment web --image=nginx:1.27 --replicas=2');
    setup('run lone --image=nginx -l app=lone');
    setup('create configmap c1 --from-literal=a=1');
    setup('label configmap c1 app=x');
    setup('create configmap c2 --from-literal=a=2');
    setup('label configmap c2 app=x');
    setup('create configmap c3 --from-literal=a=3');
    setup('tick 30s');
    setup('set image deployment/web nginx=nginx:1.28');
    setup('tick 60s');
    server = kubemuStart(served.dir, ['serve', '--port', '0']);
    for (let i = 0; i < 200 && !server.stdout().includes('Context "'); i++) await sleep(50);
    const m = /^Serving cluster "twin" at https:\/\/127\.0\.0\.1:\d+\nContext "twin-serve" in (.+)\n$/.exec(server.stdout());
    if (!m) throw new Error(`serve did not start: ${server.stdout()}${server.stderr()}`);
    kubeconfig = m[1]!;
  });

  afterAll(async () => {
    if (server) {
      process.kill(server.pid, 'SIGTERM');
      const end = await server.done;
      expect(end.code).toBe(0);
    }
    served.cleanup();
    local.cleanup();
    fs.rmSync(kubectlHome, { recursive: true, force: true });
  });

  const kubectlBinary = (): string => {
    const link = path.join(kubectlHome, 'kubectl');
    if (!fs.existsSync(link)) fs.symlinkSync(KUBECTL_1_32!, link);
    return link;
  };
  const kubectl = (args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> => new Promise((resolve) => {
    execFile(kubectlBinary(), ['--kubeconfig', kubeconfig, ...args], {
      encoding: 'utf8', cwd: served.dir, env: { ...process.env, HOME: kubectlHome, KUBECONFIG: '', ...env },
    }, (err, stdout, stderr) => resolve({ stdout, stderr, code: err ? (typeof err.code === 'number' ? err.code : -1) : 0 }));
  });
  const kubemu = (args: string[]): CliResult => local.run(args);
  const same = async (args: string[]) => {
    const a = await kubectl(args);
    expect(a, `kubectl ${args.join(' ')}`).toEqual(kubemu(args));
  };

  it('moves the clock through the admin endpoint as kubemu tick does, for cluster admins only', async () => {
    const a = await kubectl(['create', '--raw', '/kubemu/v1/tick?duration=30s', '-f', '/dev/null']);
    expect(a).toEqual(kubemu(['tick', '30s']));
    expect(a.stdout).toMatch(/^\S+Z -> \S+Z: .+\n$/);
    const body = path.join(kubectlHome, 'tick.json');
    fs.writeFileSync(body, '{"duration":"5s"}');
    expect(await kubectl(['create', '--raw', '/kubemu/v1/tick', '-f', body])).toEqual(kubemu(['tick', '5s']));
    expect(await kubectl(['create', '--raw', '/kubemu/v1/tick?duration=-1s', '-f', '/dev/null'])).toEqual({
      stdout: '', stderr: 'Error from server (BadRequest): tick cannot move the clock backwards: "-1s"\n', code: 1 });
    expect(await kubectl(['create', '--raw', '/kubemu/v1/tick?duration=1s', '-f', '/dev/null', '--as', 'alice'])).toEqual({
      stdout: '', stderr: 'Error from server (Forbidden): forbidden: User "alice" cannot post path "/kubemu/v1/tick"\n', code: 1 });
    await same(['get', 'pods']);
  });

  it('serves /metrics as kubemu get --raw prints it, to those RBAC lets get the path', async () => {
    await same(['get', '--raw', '/metrics']);
    expect(await kubectl(['get', '--raw', '/metrics', '--as', 'alice'])).toEqual({
      stdout: '', stderr: 'Error from server (Forbidden): forbidden: User "alice" cannot get path "/metrics"\n', code: 1 });
  });

  it('kubectl events: the order of ties, the typed EventList through -o, --for, --watch', async () => {
    // kubectl ages events by the machine's clock, kubemu by the cluster's: the LAST SEEN column is left out.
    const withoutAge = (r: CliResult, at: number) => ({ ...r, stdout: r.stdout.split('\n').map((l) => l.split(/ {3,}/).filter((_, i) => i !== at).join(' | ')).join('\n') });
    for (const args of [['events'], ['events', '-A'], ['events', '--for', 'deployment/web'], ['events', '-w', '--request-timeout=2s']]) {
      const at = args.includes('-A') ? 1 : 0;
      expect(withoutAge(await kubectl(args), at), args.join(' ')).toEqual(withoutAge(kubemu(args), at));
    }
    for (const args of [['events', '-o', 'json'], ['events', '-A', '-o', 'yaml'], ['events', '-o', 'name'], ['events', '-o', 'wide'],
      ['events', '--for', 'nope/x'], ['events', '-w', '--request-timeout=2s', '-o', 'name'], ['api-resources', '--sort-by=kind'], ['api-resources', '--sort-by=group'],
      ['set'], ['rollout', 'foo'], ['create', 'secret', 'generic', 's', '--cert=x']]) await same(args);
  });

  it('goes on past the objects it cannot read or change, and reports them as kubectl does', async () => {
    // The builder's errors after what could be done, several as one aggregate, none of it written.
    for (const args of [
      ['scale', 'deployment', 'web', 'nope1', 'nope2', '--replicas=2', '--dry-run=server'],
      ['scale', 'deployment', 'nope1', 'nope2', '--replicas=2'],
      ['scale', 'deployment', 'web', '--replicas=5', '-o', 'jsonpath={.spec.replicas}', '--dry-run=server'],
      ['taint', 'nodes', 'nope1', 'nope2', 'k=v:NoSchedule'],
      ['expose', 'deployment', 'nope1', 'web', '--port=80', '--dry-run=server'],
      ['autoscale', 'deployment', 'nope1', 'nope2', '--max=3'],
      ['label', 'configmap', 'c1', 'c2', 'app=y'],
      ['set', 'env', 'deployment/web', 'pod/lone', 'A=b', '--dry-run=server'],
      ['patch', 'configmap', 'c1', '-p', '{"data":{"b":"1"}}', '--dry-run=server'],
      ['annotate', 'pods', '--all', '-l', 'app=none', 'a=b'],
      ['delete', 'pods', '--all', '-l', 'app=none'],
      ['get', 'pods', '--field-selector', 'nope=1'],
    ]) await same(args);
  });

  it("create prints the server's answer as its typed client decodes it and words failures its way; --list; rollout's flags", async () => {
    for (const args of [
      ['create', 'deployment', 'd', '--image=nginx', '--dry-run=server', '-o', 'yaml'],
      ['create', 'job', 'j', '--image=busybox', '--dry-run=server', '-o', 'yaml'],
      ['create', 'serviceaccount', 'sa', '--dry-run=server', '-o', 'json'],
      // A typed client sends protobuf: a ResourceList's keys are ResourceNames.
      ['create', 'quota', 'q', '--hard=pods=2,cpu=1', '--dry-run=server', '-o', 'yaml'],
      ['create', 'deployment', 'x', '--image=nginx', '--replicas=-1'],
      ['create', 'cronjob', 'cj', '--image=busybox', '--schedule=bad'],
      ['annotate', 'configmap', 'c1', 'new=1', '--list'],
      ['label', 'configmap', 'c1', 'c2', '--list'],
      ['annotate', 'configmap', 'c1', '--list', '-o', 'yaml'],
      ['rollout', 'resume', 'deployment/web', 'deployment/web'],
      ['rollout', 'restart', 'deployment/web', '--dry-run=server'],
      // kube-apiserver's Warning header on the deprecated API reaches kubectl's stderr.
      ['get', 'componentstatuses'],
    ]) await same(args);
    // create -f prints each object as it is written (apply prints a List); describe -f.
    const two = path.join(kubectlHome, 'two.yaml');
    fs.writeFileSync(two, 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: m1}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: c3}\n');
    for (const args of [
      ['create', '-f', two, '--dry-run=server', '-o', 'yaml'],
      ['create', '-f', two, '--dry-run=server', '-o', 'jsonpath={.metadata.name}'],
      ['describe', '-f', two],
    ]) await same(args);
  });

  it('diff: a new object as a dry-run create, a changed one without touching its last-applied annotation', async () => {
    const file = path.join(kubectlHome, 'diff.yaml');
    fs.writeFileSync(file, 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c3}\ndata: {a: "9"}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: fresh}\n');
    // The temporary folders' numbers and the files' times are the run's own, and so is a dry-run
    // create's uid. Both make their folders in TMPDIR: kubectl is given the local twin's (its home).
    const norm = (r: CliResult) => ({ ...r, stdout: r.stdout.replace(/\/(LIVE|MERGED)-\w+/g, '/$1').replace(/\t\d{4}-\d\d-\d\d [\d:.]+ \+0000$/gm, '').replace(/^\+  uid: \S+$/m, '+  uid: U') });
    const a = norm(await kubectl(['diff', '-f', file], { TMPDIR: local.dir }));
    expect(a).toEqual(norm(kubemu(['diff', '-f', file])));
    // kubectl's patch carries an empty annotations map, which the server's decoding drops (omitempty).
    expect(a.stdout).not.toContain('annotations');
  });

  it('rollout history, undo and status, and wait --for=condition=Available', async () => {
    await same(['rollout', 'history', 'deployment/web']);
    await same(['rollout', 'history', 'deployment/web', '--revision=1']);
    await same(['rollout', 'status', 'deployment/web']);
    await same(['wait', '--for=condition=Available', 'deployment/web', '--timeout=5s']);
    await same(['rollout', 'undo', 'deployment/web']);
    await same(['get', 'deployment', 'web', '-o', 'jsonpath={.spec.template.spec.containers[0].image} {.metadata.generation}']);
    await same(['rollout', 'undo', 'deployment/web', '--to-revision=9']);
  });

  it('edit with EDITOR set to a script that changes the file', async () => {
    const editor = path.join(kubectlHome, 'editor.sh');
    fs.writeFileSync(editor, '#!/bin/sh\nsed -i \'s/^  a: "3"$/  a: "33"/; s/^  a: "1"$/  a: "11"/\' "$1"\n', { mode: 0o755 });
    const args = ['edit', 'configmap', 'c3'];
    const a = await kubectl(args, { EDITOR: editor, KUBE_EDITOR: editor });
    const prev = process.env.KUBE_EDITOR;
    process.env.KUBE_EDITOR = editor;
    try {
      expect(a).toEqual(kubemu(args));
    } finally {
      if (prev === undefined) delete process.env.KUBE_EDITOR; else process.env.KUBE_EDITOR = prev;
    }
    await same(['get', 'configmap', 'c3', '-o', 'jsonpath={.data.a}']);
  });

  it('apply view-/set-/edit-last-applied, and a List validated by kubectl against /openapi/v2', async () => {
    const file = path.join(kubectlHome, 'la.yaml');
    fs.writeFileSync(file, 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: la1, labels: {t: w}}\ndata: {a: "<1>"}\n');
    const changed = path.join(kubectlHome, 'la-changed.yaml');
    fs.writeFileSync(changed, 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: la1, labels: {t: w}}\ndata: {a: "2"}\n');
    for (const args of [
      ['apply', '-f', file], ['apply', 'view-last-applied', 'cm/la1'], ['apply', 'view-last-applied', 'cm', '-l', 't=w', '-o', 'json'],
      ['apply', 'view-last-applied', 'cm/c1'], ['apply', 'set-last-applied', '-f', file], ['apply', 'set-last-applied', '-f', file],
      ['apply', 'set-last-applied', '-f', changed, '-o', 'name'], ['apply', 'view-last-applied', 'cm/la1'],
    ]) await same(args);
    const editor = path.join(kubectlHome, 'editor-la.sh');
    fs.writeFileSync(editor, '#!/bin/sh\nsed -i \'s/a: "2"/a: "3"/\' "$1"\n', { mode: 0o755 });
    const a = await kubectl(['apply', 'edit-last-applied', 'cm/la1'], { EDITOR: editor, KUBE_EDITOR: editor });
    const prev = process.env.KUBE_EDITOR;
    process.env.KUBE_EDITOR = editor;
    try {
      expect(a).toEqual(kubemu(['apply', 'edit-last-applied', 'cm/la1']));
    } finally {
      if (prev === undefined) delete process.env.KUBE_EDITOR; else process.env.KUBE_EDITOR = prev;
    }
    await same(['apply', 'view-last-applied', 'cm/la1', '-o', 'json']);
    // kubectl validates a List itself, against /openapi/v2 (server-side field validation is per resource).
    const list = path.join(kubectlHome, 'list.yaml');
    fs.writeFileSync(list, 'apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: l1}\n');
    await same(['create', '-f', list]);
    await same(['explain', 'deploy.spec.strategy', '-o', 'plaintext-openapiv2']);
  });

  it('checks Lists and kindless documents client-side and stops a file there; a live object\'s strict and warn writes as the patch handler answers them', async () => {
    const write = (name: string, text: string) => { const f = path.join(kubectlHome, name); fs.writeFileSync(f, text); return f; };
    const cm = (name: string, extra = '') => `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ${name}}\n${extra}`;
    const list = write('bad-list.yaml', `${cm('vl1')}---\napiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Pod\n  metadata: {name: vp}\n`
      + '  spec: {containers: [null, {image: x, ports: [{containerPort: "80x"}]}], nodeSelector: []}\n- metadata: {name: nokind}\n- 7\n---\n' + cm('vl2'));
    const typed = write('typed-list.yaml', 'apiVersion: v1\nkind: PodList\nitems:\n- metadata: {name: tp}\n  spec: {containers: [{name: c, image: nginx, zzz: 1}]}\n');
    const nokind = write('nokind.yaml', `${cm('nk1')}---\napiVersion: v1\nmetadata: {name: nk2}\n`);
    const svc = write('vsvc.yaml', 'apiVersion: v1\nkind: Service\nmetadata: {name: vsvc}\nspec: {ports: [{port: 80}]}\n');
    const svcUnknown = write('vsvc-unknown.yaml', 'apiVersion: v1\nkind: Service\nmetadata: {name: vsvc}\nspec: {ports: [{port: 80, nope: 1}], bogus: true}\n');
    const warned = write('vwarn.yaml', cm('vw', 'data: {a: b}\nbogus: 1\n'));
    for (const args of [
      ['apply', '-f', list], ['apply', '-f', typed], ['apply', '-f', typed, '--validate=warn'], ['create', '-f', nokind, '-f', list],
      ['apply', '-f', svc], ['apply', '-f', svcUnknown], ['apply', '-f', svcUnknown, '--validate=warn'],
      ['create', '-f', warned, '--validate=warn'], ['create', '-f', warned, '--validate=warn'], ['replace', '-f', warned, '--validate=warn'],
    ]) {
      // klog's time and pid are the machine's for kubectl, the cluster's for kubemu.
      const masked = (r: CliResult) => ({ ...r, stderr: r.stderr.replace(/^W\d{4} [\d:.]+ +\d+ /gm, 'W ') });
      expect(masked(await kubectl(args)), args.join(' ')).toEqual(masked(kubemu(args)));
    }
  });

  it('delete -l, and deletecollection through --raw', async () => {
    await same(['delete', 'configmaps', '-l', 'app=x', '--dry-run=server']);
    const raw = await kubectl(['delete', '--raw', '/api/v1/namespaces/default/configmaps?labelSelector=app%3Dx']);
    expect(raw.code).toBe(0);
    expect((JSON.parse(raw.stdout) as { kind: string; items: { metadata: { name: string } }[] })).toMatchObject({ kind: 'ConfigMapList', items: [{ metadata: { name: 'c1' } }, { metadata: { name: 'c2' } }] });
    expect(kubemu(['delete', 'configmaps', '-l', 'app=x']).code).toBe(0);
    await same(['get', 'configmaps']);
    await same(['delete', 'pods', '-l', 'app=lone', '--grace-period=0', '--force']);
  });

  it('drain evicts through pods/eviction as kubemu drain does', async () => {
    const a = await kubectl(['drain', 'worker02', '--ignore-daemonsets', '--force', '--grace-period=0']);
    const b = kubemu(['drain', 'worker02', '--ignore-daemonsets', '--force', '--grace-period=0']);
    // kubectl evicts each pod in a goroutine of its own: its lines come in any order.
    const sorted = (r: CliResult) => ({ ...r, stdout: r.stdout.split('\n').sort().join('\n') });
    expect(sorted(a)).toEqual(sorted(b));
    expect(a.code).toBe(0);
    await same(['get', 'nodes']);
  });
  it('evicts through pods/eviction: a budget that allows none is the 429 with its cause', async () => {
    setup('create pdb web --selector=app=web --min-available=2');
    setup('tick 30s');
    // The drain left the twins' replacement pods with different names: read the served one's.
    const pod = served.run(['get', 'pods', '-l', 'app=web', '-o', 'jsonpath={.items[0].metadata.name}']).stdout;
    const file = path.join(kubectlHome, 'eviction.json');
    fs.writeFileSync(file, JSON.stringify({ apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name: pod } }));
    const r = await kubectl(['create', '--raw', `/api/v1/namespaces/default/pods/${pod}/eviction`, '-f', file, '-v=8']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"Cannot evict pod as it would violate the pod\'s disruption budget.","reason":"TooManyRequests","details":{"causes":[{"reason":"DisruptionBudget","message":"The disruption budget web needs 2 healthy pods and has 2 currently"}]},"code":429}');
    expect(r.stderr.endsWith('Error from server (TooManyRequests): Cannot evict pod as it would violate the pod\'s disruption budget.\n')).toBe(true);
    setup('delete pdb web');
    const ok = await kubectl(['create', '--raw', `/api/v1/namespaces/default/pods/${pod}/eviction`, '-f', file]);
    expect(ok).toEqual({ stdout: '{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Success","code":201}\n', stderr: '', code: 0 });
    expect(served.run(['get', 'pod', pod, '-o', 'jsonpath={.metadata.deletionTimestamp}']).stdout).not.toBe('');
  });

  it('binds through pods/binding', async () => {
    const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'unsched' }, spec: { schedulerName: 'none', containers: [{ name: 'c', image: 'nginx' }] } };
    served.file('unsched.yaml', JSON.stringify(pod));
    expect(served.run(['apply', '-f', path.join(served.dir, 'unsched.yaml')]).code).toBe(0);
    const file = path.join(kubectlHome, 'binding.json');
    fs.writeFileSync(file, JSON.stringify({ apiVersion: 'v1', kind: 'Binding', metadata: { name: 'unsched' }, target: { kind: 'Node', name: 'worker01' } }));
    const r = await kubectl(['create', '--raw', '/api/v1/namespaces/default/pods/unsched/binding', '-f', file]);
    expect(r).toEqual({ stdout: '{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Success","code":201}\n', stderr: '', code: 0 });
    expect(served.run(['get', 'pod', 'unsched', '-o', 'jsonpath={.spec.nodeName}']).stdout).toBe('worker01');
    const again = await kubectl(['create', '--raw', '/api/v1/namespaces/default/pods/unsched/binding', '-f', file]);
    fs.writeFileSync(file, JSON.stringify({ apiVersion: 'v1', kind: 'Binding', metadata: { name: 'unsched' }, target: { kind: 'Pod' } }));
    expect(await kubectl(['create', '--raw', '/api/v1/namespaces/default/pods/unsched/binding', '-f', file])).toMatchObject({
      code: 1, stderr: 'Error from server: [target.kind: Unsupported value: "Pod": supported values: "Node", "<empty>", target.name: Required value]\n',
    });
    expect(again).toMatchObject({ code: 1, stderr: 'Error from server (Conflict): Operation cannot be fulfilled on pods/binding "unsched": pod unsched is already assigned to node "worker01"\n' });
  });

  it('records managedFields as kubectl\'s writes make them, and moves client-side apply\'s fields on the first apply --server-side', async () => {
    const cm = (data: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: moved\ndata:\n${data}`;
    const first = path.join(kubectlHome, 'moved1.yaml');
    const second = path.join(kubectlHome, 'moved2.yaml');
    fs.writeFileSync(first, cm('  a: "1"\n  b: "2"\n'));
    fs.writeFileSync(second, cm('  a: "1"\n  c: "3"\n'));
    const owners = ['get', 'configmap', 'moved', '-o', 'jsonpath={range .metadata.managedFields[*]}{.manager}/{.operation}={.fieldsV1}{"\\n"}{end}{.data}'];
    await same(['apply', '-f', first]);
    await same(owners);
    await same(['label', 'configmap', 'moved', 'x=y']);
    await same(owners);
    // kubectl applies, patches managedFields (kubectl-client-side-apply's fields join kubectl's) and applies again: b is pruned.
    await same(['apply', '--server-side', '-f', second]);
    await same(owners);
    expect(kubemu(owners).stdout).toBe('kubectl-last-applied/Apply={"f:metadata":{"f:annotations":{"f:kubectl.kubernetes.io/last-applied-configuration":{}}}}\nkubectl/Apply={"f:data":{"f:a":{},"f:c":{}}}\nkubectl-label/Update={"f:metadata":{"f:labels":{".":{},"f:x":{}}}}\n{"a":"1","c":"3"}');
  });

  it('prints through the print flags: --template alone, missing keys refused, -o on the verbs that print what they changed; create token through serviceaccounts/token', async () => {
    for (const args of [
      ['get', 'deploy', 'web', '--template={{.metadata.name}}'],
      ['label', 'configmap', 'moved', 'y=1', '--template={{.metadata.labels.y}}'],
      // The error prints the whole object: one the twins' histories left alike.
      ['get', 'namespace', 'default', '-o', 'jsonpath={.spec.foo}', '--allow-missing-template-keys=false'],
      ['annotate', 'namespace', 'default', 'z=1', '--dry-run=client', '-o', 'go-template={{.metadata.nope}}', '--allow-missing-template-keys=false'],
      ['rollout', 'pause', 'deploy/web', '-o', 'jsonpath={.spec.paused}'],
      ['rollout', 'resume', 'deploy/web', '-o', 'name'],
      ['rollout', 'history', 'deploy/web', '--template={{.kind}}'],
      ['taint', 'node', 'worker01', 'k=v:NoSchedule', '-o', 'jsonpath={.spec.taints}'],
      ['taint', 'node', 'worker01', 'k-', '-o', 'name'],
      ['wait', 'pod/lone', '--for=condition=Ready', '-o', 'name'],
      ['label', 'pods', '--field-selector=metadata.name=lone', 'f=1'],
      ['create', 'token', 'default', '-o', 'jsonpath={.kind} {.spec}'],
      ['create', 'token', 'default', '--duration=2h', '--audience=a', '-o', 'jsonpath={.spec}'],
      ['create', 'token', 'nope'],
      ['create', 'deployment', 'x', '--image=y', '--dry-run=client', '-o', 'wide'],
      ['certificate', 'approve', 'nope', '-o', 'name'],
    ]) await same(args);
  });


  it('apply --force deletes and re-creates what a patch cannot change, and names the object as kubectl does when it fails', async () => {
    const both = (name: string, text: string) => { for (const h of [served, local]) fs.writeFileSync(path.join(h.dir, name), text); return name; };
    const deployment = (app: string, labels = app) => `apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: fz}\nspec:\n  replicas: 1\n  selector: {matchLabels: {app: ${app}}}\n  template:\n    metadata: {labels: {app: ${labels}}}\n    spec: {containers: [{name: c, image: nginx}]}\n`;
    const pod = (command: string) => `apiVersion: v1\nkind: Pod\nmetadata: {name: fp}\nspec:\n  containers: [{name: c, image: nginx, command: [${command}]}]\n`;
    for (const args of [
      ['apply', '-f', both('fz1.yaml', deployment('fz'))],
      ['apply', '-f', both('fz2.yaml', deployment('fz2')), '--force'],
      ['get', 'deploy', 'fz', '-o', 'jsonpath={.spec.selector} {.metadata.annotations}'],
      // A manifest the server cannot create either: the object as it was is created again.
      ['apply', '-f', both('fz3.yaml', deployment('fz3', 'other')), '--force'],
      ['get', 'deploy', 'fz', '-o', 'jsonpath={.spec.selector}'],
      ['apply', '-f', both('fp1.yaml', pod('"sleep", "1000"'))],
      ['apply', '-f', both('fp2.yaml', pod('"sleep", "2000"')), '--force', '--grace-period=0', '-o', 'name'],
      ['get', 'pod', 'fp', '-o', 'jsonpath={.spec.containers[0].command}'],
      ['apply', '-f', both('noname.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {}\n')],
      // A stale resourceVersion is the patch's conflict, reported behind the three-way patch kubectl computed.
      ['apply', '-f', both('fz4.yaml', deployment('fz2').replace('metadata: {name: fz}', 'metadata: {name: fz, resourceVersion: "1", labels: {a: b}}')
        .replace('{name: c, image: nginx}', '{name: d, image: busybox, env: [{name: E, value: "1"}]}, {name: c, image: nginx, ports: [{containerPort: 80}]}'))],
    ]) await same(args);
    // A running pod takes its grace period to go, and --timeout is 0: kubectl's poll looks once.
    // (A pod whose containers never started goes at once in the served cluster, which settles
    // after the DELETE, before kubectl's GET; kubemu looks before its components react, as
    // kubectl's GET a few milliseconds after the DELETE finds a real cluster.)
    // (The ticks' summaries count Events each side wrote in its own steps, so only their exit codes are compared.)
    expect([(await kubectl(['create', '--raw', '/kubemu/v1/tick?duration=30s', '-f', '/dev/null'])).code, kubemu(['tick', '30s']).code]).toEqual([0, 0]);
    await same(['get', 'pod', 'fp', '-o', 'jsonpath={.status.phase}']);
    await same(['apply', '-f', both('fp3.yaml', pod('"sleep", "3000"')), '--force']);
    await same(['get', 'pod', 'fp', '-o', 'jsonpath={.metadata.deletionGracePeriodSeconds}']);
  });
});
