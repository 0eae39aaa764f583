/**
 * explain-oracle: runs the real kubectl 1.32's `explain` against a loopback server publishing
 * kubemu's discovery and OpenAPI documents (test/helpers/openapi-server.ts), and kubemu's own
 * `explain` with the same arguments; every command line must give the same bytes, errors and
 * exit code. Shared by the explain differential suites (v3 layout and plaintext-openapiv2).
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

/** describeExplainVsKubectl declares a suite comparing kubectl and kubemu on each argv. */
export function describeExplainVsKubectl(title: string, argvs: readonly string[][]): void {
  describeWithInputs(title, [kubectlInput(KUBECTL_1_32 !== undefined)], () => {
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
      // kubectl first, four at a time (kubemu runs in this process and would hold up the server).
      const theirs: CliResult[] = [];
      for (let i = 0; i < argvs.length; i += 4) theirs.push(...await Promise.all(argvs.slice(i, i + 4).map(kubectl)));
      const differing = argvs.flatMap((args, i) => {
        const ours = home.run(args);
        const t = theirs[i]!;
        return t.stdout === ours.stdout && t.stderr === ours.stderr && t.code === ours.code ? []
          : [`${args.join(' ')}\n  kubectl: ${JSON.stringify(t).slice(0, 600)}\n  kubemu:  ${JSON.stringify(ours).slice(0, 600)}`];
      });
      expect(differing).toEqual([]);
    }, 120_000);
  });
}
