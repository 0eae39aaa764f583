/**
 * kubemu serve against the real kubectl 1.32: one `kubemu serve --port 0` process (the built
 * binary) serves a manual-clock cluster; kubectl, given the kubeconfig serve wrote, runs
 * everyday verbs and must print byte for byte what `kubemu` itself prints for the same command
 * on the same cluster (stdout, stderr and exit code). Writes go both ways: what kubectl
 * creates, kubemu reads at once, and the other way round. Fails, not skips, under CI=true
 * when kubectl 1.32 is missing.
 */
import { execFile, spawn } from 'node:child_process';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithKubectl, KUBECTL_1_32 } from '../differential/kubectl-oracle';
import { manualCluster, type CliResult } from '../helpers/run-cli';
import { kubemuStart, type Running } from '../reliability/spawn-cli';
import { createCertificateRequest } from '../../src/api/pki/x509';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describeWithKubectl('kubemu serve: the real kubectl prints what kubemu prints', () => {
  const home = manualCluster('served', 7);
  // kubectl keeps its discovery cache under $HOME/.kube: a home of its own per run.
  const kubectlHome = fs.mkdtempSync(path.join(os.tmpdir(), 'kubemu-serve-kubectl-'));
  let server: Running;
  let kubeconfig = '';
  let url = '';

  const setup = (args: string) => {
    const r = home.run(args);
    if (r.code !== 0) throw new Error(`${args}: ${r.stderr}`);
  };

  beforeAll(async () => {
    if (!KUBECTL_1_32) throw new Error('kubectl.1.32 is not installed beside kubectl');
    setup('create deployment web --image=nginx --replicas=2');
    setup('create configmap settings --from-literal=mode=fast');
    setup('expose deployment web --port=80');
    setup('tick 30s');
    server = kubemuStart(home.dir, ['serve', '--port', '0']);
    for (let i = 0; i < 200 && !server.stdout().includes('Context "'); i++) await sleep(50);
    const m = /^Serving cluster "served" at (https:\/\/127\.0\.0\.1:\d+)\nContext "served-serve" in (.+)\n$/.exec(server.stdout());
    if (!m) throw new Error(`serve did not start: ${server.stdout()}${server.stderr()}`);
    url = m[1]!;
    kubeconfig = m[2]!;
  });

  afterAll(async () => {
    if (server) {
      process.kill(server.pid, 'SIGTERM');
      const end = await server.done;
      expect(end.stdout.endsWith('Stopped.\n')).toBe(true);
      expect(end.code).toBe(0);
    }
    home.cleanup();
    fs.rmSync(kubectlHome, { recursive: true, force: true });
  });

  // Run as `kubectl`: the server names a writer that sends no fieldManager (kubectl scale) after the user agent's program.
  const kubectlBinary = (): string => {
    const link = path.join(kubectlHome, 'kubectl');
    if (!fs.existsSync(link)) fs.symlinkSync(KUBECTL_1_32!, link);
    return link;
  };
  const kubectl = (args: string[]): Promise<CliResult> => new Promise((resolve) => {
    execFile(kubectlBinary(), ['--kubeconfig', kubeconfig, ...args], {
      encoding: 'utf8', cwd: home.dir, env: { ...process.env, HOME: kubectlHome, KUBECONFIG: '' },
    }, (err, stdout, stderr) => resolve({ stdout, stderr, code: err ? (typeof err.code === 'number' ? err.code : -1) : 0 }));
  });
  const kubemu = (args: string[]): CliResult => home.run(args);
  /** same runs both and compares; rename maps kubemu's run onto another object so a write can be compared too. */
  const same = async (args: string[], kubemuArgs: string[] = args, rename?: [string, string]) => {
    const a = await kubectl(args);
    const b = kubemu(kubemuArgs);
    if (rename) for (const k of ['stdout', 'stderr'] as const) b[k] = b[k].split(rename[1]).join(rename[0]);
    expect(a, `kubectl ${args.join(' ')}`).toEqual(b);
  };
  /** allSame compares reads that change nothing: kubectl's start-up dominates, so its runs go in parallel. */
  const allSame = async (list: string[][]) => {
    const runs = await Promise.all(list.map((args) => kubectl(args)));
    list.forEach((args, i) => expect(runs[i], `kubectl ${args.join(' ')}`).toEqual(kubemu(args)));
  };

  it('writes a kubeconfig whose context reaches the server over TLS with the cluster CA', async () => {
    const cfg = fs.readFileSync(kubeconfig, 'utf8');
    expect(cfg).toContain(`server: ${url}`);
    expect(cfg).toContain('current-context: served-serve');
    expect(await kubectl(['get', '--raw', '/healthz'])).toEqual({ stdout: 'ok', stderr: '', code: 0 });
  });

  it('answers the health endpoints as the CLI does: verbose lists, excluded checks, one check, an unknown one', async () => {
    for (const path of ['/readyz?verbose', '/livez?verbose&exclude=etcd&exclude=nope', '/healthz/etcd', '/readyz/nope']) {
      expect(await kubectl(['get', '--raw', path]), path).toEqual(kubemu(['get', '--raw', path]));
    }
  });

  it('prints every get output format as kubemu does', async () => {
    const jsonpathFile = home.file('names.jsonpath', '{.items[*].metadata.name}');
    const columnsFile = home.file('columns.txt', 'NAME          NODE\n.metadata.name .spec.nodeName\n');
    const templateFile = home.file('phases.tmpl', '{{range .items}}{{.metadata.name}}:{{.status.phase}}\n{{end}}');
    await allSame([
      ['get', 'pods', '-o', 'go-template={{range .items}}{{.metadata.name}}{{"\\n"}}{{end}}'], ['get', 'pods', '-o', 'jsonpath-as-json={.items[*].metadata.name}'],
      ['get', 'pods', '-o', `jsonpath-file=${jsonpathFile}`], ['get', 'pods', '-o', `custom-columns-file=${columnsFile}`],
      ['get', 'pods', '-o', `go-template-file=${templateFile}`], ['get', 'pods', '-o', `templatefile=${templateFile}`],
      ['get', 'pods', '--no-headers'], ['get', 'pods', '-o', 'wide', '--show-kind'], ['get', 'pods', '-o', 'yaml'],
      ['get', '--raw', '/version'],
      ['get', 'pods'], ['get', 'pods', '-o', 'wide'], ['get', 'pods', '-A'], ['get', 'all'],
      ['get', 'deploy', 'web', '-o', 'yaml'], ['get', 'deploy', 'web', '-o', 'json'], ['get', 'pods', '-o', 'name'],
      ['get', 'pods', '-o', 'jsonpath={.items[*].spec.nodeName}'], ['get', 'nodes', '--show-labels'],
      ['get', 'pods', '-l', 'app=web', '-L', 'app'], ['get', 'svc,cm'], ['get', 'cm', '--field-selector', 'metadata.name=settings'],
      ['get', 'pods', '--chunk-size=1'], ['get', 'pods', '-o', 'custom-columns=NAME:.metadata.name,PHASE:.status.phase'],
      ['get', '--raw', '/api/v1/namespaces/default/configmaps/settings'], ['get', '--raw', '/apis'],
      ['get', 'pod', 'missing'], ['get', 'nosuchkind'], ['get', 'pods', '-n', 'empty'],
    ]);
  });

  it('answers discovery, describe and access checks as kubemu does', async () => {
    await allSame([
      ['api-resources'], ['api-versions'], ['describe', 'configmap', 'settings'], ['describe', 'service', 'kubernetes'],
      ['describe', 'namespace', 'default'], ['explain', 'deployment.spec.strategy'],
      ['auth', 'can-i', 'create', 'pods'], ['auth', 'can-i', 'delete', 'nodes', '--as', 'alice'], ['auth', 'can-i', '--list', '--as', 'alice'],
      ['auth', 'whoami'],
    ]);
  });

  it('writes through the API: create, apply, label, patch, scale and delete print what kubemu prints', async () => {
    // Each write is made by kubectl on one object and by kubemu on its twin; the printed lines and the objects then agree.
    await same(['create', 'configmap', 'from-kubectl', '--from-literal=a=1'], ['create', 'configmap', 'from-kubemu', '--from-literal=a=1'], ['from-kubectl', 'from-kubemu']);
    await same(['create', 'deployment', 'api-kubectl', '--image=busybox', '--replicas=1'], ['create', 'deployment', 'api-kubemu', '--image=busybox', '--replicas=1'], ['api-kubectl', 'api-kubemu']);
    const manifest = (name: string) => home.file(`${name}.yaml`, `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\ndata:\n  k: v1\n`);
    await same(['apply', '-f', manifest('applied-kubectl')], ['apply', '-f', manifest('applied-kubemu')], ['applied-kubectl', 'applied-kubemu']);
    await same(['apply', '-f', manifest('applied-kubectl')], ['apply', '-f', manifest('applied-kubemu')], ['applied-kubectl', 'applied-kubemu']);
    fs.writeFileSync(path.join(home.dir, 'applied-kubectl.yaml'), fs.readFileSync(path.join(home.dir, 'applied-kubectl.yaml'), 'utf8').replace('k: v1', 'k: v2'));
    fs.writeFileSync(path.join(home.dir, 'applied-kubemu.yaml'), fs.readFileSync(path.join(home.dir, 'applied-kubemu.yaml'), 'utf8').replace('k: v1', 'k: v2'));
    await same(['apply', '-f', path.join(home.dir, 'applied-kubectl.yaml')], ['apply', '-f', path.join(home.dir, 'applied-kubemu.yaml')], ['applied-kubectl', 'applied-kubemu']);
    await same(['label', 'configmap', 'from-kubectl', 'tier=a'], ['label', 'configmap', 'from-kubemu', 'tier=a'], ['from-kubectl', 'from-kubemu']);
    await same(['label', 'configmap', 'from-kubectl', 'tier=b'], ['label', 'configmap', 'from-kubemu', 'tier=b'], ['from-kubectl', 'from-kubemu']);
    await same(['patch', 'configmap', 'from-kubectl', '-p', '{"data":{"b":"2"}}'], ['patch', 'configmap', 'from-kubemu', '-p', '{"data":{"b":"2"}}'], ['from-kubectl', 'from-kubemu']);
    await same(['patch', 'configmap', 'from-kubectl', '--type=json', '-p', '[{"op":"remove","path":"/data/a"}]'], ['patch', 'configmap', 'from-kubemu', '--type=json', '-p', '[{"op":"remove","path":"/data/a"}]'], ['from-kubectl', 'from-kubemu']);
    await same(['patch', 'configmap', 'from-kubectl', '--type=merge', '-p', '{"data":{"c":"3"}}'], ['patch', 'configmap', 'from-kubemu', '--type=merge', '-p', '{"data":{"c":"3"}}'], ['from-kubectl', 'from-kubemu']);
    await same(['scale', 'deployment', 'api-kubectl', '--replicas=3'], ['scale', 'deployment', 'api-kubemu', '--replicas=3'], ['api-kubectl', 'api-kubemu']);
    await same(['create', 'configmap', 'dry', '--from-literal=a=1', '--dry-run=server', '-o', 'name'], ['create', 'configmap', 'dry', '--from-literal=a=1', '--dry-run=server', '-o', 'name']);
    await same(['create', 'configmap', 'settings'], ['create', 'configmap', 'settings']);
    // One engine: what kubectl wrote, kubemu reads at once, field for field as its own twin.
    const a = kubemu(['get', 'configmap', 'from-kubectl', '-o', 'jsonpath={.data}{.metadata.labels}']);
    const b = kubemu(['get', 'configmap', 'from-kubemu', '-o', 'jsonpath={.data}{.metadata.labels}']);
    expect(a).toEqual(b);
    await same(['get', 'deploy', 'api-kubectl', '-o', 'jsonpath={.spec}'], ['get', 'deploy', 'api-kubemu', '-o', 'jsonpath={.spec}'], ['api-kubectl', 'api-kubemu']);
    await same(['delete', 'configmap', 'from-kubectl'], ['delete', 'configmap', 'from-kubemu'], ['from-kubectl', 'from-kubemu']);
    await same(['delete', 'configmap', 'from-kubectl'], ['delete', 'configmap', 'from-kubemu'], ['from-kubectl', 'from-kubemu']);
  });

  it('approves and denies CertificateSigningRequests through the approval subresource, as kubemu does', async () => {
    const key = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const request = Buffer.from(createCertificateRequest({ commonName: 'jane', organization: [] }, key)).toString('base64');
    for (const name of ['csr-kubectl', 'csr-kubemu']) {
      expect(kubemu(['create', '-f', home.file(`${name}.yaml`, `apiVersion: certificates.k8s.io/v1\nkind: CertificateSigningRequest\nmetadata: {name: ${name}}\nspec:\n  request: ${request}\n  signerName: kubernetes.io/kube-apiserver-client\n  usages: [client auth]\n`)]).code).toBe(0);
    }
    await same(['certificate', 'approve', 'csr-kubectl'], ['certificate', 'approve', 'csr-kubemu'], ['csr-kubectl', 'csr-kubemu']);
    await same(['certificate', 'deny', 'csr-kubectl'], ['certificate', 'deny', 'csr-kubemu'], ['csr-kubectl', 'csr-kubemu']);
    await same(['get', 'csr', 'csr-kubectl', '-o', 'jsonpath={.status.conditions[*].reason} {.metadata.managedFields[*].subresource}'],
      ['get', 'csr', 'csr-kubemu', '-o', 'jsonpath={.status.conditions[*].reason} {.metadata.managedFields[*].subresource}']);
  });

  it('adds an ephemeral container through pods/ephemeralcontainers (kubectl debug), and answers a missing subresource with details', async () => {
    expect(kubemu(['run', 'target', '--image=nginx']).code).toBe(0);
    const r = await kubectl(['debug', 'target', '--image=busybox', '--', 'true']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Defaulting debug container name to debugger-[a-z0-9]{5}\.\n$/);
    expect(kubemu(['get', 'pod', 'target', '-o', 'jsonpath={.spec.ephemeralContainers[0].image}']).stdout).toBe('busybox');
    await same(['patch', 'configmap', 'settings', '--subresource=ephemeralcontainers', '-p', '{}']);
  });

  it('copies files into and out of a container with kubectl cp, through tar in the container', async () => {
    expect(kubemu(['run', 'files', '--image=busybox', '--', 'sh', '-c', 'mkdir -p /data/sub; echo one > /data/a.txt; echo two > /data/sub/b.txt; sleep 3600']).code).toBe(0);
    expect(kubemu(['tick', '20s']).code).toBe(0);
    const local = home.file('to-pod.txt', 'from kubectl\n');
    expect(await kubectl(['cp', local, 'files:/tmp/to-pod.txt'])).toEqual({ stdout: '', stderr: '', code: 0 });
    expect(kubemu(['exec', 'files', '--', 'cat', '/tmp/to-pod.txt']).stdout).toBe('from kubectl\n');
    const out = path.join(home.dir, 'from-pod');
    expect((await kubectl(['cp', 'files:/data', out])).code).toBe(0);
    expect([fs.readFileSync(path.join(out, 'a.txt'), 'utf8'), fs.readFileSync(path.join(out, 'sub', 'b.txt'), 'utf8')]).toEqual(['one\n', 'two\n']);
    expect(await kubectl(['cp', local, 'files:/nodir/x'])).toEqual(kubemu(['cp', local, 'files:/nodir/x']));
    // A file that is not UTF-8 goes in and comes out byte for byte, through tar on exec's streams.
    const bytes = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), Buffer.from([0xc3, 0x28, 0xf0, 0x9f])]);
    fs.writeFileSync(path.join(home.dir, 'blob.bin'), bytes);
    expect(await kubectl(['cp', path.join(home.dir, 'blob.bin'), 'files:/tmp/blob.bin'])).toEqual({ stdout: '', stderr: '', code: 0 });
    expect(kubemu(['exec', 'files', '--', 'md5sum', '/tmp/blob.bin']).stdout).toBe(`${crypto.createHash('md5').update(bytes).digest('hex')}  /tmp/blob.bin\n`);
    expect((await kubectl(['cp', 'files:/tmp/blob.bin', path.join(home.dir, 'blob.out')])).code).toBe(0);
    expect(fs.readFileSync(path.join(home.dir, 'blob.out'))).toEqual(bytes);
  });

  /** kubectlWithStdin runs kubectl with input on its stdin (a pipe, not a terminal). */
  const kubectlWithStdin = (args: string[], input: string): Promise<CliResult> => new Promise((resolve) => {
    const child = spawn(KUBECTL_1_32!, ['--kubeconfig', kubeconfig, ...args], { cwd: home.dir, env: { ...process.env, HOME: kubectlHome, KUBECONFIG: '' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    child.on('close', (code) => resolve({ stdout, stderr, code: code ?? -1 }));
    child.stdin.end(input);
  });

  it('streams pods/log, exec and attach as kubemu prints them, and sorts Tables by their objects', async () => {
    setup("run box --image=busybox --restart=Never -- sh -c 'echo one; echo two; echo three; exit 2'");
    setup("run crash --image=busybox -- sh -c 'echo crashing; exit 1'");
    setup("run later --image=busybox --restart=Never -- sh -c 'sleep 20; echo done'");
    setup('tick 10s');
    const web = kubemu(['get', 'pods', '-l', 'app=web', '-o', 'jsonpath={.items[0].metadata.name}']).stdout;
    expect(web).toMatch(/^web-/);
    await allSame([
      ['logs', 'box'], ['logs', 'box', '--tail=1'], ['logs', 'box', '--timestamps'], ['logs', 'box', '--limit-bytes=6'],
      ['logs', 'box', '--since=1h'], ['logs', 'box', '-f'], ['logs', 'crash', '-p'], ['logs', 'crash'], ['logs', 'deploy/web'],
      ['logs', 'box', '-p'], ['logs', 'box', '-c', 'nope'], ['logs', 'nosuch'],
      ['get', 'pods', '--sort-by=.status.containerStatuses[0].restartCount'], ['get', 'pods', '--sort-by=.status.phase', '-o', 'wide'],
      ['get', 'pods', '-A', '--sort-by=.metadata.name'],
      // Events of one second tie: they come out in the order Go's sort.Sort leaves them.
      ['get', 'events', '-A', '--sort-by=.lastTimestamp'], ['get', 'pods', '-A', '--sort-by=.spec.nodeName', '-o', 'name'],
    ]);
    expect((await kubectl(['logs', 'box', '--tail=1'])).stdout).toBe('three\n');
    expect((await kubectl(['logs', 'box', '-p'])).stderr).toBe('Error from server (BadRequest): previous terminated container "box" in pod "box" not found\n');
    // exec: output and the remote exit code, which kubectl exits with.
    const exec = ['exec', web, '--', 'sh', '-c', 'echo hi; exit 3'];
    await same(exec);
    expect(await kubectl(exec)).toEqual({ stdout: 'hi\n', stderr: 'command terminated with exit code 3\n', code: 3 });
    await same(['exec', 'box', '--', 'ls']);
    await same(['exec', web, '-c', 'nope', '--', 'ls']);
    // exec -i: stdin reaches the command once kubectl closes it.
    const input = 'line one\nline two\n';
    const piped = await kubectlWithStdin(['exec', '-i', web, '--', 'sh', '-c', 'cat; echo end'], input);
    expect(piped).toEqual(home.run(['exec', '-i', web, '--', 'sh', '-c', 'cat; echo end'], { stdin: input }));
    expect(piped.stdout).toBe('line one\nline two\nend\n');
    // attach: what the container writes after the attach, streamed as the clock moves, until it ends.
    const attached = kubectl(['attach', 'later']);
    await sleep(2500);
    setup('tick 30s');
    expect(await attached).toEqual({ stdout: 'done\n', stderr: "If you don't see a command prompt, try pressing enter.\n", code: 0 });
    // attach -i: the input reaches a container waiting on stdin once kubectl closes it; each twin pod takes it once.
    setup('run in-kubectl --restart=Never --image=busybox -i --attach=false');
    setup('run in-kubemu --restart=Never --image=busybox -i --attach=false');
    setup('tick 5s');
    const typed = 'echo attached; echo $((6 * 7))\n';
    const viaServe = await kubectlWithStdin(['attach', '-i', 'in-kubectl'], typed);
    expect(viaServe).toEqual(home.run(['attach', '-i', 'in-kubemu'], { stdin: typed }));
    expect(viaServe).toEqual({ stdout: 'attached\n42\n', stderr: "If you don't see a command prompt, try pressing enter.\n", code: 0 });
    await allSame([['logs', 'in-kubectl'], ['get', 'pod', 'in-kubectl', '-o', 'jsonpath={.status.phase}']]);
    expect(kubemu(['get', 'pod', 'in-kubectl', '-o', 'jsonpath={.status.phase}']).stdout).toBe('Succeeded');
  });

  it('forwards a port: a request through kubectl port-forward gets what kubemu port-forward answers', async () => {
    const web = kubemu(['get', 'pods', '-l', 'app=web', '-o', 'jsonpath={.items[0].metadata.name}']).stdout;
    const forwarded = spawn(KUBECTL_1_32!, ['--kubeconfig', kubeconfig, 'port-forward', web, ':80'], { cwd: home.dir, env: { ...process.env, HOME: kubectlHome, KUBECONFIG: '' } });
    let out = '';
    forwarded.stdout.on('data', (d) => { out += d; });
    const own = kubemuStart(home.dir, ['port-forward', web, ':80']);
    const portOf = (text: () => string) => Number(/^Forwarding from 127\.0\.0\.1:(\d+) -> 80$/m.exec(text())?.[1] ?? 0);
    for (let i = 0; i < 200 && (!portOf(() => out) || !portOf(own.stdout)); i++) await sleep(50);
    const get = async (port: number, path: string) => {
      const r = await fetch(`http://127.0.0.1:${port}${path}`);
      // The head too: nginx's own, through either forward.
      return { status: r.status, body: await r.text(), headers: [...r.headers.entries()] };
    };
    try {
      for (const p of ['/', '/missing']) {
        const through = await get(portOf(() => out), p);
        expect(through).toEqual(await get(portOf(own.stdout), p));
        expect(through.status).toBe(p === '/' ? 200 : 404);
        expect(through.headers.find(([k]) => k === 'server')).toEqual(['server', 'nginx/1.27.4']);
      }
      expect(out).toMatch(/^Forwarding from 127\.0\.0\.1:\d+ -> 80\nForwarding from \[::1\]:\d+ -> 80\nHandling connection for \d+\n/);
    } finally {
      forwarded.kill('SIGINT');
      process.kill(own.pid, 'SIGINT');
      await own.done;
    }
  });

  it('server-side applies as kubemu does: managedFields, a conflict after scale, --force-conflicts', async () => {
    const deploy = (name: string, replicas: number) => home.file(`${name}.yaml`, `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: ${name}\nspec:\n  replicas: ${replicas}\n  selector:\n    matchLabels:\n      app: ${name}\n  template:\n    metadata:\n      labels:\n        app: ${name}\n    spec:\n      containers:\n      - name: app\n        image: busybox\n        ports:\n        - containerPort: 8080\n`);
    const twins = async (kubectlArgs: (file: string) => string[], replicas: number) => same(
      kubectlArgs(deploy('ssa-kubectl', replicas)), kubectlArgs(deploy('ssa-kubemu', replicas)), ['ssa-kubectl', 'ssa-kubemu']);
    await twins((f) => ['apply', '--server-side', '-f', f], 2);
    await twins((f) => ['apply', '--server-side', '-f', f], 2);
    await same(['get', 'deploy', 'ssa-kubectl', '-o', 'jsonpath={.metadata.managedFields}'], ['get', 'deploy', 'ssa-kubemu', '-o', 'jsonpath={.metadata.managedFields}'], ['ssa-kubectl', 'ssa-kubemu']);
    await allSame([['get', 'deploy', 'ssa-kubectl', '-o', 'yaml', '--show-managed-fields'], ['get', 'deploy', 'ssa-kubectl', '-o', 'json']]);
    await same(['scale', 'deploy', 'ssa-kubectl', '--replicas=4'], ['scale', 'deploy', 'ssa-kubemu', '--replicas=4'], ['ssa-kubectl', 'ssa-kubemu']);
    await twins((f) => ['apply', '--server-side', '-f', f], 3);
    await twins((f) => ['apply', '--server-side', '--field-manager=ci', '--dry-run=server', '--force-conflicts', '-f', f], 3);
    await twins((f) => ['apply', '--server-side', '--force-conflicts', '-f', f], 3);
    await same(['get', 'deploy', 'ssa-kubectl', '-o', 'jsonpath={.spec.replicas} {.metadata.managedFields[*].manager}'], ['get', 'deploy', 'ssa-kubemu', '-o', 'jsonpath={.spec.replicas} {.metadata.managedFields[*].manager}'], ['ssa-kubectl', 'ssa-kubemu']);
  });

  it('watches: kubectl get -w sees the CLI\'s writes as they commit, once each, in order', async () => {
    const watching = kubectl(['get', 'configmaps', '-w', '--output-watch-events', '--request-timeout=6s']);
    await sleep(2500);
    for (const args of ['create configmap watched --from-literal=a=1', 'label configmap watched x=y', 'delete configmap watched']) setup(args);
    const r = await watching;
    const events = r.stdout.split('\n').filter((l) => /\swatched\s/.test(l)).map((l) => l.split(/\s+/)[0]);
    expect(events).toEqual(['ADDED', 'MODIFIED', 'DELETED']);
    expect(r.stderr).toBe('');
  });
});
