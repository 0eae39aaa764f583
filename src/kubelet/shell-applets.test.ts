import { describe, expect, it } from 'vitest';
import { runArgv, type ShellConfig } from './shell';

const HOSTS = '127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost\n10.0.0.5\tweb\n';
const cfg = (extra: Partial<ShellConfig> = {}): ShellConfig => ({
  env: { PATH: '/bin', HOSTNAME: 'web' }, files: { '/etc/hosts': HOSTS, '/proc/1/cmdline': 'sleep\u00003600\u0000' },
  startMs: Date.UTC(2026, 0, 1), shell: 'sh', binary: () => undefined, ...extra,
});
const sh = (script: string, extra?: Partial<ShellConfig>) => {
  const p = runArgv(['sh', '-c', script], cfg(extra));
  return { out: p.lines.map((l) => l.text), code: p.exit?.code };
};

describe('busybox text applets', () => {
  const cases: [string, string[], number?][] = [
    ['head -n 1 /etc/hosts', ['127.0.0.1\tlocalhost']],
    ['tail -1 /etc/hosts', ['10.0.0.5\tweb']],
    ['tail -n +3 /etc/hosts', ['10.0.0.5\tweb']],
    ['grep -c localhost /etc/hosts', ['2']],
    ['grep -n web /etc/hosts', ['3:10.0.0.5\tweb']],
    ['grep -v -i LOCALHOST /etc/hosts', ['10.0.0.5\tweb']],
    ['grep -E "^(127|10)\\." /etc/hosts | wc -l', ['2']],
    ['grep nothing /etc/hosts', [], 1],
    ['grep x /nope', ['grep: /nope: No such file or directory'], 2],
    ['wc -l /etc/hosts', ['3 /etc/hosts']],
    ['echo hi there | wc', ['        1         2         9']],
    ['wc -c /nope', ["wc: can't open '/nope': No such file or directory"], 1],
    ['printf "3\\n10\\n2\\n2\\n" | sort -n -u', ['2', '3', '10']],
    ['printf "a\\nc\\nb\\n" | sort -r', ['c', 'b', 'a']],
    ['echo a:b:c:d | cut -d: -f2,4', ['b:d']],
    ['echo hello | cut -c2-3', ['el']],
    ['echo Hello | tr a-z A-Z', ['HELLO']],
    ['echo hello | tr -d l', ['heo']],
    ['cat /proc/1/cmdline | tr "\\0" " "', ['sleep 3600 ']],
    ['echo foo foo | sed s/foo/bar/g', ['bar bar']],
    ['printf "a\\nb\\nc\\n" | sed -n 2p', ['b']],
    ['printf "a\\nb\\n" | sed /a/d', ['b']],
    ['echo "x y z" | awk \'{print $2}\'', ['y']],
    ['echo a:b:c | awk -F: \'{print $1, $NF}\'', ['a c']],
    ['printf "1\\n2\\n" | awk \'END {print NR}\'', ['2']],
    ['printf "a\\na\\nb\\n" | uniq -c', ['      2 a', '      1 b']],
  ];
  for (const [script, out, code = 0] of cases) {
    it(script, () => expect(sh(script)).toEqual({ out, code }));
  }

  it('tail -f waits for a file that does not exist yet instead of failing', () => {
    expect(sh('tail -f /var/log/app.log')).toEqual({ out: [], code: undefined });
  });

  it('filters reading no input wait for it, and a huge input is bounded work', () => {
    expect(sh('grep x').code).toBeUndefined();
    const p = runArgv(['sh', '-c', 'seq 1000000 | sort -n | wc -l'], cfg());
    expect(p.work!.steps).toBeLessThanOrEqual(100_001);
  });
});

describe('busybox system applets', () => {
  it('id and whoami honour the securityContext user', () => {
    expect(sh('id; whoami')).toEqual({ out: ['uid=0(root) gid=0(root) groups=0(root),10(wheel)', 'root'], code: 0 });
    expect(sh('id; whoami', { user: { uid: 1000, gid: 3000, groups: [2000, 3000] } }))
      .toEqual({ out: ['uid=1000 gid=3000 groups=2000,3000', 'whoami: unknown uid 1000'], code: 1 });
  });
  it('ps shows the container command as PID 1', () => {
    expect(sh('ps').out).toEqual(['PID   USER     TIME  COMMAND', '    1 root      0:00 sleep 3600', '    7 root      0:00 ps']);
  });
  it('timeout kills a command that runs too long with 143', () => {
    expect(sh('timeout 2 sleep 10; echo $?; timeout 5 sleep 1; echo $?').out).toEqual(['143', '0']);
  });
  it('date +FORMAT', () => {
    expect(sh('date +%F_%T')).toEqual({ out: ['2026-01-01_00:00:00'], code: 0 });
  });
});

