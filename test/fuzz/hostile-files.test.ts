/**
 * Hostile `-f` sources: endless devices, symlink loops, dangling links, and manifests nested
 * too deep each get one kubectl-style error line and exit 1, never a raw Node error, a stack
 * overflow message, or unbounded reading.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

const CM = (name: string): string => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\n`;

describe('hostile -f sources', () => {
  const home = manualCluster('files', 7);
  afterAll(() => home.cleanup());
  const dir = fs.mkdtempSync(path.join(home.dir, 'files-'));
  const put = (name: string, text: string): void => fs.writeFileSync(path.join(dir, name), text);
  fs.symlinkSync('loop-b', path.join(dir, 'loop-a'));
  fs.symlinkSync('loop-a', path.join(dir, 'loop-b'));
  fs.symlinkSync('missing.yaml', path.join(dir, 'dangling.yaml'));
  fs.mkdirSync(path.join(dir, 'links'));
  fs.symlinkSync('../loop-a', path.join(dir, 'links', 'a-loop.yaml'));
  fs.writeFileSync(path.join(dir, 'links', 'b-ok.yaml'), CM('linked'));
  fs.symlinkSync('../missing.yaml', path.join(dir, 'links', 'c-dangling.yaml'));
  const run = (args: string, stdin?: string) => home.run(args, { cwd: dir, stdin });

  it('refuses -f /dev/zero after reading one document\'s worth', { timeout: 20_000 }, () => {
    const r = run('create -f /dev/zero --dry-run=client -o name');
    expect([r.stdout, r.stderr, r.code]).toEqual(['', 'error: Request entity too large: limit is 3145728\n', 1]);
  });

  it('says a symlink loop cannot be accessed, as kubectl does', () => {
    const r = run('create -f loop-a');
    expect([r.stdout, r.stderr, r.code]).toEqual(
      ['', 'error: the path "loop-a" cannot be accessed: stat loop-a: too many levels of symbolic links\n', 1]);
  });

  it('says a dangling symlink does not exist', () => {
    const r = run('create -f dangling.yaml');
    expect([r.stdout, r.stderr, r.code]).toEqual(['', 'error: the path "dangling.yaml" does not exist\n', 1]);
  });

  it('reports bad links inside a directory with Go\'s open errors and reads the rest', () => {
    const r = run('create -f links --dry-run=client -o name');
    expect(r.stdout).toBe('configmap/linked\n');
    // Two errors: kubectl 1.32 prints each without "error: " (MultipleErrors), as it does here offline.
    expect(r.stderr).toBe(
      'open links/a-loop.yaml: too many levels of symbolic links\n' +
      'open links/c-dangling.yaml: no such file or directory\n');
    expect(r.code).toBe(1);
  });

  it('opens a link to a directory as a file, as filepath.Walk does', () => {
    fs.mkdirSync(path.join(dir, 'real'));
    fs.writeFileSync(path.join(dir, 'real', 'a.yaml'), CM('real'));
    fs.symlinkSync('real', path.join(dir, 'linked-dir'));
    fs.mkdirSync(path.join(dir, 'holder'));
    fs.symlinkSync('../real', path.join(dir, 'holder', 'sub.yaml'));
    let r = run('create -f linked-dir --dry-run=client -o name');
    expect([r.stdout, r.stderr, r.code]).toEqual(['', 'error: error parsing linked-dir: read linked-dir: is a directory\n', 1]);
    r = run('create -f holder --dry-run=client -o name');
    expect([r.stdout, r.stderr, r.code]).toEqual(['', 'error: error parsing holder/sub.yaml: read holder/sub.yaml: is a directory\n', 1]);
  });

  it('refuses JSON nested 2 500 deep with encoding/json\'s text', () => {
    put('deep.json', `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a"},"x":${'['.repeat(2500)}${']'.repeat(2500)}}`);
    const r = run('create -f deep.json --dry-run=client -o name');
    expect(r.stderr).toMatch(/^error: error parsing deep\.json: json: offset \d+: invalid character '\[' exceeded max depth\n$/);
    expect(r.code).toBe(1);
  });

  it('reads invalid UTF-8 as U+FFFD, as kubectl 1.32 does (it does not refuse it)', () => {
    // Checked against kubectl 1.32: label --local -f bad.yaml x=y -o json prints "k": "\ufffd".
    fs.writeFileSync(path.join(dir, 'bad-utf8.yaml'), Buffer.concat([Buffer.from(`${CM('u')}data:\n  k: `), Buffer.from([0xff]), Buffer.from('\n')]));
    const r = run('label --local -f bad-utf8.yaml x=y -o jsonpath={.data.k}');
    expect([r.stdout, r.stderr, r.code]).toEqual(['\ufffd', '', 0]);
  });

  it('reads a stream of small documents past 3 MiB in total from stdin', { timeout: 20_000 }, () => {
    const pad = `data:\n  k: "${'v'.repeat(200_000)}"\n`;
    const docs = Array.from({ length: 20 }, (_, i) => CM(`s${i}`) + pad);
    const r = run('create -f - --dry-run=client -o name', docs.join('---\n'));
    expect(r.stderr).toBe('');
    expect(r.stdout.split('\n').filter(Boolean)).toHaveLength(20);
  });
});
