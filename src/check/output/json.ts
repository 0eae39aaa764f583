/**
 * json: the report for programs. Fields are written in a fixed order (objects are built
 * literally, never from a spread of something else), files and objects in input order, so
 * the same input and seed give the same bytes.
 */
import { formatDuration } from '../../api/duration';
import type { CheckReport } from '../model';
import { objectFailed, summarize } from '../summary';

/** renderJson renders the report as indented JSON with a final newline. */
export function renderJson(r: CheckReport): string {
  const doc = {
    profile: r.profile,
    seed: r.seed,
    until: r.until,
    simulated: formatDuration(r.simulatedMs),
    summary: summarize(r),
    files: r.files.map((file) => ({
      file,
      errors: r.fileErrors.filter((e) => e.file === file).map((e) => ({ line: e.line, rule: e.rule, level: e.level, message: e.message })),
      objects: r.objects.filter((o) => o.file === file).map((o) => ({
        line: o.line,
        apiVersion: o.apiVersion,
        kind: o.kind,
        namespace: o.namespace ?? null,
        name: o.name,
        object: o.display,
        result: objectFailed(o) ? 'fail' : 'pass',
        phases: o.phases.map((p) => ({ phase: p.phase, result: p.result })),
        findings: o.findings.map((f) => ({ rule: f.rule, level: f.level, phase: f.phase, message: f.message })),
      })),
    })),
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}
