/**
 * report: kubemu's own reports (why's node × plugin matrix, doctor's violations, and the
 * check and cost reports to come), rendered with cli-table3 and coloured with chalk on a
 * terminal only. kubectl-shaped tables (get, top…) keep table.ts, Go's tab writer.
 *
 * The style is borderless: columns separated by three spaces, as kubectl's tables are. One
 * row per line reads well in a terminal and in CI logs, greps and awks as kubectl output does,
 * and has no box-drawing characters for a log viewer or a non-UTF-8 terminal to mangle; on
 * a terminal, colour (a bold header, green passes, red rejections) does what borders would.
 * tick's summary is one line, not a table, and stays so: scripts read it, and tick.ts is
 * imported by get (parseDuration), whose start-up must not load chalk and cli-table3.
 */
import Table from 'cli-table3';
import { Chalk, type ChalkInstance } from 'chalk';

/** colorLevel is chalk's level for a stream: FORCE_COLOR wins, then NO_COLOR, then whether it is a terminal. */
export function colorLevel(env: NodeJS.ProcessEnv, isTTY: boolean): 0 | 1 | 2 | 3 {
  const force = env.FORCE_COLOR;
  if (force !== undefined) {
    if (force === '0' || force === 'false') return 0;
    const n = Number(force);
    return n >= 1 && n <= 3 ? (Math.floor(n) as 1 | 2 | 3) : 1;
  }
  if (env.NO_COLOR) return 0;
  return isTTY ? 1 : 0;
}

/** reportColors is the chalk for a report written to a stream; level 0 leaves text as it is. */
export function reportColors(env: NodeJS.ProcessEnv, isTTY: boolean): ChalkInstance {
  return new Chalk({ level: colorLevel(env, isTTY) });
}

/** BORDERLESS is cli-table3's chars with no borders and kubectl's three-space column gap. */
const BORDERLESS = {
  top: '', 'top-mid': '', 'top-left': '', 'top-right': '',
  bottom: '', 'bottom-mid': '', 'bottom-left': '', 'bottom-right': '',
  left: '', 'left-mid': '', mid: '', 'mid-mid': '',
  right: '', 'right-mid': '', middle: '   ',
};

/** ReportOptions: the colours, and how to colour a body cell (by its column and row). */
export interface ReportOptions {
  colors?: ChalkInstance;
  cell?: (text: string, column: number, row: readonly string[]) => string;
}

/** PLAIN_CELL is text whose width is its length: printable ASCII, no tab or newline. */
const PLAIN_CELL = /^[\x20-\x7e]*$/;

/**
 * padColumns is the borderless layout for plain cells: each column as wide as its widest
 * cell, columns three spaces apart, trailing spaces trimmed — what cli-table3 renders for
 * them, without measuring every cell for ANSI codes and wide characters, which takes seconds
 * on a 10 000-row report (netcheck of a Deployment against a Service).
 */
function padColumns(lines: readonly (readonly string[])[]): string {
  const widths: number[] = [];
  for (const l of lines) l.forEach((t, i) => { if (t.length > (widths[i] ?? 0)) widths[i] = t.length; });
  let out = '';
  for (const l of lines) out += `${l.map((t, i) => (i < l.length - 1 ? t.padEnd(widths[i]!) : t)).join('   ').trimEnd()}\n`;
  return out;
}

/** renderReport renders a header row and body rows; each line ends at its last character. */
export function renderReport(head: readonly string[], rows: readonly (readonly string[])[], opts: ReportOptions = {}): string {
  const c = opts.colors;
  // At colour level 0 chalk leaves text as it is, so a report to a pipe takes the plain path.
  if (!c || c.level === 0) {
    const body = rows.map((r) => r.map((text, i) => (opts.cell ? opts.cell(text, i, r) : text)));
    const lines = [head, ...body];
    if (lines.every((l) => l.length === head.length && l.every((t) => PLAIN_CELL.test(t)))) return padColumns(lines);
  }
  const table = new Table({
    head: head.map((h) => (c ? c.bold(h) : h)),
    chars: BORDERLESS,
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0, compact: true },
  });
  for (const r of rows) table.push(r.map((text, i) => (opts.cell ? opts.cell(text, i, r) : text)));
  return `${table.toString().split('\n').map((l) => l.trimEnd()).join('\n')}\n`;
}
