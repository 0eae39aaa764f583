/**
 * Reading a manifest stream (`-f file` or stdin) exactly as kubectl v1.32 reads it.
 *
 * Mirrors kubernetes/cli-runtime pkg/resource/visitor.go StreamVisitor + mapper.go
 * infoForData + FlattenListVisitor, over apimachinery's YAMLOrJSONDecoder:
 * - JSON when the first non-space character is `{` (a stream of concatenated objects),
 *   otherwise YAML split on `---` lines; a UTF-8 BOM and CRLF line ends are accepted;
 * - each YAML document goes through sigs.k8s.io/yaml YAMLToJSON semantics (YAML 1.1
 *   scalars, Go base-0 ints, last duplicate key wins, alias budget) — see construct.ts;
 * - empty and `null` documents are skipped;
 * - an object with an `items` list is a list: its items are returned instead (an item
 *   with neither kind nor apiVersion inherits `<Kind minus "List">` and the apiVersion);
 * - a syntax error stops the stream (kubectl keeps the documents read before it); a
 *   decode error (no kind, not an object, bad List item) fails only its document and
 *   reading goes on, as kubectl's ContinueOnError builder does.
 */
import { parseEvents, YAMLException } from 'js-yaml';
import { constructDocument, DecodeError, type DuplicateKey } from './construct';
import { MAX_NESTING_DEPTH, readJsonStream } from './json-stream';
import { splitYamlDocuments } from './split-documents';
import { goSyntaxMessage } from './syntax-errors';
import { toCompactJson } from './write-json';

/** MAX_DOCUMENT_BYTES is kube-apiserver's MaxRequestBodyBytes (3 MiB). */
export const MAX_DOCUMENT_BYTES = 3 * 1024 * 1024;
/** TOO_LARGE_MESSAGE is the server's RequestEntityTooLarge (413) message for such a body. */
export const TOO_LARGE_MESSAGE = `Request entity too large: limit is ${MAX_DOCUMENT_BYTES}`;
/** YAML_TO_JSON_PREFIX is sigs.k8s.io/yaml's wrapper around every YAML failure. */
export const YAML_TO_JSON_PREFIX = 'error converting YAML to JSON: ';
/** NOT_A_LIST_MESSAGE is what kubectl prints for a List nested inside a List. */
export const NOT_A_LIST_MESSAGE = '*unstructured.Unstructured is not a list: no Items field in this object';

const TYPE_INFO_PREFIX = 'unable to get type info from the object "*unstructured.Unstructured": ';

/** YAML_MAX_DEPTH_MESSAGE is go-yaml's text for nesting past its limit (its own 10000). */
export const YAML_MAX_DEPTH_MESSAGE = 'exceeded max depth of 10000';

/** ManifestDoc is one object read from the stream. */
export interface ManifestDoc {
  object: Record<string, unknown>;
  /** 0-based position of the document in the stream (empty documents are counted). */
  index: number;
  /** 0-based position inside a List document, when the object came from one. */
  item?: number;
  /**
   * 1-based line of the stream where the document's content starts (its first line that is
   * not blank or a comment; for a List item, its List's), so a report can point at it.
   */
  line: number;
  /** Duplicate keys collapsed (last wins), for `--validate=strict` style rejection. */
  duplicates: DuplicateKey[];
}

/** ManifestErrorKind says where reading failed: syntax, decoding, the size limit, or the caller's check (`check`). */
export type ManifestErrorKind = 'parse' | 'decode' | 'too-large' | 'validation';

/**
 * ManifestParseError is a failure to read a manifest stream. `message` is kubectl's text
 * without the leading "error: " (e.g. `error parsing web.yaml: error converting YAML to
 * JSON: yaml: line 3: mapping values are not allowed in this context`); kind 'too-large'
 * carries the server's message, to be printed as a RequestEntityTooLarge status error.
 */
export class ManifestParseError extends Error {
  override readonly name = 'ManifestParseError';
  constructor(
    message: string,
    readonly kind: ManifestErrorKind,
    readonly source: string,
    /** 0-based index of the failing document. */
    readonly index: number,
    /** Documents read successfully (before a syntax error stopped the stream), in order. */
    readonly docs: ManifestDoc[] = [],
    /** 0-based List item position, for errors about one item of a List. */
    readonly item?: number,
    /** 1-based line of the stream where the failing document starts, when known. */
    readonly line?: number,
  ) {
    super(message);
  }
}

/** ReadManifestsOptions tunes checks that kubectl makes at decode time. */
export interface ReadManifestsOptions {
  /**
   * Reject objects without `kind` (kubectl's "Object 'Kind' is missing"). Default true.
   * Callers that validate first (`--validate`, "kind not set") turn it off.
   */
  checkKind?: boolean;
  /** Read booleans as go-yaml v3 does (kustomize): only true/false spellings, `yes`/`on` stay strings. */
  yaml12Booleans?: boolean;
  /**
   * check is kubectl's validation of each non-null document as read, before it is decoded (a
   * List before its items are taken out): its refusal ends the stream there, as a syntax error does.
   */
  check?: (doc: unknown) => string | undefined;
}

