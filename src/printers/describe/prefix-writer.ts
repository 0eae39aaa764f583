/**
 * prefix-writer: the describe output buffer. Describers write TAB-separated cells at an
 * indentation level; the whole buffer is aligned by formatTabbed when rendered, and flush()
 * starts an independently aligned section (kubectl flushes before the Events table).
 */
import { formatTabbed } from '../../api/go-tabwriter';

/** LEVEL_0..LEVEL_3 are kubectl's indentation levels (2 spaces each). */
export const LEVEL_0 = 0;
export const LEVEL_1 = 1;
export const LEVEL_2 = 2;
export const LEVEL_3 = 3;

/**
 * PrefixWriter mirrors kubectl's describe PrefixWriter: write(level, text) prefixes `text`
 * with 2×level spaces (the prefix joins the first cell); writeLine(text) appends text and a
 * newline without indentation. Nothing is aligned until toString().
 */
export class PrefixWriter {
  private readonly sections: string[] = [];
  private current = '';

  /** write appends text (which may hold TABs and newlines) indented by `level`. */
  write(level: number, text: string): void {
    this.current += '  '.repeat(level) + text;
  }

  /** writeLine appends `text` plus a newline, with no indentation (kubectl WriteLine). */
  writeLine(text = ''): void {
    this.current += text + '\n';
  }

  /** flush ends the current alignment section; later columns ignore earlier widths. */
  flush(): void {
    this.sections.push(this.current);
    this.current = '';
  }

  /** raw is the text as written, TABs kept: kubectl prints a pod template for rollout history and undo this way (no tab writer). */
  raw(): string {
    return [...this.sections, this.current].join('');
  }

  /** toString renders every section through the tab writer. */
  toString(): string {
    return [...this.sections, this.current].map((s) => formatTabbed(s)).join('');
  }
}
