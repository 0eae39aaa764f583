/**
 * go-temp: temp files and folders named as Go's os.CreateTemp and os.MkdirTemp name them (the
 * pattern's prefix, a random uint32 in decimal, its suffix), as kubectl's edit and diff show
 * them: `/tmp/kubectl-edit-1873302811.yaml`, `/tmp/LIVE-1009277`. The folder is Go's
 * os.TempDir of the command's environment: $TMPDIR, else /tmp.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** Env is the command's environment (a command run in-process has its own, not process.env). */
type Env = NodeJS.ProcessEnv;

/** tempDir is Go's os.TempDir on Unix: $TMPDIR, else /tmp. */
export const tempDir = (env: Env): string => env.TMPDIR || '/tmp';

/** tempPath is a new candidate path in the temp folder: prefix, a random uint32, suffix. */
function tempPath(env: Env, prefix: string, suffix: string): string {
  // node:crypto loads here, not with every command that might make a temp file.
  const { randomBytes } = require('node:crypto') as typeof import('node:crypto');
  return path.join(tempDir(env), `${prefix}${randomBytes(4).readUInt32LE(0)}${suffix}`);
}

/** retried makes a fresh name until one does not exist yet, as Go tries again on EEXIST. */
function retried(env: Env, make: (p: string) => void, prefix: string, suffix: string): string {
  for (;;) {
    const p = tempPath(env, prefix, suffix);
    try {
      make(p);
      return p;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
}

/** createTemp writes text to a new file (mode 0600), as os.CreateTemp("", prefix + "*" + suffix). */
export const createTemp = (env: Env, prefix: string, suffix: string, text: string): string =>
  retried(env, (p) => fs.writeFileSync(p, text, { flag: 'wx', mode: 0o600 }), prefix, suffix);

/** mkdirTemp makes a new folder (mode 0700), as os.MkdirTemp("", prefix). */
export const mkdirTemp = (env: Env, prefix: string): string => retried(env, (p) => fs.mkdirSync(p, { mode: 0o700 }), prefix, '');