/**
 * ReadResult is every object read from a stream plus kubectl's errors in stream order:
 * decode errors of single documents, then at most one syntax error that ended reading.
 */
export interface ReadResult {
  docs: ManifestDoc[];
  errors: ManifestParseError[];
}

/**
 * readManifests reads all objects of a stream; it throws the first ManifestParseError
 * (carrying every object read) when any document failed.
 */
export function readManifests(text: string, source: string, options: ReadManifestsOptions = {}): ManifestDoc[] {
  const r = readManifestStream(text, source, options);
  if (r.errors.length > 0) throw r.errors[0];
  return r.docs;
}

/** readManifestStream reads objects and collects errors; it never throws for bad input. */
export function readManifestStream(text: string, source: string, options: ReadManifestsOptions = {}): ReadResult {
  const checkKind = options.checkKind ?? true;
  const docs: ManifestDoc[] = [];
  const errors: ManifestParseError[] = [];
  const fail = (message: string, kind: ManifestErrorKind, index: number, line?: number): ReadResult => {
    errors.push(new ManifestParseError(message, kind, source, index, docs.slice(), undefined, line));
    return { docs, errors };
  };
  // emit adds one document's objects and decode errors, or returns the check's refusal.
  const emit = (value: unknown, raw: string | undefined, index: number, line: number, duplicates: DuplicateKey[]): string | undefined => {
    if (value === null) return undefined;
    const refused = options.check?.(value);
    if (refused) return refused;
    for (const err of addDocument(value, raw, { index, line }, duplicates, source, checkKind, docs)) {
      errors.push(new ManifestParseError(err.message, 'decode', source, index, [], err.item, line));
    }
    return undefined;
  };

  if (isJsonStream(text)) {
    const r = readJsonStream(text);
    const lineAt = lineCounter(text);
    for (let i = 0; i < r.values.length; i++) {
      const v = r.values[i];
      if (Buffer.byteLength(v.raw, 'utf8') > MAX_DOCUMENT_BYTES) return fail(TOO_LARGE_MESSAGE, 'too-large', i);
      if (v.overflow !== undefined) {
        const msg = `unable to decode "${source}": json: cannot unmarshal number ${v.overflow} into Go value of type float64`;
        errors.push(new ManifestParseError(msg, 'decode', source, i));
        continue;
      }
      const refused = emit(v.value, v.raw, i, lineAt(v.start), []);
      if (refused) return fail(refused, 'validation', i);
    }
    if (r.error) return fail(`error parsing ${source}: ${r.error}`, 'parse', r.values.length);
    return { docs, errors };
  }

  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const split = splitYamlDocuments(body);
  for (let i = 0; i < split.chunks.length; i++) {
    const chunk = split.chunks[i].text;
    const line = split.chunks[i].firstLine + contentLineOffset(chunk) + 1;
    if (chunk.length * 3 > MAX_DOCUMENT_BYTES && Buffer.byteLength(chunk, 'utf8') > MAX_DOCUMENT_BYTES) {
      return fail(TOO_LARGE_MESSAGE, 'too-large', i);
    }
    let value: unknown;
    let duplicates: DuplicateKey[] = [];
    try {
      const events = parseEvents(chunk, { maxDepth: MAX_NESTING_DEPTH });
      const r = constructDocument(events, chunk, options.yaml12Booleans);
      value = r === undefined ? null : r.value;
      duplicates = r?.duplicates ?? [];
    } catch (e) {
      return fail(`error parsing ${source}: ${YAML_TO_JSON_PREFIX}${yamlErrorText(e, chunk)}`, 'parse', i, line);
    }
    const refused = emit(value, undefined, i, line, duplicates);
    if (refused) return fail(refused, 'validation', i, line);
  }
  if (split.error) return fail(`error parsing ${source}: ${split.error}`, 'parse', split.chunks.length);
  return { docs, errors };
}

// contentLineOffset is how many lines of a YAML chunk come before its first one with content
// (blank lines, comments and directives are skipped).
function contentLineOffset(chunk: string): number {
  let offset = 0;
  for (let at = 0; at < chunk.length; offset++) {
    let end = chunk.indexOf('\n', at);
    if (end < 0) end = chunk.length;
    const l = chunk.slice(at, end).trim();
    if (l !== '' && !l.startsWith('#') && !l.startsWith('%')) return offset;
    at = end + 1;
  }
  return 0;
}

