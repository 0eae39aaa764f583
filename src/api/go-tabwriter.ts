/**
 * go-tabwriter: Go text/tabwriter's elastic-tabstop algorithm, pad character space and no flags,
 * as kubectl describe (minwidth 0, padding 2), crictl (minwidth 20, padding 3) and kubeadm
 * (minwidth 10, padding 3) set it up.
 */

/** DESCRIBE_PADDING is the number of spaces kubectl describe adds to the widest cell of a column block. */
export const DESCRIBE_PADDING = 2;

// Go counts cell widths in runes, not UTF-16 code units.
function width(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/**
 * formatTabbed aligns TAB-terminated cells exactly as Go's tabwriter does: column k forms a
 * block over a run of consecutive lines that all have a TAB-terminated cell k; the block's
 * width is its widest cell plus `padding`, and at least `minwidth`. The text after a line's last
 * TAB is never padded, and nested columns are computed only inside the run of the enclosing block.
 */
export function formatTabbed(text: string, padding = DESCRIBE_PADDING, minwidth = 0): string {
  const lines = text.split('\n').map((l) => l.split('\t'));
  const out: string[] = [];
  const widths: number[] = [];

  const writeLines = (from: number, to: number): void => {
    for (let i = from; i < to; i++) {
      const cells = lines[i]!;
      let s = '';
      cells.forEach((cell, j) => {
        s += cell;
        if (j < widths.length) s += ' '.repeat(Math.max(0, widths[j]! - width(cell)));
      });
      out.push(s);
    }
  };

  // Mirrors text/tabwriter (*Writer).format: recursion depth = column index.
  const format = (line0: number, line1: number): void => {
    const column = widths.length;
    for (let t = line0; t < line1; t++) {
      if (column >= lines[t]!.length - 1) continue;
      writeLines(line0, t);
      line0 = t;
      let w = minwidth;
      for (; t < line1; t++) {
        const cells = lines[t]!;
        if (column >= cells.length - 1) break;
        w = Math.max(w, width(cells[column]!) + padding);
      }
      widths.push(w);
      format(line0, t);
      widths.pop();
      line0 = t;
    }
    writeLines(line0, line1);
  };

  format(0, lines.length);
  return out.join('\n');
}

/** tabulateRows writes rows of cells, each line's last cell untabbed, through formatTabbed. */
export function tabulateRows(rows: readonly (readonly string[])[], padding: number, minwidth: number): string[] {
  return formatTabbed(rows.map((r) => r.join('\t')).join('\n'), padding, minwidth).split('\n');
}
