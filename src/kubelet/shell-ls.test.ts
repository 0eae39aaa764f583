import { describe, expect, it } from 'vitest';
import { ls, type LsView } from './shell-ls';
import type { StatOf } from './file-stats';

const NOW = Date.UTC(2026, 0, 1, 0, 5);
const files = new Map(Object.entries({ '/etc/hostname': 'web\n', '/etc/.hidden': 'x', '/data/a.txt': 'hello\n', '/data/sub/': '', '/data/big': 'x'.repeat(5000), '/cfg/key': 'v' }));
const stat: StatOf = (path, kind) => (path === '/cfg/key' ? { mode: 'lrwxrwxrwx', uid: 0, gid: 0, mtimeMs: NOW, link: '..data/key' }
  : path === '/data/a.txt' ? { mode: '-rw-r--r--', uid: 1000, gid: 2000, mtimeMs: NOW - 400 * 24 * 3600_000 }
    : { mode: kind === 'file' ? '-rw-r--r--' : 'drwxr-xr-x', uid: 0, gid: 10, mtimeMs: NOW });
const view: LsView = {
  files, rootEntries: ['etc', 'tmp'], resolve: (p) => (p.startsWith('/') ? p : `/${p}`), stat, nowMs: NOW,
  userName: (uid) => (uid === 0 ? 'root' : undefined), groupName: (gid) => (gid === 0 ? 'root' : gid === 10 ? 'wheel' : undefined),
};

describe('ls', () => {
  it('lists a folder\'s entries, dot files only with -a or -A', () => {
    expect(ls(['/etc'], view).out).toEqual(['hostname']);
    expect(ls(['-A', '/etc'], view).out).toEqual(['.hidden', 'hostname']);
    expect(ls(['-a', '/etc'], view).out).toEqual(['.', '..', '.hidden', 'hostname']);
  });

  it('lists files first, then each folder under its name, sorted, a blank line between', () => {
    expect(ls(['/data', '/etc/hostname', '/cfg', '/nope'], view)).toEqual({
      out: ['/etc/hostname', '', '/cfg:', 'key', '', '/data:', 'a.txt', 'big', 'sub'],
      err: ['ls: /nope: No such file or directory'], status: 1,
    });
  });

  it('prints the long format as busybox does, with a total of 1 KiB blocks', () => {
    expect(ls(['-l', '/data'], view).out).toEqual([
      'total 16',
      '-rw-r--r--    1 1000     2000             6 Nov 27  2024 a.txt',
      '-rw-r--r--    1 root     wheel         5000 Jan  1 00:05 big',
      'drwxr-xr-x    2 root     wheel         4096 Jan  1 00:05 sub',
    ]);
    expect(ls(['-ln', '/cfg'], view).out).toEqual(['total 0', 'lrwxrwxrwx    1 0        0               10 Jan  1 00:05 key -> ..data/key']);
    expect(ls(['-ld', '/data', '/etc/hostname'], view).out).toEqual([
      'drwxr-xr-x    3 root     wheel         4096 Jan  1 00:05 /data',
      '-rw-r--r--    1 root     wheel            4 Jan  1 00:05 /etc/hostname',
    ]);
  });

  it('follows a link to a folder only where ls does: not for -l without a trailing slash', () => {
    const vol = new Map(Object.entries({ '/v/key': 'v', '/v/..data/key': 'v', '/v/..t1/key': 'v' }));
    const linkStat: StatOf = (path, kind) => (path === '/v/..data' ? { mode: 'lrwxrwxrwx', uid: 0, gid: 0, mtimeMs: NOW, link: '..t1' }
      : path === '/v/key' ? { mode: 'lrwxrwxrwx', uid: 0, gid: 0, mtimeMs: NOW, link: '..data/key' }
        : { mode: kind === 'file' ? '-rw-r--r--' : 'drwxr-xr-x', uid: 0, gid: 0, mtimeMs: NOW });
    const v: LsView = { ...view, files: vol, stat: linkStat };
    expect(ls(['-la', '/v'], v).out).toEqual([
      'total 12',
      'drwxr-xr-x    3 root     root          4096 Jan  1 00:05 .',
      'drwxr-xr-x    5 root     root          4096 Jan  1 00:05 ..',
      'lrwxrwxrwx    1 root     root             4 Jan  1 00:05 ..data -> ..t1',
      'drwxr-xr-x    2 root     root          4096 Jan  1 00:05 ..t1',
      'lrwxrwxrwx    1 root     root            10 Jan  1 00:05 key -> ..data/key',
    ]);
    expect(ls(['-l', '/v/..data'], v).out).toEqual(['lrwxrwxrwx    1 root     root             4 Jan  1 00:05 /v/..data -> ..t1']);
    expect(ls(['-la', '/v/..data/'], v).out.slice(1, 2)).toEqual(['drwxr-xr-x    2 root     root          4096 Jan  1 00:05 .']);
    expect(ls(['/v/..data'], v).out).toEqual(['key']);
  });
});
