/**
 * kubectl config set / unset, set-credentials (and the other config subcommands' argument errors) against the
 * real kubectl 1.32, offline: each command runs on both sides over its own kubeconfig file,
 * and the outputs, exit codes and the files they leave must be the same byte for byte. Go's
 * pointer addresses in two error texts are the only thing masked.
 */
import { afterAll, expect, it, vi } from 'vitest';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { tempHome } from '../helpers/run-cli';
import { describeWithInputs, kubectlInput } from '../helpers/required-input';
import { KUBECTL_1_32 } from './kubectl-oracle';

const STEPS: string[][] = [
  ['set', 'users.foo.token', 'abc'], ['set', 'users.foo.act-as', 'bob'], ['set', 'users.foo.as', 'bob'],
  ['set', 'clusters.my.cluster.com.server', 'https://1.2.3.4'], ['set', 'clusters.my.cluster.com.certificate-authority-data', 'bm90'],
  ['set', 'clusters.x.certificate-authority-data', 'not base64!'], ['set', 'clusters.x.certificate-authority-data', 'bm9'],
  ['set', 'clusters.x.certificate-authority-data', 'raw', '--set-raw-bytes'],
  ['set', 'clusters.x.insecure-skip-tls-verify', 'yes'], ['set', 'clusters.x.insecure-skip-tls-verify', 'true'],
  ['set', 'contexts.c1.namespace', 'ns1'], ['set', 'current-context', 'c1'], ['set', 'preferences.colors', 'true'],
  ['set', 'preferences.nope', 'true'], ['set', 'users.foo.act-as-groups', 'a'], ['set', 'clusters.x'], ['set', 'nothing', 'x'],
  ['set', 'users.foo.token', ''], ['set', 'users.foo.auth-provider.name', 'gcp'], ['set', 'users.foo.exec.command', 'foo'],
  ['set', 'users.foo.token.x', 'y'], ['set', 'kind', 'Foo'], ['set', 'contexts.c1.cluster', 'my.cluster.com'],
  ['unset', 'users.foo.token'], ['unset', 'users.nope'], ['unset', 'users.nope.token'], ['unset', 'contexts.c1.namespace'],
  ['unset', 'preferences.colors'], ['unset', 'clusters.my.cluster.com.server'], ['unset', 'contexts.c1.cluster'],
  ['unset', 'clusters.none.server'], ['unset', 'current-context'], ['unset', 'a', 'b'], ['unset', 'a'], ['unset', 'users.foo'],
  ['unset', 'contexts'],
  ['use-context'], ['use-context', 'a', 'b'], ['rename-context', 'a'], ['delete-cluster'], ['delete-context', 'a', 'b'],
  ['delete-user'], ['set-cluster'], ['set-context', 'a', 'b'],
  // set-credentials' exec and auth-provider flags, and its checks.
  // New env vars are appended in a Go map's order, which varies: one new name per step.
  ['set-credentials', 'u', '--exec-command=aws', '--exec-arg=eks,get-token', '--exec-arg=--x', '--exec-env=A=1', '--exec-api-version=client.authentication.k8s.io/v1beta1'],
  ['set-credentials', 'u', '--exec-env=B=2'],
  ['set-credentials', 'u', '--exec-env=A-', '--exec-interactive-mode=Never', '--exec-provide-cluster-info'],
  ['set-credentials', 'v', '--auth-provider=gcp', '--auth-provider-arg=a=1,b=2'], ['set-credentials', 'v', '--auth-provider-arg=a-'],
  ['set-credentials', 'u', '--exec-command=other'], ['set-credentials', 'u', '--exec-interactive-mode=bad'],
  ['set-credentials', 'w', '--exec-arg=x'], ['set-credentials', 'w', '--auth-provider-arg=x'], ['set-credentials', 'w', '--exec-env=noeq'],
  ['set-credentials', 'a', '--auth-provider=oidc'], ['set-credentials', 'b', '--exec-command=x'],
  ['set-credentials', 'c', '--token=t', '--username=u'], ['set-credentials', 'c', '--token=t'], ['set-credentials', 'c', '--username=u'],
  ['set-credentials', 'd', '--embed-certs'], ['set-credentials', 'e', '--password=p', '--token='],
  ['set-credentials', 'v', '--auth-provider=oidc'], ['set-credentials', 'u', '--exec-env=C=3', '--exec-env=B=9'],
  ['view'], ['view', '-o', 'json'],
];

const masked = (s: string) => s.replace(/0x[0-9a-f]+/g, '0xADDR');

describeWithInputs('config set / unset vs kubectl 1.32', [kubectlInput(KUBECTL_1_32 !== undefined)], () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubemu-config-set-'));
  const home = tempHome();
  afterAll(() => { home.cleanup(); fs.rmSync(dir, { recursive: true, force: true }); });
  const theirs = path.join(dir, 'kubectl', 'config');
  const ours = path.join(dir, 'kubemu', 'config');
  fs.mkdirSync(path.dirname(theirs), { recursive: true });
  fs.mkdirSync(path.dirname(ours), { recursive: true });

  it('leaves the same files and prints the same lines, step by step', () => {
    for (const step of STEPS) {
      const r = spawnSync(KUBECTL_1_32!, ['config', ...step], { encoding: 'utf8', env: { ...process.env, KUBECONFIG: theirs } });
      vi.stubEnv('KUBECONFIG', ours);
      const mine = home.run(['config', ...step]);
      vi.unstubAllEnvs();
      const label = step.join(' ');
      expect({ stdout: mine.stdout, stderr: masked(mine.stderr), code: mine.code }, label).toEqual({ stdout: r.stdout, stderr: masked(r.stderr), code: r.status });
      expect(fs.existsSync(ours) ? fs.readFileSync(ours, 'utf8') : '', label).toBe(fs.existsSync(theirs) ? fs.readFileSync(theirs, 'utf8') : '');
    }
  });
});