// lineCounter returns a function giving the 1-based line of an offset; offsets must not decrease.
function lineCounter(text: string): (offset: number) => number {
  let line = 1;
  let at = 0;
  return (offset) => {
    for (let i = text.indexOf('\n', at); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) { line++; at = i + 1; }
    return line;
  };
}

// isJsonStream mirrors GuessJSONStream: JSON iff the first non-whitespace byte is '{'.
function isJsonStream(text: string): boolean {
  const m = /\S/.exec(text);
  return m !== null && m[0] === '{';
}

/** yamlErrorText is sigs.k8s.io/yaml's text for a failure to read one YAML document ("yaml: line 1: …"). */
export function yamlErrorText(e: unknown, chunk: string): string {
  if (e instanceof DecodeError) return e.message;
  if (e instanceof YAMLException) {
    const m = e.mark;
    if (e.reason.includes('nesting') || e.reason.includes('depth')) {
      return m ? `yaml: line ${m.line + 1}: ${YAML_MAX_DEPTH_MESSAGE}` : `yaml: ${YAML_MAX_DEPTH_MESSAGE}`;
    }
    return goSyntaxMessage(
      { reason: e.reason, line: m?.line ?? 0, column: m?.column ?? 0, position: m?.position ?? 0 },
      chunk,
    );
  }
  if (e instanceof RangeError) return `yaml: ${YAML_MAX_DEPTH_MESSAGE}`;
  throw e;
}

interface DocError {
  message: string;
  item?: number;
}

// addDocument decodes one non-null document like infoForData + FlattenListVisitor and
// appends its objects; it returns kubectl's errors instead of throwing. A bad List item
// fails alone, as FlattenListVisitor carries on with the other items.
function addDocument(
  value: unknown,
  raw: string | undefined,
  { index, line }: { index: number; line: number },
  duplicates: DuplicateKey[],
  source: string,
  checkKind: boolean,
  out: ManifestDoc[],
): DocError[] {
  const decodeErr = (what: string): DocError[] => [{ message: `unable to decode "${source}": ${what}` }];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return decodeErr(`json: cannot unmarshal ${goJsonType(value)} into Go value of type unstructured.detector`);
  }
  const obj = value as Record<string, unknown>;
  const items = obj.items;
  if (items !== undefined && items !== null) {
    if (!Array.isArray(items)) {
      return decodeErr(`json: cannot unmarshal ${goJsonType(items)} into Go struct field decodeList.items of type []json.RawMessage`);
    }
    for (const it of items) {
      if (typeof it !== 'object' || it === null || Array.isArray(it)) {
        return decodeErr(`json: cannot unmarshal ${goJsonType(it)} into Go value of type map[string]interface {}`);
      }
    }
    if (checkKind && !nonEmptyString(obj.kind)) return decodeErr(missingKind(obj, raw));
    const listKind = typeof obj.kind === 'string' ? obj.kind : '';
    const itemKind = listKind.endsWith('List') ? listKind.slice(0, -4) : listKind;
    // Nested Lists are unpacked before any item is visited, so one fails the document.
    const nested = items.findIndex((it) => Array.isArray((it as Record<string, unknown>).items));
    if (nested >= 0) return [{ message: NOT_A_LIST_MESSAGE, item: nested }];
    const errs: DocError[] = [];
    for (let j = 0; j < items.length; j++) {
      const it = items[j] as Record<string, unknown>;
      // Mirrors unstructured decodeToList: typed lists (PodList) omit each item's type.
      if (!nonEmptyString(it.kind) && !nonEmptyString(it.apiVersion)) {
        it.kind = itemKind;
        if (obj.apiVersion !== undefined) it.apiVersion = obj.apiVersion;
      }
      if (!nonEmptyString(it.kind)) {
        errs.push({ message: `${TYPE_INFO_PREFIX}Object 'Kind' is missing in 'object has no kind field '`, item: j });
      } else if (!nonEmptyString(it.apiVersion)) {
        errs.push({ message: `${TYPE_INFO_PREFIX}Object 'apiVersion' is missing in 'object has no apiVersion field'`, item: j });
      } else {
        out.push({ object: it, index, item: j, line, duplicates });
      }
    }
    return errs;
  }
  if (checkKind && !nonEmptyString(obj.kind)) return decodeErr(missingKind(obj, raw));
  out.push({ object: obj, index, line, duplicates });
  return [];
}

function missingKind(obj: Record<string, unknown>, raw: string | undefined): string {
  return `Object 'Kind' is missing in '${raw ?? toCompactJson(obj)}'`;
}

function nonEmptyString(v: unknown): boolean {
  return typeof v === 'string' && v.length > 0;
}

// goJsonType names a JSON value the way encoding/json's UnmarshalTypeError does.
function goJsonType(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'number') return 'number';
  if (typeof v === 'boolean') return 'bool';
  return 'object';
}
