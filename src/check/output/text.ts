/**
 * text: the report for people — a table per file (printers/report.ts: borderless,
 * coloured on a terminal only), one row per object at the phase it stopped at or reached,
 * with its findings as `RULE: message`, then the summary line.
 */
import type { ChalkInstance } from 'chalk';
import { renderReport } from '../../printers/report';
import type { CheckReport, ObjectVerdict } from '../model';
import { objectFailed, summaryLine } from '../summary';

/** TEXT_HEAD are the table's columns. */
export const TEXT_HEAD = ['LINE', 'OBJECT', 'PHASE', 'RESULT', 'REASON'] as const;

function row(o: ObjectVerdict): string[] {
  const failed = o.phases.find((p) => p.result === 'fail');
  const shown = failed ?? o.phases[o.phases.length - 1]!;
  const findings = [...o.findings].sort((a, b) => rank(a.level) - rank(b.level));
  return [String(o.line), o.display, shown.phase, objectFailed(o) ? 'fail' : 'pass', findings.map((f) => `${f.rule}: ${f.message}`).join('\n')];
}

const rank = (level: string): number => (level === 'error' ? 0 : level === 'warning' ? 1 : 2);

/** renderText renders the whole report. */
export function renderText(r: CheckReport, colors?: ChalkInstance): string {
  const out: string[] = [];
  for (const file of r.files) {
    const rows = [
      ...r.fileErrors.filter((e) => e.file === file).map((e) => [String(e.line), '-', 'read', 'fail', `${e.rule}: ${e.message}`]),
      ...r.objects.filter((o) => o.file === file).map(row),
    ];
    if (!rows.length) continue;
    out.push(`${colors ? colors.bold(file) : file}\n`);
    out.push(renderReport(TEXT_HEAD, rows, { colors, cell: (t, i) => (i === 3 && colors ? (t === 'pass' ? colors.green(t) : colors.red(t)) : t) }), '\n');
  }
  out.push(summaryLine(r));
  return out.join('');
}
