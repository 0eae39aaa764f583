import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTemp, mkdirTemp, tempDir } from './go-temp';

describe('temp names as Go makes them', () => {
  it('puts a decimal uint32 between prefix and suffix, in the temp folder, private to the user', () => {
    const env = { TMPDIR: os.tmpdir() };
    const dir = mkdirTemp(env, 'LIVE-');
    const file = createTemp(env, 'kubectl-edit-', '.yaml', 'a: 1\n');
    try {
      expect(path.dirname(dir)).toBe(os.tmpdir());
      expect(path.dirname(file)).toBe(os.tmpdir());
      expect(path.basename(dir)).toMatch(/^LIVE-\d{1,10}$/);
      expect(Number(path.basename(dir).slice(5))).toBeLessThan(2 ** 32);
      expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
      expect(path.basename(file)).toMatch(/^kubectl-edit-\d{1,10}\.yaml$/);
      expect(fs.readFileSync(file, 'utf8')).toBe('a: 1\n');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(file, { force: true });
    }
  });

  it("takes the folder from the command's TMPDIR, else /tmp, as Go's os.TempDir does", () => {
    expect(tempDir({ TMPDIR: '/var/scratch' })).toBe('/var/scratch');
    expect(tempDir({ TMPDIR: '' })).toBe('/tmp');
    expect(tempDir({})).toBe('/tmp');
  });
});
