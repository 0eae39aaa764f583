/**
 * custom-columns: `-o custom-columns=HEADER:path,…` and `-o custom-columns-file=FILE`.
 *
 * Mirrors kubernetes/kubectl pkg/cmd/get/customcolumn.go (v0.32): paths are relaxed to
 * `{.path}`, evaluated with missing keys allowed, every result of a cell printed with Go's %v
 * and joined by ","; a cell with no result prints "<none>". Headers are used verbatim.
 * Layout is the shared tab writer (printers/table.ts).
 */
import { formatGoValue } from './jsonpath-go-format';
import { parseJsonPathTemplate, type CompiledJsonPath } from './jsonpath';
import { renderTabbed } from './table';

/** NONE is the cell text for a path with no value. */
export const NONE = '<none>';
/** ERR_NO_COLUMNS is kubectl's error for `-o custom-columns=` with an empty spec. */
export const ERR_NO_COLUMNS = 'custom-columns format specified but no custom columns given';
/** ERR_PATH_SYNTAX is RelaxedJSONPathExpression's error for a path with braces inside. */
export const ERR_PATH_SYNTAX = "unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'";
/** ERR_MISSING_HEADER_LINE / ERR_MISSING_SPEC_LINE are the custom-columns-file errors. */
export const ERR_MISSING_HEADER_LINE = 'invalid template, missing header line. Expected format is one line of space separated headers, one line of space separated column specs.';
export const ERR_MISSING_SPEC_LINE = 'invalid template, missing spec line. Expected format is one line of space separated headers, one line of space separated column specs.';

/** unexpectedSpecMessage is the error for a column without ":" between header and path. */
export const unexpectedSpecMessage = (part: string): string =>
  `unexpected custom-columns spec: ${part}, expected <header>:<json-path-expr>`;
/** headerCountMessage is the custom-columns-file error for mismatched line lengths. */
export const headerCountMessage = (headers: number, specs: number): string =>
  `number of headers (${headers}) and field specifications (${specs}) don't match`;

/** Column is one user-specified column: header text and its normalised `{.path}` template. */
export interface Column { header: string; fieldSpec: string }

const RELAXED = /^\{\.?([^{}]+)\}$|^\.?([^{}]+)$/;

/**
 * relaxedJsonPathExpression normalises `a.b`, `.a.b`, `{a.b}`, `{.a.b}` to `{.a.b}` (kubectl's
 * RelaxedJSONPathExpression); "" stays "". Throws ERR_PATH_SYNTAX otherwise.
 */
export function relaxedJsonPathExpression(path: string): string {
  if (path.length === 0) return path;
  const m = RELAXED.exec(path);
  if (!m) throw new Error(ERR_PATH_SYNTAX);
  return `{.${m[1] || m[2]}}`;
}

/** parseCustomColumnsSpec parses the `-o custom-columns=` argument. Throws kubectl's errors. */
export function parseCustomColumnsSpec(spec: string): Column[] {
  if (spec.length === 0) throw new Error(ERR_NO_COLUMNS);
  return spec.split(',').map((part) => {
    const i = part.indexOf(':');
    if (i < 0) throw new Error(unexpectedSpecMessage(part));
    return { header: part.slice(0, i), fieldSpec: relaxedJsonPathExpression(part.slice(i + 1)) };
  });
}

/**
 * parseCustomColumnsFile parses a custom-columns-file: the first line holds whitespace-
 * separated headers, the second the matching field specs; later lines are ignored.
 */
export function parseCustomColumnsFile(text: string): Column[] {
  const lines = text.split('\n').map((l) => l.replace(/\r$/, ''));
  if (text.length === 0) throw new Error(ERR_MISSING_HEADER_LINE);
  if (lines.length < 2 || (lines.length === 2 && lines[1] === '')) throw new Error(ERR_MISSING_SPEC_LINE);
  const words = (l: string): string[] => l.split(/\s+/).filter(Boolean);
  const headers = words(lines[0]!);
  const specs = words(lines[1]!);
  if (headers.length !== specs.length) throw new Error(headerCountMessage(headers.length, specs.length));
  return headers.map((header, i) => ({ header, fieldSpec: relaxedJsonPathExpression(specs[i]!) }));
}

/** escapeTerminal is cli-runtime's EscapeTerminal: ESC becomes "^[", CR becomes "\r". */
export function escapeTerminal(s: string): string {
  return s.replace(/\x1b/g, '^[').replace(/\r/g, '\\r');
}

/** CustomColumnsOptions tunes rendering; noHeaders is `--no-headers`. */
export interface CustomColumnsOptions { noHeaders?: boolean }

/** compileColumns parses every column's template; a syntax error throws its bare text. */
function compileColumns(columns: readonly Column[]): CompiledJsonPath[] {
  return columns.map((c) => parseJsonPathTemplate(c.fieldSpec));
}

/** customColumnCells computes one object's row: each cell's results joined by "," or "<none>". */
export function customColumnCells(columns: readonly Column[], obj: unknown): string[] {
  return cells(compileColumns(columns), obj);
}

function cells(parsers: readonly CompiledJsonPath[], obj: unknown): string[] {
  return parsers.map((p) => {
    let values: unknown[][];
    try {
      values = p.findResults(obj, true);
    } catch (e) {
      throw new Error((e as Error).message);
    }
    const out: string[] = [];
    if (values.length === 0 || values[0]!.length === 0) out.push(NONE);
    for (const vs of values) for (const v of vs) out.push(escapeTerminal(formatGoValue(v)));
    return out.join(',');
  });
}

/**
 * renderCustomColumns lays out objects (list items, in order) as kubectl's custom-columns
 * printer: a header row (unless noHeaders) then one row per object, through the tab writer.
 */
export function renderCustomColumns(columns: readonly Column[], objects: readonly unknown[], opts: CustomColumnsOptions = {}): string {
  const parsers = compileColumns(columns);
  const rows: string[][] = [];
  if (!opts.noHeaders) rows.push(columns.map((c) => c.header));
  for (const o of objects) rows.push(cells(parsers, o));
  return renderTabbed(rows);
}
