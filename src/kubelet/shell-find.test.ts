/**
 * find against busybox 1.35 over the same files (the expected texts are what it printed; its
 * order where the filesystem's listing order and kubemu's name order agree).
 */
import { describe, expect, it } from 'vitest';
import { runArgv, type ShellConfig } from './shell';

const FILES = { '/data/a.txt': 'hello\n', '/data/hosts': '127.0.0.1\tlocalhost\n10.0.0.5\tweb\n', '/data/sub/f1': 'x' };
const cfg: ShellConfig = { env: {}, files: FILES, startMs: Date.UTC(2026, 0, 1), shell: 'sh', binary: () => undefined };
/** run is what a script wrote to stdout and stderr, in order, and what it left in the files. */
const run = (script: string) => {
  const p = runArgv(['sh', '-c', `cd /; ${script}`], cfg);
  return { text: p.lines.map((l) => (l.partial ? l.text : `${l.text}\n`)).join(''), files: p.files.map((f) => `${f.path}${f.content === undefined ? ' (removed)' : ''}`) };
};

describe('find', () => {
  const cases: [string, string][] = [
    ["find data -type f -name '*.txt'; find data -maxdepth 0; find data -type d", 'data/a.txt\ndata\ndata\ndata/sub\n'],
    ["find data/ -name 'a*'; find data -iname 'A*'; find /nope; echo \"[$?]\"", 'data/a.txt\ndata/a.txt\nfind: /nope: No such file or directory\n[1]\n'],
    ['find data -type f -exec wc -c {} \\; | sort; find data -name f1 -exec echo found {} +', '1 data/sub/f1\n33 data/hosts\n6 data/a.txt\nfound data/sub/f1\n'],
    ['find data -name; echo "[$?]"; find data -exec; echo "[$?]"', 'find: -name requires an argument\n[1]\nfind: -exec requires an argument\n[1]\n'],
    ['find data -size -1 | sort; find data -size +10c; find data -empty; find data -mindepth 1 -maxdepth 1 -type d', 'data/a.txt\ndata/hosts\ndata/sub/f1\ndata\ndata/hosts\ndata/sub\ndata/sub\n'],
    ["cd data && find . -name 'f*' && find sub", './sub/f1\nsub\nsub/f1\n'],
    ["find data -path '*sub*'; find data -name sub -prune -o -type f -print", 'data/sub\ndata/sub/f1\ndata/a.txt\ndata/hosts\n'],
    ["find data ! -type d -name 'f*'; find data -name f1 -print0", 'data/sub/f1\ndata/sub/f1\0'],
  ];
  it.each(cases)('%s', (script, text) => expect(run(script).text).toBe(text));

  it('refuses what it does not know with busybox\'s usage', () => {
    const lines = run('find data -foo; echo "[$?]"').text.split('\n');
    expect(lines.slice(0, 4)).toEqual(['find: unrecognized: -foo', 'BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.', '', 'Usage: find [-HL] [PATH]... [OPTIONS] [ACTIONS]']);
    expect(lines.slice(-2)).toEqual(['[1]', '']);
  });

  it('deletes depth first, a folder once it is empty', () => {
    const r = run('find data/sub -delete; ls data; find data -name "*.txt" -delete; ls data');
    expect(r.text).toBe('a.txt\nhosts\nhosts\n');
    expect(r.files).toEqual(['/data/sub/f1 (removed)', '/data/sub/', '/data/sub/ (removed)', '/data/a.txt (removed)']);
  });
});
