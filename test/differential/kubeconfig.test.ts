/**
 * kubectl config vs kubectl 1.32 on kubeconfig files: the same sequence of config commands
 * is run by both against a file of their own (`--kubeconfig`), and after each step the
 * outputs, the exit code and the file itself must be the same (with the file's path
 * replaced). Offline: kubectl's config subcommands never reach a server.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { tempHome } from '../helpers/run-cli';
import { describeWithKubectl, kubectl } from './kubectl-oracle';

/** STEPS are config invocations (after `config`); each gets `--kubeconfig FILE`. */
const STEPS: string[][] = [
  ['view'],
  ['get-contexts'],
  ['get-users'],
  ['current-context'],
  ['view', '--minify'],
  ['set-cluster', 'c1', '--server=https://1.2.3.4:6443'],
  ['set-cluster', 'c2', '--server=https://5.6.7.8:6443', '--certificate-authority=ca.crt', '--embed-certs'],
  ['set-cluster', 'c3', '--certificate-authority=ca.crt', '--insecure-skip-tls-verify=true'],
  ['set-credentials', 'u1', '--client-certificate=u.crt', '--client-key=u.key'],
  ['set-credentials', 'u2', '--token=abc'],
  ['set-credentials', 'u3', '--client-certificate=u.crt', '--client-key=u.key', '--embed-certs'],
  ['set-credentials', 'u4', '--client-certificate=missing.crt', '--embed-certs'],
  ['set-credentials', 'u5', '--username=admin', '--password=secret'],
  ['set-context', 'x', '--cluster=c1', '--user=u1', '--namespace=dev'],
  ['set-context', 'y', '--cluster=c2', '--user=u2'],
  ['set-context', 'x', '--namespace=n'],
  ['set-context'],
  ['set-context', '--current', '--namespace=z'],
  ['view'],
  ['view', '-o', 'json'],
  ['view', '--raw'],
  ['view', '--minify'],
  ['use-context', 'nope'],
  ['use-context', 'x'],
  ['current-context'],
  ['view', '--minify'],
  ['view', '--minify', '--flatten'],
  ['view', '--flatten'],
  ['get-contexts'],
  ['get-contexts', 'y'],
  ['get-contexts', 'nope'],
  ['get-contexts', '-o', 'name'],
  ['get-clusters'],
  ['get-users'],
  ['set-context', '--current', '--namespace=z'],
  ['rename-context', 'y', 'w'],
  ['rename-context', 'zz', 'w'],
  ['rename-context', 'x', 'w'],
  ['delete-context', 'w'],
  ['delete-context', 'w'],
  ['delete-user', 'u5'],
  ['delete-user', 'u5'],
  ['delete-cluster', 'c3'],
  ['delete-cluster', 'c3'],
  ['delete-context', 'x'],
  ['get-contexts'],
  ['view'],
];

describeWithKubectl('kubectl config on kubeconfig files, against kubectl 1.32', () => {
  const home = tempHome();
  const mine = path.join(home.dir, 'work-kubemu');
  const theirs = path.join(home.dir, 'work-kubectl');
  afterAll(() => home.cleanup());
  for (const dir of [mine, theirs]) {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'ca.crt'), 'ca\n');
    fs.writeFileSync(path.join(dir, 'u.crt'), 'cert\n');
    fs.writeFileSync(path.join(dir, 'u.key'), 'key\n');
  }
  // kubectl's client-go logs (E1202 … cert_rotation.go) about test files that are not PEM are not its output.
  const norm = (s: string, dir: string) => s.split(dir).join('DIR').split('\n').filter((l) => !/^E\d{4} /.test(l)).join('\n');

  // get-clusters prints kubectl's map of clusters in Go's random map order (get-users sorts):
  // kubemu prints them sorted, so the comparison sorts kubectl's names too.
  const order = (step: string[], out: string) => {
    if (step[0] !== 'get-clusters') return out;
    const [head, ...names] = out.split('\n').filter((l) => l);
    return [head, ...names.sort(), ''].join('\n');
  };

  STEPS.forEach((step, i) => {
    it(`${i}: config ${step.join(' ')}`, () => {
      const a = kubectl(['config', ...step, '--kubeconfig', path.join(theirs, 'kc')], theirs);
      const b = home.run(['config', ...step, '--kubeconfig', path.join(mine, 'kc')], { cwd: mine });
      expect({ stdout: norm(b.stdout, mine), stderr: norm(b.stderr, mine), code: b.code })
        .toEqual({ stdout: order(step, norm(a.stdout, theirs)), stderr: norm(a.stderr, theirs), code: a.code });
      const file = (dir: string) => (fs.existsSync(path.join(dir, 'kc')) ? norm(fs.readFileSync(path.join(dir, 'kc'), 'utf8'), dir) : '');
      expect(file(mine)).toBe(file(theirs));
    });
  });
});
