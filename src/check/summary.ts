/**
 * summary: the counts every output format reports, and the one line that says them, so the
 * text report, a CI log and a file-writing run end with the same words.
 */
import { formatDuration } from '../api/duration';
import type { CheckReport, ObjectVerdict } from './model';

/** Summary counts objects by outcome and findings by level. */
export interface Summary { objects: number; passed: number; failed: number; errors: number; warnings: number; notes: number }

/** objectFailed: an object failed when one of its phases did. */
export const objectFailed = (o: ObjectVerdict): boolean => o.phases.some((p) => p.result === 'fail');

/** summarize counts a report. */
export function summarize(r: CheckReport): Summary {
  const findings = [...r.objects.flatMap((o) => o.findings), ...r.fileErrors];
  const failed = r.objects.filter(objectFailed).length;
  return {
    objects: r.objects.length,
    passed: r.objects.length - failed,
    failed,
    errors: findings.filter((f) => f.level === 'error').length,
    warnings: findings.filter((f) => f.level === 'warning').length,
    notes: findings.filter((f) => f.level === 'info').length,
  };
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** summaryLine is the report's last line: counts, then the run's settings (no wall-clock time, so reruns match). */
export function summaryLine(r: CheckReport): string {
  const s = summarize(r);
  const unreadable = r.fileErrors.length ? `, ${plural(r.fileErrors.length, 'unreadable document')}` : '';
  return `${plural(s.objects, 'object')} in ${plural(r.files.length, 'file')}: ${s.passed} passed, ${s.failed} failed${unreadable}`
    + ` (until ${r.until}, profile ${r.profile}, seed ${r.seed}, simulated ${formatDuration(r.simulatedMs)})\n`;
}
