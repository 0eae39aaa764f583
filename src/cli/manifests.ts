/**
 * manifests: reading -f arguments as kubectl's resource builder does — files, directories
 * (-R to recurse), `-` for stdin — into documents tagged with their source name.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readManifestStream, type ManifestDoc, type ManifestParseError } from '../yaml/read-manifests';
import type { CommandContext } from './command';
import { CliError } from './errors';

/** SourcedDoc is one object with the name of the file it came from ("STDIN" for -). */
export interface SourcedDoc extends ManifestDoc { source: string }

/** ReadOutcome holds the documents read and the parse errors met (kubectl keeps going past them). */
export interface ReadOutcome { docs: SourcedDoc[]; errors: ManifestParseError[] }

const EXTENSIONS = new Set(['.json', '.yaml', '.yml']);

function expand(ctx: CommandContext, arg: string, recursive: boolean): { file: string; shown: string }[] {
  if (arg === '-') return [{ file: '-', shown: 'STDIN' }];
  if (/^https?:\/\//.test(arg)) throw new CliError(`unable to read URL "${arg}": kubemu has no network access`);
  const full = path.resolve(ctx.cwd, arg);
  let st: fs.Stats;
  try { st = fs.statSync(full); } catch { throw new CliError(`the path "${arg}" does not exist`); }
  if (!st.isDirectory()) return [{ file: full, shown: arg }];
  const out: { file: string; shown: string }[] = [];
  const walk = (dir: string, shownDir: string) => {
    for (const name of fs.readdirSync(dir).sort()) {
      const p = path.join(dir, name);
      const s = fs.statSync(p);
      if (s.isDirectory()) { if (recursive) walk(p, path.join(shownDir, name)); continue; }
      if (EXTENSIONS.has(path.extname(name))) out.push({ file: p, shown: path.join(shownDir, name) });
    }
  };
  walk(full, arg);
  return out;
}

/** readFilenameArgs reads every -f argument; checkKind mirrors --validate=false behaviour. */
export function readFilenameArgs(ctx: CommandContext, filenames: string[], recursive: boolean, checkKind: boolean): ReadOutcome {
  const docs: SourcedDoc[] = [];
  const errors: ManifestParseError[] = [];
  for (const arg of filenames) {
    for (const { file, shown } of expand(ctx, arg, recursive)) {
      const text = file === '-' ? ctx.io.readStdin() : fs.readFileSync(file, 'utf8');
      const r = readManifestStream(text, shown, { checkKind });
      docs.push(...r.docs.map((d) => ({ ...d, source: shown })));
      errors.push(...r.errors);
    }
  }
  return { docs, errors };
}
