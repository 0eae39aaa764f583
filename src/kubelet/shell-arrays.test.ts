import { describe, expect, it } from 'vitest';
import { runArgv, type ShellConfig } from './shell';

const cfg = (shell: 'sh' | 'bash', env: Record<string, string> = {}): ShellConfig => ({
  env: { PATH: '/bin', ...env }, files: {}, startMs: Date.UTC(2026, 0, 1), shell, binary: () => undefined,
});
const run = (script: string, shell: 'sh' | 'bash' = 'bash', env: Record<string, string> = {}) => {
  const p = runArgv([shell, '-c', script], cfg(shell, env));
  return { out: p.lines.map((l) => l.text), code: p.exit?.code };
};

describe('bash arrays', () => {
  it('index an element by arithmetic, as the documentation\'s Indexed Job does', () => {
    expect(run('items=(foo bar baz qux xyz)\necho ${items[$JOB_COMPLETION_INDEX]}', 'bash', { JOB_COMPLETION_INDEX: '2' })).toEqual({ out: ['baz'], code: 0 });
    expect(run('a=(x y z); i=1; echo ${a[i+1]} ${a[0]} $a ${a[-1]}')).toEqual({ out: ['z x x z'], code: 0 });
  });

  it('count, list and loop over the elements, one field each when quoted', () => {
    expect(run('a=("one two" three); echo ${#a[@]} ${#a[0]}; for w in "${a[@]}"; do echo "[$w]"; done; for w in ${a[@]}; do echo "<$w>"; done')).toEqual({
      out: ['2 7', '[one two]', '[three]', '<one>', '<two>', '<three>'], code: 0,
    });
    expect(run('a=(); echo "${#a[@]}" "${a[0]:-none}"')).toEqual({ out: ['0 none'], code: 0 });
    expect(run('a=(1 2); a=(3); echo ${#a[@]} ${a[@]}')).toEqual({ out: ['1 3'], code: 0 });
  });

  it('take substitutions and quoted parentheses as elements, and refuse an unclosed list', () => {
    expect(run('a=($(echo 1 2) "3)" \'(4\'); echo ${#a[@]} ${a[2]} ${a[3]}')).toEqual({ out: ['4 3) (4'], code: 0 });
    expect(run('a=(x y')).toEqual({ out: ["bash: -c: line 1: unexpected EOF while looking for matching `('"], code: 2 });
    expect(run('a=(x); echo ${a[1/0]}')).toEqual({ out: ['bash: divide by zero'], code: 2 });
  });

  it('are a syntax error in busybox sh', () => {
    expect(run('a=(1 2); echo after', 'sh')).toEqual({ out: ['sh: syntax error: unexpected "("'], code: 2 });
  });
});