describe('regex safety', () => {
  // Each of these backtracks for exponential or high-polynomial time in V8's engine: a hang
  // if it ran there (the timeout catches one). The results are busybox's.
  it('matches nested quantifiers and ambiguous alternations in linear time', { timeout: 5000 }, () => {
    const long = 'a'.repeat(50_000);
    expect(sh(`echo ${long}b | grep -E '(a+)+$'`)).toEqual({ out: [], code: 1 });
    expect(sh(`echo ${long}c | grep -cE '(a|a)*b'; echo ${long}c | awk '/(a|a)*b/ { print "m" } END { print "e" }'`)).toEqual({ out: ['0', 'e'], code: 0 });
    expect(sh(`echo ${long}b | sed -E 's/a*a*a*a*a*a*b/Z/'; echo aaab | sed 's/\\(a*\\)*$/x/'`)).toEqual({ out: ['Z', 'aaabx'], code: 0 });
  });

  it('keeps backreferences, with V8\'s engine', () => {
    expect(sh("echo abcabc | sed 's/\\(abc\\)\\1/dup/'; echo x1x1 | grep -E '(x1)\\1'")).toEqual({ out: ['dup', 'x1x1'], code: 0 });
    expect(sh(`echo ${'a'.repeat(100)}b | grep '\\(a*\\)*\\1$'`)).toEqual({ out: ["grep: bad regex '\\(a*\\)*\\1$'"], code: 2 });
  });
});

describe('hostname -i', () => {
  it('prints the pod IP from /etc/hosts', () => {
    expect(sh('hostname -i')).toEqual({ out: ['10.0.0.5 '], code: 0 });
  });
});

describe('ls inside a script', () => {
  it('lists directories from the container files, as exec ls does', () => {
    expect(sh('echo x > /tmp/a; ls /tmp; ls /etc; ls /nope')).toEqual({ out: ['a', 'hosts', 'ls: /nope: No such file or directory'], code: 1 });
    expect(sh('ls').out).toContain('proc');
  });
});

describe('mkdir', () => {
  it('makes directories that ls and test -d see', () => {
    expect(sh('mkdir /data; ls /data; test -d /data && echo dir; echo x > /data/f; ls /data; mkdir /data; mkdir -p /data')).toEqual({
      out: ['dir', 'f', "mkdir: can't create directory '/data': File exists"], code: 0,
    });
  });
});

describe('rm -r', () => {
  it('removes a directory and what is in it', () => {
    expect(sh('mkdir /d; echo x > /d/a; rm /d; rm -r /d; ls /d')).toEqual({
      out: ["rm: '/d' is a directory", 'ls: /d: No such file or directory'], code: 1,
    });
  });
});

describe('read in a pipeline', () => {
  it('reads the previous stage line by line', () => {
    expect(sh('printf "a 1\\nb 2\\n" | while read k v; do echo "$v=$k"; done')).toEqual({ out: ['1=a', '2=b'], code: 0 });
  });
});

describe('cd and relative paths', () => {
  it('resolve against the working directory', () => {
    expect(sh('cd /tmp; pwd; echo hi > f; cat f; cat /tmp/f; mkdir d; cd d; touch g; ls ..; cd ..; rm f; ls; test -f d/g && echo yes')).toEqual({
      out: ['/tmp', 'hi', 'hi', 'd', 'f', 'd', 'yes'], code: 0,
    });
  });

  it('refuses a folder that is not there, or a file, and goes on with status 2 (bash: 1)', () => {
    expect(sh('cd /nope; echo "$? $PWD"; cd /etc/hosts; echo "$? $PWD"', { env: { PWD: '/' } })).toEqual({
      out: ["sh: cd: line 1: can't cd to /nope: No such file or directory", '2 /', "sh: cd: line 1: can't cd to /etc/hosts: Not a directory", '2 /'], code: 0,
    });
    expect(sh('cd nope', { shell: 'bash' })).toEqual({ out: ['bash: line 1: cd: nope: No such file or directory'], code: 1 });
  });

  it('knows the standing folders (mount points, the working directory) while they are empty, as ls does', () => {
    const standing = { mountPoints: ['/data', '/app'] };
    expect(sh('test -d /data && echo d; test -e /data && echo e; test -e /tmp && echo tmp; test -d /etc/hosts || echo file; cd /app && pwd; ls -d /data', standing)).toEqual({
      out: ['d', 'e', 'tmp', 'file', '/app', '/data'], code: 0,
    });
  });
});

describe('byte counts, reversed lines and a last line without a newline (busybox 1.35)', () => {
  const text = (script: string) => runArgv(['sh', '-c', script], cfg({ files: { '/a': 'hello\n', '/f': 'a\nb', '/h': 'x\ny\nz\n' } })).lines
    .map((l) => (l.partial ? l.text : `${l.text}\n`)).join('');
  it('head -c and tail -c count bytes; a sign counts from the other end', () => {
    expect(text('head -c 3 /a; echo; tail -c 3 /a; head -c -2 /a; echo "|"; tail -c +2 /a')).toBe('hel\nlo\nhell|\nello\n');
    expect(text('head -n -1 /h; tail -n +3 /h; head -c 2 /dev/zero | wc -c')).toBe('x\ny\nz\n2\n');
    expect(sh('head -c x /a')).toEqual({ out: ["head: invalid number 'x'"], code: 1 });
    // More than the budget can pay, past 2^31: the run ends as exhausted (it threw a RangeError).
    expect(sh('head -c 3000000000 /dev/zero | wc -c')).toEqual({ out: [], code: undefined });
  });

  it('tac and rev', () => {
    expect(text('printf "a\\nb\\nc\\n" | tac; echo abc | rev; tac /f; echo; cat /f | tac')).toBe('c\nb\na\ncba\nba\n\nba\n');
  });

  it('wc counts newlines, and pipes keep a last line without one', () => {
    expect(text('wc -l < /f; wc -c < /f; printf "a\\nb" | wc -l; echo -n x | wc -c')).toBe('1\n3\n1\n1\n');
  });
});
