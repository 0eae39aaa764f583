/**
 * which, type and command -v: where the image keeps a command, in busybox ash's words (checked
 * against busybox 1.35 with its applets linked in one folder) and bash's; export and env.
 */
import { describe, expect, it } from 'vitest';
import { runArgv, type ShellConfig } from './shell';
import { commandDir } from './command-paths';

const cfg = (shell: 'sh' | 'bash', image: string): ShellConfig => ({
  env: { PATH: '/bin', HOME: '/root' }, files: {}, startMs: 0, shell, binary: (a) => (a[0] === 'nginx' ? 'exists' : undefined),
  commandDir: (n) => commandDir(image, n),
});
const run = (script: string, shell: 'sh' | 'bash' = 'sh', image = 'busybox:1.36') => {
  const p = runArgv(['sh', '-c', script], cfg(shell, image));
  return { out: p.lines.filter((l) => l.stream !== 'stderr').map((l) => l.text), err: p.lines.filter((l) => l.stream === 'stderr').map((l) => l.text), code: p.exit?.code };
};

describe('which, type, command -v', () => {
  it('answers as busybox ash does', () => {
    expect(run('type ls; type echo; type cd; type if; f() { :; }; type f; type nosuch; echo "[$?]"').out)
      .toEqual(['ls is /bin/ls', 'echo is a shell builtin', 'cd is a shell builtin', 'if is a shell keyword', 'f is a function', 'nosuch: not found', '[127]']);
    expect(run('which ls echo; which nosuch; echo "[$?]"; command -v ls; command -v echo; command -v f; command -v nosuch; echo "[$?]"').out)
      .toEqual(['/bin/ls', '/bin/echo', '[1]', '/bin/ls', 'echo', '[127]']);
    expect(run('which')).toEqual({ out: [], err: ['BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.', '', 'Usage: which [-a] COMMAND...', '', 'Locate COMMAND', '', '\t-a\tShow all matches'], code: 1 });
  });

  it('answers as bash does, with the image\'s folders', () => {
    expect(run('type ls; type nginx; which nginx awk; command -v nosuch; echo "[$?]"; type nosuch', 'bash', 'nginx:1.27'))
      .toEqual({ out: ['ls is /usr/bin/ls', 'nginx is /usr/sbin/nginx', '/usr/sbin/nginx', '/usr/bin/awk', '[1]'], err: ['bash: type: nosuch: not found'], code: 1 });
  });

  it('knows where Alpine links each applet', () => {
    expect(['ls', 'awk', 'wget', 'httpd', 'sleep'].map((n) => commandDir('alpine:3.20', n))).toEqual(['/bin', '/usr/bin', '/usr/bin', '/usr/sbin', '/bin']);
    expect(commandDir('python:3.12', 'python3')).toBe('/usr/local/bin');
  });
});

describe('export and env', () => {
  it('puts exported variables in the environment, not plain shell variables', () => {
    expect(run('export A=1; B=2; env | grep -c "^[AB]="; export B; env | grep "^B="; printenv B; C=3 env | grep "^C="; D=4; printenv D; echo "[$?]"').out)
      .toEqual(['1', 'B=2', '2', 'C=3', '[1]']);
  });
});
