import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeDirs } from './make-dirs';

describe('makeDirs', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kubemu-make-dirs-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('makes the missing directories, with the mode asked for, and accepts ones that exist', () => {
    const deep = path.join(root, 'a', 'b', 'c');
    makeDirs(deep, 0o700);
    expect(fs.statSync(deep).isDirectory()).toBe(true);
    expect(fs.statSync(path.join(root, 'a')).mode & 0o777).toBe(0o700);
    makeDirs(deep);
  });

  it('fails at once where mkdir cannot make a directory under one that exists (Node\'s recursive mkdir loops forever)', () => {
    expect(() => makeDirs('/proc/kubemu-none/x')).toThrow(expect.objectContaining({ code: 'ENOENT' }));
  });

  it('refuses a path through a file', () => {
    const file = path.join(root, 'f');
    fs.writeFileSync(file, '');
    expect(() => makeDirs(path.join(file, 'x'))).toThrow(expect.objectContaining({ code: 'ENOTDIR' }));
  });
});
