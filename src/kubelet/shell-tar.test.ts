import { describe, expect, it } from 'vitest';
import { tarCreate, tarExtract, type TarFS } from './shell-tar';

const fsOf = (entries: Record<string, string>): TarFS & { files: Map<string, string> } => {
  const files = new Map(Object.entries(entries));
  return {
    files,
    isDir: (p) => p === '/' || p === '/tmp' || [...files.keys()].some((k) => k.startsWith(`${p.replace(/\/+$/, '')}/`)),
    write: (p, c) => { files.set(p, c); return true; },
  };
};

describe('tar', () => {
  it('archives files and folders as ustar, members without their leading slash, and extracts them elsewhere', () => {
    const src = fsOf({ '/data/a.txt': 'one\n', '/data/sub/b.txt': 'zwei – two\n', '/data/empty/': '' });
    const made = tarCreate(['/data'], '/', src, Date.UTC(2026, 0, 1), false);
    expect(made.err).toEqual(["tar: removing leading '/' from member names"]);
    expect(made.status).toBe(0);
    expect(made.members).toEqual(['data/', 'data/a.txt', 'data/empty/', 'data/sub/', 'data/sub/b.txt']);
    const bytes = Buffer.from(made.out, 'utf8');
    expect(bytes.length % 512).toBe(0);
    // The first member is the folder, ustar-typed, its checksum the sum of its header's bytes.
    expect(bytes.subarray(0, 5).toString()).toBe('data/');
    expect(String.fromCharCode(bytes[156]!)).toBe('5');
    expect(bytes.subarray(257, 262).toString()).toBe('ustar');
    const sum = [...bytes.subarray(0, 512)].reduce((a, b, i) => a + (i >= 148 && i < 156 ? 32 : b), 0);
    expect(parseInt(bytes.subarray(148, 154).toString(), 8)).toBe(sum);
    const dest = fsOf({});
    expect(tarExtract(made.out, '/tmp', dest, false)).toEqual({ out: '', err: [], status: 0, members: made.members });
    expect(Object.fromEntries(dest.files)).toEqual({ '/tmp/data/': '', '/tmp/data/a.txt': 'one\n', '/tmp/data/empty/': '', '/tmp/data/sub/': '', '/tmp/data/sub/b.txt': 'zwei – two\n' });
  });

  it('names members as the operand was written: a relative one stays relative, without the notice', () => {
    const made = tarCreate(['t'], '/tmp', fsOf({ '/tmp/t/a': 'a\n' }), 0, false);
    expect([made.members, made.err]).toEqual([['t/', 't/a'], []]);
  });

  it('reports a missing operand in busybox\'s or GNU tar\'s words, and a missing -C folder', () => {
    const src = fsOf({ '/etc/hostname': 'box\n' });
    expect(tarCreate(['/nope', '/etc/hostname'], '/', src, 0, false)).toMatchObject({
      err: ["tar: /nope: No such file or directory", "tar: removing leading '/' from member names", 'tar: error exit delayed from previous errors'], status: 1,
    });
    expect(tarCreate(['/nope'], '/', src, 0, true)).toMatchObject({ err: ['tar: /nope: Cannot stat: No such file or directory', 'tar: Exiting with failure status due to previous errors'], status: 2 });
    expect(tarExtract('', '/nodir', src, false)).toEqual({ out: '', err: ["tar: can't change directory to '/nodir': No such file or directory"], status: 1, members: [] });
  });

  it('reads a pax path record and a GNU long name', () => {
    const long = `${'d'.repeat(120)}/f.txt`;
    const record = (k: string, v: string) => { const body = ` ${k}=${v}\n`; let n = body.length + 2; n = body.length + String(n).length; return `${n}${body}`; };
    const block = (name: string, type: string, body: string): Buffer => {
      const h = Buffer.alloc(512, 0);
      h.write(name, 0);
      h.write(`${Buffer.byteLength(body).toString(8).padStart(11, '0')}\0`, 124);
      h.write(type, 156);
      const data = Buffer.from(body);
      return Buffer.concat([h, data, Buffer.alloc((512 - (data.length % 512)) % 512)]);
    };
    const stream = Buffer.concat([block('PaxHeaders/x', 'x', record('path', long)), block('ignored', '0', 'pax\n'), block('././@LongLink', 'L', `${long}2\0`), block('ignored', '0', 'gnu\n'), Buffer.alloc(1024)]);
    const dest = fsOf({});
    tarExtract(stream.toString('utf8'), '/tmp', dest, false);
    expect(dest.files.get(`/tmp/${long}`)).toBe('pax\n');
    expect(dest.files.get(`/tmp/${long}2`)).toBe('gnu\n');
    // A member's `..` is resolved: the file lands where its canonical path says.
    const dotted = fsOf({});
    tarExtract(Buffer.concat([block('a/../b.txt', '0', 'b\n'), Buffer.alloc(1024)]).toString('utf8'), '/tmp', dotted, false);
    expect([...dotted.files.keys()]).toEqual(['/tmp/b.txt']);
  });
});
