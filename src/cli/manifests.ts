/**
 * manifests: reading -f arguments as kubectl's resource builder does — files, directories
 * (-R to recurse), `-` for stdin — into documents tagged with their source name.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readBoundedFd, readBoundedText, streamTooLongMessage, type BoundedText } from '../yaml/read-bounded';
import { ManifestParseError, readManifestStream, TOO_LARGE_MESSAGE, type ManifestDoc } from '../yaml/read-manifests';
import type { CommandContext } from './command';
import { CliError } from './errors';
import { goPathErrorText } from './go-path-error';
import type { DocumentCheck } from './schema-validation';

/** pathMissingMessage / pathUnreadableMessage are kubectl's texts for a bad -f argument. */
export const pathMissingMessage = (arg: string): string => `the path "${arg}" does not exist`;
export const pathUnreadableMessage = (arg: string, err: string): string => `the path "${arg}" cannot be accessed: ${err}`;

/** SourcedDoc is one object with the name of the file it came from ("STDIN" for -). */
export interface SourcedDoc extends ManifestDoc { source: string }

/** ReadOutcome holds the documents read, the parse errors met (kubectl keeps going past them) and the files in the order read. */
export interface ReadOutcome { docs: SourcedDoc[]; errors: ManifestParseError[]; files: string[] }

const EXTENSIONS = new Set(['.json', '.yaml', '.yml']);

function expand(ctx: CommandContext, arg: string, recursive: boolean): { file: string; shown: string }[] {
  if (arg === '-') return [{ file: '-', shown: 'STDIN' }];
  if (/^https?:\/\//.test(arg)) throw new CliError(`unable to read URL "${arg}": kubemu has no network access`);
  const full = path.resolve(ctx.cwd, arg);
  let st: fs.Stats;
  try {
    st = fs.statSync(full);
  } catch (e) {
    // Mirrors ExpandPathsToFileVisitors: os.IsNotExist, else the stat error as Go prints it.
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new CliError(pathMissingMessage(arg));
    throw new CliError(pathUnreadableMessage(arg, goPathErrorText('stat', arg, e)));
  }
  // filepath.Walk starts from Lstat: a link to a directory is opened as a file (and fails).
  if (!st.isDirectory() || fs.lstatSync(full).isSymbolicLink()) return [{ file: full, shown: arg }];
  const out: { file: string; shown: string }[] = [];
  // filepath.Walk does not follow symlinks: a link with a manifest extension is a file to
  // open (and fail on, if it dangles or loops), a link to a directory is not descended.
  const walk = (dir: string, shownDir: string) => {
    const entries = fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) { if (recursive) walk(p, path.join(shownDir, entry.name)); continue; }
      if (EXTENSIONS.has(path.extname(entry.name))) out.push({ file: p, shown: path.join(shownDir, entry.name) });
    }
  };
  walk(full, arg);
  return out;
}

/**
 * readFilenameArgs reads every -f argument; checkKind mirrors --validate=false behaviour, and
 * check is the command's client-side validation (schema-validation.ts), which ends a file's
 * reading at the first document it refuses.
 */
export function readFilenameArgs(ctx: CommandContext, filenames: string[], recursive: boolean, checkKind: boolean, check?: DocumentCheck): ReadOutcome {
  const docs: SourcedDoc[] = [];
  const errors: ManifestParseError[] = [];
  const files: string[] = [];
  for (const arg of filenames) {
    for (const { file, shown } of expand(ctx, arg, recursive)) {
      files.push(shown);
      let read: BoundedText;
      try {
        read = readSource(ctx, file, shown);
      } catch (e) {
        // kubectl reports an unreadable file (a dangling or looping link) and goes on.
        errors.push(new ManifestParseError(readErrorText(e), 'parse', shown, 0));
        continue;
      }
      const r = readManifestStream(read.text, shown, { checkKind, check: check && ((doc) => check(doc, shown)) });
      docs.push(...r.docs.map((d) => ({ ...d, source: shown })));
      errors.push(...r.errors);
      if (read.stop && !r.errors.some((e) => e.kind !== 'decode')) errors.push(boundError(read, shown, r.docs));
    }
  }
  return { docs, errors, files };
}

/** ReadFailure carries Go's PathError text for a failed open or read. */
class ReadFailure extends Error {}

function readErrorText(e: unknown): string {
  if (e instanceof ReadFailure) return e.message;
  throw e;
}

// readSource reads one -f source as a stream, never holding more than the bounds allow.
function readSource(ctx: CommandContext, file: string, shown: string): BoundedText {
  if (file === '-') {
    return ctx.io.stdinFd !== undefined ? readBoundedFd(ctx.io.stdinFd) : readBoundedText(ctx.io.readStdin());
  }
  let fd: number;
  try { fd = fs.openSync(file, 'r'); } catch (e) { throw new ReadFailure(goPathErrorText('open', shown, e)); }
  try {
    return readBoundedFd(fd);
  } catch (e) {
    throw new ReadFailure(`error parsing ${shown}: ${goPathErrorText('read', shown, e)}`);
  } finally {
    fs.closeSync(fd);
  }
}

// boundError is the refusal of the document that passed a bound (or of the rest of the stream).
function boundError(read: BoundedText, shown: string, docs: ManifestDoc[]): ManifestParseError {
  if (read.stop === 'stream-too-long') return new ManifestParseError(streamTooLongMessage(shown), 'parse', shown, read.index, docs.slice());
  return new ManifestParseError(TOO_LARGE_MESSAGE, 'too-large', shown, read.index, docs.slice());
}
