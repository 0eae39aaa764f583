/**
 * go-temp: temp files and folders named as Go's os.CreateTemp and os.MkdirTemp name them (the
 * pattern's prefix, a random uint32 in decimal, its suffix), as kubectl's edit and diff show
 * them: `/tmp/kubectl-edit-1873302811.yaml`, `/tmp/LIVE-1009277`.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** tempPath is a new candidate path in the temp folder: prefix, a random uint32, suffix. */
function tempPath(prefix: string, suffix: string): string {
  // node:crypto loads here, not with every command that might make a temp file.
  const { randomBytes } = require('node:crypto') as typeof import('node:crypto');
  return path.join(os.tmpdir(), `${prefix}${randomBytes(4).readUInt32LE(0)}${suffix}`);
}

/** retried makes a fresh name until one does not exist yet, as Go tries again on EEXIST. */
function retried(make: (p: string) => void, prefix: string, suffix: string): string {
  for (;;) {
    const p = tempPath(prefix, suffix);
    try {
      make(p);
      return p;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
}

/** createTemp writes text to a new file (mode 0600), as os.CreateTemp("", prefix + "*" + suffix). */
export const createTemp = (prefix: string, suffix: string, text: string): string =>
  retried((p) => fs.writeFileSync(p, text, { flag: 'wx', mode: 0o600 }), prefix, suffix);

/** mkdirTemp makes a new folder (mode 0700), as os.MkdirTemp("", prefix). */
export const mkdirTemp = (prefix: string): string => retried((p) => fs.mkdirSync(p, { mode: 0o700 }), prefix, '');
