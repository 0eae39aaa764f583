/**
 * stat against busybox 1.35's layout and -c sequences (what it printed for the same kinds of
 * files), over owners and modes from the pod's securityContext and volumes.
 */
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/meta';
import { containerFileStats } from './file-stats';
import { processUser } from './shell-system';
import { runArgv, type ShellConfig } from './shell';
import { modeBits } from './shell-stat';

const START = Date.UTC(2026, 0, 1, 0, 5);
const pod = {
  metadata: { name: 'demo', uid: 'u1' },
  spec: {
    securityContext: { runAsUser: 1000, runAsGroup: 3000, fsGroup: 2000 },
    volumes: [{ name: 'vol', emptyDir: {} }],
    containers: [{ name: 'c', volumeMounts: [{ name: 'vol', mountPath: '/data/demo' }] }],
  },
  status: { startTime: '2026-01-01T00:04:00Z' },
} as unknown as KubeObject;
const files = { '/etc/hosts': '127.0.0.1\tlocalhost\n', '/data/demo/': '', '/empty': '' };
const user = processUser(pod.spec?.securityContext, undefined);
const cfg: ShellConfig = {
  env: {}, files, startMs: START, shell: 'sh', binary: () => undefined, user, mountPoints: ['/data/demo'],
  stat: containerFileStats(pod, pod.spec!.containers[0], user, START, files),
};
const run = (script: string) => {
  const p = runArgv(['sh', '-c', script], cfg);
  return { out: p.lines.filter((l) => l.stream !== 'stderr').map((l) => l.text), err: p.lines.filter((l) => l.stream === 'stderr').map((l) => l.text), code: p.exit?.code };
};

describe('stat', () => {
  it('prints busybox\'s layout', () => {
    const out = run('stat /etc/hosts').out;
    expect(out[0]).toBe('  File: /etc/hosts');
    expect(out[1]).toBe('  Size: 20        \tBlocks: 8          IO Block: 4096   regular file');
    expect(out[2]).toMatch(/^Device: fe00h\/65024d\tInode: \d{7} {5}Links: 1$/);
    expect(out.slice(3)).toEqual([
      'Access: (0644/-rw-r--r--)  Uid: (    0/    root)   Gid: (    0/    root)',
      'Access: 2026-01-01 00:05:00.000000000 +0000', 'Modify: 2026-01-01 00:05:00.000000000 +0000', 'Change: 2026-01-01 00:05:00.000000000 +0000',
    ]);
  });

  it('answers -c with the owners and modes the securityContext makes', () => {
    expect(run("cd /data/demo; echo hi > f; stat -c '%a %A %U %G %u %g %s %F %h %b %B %o %f %q %%' /data/demo f /empty").out).toEqual([
      '2777 drwxrwsrwx root UNKNOWN 0 2000 4096 directory 2 8 512 4096 45ff q %',
      // Names the image's /etc/passwd and /etc/group do not have are UNKNOWN, as busybox's stat says.
      '644 -rw-r--r-- UNKNOWN UNKNOWN 1000 2000 3 regular file 1 8 512 4096 81a4 q %',
      '644 -rw-r--r-- root root 0 0 0 regular empty file 1 0 512 4096 81a4 q %',
    ]);
    expect(run("stat -c '%Y %y' /etc/hosts").out).toEqual([`${START / 1000} 2026-01-01 00:05:00.000000000 +0000`]);
  });

  it('fails as busybox does', () => {
    expect(run('stat /nope')).toEqual({ out: [], err: ["stat: can't stat '/nope': No such file or directory"], code: 1 });
    const usage = run('stat');
    expect([usage.code, usage.err.slice(0, 3)]).toEqual([1, ['BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.', '', 'Usage: stat [-ltf] [-c FMT] FILE...']]);
    expect(run('stat -q /etc/hosts').err[0]).toBe("stat: invalid option -- 'q'");
  });

  it('reads mode strings as st_mode', () => {
    expect(['-rw-r--r--', 'drwxrwsrwt', 'lrwxrwxrwx', '-rwsr-xr-x'].map((m) => modeBits(m).toString(8))).toEqual(['100644', '43777', '120777', '104755']);
  });
});
