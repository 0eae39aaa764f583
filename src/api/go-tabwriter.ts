/**
 * go-tabwriter: Go text/tabwriter's elastic-tabstop algorithm, pad character space and no flags,
 * as kubectl get (minwidth 6, padding 3, printers/table.ts), kubectl describe (minwidth 0,
 * padding 2), crictl (minwidth 20, padding 3) and kubeadm (minwidth 10, padding 3) set it up.
 */

/** DESCRIBE_PADDING is the number of spaces kubectl describe adds to the widest cell of a column block. */
export const DESCRIBE_PADDING = 2;

/** runeWidth counts Unicode code points, as Go's tabwriter does (utf8.RuneCount). */
export function runeWidth(s: string): number {
  if (!/[\uD800-\uDFFF]/.test(s)) return s.length; // no surrogate pairs: one code unit per code point
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/**
 * TabSettings are a tab writer's: minwidth, padding, and (cli-runtime's fork's RememberWidths,
 * for `get -w`) the widths of earlier flushes, which each column never falls below and which
 * are raised in place to this flush's.
 */
export interface TabSettings { minwidth: number; padding: number; remembered?: number[] }

/**
 * layoutCells aligns lines of cells exactly as Go's tabwriter does: every cell but a line's
 * last is TAB-terminated; column k forms a block over a run of consecutive lines that all have
 * a TAB-terminated cell k; the block's width is its widest cell plus `padding`, and at least
 * `minwidth`. A line's last cell is never padded, and nested columns are computed only inside
 * the run of the enclosing block. The lines come back without newlines.
 */
export function layoutCells(lines: readonly (readonly string[])[], o: TabSettings): string[] {
  const out: string[] = [];
  const widths: number[] = [];
  const remembered = o.remembered;

  const writeLines = (line0: number, line1: number): void => {
    for (let i = line0; i < line1; i++) {
      const cells = lines[i]!;
      let text = '';
      for (let j = 0; j < cells.length; j++) {
        const cell = cells[j]!;
        text += cell;
        if (j < widths.length && j < cells.length - 1) text += ' '.repeat(Math.max(0, widths[j]! - runeWidth(cell)));
      }
      out.push(text);
    }
  };

  // Mirrors text/tabwriter (*Writer).format: recursion depth = column index.
  const format = (line0: number, line1: number): void => {
    const column = widths.length;
    let start = line0;
    for (let i = line0; i < line1; i++) {
      if (column >= lines[i]!.length - 1) continue;
      writeLines(start, i);
      let width = o.minwidth;
      let j = i;
      for (; j < line1; j++) {
        const cells = lines[j]!;
        if (column >= cells.length - 1) break;
        width = Math.max(width, runeWidth(cells[column]!) + o.padding);
      }
      if (remembered) {
        if (column >= remembered.length) remembered.push(width);
        else if (remembered[column]! > width) width = remembered[column]!;
        else remembered[column] = width;
      }
      widths.push(width);
      format(i, j);
      widths.pop();
      start = j;
      i = j - 1;
    }
    writeLines(start, line1);
  };

  format(0, lines.length);
  return out;
}

/** formatTabbed aligns a text's TAB-terminated cells (layoutCells over its lines). */
export function formatTabbed(text: string, padding = DESCRIBE_PADDING, minwidth = 0): string {
  return layoutCells(text.split('\n').map((l) => l.split('\t')), { minwidth, padding }).join('\n');
}

/** tabulateRows writes rows of cells, each line's last cell untabbed, through formatTabbed. */
export function tabulateRows(rows: readonly (readonly string[])[], padding: number, minwidth: number): string[] {
  return formatTabbed(rows.map((r) => r.join('\t')).join('\n'), padding, minwidth).split('\n');
}
