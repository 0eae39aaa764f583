/**
 * shell-grep: busybox grep's options, each case checked against busybox 1.35's own output.
 */
import { describe, expect, it } from 'vitest';
import { runArgv, type ShellConfig } from './shell';

const G = 'alpha\nbeta\ngamma\ndelta\nepsilon\nzeta\neta\ntheta\n';
const cfg: ShellConfig = {
  env: { PATH: '/bin', PWD: '/w' }, files: { '/w/g.txt': G, '/w/d/a': 'x beta\n', '/w/d/sub/b': 'no\n' },
  startMs: Date.UTC(2026, 0, 1), shell: 'sh', binary: () => undefined,
};
const sh = (script: string) => {
  const p = runArgv(['sh', '-c', script], cfg);
  return { out: p.lines.map((l) => l.text), code: p.exit?.code };
};

describe('busybox grep', () => {
  const cases: [string, string[], number?][] = [
    ['grep -e alpha -e eta g.txt', ['alpha', 'beta', 'zeta', 'eta', 'theta']],
    ['grep -A1 beta g.txt', ['beta', 'gamma']],
    ['grep -B2 -n eta g.txt', ['1-alpha', '2:beta', '--', '4-delta', '5-epsilon', '6:zeta', '7:eta', '8:theta']],
    ['grep -C1 -n -e alpha -e theta g.txt', ['1:alpha', '2-beta', '--', '7-eta', '8:theta']],
    ['grep -o et g.txt', ['et', 'et', 'et', 'et']],
    ['grep -w eta g.txt', ['eta']],
    ['grep -x eta g.txt', ['eta']],
    ['grep -c -e a g.txt', ['7']],
    ['grep -r beta d', ['d/a:x beta']],
    ['grep -rl beta d/', ['d/a']],
    ['grep -L beta g.txt d/a', [], 1],
    ['grep -L beta g.txt d/sub/b', ['d/sub/b']],
    ['grep -m2 a g.txt', ['alpha', 'beta']],
    ['grep -m1 -A2 a g.txt', ['alpha']],
    ['grep -H -n beta g.txt', ['g.txt:2:beta']],
    ['grep -n -A1 beta g.txt d/a', ['g.txt:2:beta', 'g.txt-3-gamma', '--', 'd/a:1:x beta']],
    ['grep -s x nope', [], 2],
    ['grep -q beta nope g.txt', ['grep: nope: No such file or directory'], 0],
    ["grep -E '[[:digit:]]|ta$' g.txt", ['beta', 'delta', 'zeta', 'eta', 'theta']],
    ["grep -ow 'e[a-z]*' g.txt", ['epsilon', 'eta']],
    ['grep -vc a g.txt', ['1']],
    ['grep -iF ETA g.txt', ['beta', 'zeta', 'eta', 'theta']],
    ['printf "beta\\nzeta\\n" > pats; grep -f pats g.txt', ['beta', 'zeta']],
    ['grep -A x y g.txt', ["grep: invalid number 'x'", 'BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.'], 2],
    ['grep -Q x g.txt', ["grep: invalid option -- 'Q'", 'BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.'], 2],
  ];
  for (const [script, out, code = 0] of cases) {
    it(script, () => expect(sh(script)).toEqual({ out, code }));
  }
});
