/**
 * shell-sed: busybox sed's addresses and commands, each case checked against busybox 1.35's own output.
 */
import { describe, expect, it } from 'vitest';
import { runArgv, type ShellConfig } from './shell';

const G = 'alpha\nbeta\ngamma\ndelta\nepsilon\nzeta\neta\ntheta\n';
const cfg: ShellConfig = {
  env: { PATH: '/bin', PWD: '/w' }, files: { '/w/g.txt': G },
  startMs: Date.UTC(2026, 0, 1), shell: 'sh', binary: () => undefined,
};
const sh = (script: string) => {
  const p = runArgv(['sh', '-c', script], cfg);
  return { out: p.lines.map((l) => l.text), code: p.exit?.code };
};
const all = G.trimEnd().split('\n');

describe('busybox sed', () => {
  const cases: [string, string[], number?][] = [
    ["sed -n '/beta/,$p' g.txt", all.slice(1)],
    ["sed -n '2,4p' g.txt", ['beta', 'gamma', 'delta']],
    ["sed '/beta/,/delta/d' g.txt", ['alpha', 'epsilon', 'zeta', 'eta', 'theta']],
    ["sed -n '$p' g.txt", ['theta']],
    ["sed '3,1d' g.txt", ['alpha', 'beta', 'delta', 'epsilon', 'zeta', 'eta', 'theta']],
    ["sed -n '/eta/,+1p' g.txt", ['beta', 'gamma', 'zeta', 'eta', 'theta']],
    ["sed -n '2!p' g.txt", all.filter((l) => l !== 'beta')],
    ["sed '/a/{s/a/A/;p}' -n g.txt", ['Alpha', 'betA', 'gAmma', 'deltA', 'zetA', 'etA', 'thetA']],
    ["sed '2a hello' g.txt", ['alpha', 'beta', 'hello', ...all.slice(2)]],
    ["sed '2i hello' g.txt", ['alpha', 'hello', ...all.slice(1)]],
    ["sed '2,3c gone' g.txt", ['alpha', 'gone', ...all.slice(3)]],
    ["sed -n '/zeta/=' g.txt", ['6']],
    ["sed 'y/abc/xyz/' g.txt", ['xlphx', 'yetx', 'gxmmx', 'deltx', 'epsilon', 'zetx', 'etx', 'thetx']],
    ["sed '$!d' g.txt", ['theta']],
    ["sed '/beta/,/nomatch/d' g.txt", ['alpha']],
    ["sed '5q' g.txt", all.slice(0, 5)],
    ["sed 'N;s/\\n/+/' g.txt", ['alpha+beta', 'gamma+delta', 'epsilon+zeta', 'eta+theta']],
    ["sed 'n;d' g.txt", ['alpha', 'gamma', 'epsilon', 'eta']],
    ["sed 's/e/[&]/gp' -n g.txt", ['b[e]ta', 'd[e]lta', '[e]psilon', 'z[e]ta', '[e]ta', 'th[e]ta']],
    ["sed '/alpha/,/beta/{/beta/!d}' g.txt", all.slice(1)],
    ["sed '2,3!d' g.txt", ['beta', 'gamma']],
    ["sed -n '/gamma/,3p' g.txt", ['gamma']],
    ["sed -n '4,/a/p' g.txt", ['delta', 'epsilon', 'zeta']],
    ["sed '1d;$d' g.txt", all.slice(1, -1)],
    ["sed 's#a#/#' g.txt", ['/lpha', 'bet/', 'g/mma', 'delt/', 'epsilon', 'zet/', 'et/', 'thet/']],
    ["sed -n '\\,eta,p' g.txt", ['beta', 'zeta', 'eta', 'theta']],
    ["sed '1,2 s/a/X/' g.txt", ['Xlpha', 'betX', ...all.slice(2)]],
    ["sed '/a/ d' g.txt", ['epsilon']],
    ["sed -E 's/(a|e)+/_/g' g.txt", ['_lph_', 'b_t_', 'g_mm_', 'd_lt_', '_psilon', 'z_t_', '_t_', 'th_t_']],
    ["sed -n 'h;n;G;p' g.txt", ['beta', 'alpha', 'delta', 'gamma', 'zeta', 'epsilon', 'theta', 'eta']],
    ["sed -n -e 2p -e 4p g.txt", ['beta', 'delta']],
    ["printf 'a\\nb\\nc\\n' | sed '$!N;s/\\n/+/'", ['a+b', 'c']],
    ["sed 's/\\(b\\)eta/\\1E/' g.txt | head -2", ['alpha', 'bE']],
    // Labels and branches: b (to a label, or to the end of the script), t and T.
    ["sed ':a;N;$!ba;s/\\n/ /g' g.txt", [all.join(' ')]],
    ["sed -e :a -e '$!N;s/\\n/,/;ta' g.txt", [all.join(',')]],
    ["sed 's/a/A/;t;s/e/E/' g.txt", ['Alpha', 'betA', 'gAmma', 'deltA', 'Epsilon', 'zetA', 'etA', 'thetA']],
    ["sed 's/a/A/;T;s/e/E/' g.txt", ['Alpha', 'bEtA', 'gAmma', 'dEltA', 'epsilon', 'zEtA', 'EtA', 'thEtA']],
    ["sed ':x;s/a//;tx' g.txt", ['lph', 'bet', 'gmm', 'delt', 'epsilon', 'zet', 'et', 'thet']],
    ["sed -n '/beta/{:l;n;/epsilon/q;p;bl;}' g.txt", ['gamma', 'delta']],
    // busybox reads the label of `bl}` as "l}", so the block has no end.
    ["sed -n '/beta/{:l;n;p;bl}' g.txt", ['sed: unterminated {'], 1],
    ["sed '/a/b end;s/$/!/;:end' g.txt", [...all.slice(0, 4), 'epsilon!', ...all.slice(5)]],
    // busybox clears t's flag when n reads a line, not when N appends one (GNU sed clears it for both).
    ["sed 's/a/A/;n;tdone;s/$/!/;:done' g.txt", ['Alpha', 'beta!', 'gAmma', 'delta!', 'epsilon', 'zeta!', 'etA', 'theta!']],
    ["sed 's/a/A/;N;tdone;s/$/!/;:done' g.txt", ['Alpha', 'beta', 'gAmma', 'delta', 'epsilon', 'zeta!', 'etA', 'theta']],
    // A missing label fails only when the branch is taken, after what was printed; a label ends at ; or a blank.
    ["sed '2bnope' g.txt", ['alpha', "sed: can't find label for jump to 'nope'"], 1],
    ["sed '/x' g.txt", ["sed: unmatched '/'"], 1],
    ["sed 'k' g.txt", ['sed: unsupported command k'], 1],
    ["sed 's/a/b' g.txt", ["sed: unmatched '/'"], 1],
    ["sed '2,3{p' g.txt", ['sed: unterminated {'], 1],
    ["sed 's/a/b/x' g.txt", ['sed: bad option in substitution expression'], 1],
    ["sed p nope", ['sed: nope: No such file or directory'], 1],
  ];
  for (const [script, out, code = 0] of cases) {
    it(script, () => expect(sh(script)).toEqual({ out, code }));
  }

  it('sed -i edits the file in place, with a range', () => {
    expect(sh("sed -i '/gamma/,$d' g.txt; cat g.txt")).toEqual({ out: ['alpha', 'beta'], code: 0 });
  });
});
