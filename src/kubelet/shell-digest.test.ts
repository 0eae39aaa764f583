/** base64 and the checksum applets against busybox 1.35 (the expected texts are what it printed). */
import { describe, expect, it } from 'vitest';
import { runArgv, type ShellConfig } from './shell';

const cfg: ShellConfig = { env: {}, files: { '/data/a.txt': 'hello\n' }, startMs: 0, shell: 'sh', binary: () => undefined };
/** run is a script's stdout as text, its stderr lines and its exit code. */
const run = (script: string) => {
  const p = runArgv(['sh', '-c', script], cfg);
  const out = p.lines.filter((l) => l.stream !== 'stderr').map((l) => (l.partial ? l.text : `${l.text}\n`)).join('');
  return { out, err: p.lines.filter((l) => l.stream === 'stderr').map((l) => l.text), code: p.exit?.code };
};

describe('base64', () => {
  it('encodes what it is given, a last line without a newline included', () => {
    expect(run('echo -n admin | base64; echo hello | base64; base64 /data/a.txt; echo -n x | cat | base64').out).toBe('YWRtaW4=\naGVsbG8K\naGVsbG8K\neA==\n');
    expect(run('head -c 100 /dev/zero | base64 | wc -l; head -c 100 /dev/zero | base64 -w 0 | wc -c').out).toBe('2\n137\n');
  });

  it('decodes, skipping what is not base64, and says when the input stops inside a quantum', () => {
    expect(run('printf YWRtaW4= | base64 -d; echo; printf "YWRt aW4=" | base64 -d')).toEqual({ out: 'admin\nadmin', err: [], code: 0 });
    expect(run('printf YWRtaW4 | base64 -d')).toEqual({ out: 'adm', err: ['base64: truncated input'], code: 1 });
    expect(run('echo "!!!" | base64 -d; echo $?').out).toBe('0\n');
  });

  it('fails on a missing file', () => {
    expect(run('base64 /nope')).toEqual({ out: '', err: ['base64: /nope: No such file or directory'], code: 1 });
  });
});

describe('md5sum, sha1sum, sha256sum', () => {
  it('print the digest and the name', () => {
    expect(run('md5sum /data/a.txt; echo -n hi | md5sum; sha1sum /data/a.txt; sha256sum /data/a.txt').out).toBe([
      'b1946ac92492d2347c6235b4d2611184  /data/a.txt', '49f68a5c8493ec2c0bf489821c21fc3b  -',
      'f572d396fae9206628714fb2ce00f72e94f2258f  /data/a.txt', '5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03  /data/a.txt', '',
    ].join('\n'));
    expect(run('md5sum /nope')).toEqual({ out: '', err: ["md5sum: can't open '/nope': No such file or directory"], code: 1 });
  });

  it('check a list with -c', () => {
    expect(run('echo "b1946ac92492d2347c6235b4d2611184  /data/a.txt" | md5sum -c')).toEqual({ out: '/data/a.txt: OK\n', err: [], code: 0 });
    expect(run('echo "b1946ac92492d2347c6235b4d2611185  /data/a.txt" | md5sum -c')).toEqual({
      out: '/data/a.txt: FAILED\n', err: ['md5sum: WARNING: 1 of 1 computed checksums did NOT match'], code: 1,
    });
  });
});
