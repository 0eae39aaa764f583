import { afterEach } from 'vitest';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/**
 * tempStateFiles gives a test file new state file paths, each `state.db` in a folder of its own
 * (SQLite puts its -wal and -shm files beside it), removed with the folder after each test.
 */
export function tempStateFiles(prefix: string): () => string {
  const dirs: string[] = [];
  afterEach(() => { for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true }); });
  return () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    dirs.push(d);
    return path.join(d, 'state.db');
  };
}
