/**
 * explain vs kubectl: the real kubectl 1.32 runs `explain` against a loopback server that
 * publishes kubemu's discovery and OpenAPI v3 documents (test/helpers/openapi-server.ts);
 * kubemu's own `explain` must print the same bytes, errors and exit codes. This checks the
 * renderer against kubectl's template; the schemas' own fidelity to v1.32 is checked in
 * src/api/openapi/documents.test.ts.
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import type { Server } from 'node:http';
import * as path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { builtinRegistry } from '../../src/api/registry';
import { startOpenAPIServer } from '../helpers/openapi-server';
import { describeWithInputs, kubectlInput } from '../helpers/required-input';
import { tempHome, type CliResult } from '../helpers/run-cli';
import { KUBECTL_1_32 } from './kubectl-oracle';

/** CASES: every resource once, plus fields, recursion, enums, versions and each error kubectl words. */
const CASES = [
  ...builtinRegistry.resources.map((r) => (r.group ? `${r.resource}.${r.group}` : r.resource)),
  'pods --recursive', 'deploy.spec --recursive', 'crd.spec.versions.schema --recursive', 'pod.spec.affinity --recursive',
  'po.spec.containers', 'pod.spec.containers.imagePullPolicy', 'svc.spec.ports.targetPort', 'node.status.capacity',
  'pod.metadata.creationTimestamp', 'cronjob.spec.jobTemplate', 'secret.data', 'netpol.spec.ingress.from',
  'hpa --api-version=autoscaling/v1', 'pods --api-version=apps/v1', 'pods --api-version=v9', 'pods.',
  'pods.spec.nosuch', 'nosuch', 'ev.events.k8s.io', 'pods.spec.containers[0]', 'pods a', '', 'pods -o foo',
];

describeWithInputs('explain vs kubectl', [kubectlInput(KUBECTL_1_32 !== undefined)], () => {
  const home = tempHome();
  let server: Server;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    if (!KUBECTL_1_32) throw new Error('kubectl.1.32 cannot be found beside the kubectl on PATH: required under CI=true');
    const started = await startOpenAPIServer();
    server = started.server;
    fs.mkdirSync(path.join(home.dir, 'kubectl-home'));
    // kubectl's kubeconfig lives outside KUBEMU_HOME: kubemu reads $KUBEMU_HOME/kubeconfig as its own.
    const kubeconfig = path.join(home.dir, 'kubectl-home', 'config');
    fs.writeFileSync(kubeconfig, `apiVersion: v1\nkind: Config\nclusters: [{name: e, cluster: {server: "${started.url}"}}]\ncontexts: [{name: e, context: {cluster: e, user: u}}]\nusers: [{name: u, user: {}}]\ncurrent-context: e\n`);
    env = { ...process.env, KUBECONFIG: kubeconfig, HOME: path.join(home.dir, 'kubectl-home') };
  });
  afterAll(() => { server?.close(); home.cleanup(); });

  // The server answers in this process, so kubectl must run without blocking it.
  const kubectl = (args: string[]): Promise<CliResult> => new Promise((resolve) => {
    execFile(KUBECTL_1_32!, args, { env, maxBuffer: 16 << 20 }, (err, stdout, stderr) => {
      resolve({ stdout, stderr, code: err ? (typeof err.code === 'number' ? err.code : -1) : 0 });
    });
  });

  it('prints what kubectl prints for every case', async () => {
    const argv = CASES.map((line) => ['explain', ...line.split(' ').filter((a) => a)]);
    // kubectl first, four at a time (kubemu runs in this process and would hold up the server).
    const theirs: CliResult[] = [];
    for (let i = 0; i < argv.length; i += 4) theirs.push(...await Promise.all(argv.slice(i, i + 4).map(kubectl)));
    const differing = argv.flatMap((args, i) => {
      const ours = home.run(args);
      const t = theirs[i]!;
      return t.stdout === ours.stdout && t.stderr === ours.stderr && t.code === ours.code ? []
        : [`${args.join(' ')}\n  kubectl: ${JSON.stringify(t).slice(0, 300)}\n  kubemu:  ${JSON.stringify(ours).slice(0, 300)}`];
    });
    expect(differing).toEqual([]);
  }, 120_000);
});
