/**
 * table: kubectl's elastic tab writer — the layout of every `get` table.
 *
 * Mirrors k8s.io/cli-runtime pkg/printers/tabwriter.go (a fork of Go's text/tabwriter) with
 * the settings kubectl uses: minimum cell width 6, padding 3, pad character ' ', and the
 * fork's RememberWidths flag for `get -w`. A row is the list of cells of one output line:
 * every cell but the last is "tab-terminated" and padded to its column block's width; the
 * last one is written as-is. A row with at most one cell has no tab and ends every open
 * column block (a flush point), exactly like a TAB-less line in Go.
 *
 * kubemu: hand-written rather than cli-table3, which cannot express column blocks, the
 * unpadded last cell, or remembered widths; the algorithm is api/go-tabwriter's, shared with
 * describe and the node hosts' tools.
 */
import { layoutCells, runeWidth } from '../api/go-tabwriter';

/** MIN_CELL_WIDTH is the tab writer's minwidth: no padded cell is narrower than this. */
export const MIN_CELL_WIDTH = 6;
/** CELL_PADDING is the number of spaces added to the widest cell of a column block. */
export const CELL_PADDING = 3;
/** TRUNCATION_MARK is appended to a cell cut at its first line break. */
export const TRUNCATION_MARK = '...';

/**
 * sanitizeCell is kubectl's printRows treatment of a string cell: cut at the first \n, \r or
 * \f and append "..." if anything was cut; ESC becomes "^[" (cli-runtime WriteEscaped).
 */
export function sanitizeCell(cell: string): string {
  if (!NEEDS_SANITIZING.test(cell)) return cell; // most cells: one scan, no copies
  const cut = cell.search(/[\n\r\f]/);
  const text = cut >= 0 ? cell.slice(0, cut) : cell;
  const escaped = text.replace(/\x1b/g, '^[');
  return cut >= 0 ? escaped + TRUNCATION_MARK : escaped;
}

const NEEDS_SANITIZING = /[\n\r\f\x1b]/;

/** TabbedOutput is the text of one tab-writer flush and the widths to remember for the next. */
export interface TabbedOutput {
  text: string;
  widths: number[];
}

/**
 * renderTabbed lays rows out as kubectl's tab writer would in a single flush: each column
 * block is max(6, widest cell + 3) wide and the last cell of each row is unpadded. Every
 * line, including the last, ends with "\n". An empty input renders as "".
 */
export function renderTabbed(rows: readonly (readonly string[])[]): string {
  return layout(rows, undefined).text;
}

/**
 * renderTabbedRemembering is renderTabbed with the RememberWidths flag used by `get -w`:
 * each column k is at least `remembered[k]` wide, and the returned widths (per column index,
 * never shrinking) are what the next flush should pass back in.
 */
export function renderTabbedRemembering(
  rows: readonly (readonly string[])[],
  remembered: readonly number[],
): TabbedOutput {
  return layout(rows, [...remembered]);
}

function layout(rows: readonly (readonly string[])[], maxWidths: number[] | undefined): TabbedOutput {
  // Re-split on TAB after sanitizing: a TAB inside a cell starts a new cell in Go as well.
  const lines = rows.map((row) => row.map(sanitizeCell).join('\t').split('\t'));
  const out = layoutCells(lines, { minwidth: MIN_CELL_WIDTH, padding: CELL_PADDING, remembered: maxWidths });
  return { text: out.length ? `${out.join('\n')}\n` : '', widths: maxWidths ?? [] };
}

/**
 * TabbedRows collects a table's rows compactly — each one string, its sanitized cells joined
 * by TAB — for tables too big to hold as arrays of cells (`get pods -A` on a big cluster),
 * and writes them out laid as renderTabbed would lay them.
 */
export class TabbedRows {
  private readonly lines: string[] = [];
  /** cellCount is every row's number of cells so far (-1: none yet; NaN: rows differ, or a cell has a TAB). */
  private cellCount = -1;
  /** widths are the column blocks' widths while every row has cellCount cells: each column but the last. */
  private readonly widths: number[] = [];

  get length(): number {
    return this.lines.length;
  }

  add(cells: readonly string[]): void {
    const clean = cells.map(sanitizeCell);
    this.lines.push(clean.join('\t'));
    if (this.cellCount === -1) {
      this.cellCount = clean.length;
      for (let j = 0; j < clean.length - 1; j++) this.widths.push(MIN_CELL_WIDTH);
    }
    if (clean.length !== this.cellCount || clean.some((c) => c.includes('\t'))) this.cellCount = NaN;
    if (Number.isNaN(this.cellCount)) return;
    const { widths } = this;
    for (let j = 0; j < widths.length; j++) widths[j] = Math.max(widths[j]!, runeWidth(clean[j]!) + CELL_PADDING);
  }

  /** render passes the laid-out text to write in pieces of about CHUNK characters. */
  render(write: (text: string) => void): void {
    if (Number.isNaN(this.cellCount)) { write(renderTabbed(this.lines.map((l) => l.split('\t')))); return; }
    // Every row has the same cells: each column but the last is one block (what layout() finds).
    const { widths } = this;
    const last = widths.length;
    let text = '';
    for (const line of this.lines) {
      const cells = line.split('\t');
      for (let j = 0; j < last; j++) text += cells[j]! + ' '.repeat(widths[j]! - runeWidth(cells[j]!));
      text += `${cells[last]}\n`;
      if (text.length >= CHUNK) { write(text); text = ''; }
    }
    if (text) write(text);
  }
}

/** CHUNK is how much laid-out text TabbedRows hands on at a time. */
const CHUNK = 1 << 16;
