/**
 * make-dirs: Go's os.MkdirAll for the host's filesystem. Node's own recursive mkdirSync loops
 * forever where mkdir fails with ENOENT although the parent exists (a path under /proc), which
 * would hang a command given such a path; this makes each missing directory in turn instead.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** makeDirs creates dir and its missing parents (mode for the ones it makes); throws the fs error of the first that fails. */
export function makeDirs(dir: string, mode?: number): void {
  const missing: string[] = [];
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    let stat: fs.Stats | undefined;
    try { stat = fs.statSync(d); } catch (e) { if ((e as { code?: string }).code !== 'ENOENT') throw e; }
    if (stat) {
      if (!stat.isDirectory()) throw Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${d}'`), { code: 'ENOTDIR' });
      break;
    }
    missing.push(d);
    if (path.dirname(d) === d) break;
  }
  for (const d of missing.reverse()) {
    try { fs.mkdirSync(d, mode === undefined ? undefined : { mode }); } catch (e) { if ((e as { code?: string }).code !== 'EEXIST') throw e; }
  }
}
