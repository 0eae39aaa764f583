/**
 * explain -o plaintext-openapiv2 vs kubectl: the real kubectl 1.32 reads /openapi/v2 (gnostic's
 * protobuf, made from kubemu's schemas by test/helpers/openapi-v2-proto.ts) from a loopback
 * server and prints its pre-1.27 layout; kubemu must print the same bytes, errors and exit codes
 * for a sample of kinds and fields.
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import type { Server } from 'node:http';
import * as path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startOpenAPIServer } from '../helpers/openapi-server';
import { describeWithInputs, kubectlInput } from '../helpers/required-input';
import { tempHome, type CliResult } from '../helpers/run-cli';
import { KUBECTL_1_32 } from './kubectl-oracle';

const CASES = [
  'pods', 'pods.spec.containers', 'pods.spec.containers.imagePullPolicy', 'pods.spec.containers.args', 'deploy.spec --recursive',
  'pods.metadata.labels', 'node.status.capacity', 'svc.spec.ports.targetPort', 'hpa --api-version=autoscaling/v1', 'cronjob.spec.jobTemplate',
  'secret.data', 'netpol.spec.ingress.from', 'pod.spec.affinity --recursive', 'ingresses.networking.k8s.io.spec', 'pods.spec.nosuch', 'configmap',
  'crd.spec.versions.schema', 'pods.spec.containers.resources', 'jobs.batch', 'ev.events.k8s.io', 'statefulset.spec.volumeClaimTemplates',
];

describeWithInputs('explain -o plaintext-openapiv2 vs kubectl', [kubectlInput(KUBECTL_1_32 !== undefined)], () => {
  const home = tempHome();
  let server: Server;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    if (!KUBECTL_1_32) throw new Error('kubectl.1.32 cannot be found beside the kubectl on PATH: required under CI=true');
    const started = await startOpenAPIServer();
    server = started.server;
    fs.mkdirSync(path.join(home.dir, 'kubectl-home'));
    const kubeconfig = path.join(home.dir, 'kubectl-home', 'config');
    fs.writeFileSync(kubeconfig, `apiVersion: v1\nkind: Config\nclusters: [{name: e, cluster: {server: "${started.url}"}}]\ncontexts: [{name: e, context: {cluster: e, user: u}}]\nusers: [{name: u, user: {}}]\ncurrent-context: e\n`);
    env = { ...process.env, KUBECONFIG: kubeconfig, HOME: path.join(home.dir, 'kubectl-home') };
  });
  afterAll(() => { server?.close(); home.cleanup(); });

  const kubectl = (args: string[]): Promise<CliResult> => new Promise((resolve) => {
    execFile(KUBECTL_1_32!, args, { env, maxBuffer: 16 << 20 }, (err, stdout, stderr) => {
      resolve({ stdout, stderr, code: err ? (typeof err.code === 'number' ? err.code : -1) : 0 });
    });
  });

  it('prints what kubectl prints for every case', async () => {
    const argv = CASES.map((line) => ['explain', ...line.split(' '), '-o', 'plaintext-openapiv2']);
    const theirs: CliResult[] = [];
    for (let i = 0; i < argv.length; i += 4) theirs.push(...await Promise.all(argv.slice(i, i + 4).map(kubectl)));
    const differing = argv.flatMap((args, i) => {
      const ours = home.run(args);
      const t = theirs[i]!;
      return t.stdout === ours.stdout && t.stderr === ours.stderr && t.code === ours.code ? []
        : [`${args.join(' ')}\n  kubectl: ${JSON.stringify(t).slice(0, 600)}\n  kubemu:  ${JSON.stringify(ours).slice(0, 600)}`];
    });
    expect(differing).toEqual([]);
  }, 120_000);
});
