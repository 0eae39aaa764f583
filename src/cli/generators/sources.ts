/**
 * sources: the --from-literal, --from-file and --from-env-file readers that `create configmap`
 * and `create secret` share (kubectl pkg/util ParseLiteralSource/ParseFileSource,
 * pkg/cmd/util/env_file.go).
 */
import { GeneratorError } from './generator-error';
import { type GeneratorFs, toBuffer } from './generator-fs';
import { goErrnoText, goPathErrorText } from '../go-path-error';
import { goQuote } from '../../api/go-quote';
import { isEnvVarName } from './validation';

/** INVALID_LITERAL is kubectl's text for a --from-literal without `key=`. */
export const INVALID_LITERAL = (source: string): string => `invalid literal source ${source}, expected key=value`;
/** KEY_NAME_MISSING is kubectl's text for `--from-file==path`. */
export const KEY_NAME_MISSING = (path: string): string => `key name for file path ${path} missing`;
/** FILE_PATH_MISSING is kubectl's text for `--from-file=key=`. */
export const FILE_PATH_MISSING = (key: string): string => `file path for key name ${key} missing`;
/** TOO_MANY_EQUALS is kubectl's text for a --from-file with more than one `=`. */
export const TOO_MANY_EQUALS = "key names or file paths cannot contain '='";
/** DIRECTORY_KEY is kubectl's text for `--from-file=key=dir/`. */
export const DIRECTORY_KEY = 'cannot give a key name for a directory path';
/** ENV_FROM_COMBINED is kubectl's text when --from-env-file meets --from-file or --from-literal. */
export const ENV_FROM_COMBINED = 'from-env-file cannot be combined with from-file or from-literal';
/** ERROR_READING is kubectl's text when a source path cannot be stat'ed. */
export const ERROR_READING = (path: string, reason: string): string => `error reading ${path}: ${reason}`;
/** INVALID_ENV_KEY is kubectl's text for a bad key in an env file. */
export const INVALID_ENV_KEY = (key: string, errs: string[]): string => `${goQuote(key)} is not a valid key name: ${errs.join(';')}`;
/** INVALID_UTF8_LINE is kubectl's text for an env-file line that is not UTF-8 (bytes as Go's %v of a []byte). */
export const INVALID_UTF8_LINE = (path: string, line: number, bytes: Uint8Array): string =>
  `env file ${path} contains invalid utf8 bytes at line ${line}: [${Array.from(bytes).join(' ')}]`;

/** parseLiteralSource splits `key=value` at the first `=`; an empty key or no `=` is an error. */
export function parseLiteralSource(source: string): [key: string, value: string] {
  const i = source.indexOf('=');
  if (i <= 0) throw new GeneratorError(INVALID_LITERAL(source));
  return [source.slice(0, i), source.slice(i + 1)];
}

/** parseFileSource splits `[key=]path`; without a key the key is the path's base name. */
export function parseFileSource(source: string): [key: string, path: string] {
  const n = source.split('=').length - 1;
  if (n === 0) return [baseName(source), source];
  if (n === 1 && source.startsWith('=')) throw new GeneratorError(KEY_NAME_MISSING(source.slice(1)));
  if (n === 1 && source.endsWith('=')) throw new GeneratorError(FILE_PATH_MISSING(source.slice(0, -1)));
  if (n > 1) throw new GeneratorError(TOO_MANY_EQUALS);
  const [k, p] = source.split('=') as [string, string];
  return [k, p];
}

// Go's path.Base(filepath.ToSlash(p)): trailing slashes dropped, "" → ".", all slashes → "/".
function baseName(p: string): string {
  if (p === '') return '.';
  const trimmed = p.replace(/\/+$/, '');
  if (trimmed === '') return '/';
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

function joinPath(dir: string, name: string): string {
  return dir.endsWith('/') ? dir + name : `${dir}/${name}`;
}

function isDirectory(fs: GeneratorFs, path: string): boolean {
  try {
    return fs.isDirectory(path);
  } catch (e) {
    throw new GeneratorError(ERROR_READING(path, goErrnoText(e)));
  }
}

function readBytes(fs: GeneratorFs, path: string): Buffer {
  try {
    return toBuffer(fs.readFile(path));
  } catch (e) {
    throw new GeneratorError(goPathErrorText('open', path, e));
  }
}

/** FileEntry is one key read from a --from-file source. */
export interface FileEntry { key: string; data: Buffer }

/**
 * readFileSources expands --from-file values into keys and bytes: a file gives one key, a
 * directory gives one key per regular file in it (sorted by name), in argument order.
 */
export function readFileSources(sources: readonly string[], fs: GeneratorFs): FileEntry[] {
  const out: FileEntry[] = [];
  for (const source of sources) {
    const [key, path] = parseFileSource(source);
    if (isDirectory(fs, path)) {
      if (source.includes('=')) throw new GeneratorError(DIRECTORY_KEY);
      let entries;
      try {
        entries = fs.listDir(path);
      } catch (e) {
        throw new GeneratorError(`error listing files in ${path}: ${goPathErrorText('open', path, e)}`);
      }
      for (const entry of entries) {
        if (entry.isFile) out.push({ key: entry.name, data: readBytes(fs, joinPath(path, entry.name)) });
      }
    } else {
      out.push({ key, data: readBytes(fs, path) });
    }
  }
  return out;
}

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** isValidUtf8 reports whether bytes are well-formed UTF-8 (Go's utf8.Valid). */
export function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * readEnvFile returns the key/value pairs of an env file: blank and `#` lines skipped, leading
 * white space trimmed, a key without `=` taking its value from the environment.
 * `directoryError` is the kind-specific text for a directory ("env config file cannot be a directory").
 */
export function readEnvFile(path: string, fs: GeneratorFs, directoryError: string): [string, string][] {
  if (isDirectory(fs, path)) throw new GeneratorError(directoryError);
  const data = readBytes(fs, path);
  const out: [string, string][] = [];
  // bufio.Scanner's ScanLines: split on \n, drop one trailing \r, no final empty token.
  const lines: Buffer[] = [];
  let start = 0;
  for (let i = 0; i <= data.length; i++) {
    if (i === data.length || data[i] === 0x0a) {
      if (i === data.length && start === i) break;
      let line = data.subarray(start, i);
      if (line.length > 0 && line[line.length - 1] === 0x0d) line = line.subarray(0, -1);
      lines.push(line);
      start = i + 1;
    }
  }
  lines.forEach((raw, n) => {
    if (!isValidUtf8(raw)) throw new GeneratorError(INVALID_UTF8_LINE(path, n + 1, raw));
    let line = raw;
    if (n === 0 && line.subarray(0, 3).equals(UTF8_BOM)) line = line.subarray(3);
    const text = line.toString('utf8').replace(/^\s+/u, '');
    if (text === '' || text.startsWith('#')) return;
    const eq = text.indexOf('=');
    const key = eq < 0 ? text : text.slice(0, eq);
    const errs = isEnvVarName(key);
    if (errs.length > 0) throw new GeneratorError(INVALID_ENV_KEY(key, errs));
    out.push([key, eq < 0 ? fs.getenv?.(key) ?? '' : text.slice(eq + 1)]);
  });
  return out;
}
