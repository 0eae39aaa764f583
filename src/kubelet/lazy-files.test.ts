import { describe, expect, it } from 'vitest';
import { LazyFiles } from './lazy-files';
import { runArgv } from './shell';

describe('LazyFiles', () => {
  it('builds the files once, on first use, and is a Map after that', () => {
    let built = 0;
    const files = new LazyFiles(() => { built++; return { '/a': '1', '/b': '2' }; });
    expect(built).toBe(0);
    expect(files.get('/a')).toBe('1');
    files.set('/c', '3');
    files.delete('/b');
    expect([built, files.size, [...files.keys()], [...new Map(files)]]).toEqual([1, 2, ['/a', '/c'], [['/a', '1'], ['/c', '3']]]);
  });

  it('is not built for a container whose command is a program, and is for a shell that reads a file', () => {
    let built = 0;
    const cfg = { env: {}, files: () => { built++; return { '/a': 'x\n' }; }, startMs: 0, shell: 'sh' as const, binary: () => ({ lines: [], ports: [80] }) };
    expect(runArgv(['/docker-entrypoint.sh', 'nginx'], cfg).serves).toEqual([80]);
    expect(built).toBe(0);
    expect(runArgv(['sh', '-c', 'cat /a'], cfg).lines.map((l) => l.text)).toEqual(['x']);
    expect(built).toBe(1);
  });
});
