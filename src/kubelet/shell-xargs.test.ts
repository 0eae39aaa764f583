/** xargs against busybox 1.35 (the expected texts are what it printed for these commands). */
import { describe, expect, it } from 'vitest';
import { runArgv, type ShellConfig } from './shell';

const cfg: ShellConfig = { env: {}, files: { '/data/a.txt': 'hello\n' }, startMs: 0, shell: 'sh', binary: () => undefined };
/** run is what a script wrote to stdout and stderr, in order. */
const run = (script: string) => runArgv(['sh', '-c', script], cfg).lines.map((l) => `${l.stream === 'stderr' ? 'err' : 'out'}: ${l.text}`);

describe('xargs', () => {
  it('runs the command on the items, in batches', () => {
    expect(run('printf "a b\\nc\\n" | xargs; printf "a b\\nc\\n" | xargs -n 1 echo x; printf "a\\nb\\n" | xargs -I{} echo "<{}>"')).toEqual([
      'out: a b c', 'out: x a', 'out: x b', 'out: x c', 'out: <a>', 'out: <b>',
    ]);
    expect(run('echo "a \\"b c\\" d" | xargs -n1; printf "a\\0b c\\0" | xargs -0 -n1 echo; printf /data/a.txt | xargs cat')).toEqual(['out: a', 'out: b c', 'out: d', 'out: a', 'out: b c', 'out: hello']);
  });

  it('runs once on empty input unless -r, and traces with -t', () => {
    expect(run('echo -n | xargs echo empty; echo -n | xargs -r echo empty; printf "1 2 3" | xargs -t -n2 echo')).toEqual([
      'out: empty', 'err: echo 1 2', 'out: 1 2', 'err: echo 3', 'out: 3',
    ]);
  });

  it('exits as busybox does', () => {
    expect(run('echo x | xargs nosuch; echo "[$?]"; echo x | xargs sh -c "exit 3"; echo "[$?]"; echo "a\'b" | xargs echo; echo "[$?]"')).toEqual([
      'err: xargs: nosuch: No such file or directory', 'out: [127]', 'out: [123]', 'err: xargs: unmatched single quote', 'out: [1]',
    ]);
    expect(run('echo x | xargs -n').slice(0, 3)).toEqual(["err: xargs: option requires an argument -- 'n'", 'err: BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.', 'err: ']);
  });
});
