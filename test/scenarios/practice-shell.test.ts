/**
 * kubemu shell: the rc file it writes puts kubectl and k shims first on PATH (files, so a
 * verify script run as its own process finds them), wires completion to `__complete`, and
 * keeps context/namespace for the prompt; `--print-env` and `shell -- COMMAND` serve CI.
 * bash runs for real against the built binary, non-interactively, with the rc file sourced.
 */
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../helpers/build-once';
import { manualCluster, type TempHome } from '../helpers/run-cli';

const VERIFY = `#!/bin/bash
# a verify script as an exam's checker writes it: plain kubectl on PATH
n=$(kubectl get pods -l app=web -o name | wc -l)
kubectl get deploy web -o jsonpath='{.status.readyReplicas}'; echo
[ "$n" -eq 2 ] && echo PASS || { echo FAIL; exit 1; }
`;

describe('kubemu shell', () => {
  let home: TempHome;
  let pods: string[];
  let bin: string;
  beforeAll(() => {
    ensureBuilt();
    home = manualCluster('practice', 3);
    expect(home.run('create deployment web --image=nginx --replicas=2').code).toBe(0);
    expect(home.run('tick 30s').code).toBe(0);
    pods = home.run('get pods -o name').stdout.trim().split('\n').map((p) => p.replace('pod/', ''));
    expect(pods).toHaveLength(2);
    bin = path.join(home.dir, 'shell', 'bin');
  });
  afterAll(() => home.cleanup());

  /** bash runs a script in a clean environment (no ~/.bashrc, no kubemu on PATH but the shims). */
  const bash = (script: string) => spawnSync('bash', ['-c', script], {
    encoding: 'utf8', cwd: home.dir, env: { PATH: process.env.PATH!, HOME: home.dir, KUBEMU_HOME: home.dir, NO_COLOR: '1' },
  });

  it('prints the exports that put the shims on PATH', () => {
    expect(home.run('shell --print-env')).toEqual({ code: 0, stderr: '', stdout: `export KUBEMU_HOME='${home.dir}'\nexport PATH='${bin}':"$PATH"\n` });
  });

  it('gives bash k and kubectl, completion from the cluster, and a verify script that runs unchanged', () => {
    const verify = home.file('verify.sh', VERIFY);
    const r = bash(`. shell/bashrc
type k
complete -p k
kubectl __complete get po '' 2>/dev/null
bash ${verify}; echo "exit $?"
__kubemu_prompt; echo "prompt $KUBEMU_PS1"
k config set-context --current --namespace=kube-system
__kubemu_prompt; echo "prompt $KUBEMU_PS1"`);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe([
      `k is ${bin}/k`,
      'complete -F __kubemu_complete k',
      ...pods, ':4',
      '2', 'PASS', 'exit 0',
      'prompt practice/default',
      'Context "practice" modified.',
      'prompt practice/kube-system',
      '',
    ].join('\n'));
  });

  it('runs a command after -- with the shims on PATH and returns its exit status', () => {
    const r = spawnSync(path.resolve(__dirname, '../../bin/kubemu'), ['shell', '--', 'bash', '-c', 'k get ns default -o name; exit 3'], {
      encoding: 'utf8', env: { PATH: process.env.PATH!, HOME: home.dir, KUBEMU_HOME: home.dir },
    });
    expect([r.status, r.stdout, r.stderr]).toEqual([3, 'namespace/default\n', '']);
  });
});
