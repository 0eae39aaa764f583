/**
 * junit: the report as JUnit XML, the shape CI systems (GitHub, GitLab, Jenkins, Azure)
 * read: a <testsuite> per file, a <testcase> per object × phase, a <failure> (type = the
 * rule, message = Kubernetes' reason) for a failed phase and <skipped> for one not reached.
 * No time attributes: the report must be byte-identical between runs.
 */
import type { CheckReport, Finding, ObjectVerdict, PhaseResult } from '../model';

/** xmlEscape escapes text and attribute values, and drops the control characters XML 1.0 forbids. */
export function xmlEscape(s: string): string {
  return s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')
    .replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;');
}

/** bodyEscape escapes element text, keeping its line breaks readable. */
function bodyEscape(s: string): string {
  return xmlEscape(s).replace(/&#10;/g, '\n').replace(/&#9;/g, '\t');
}

interface Case { name: string; line: number; failure?: Finding[]; skipped?: string }

function casesOf(o: ObjectVerdict): Case[] {
  let failedAt = '';
  return o.phases.map((p: PhaseResult): Case => {
    const name = `${o.display} ${p.phase}`;
    if (p.result === 'skipped') return { name, line: o.line, skipped: `not reached: ${failedAt} failed` };
    if (p.result === 'fail') {
      failedAt = p.phase;
      return { name, line: o.line, failure: o.findings.filter((f) => f.phase === p.phase && f.level === 'error') };
    }
    return { name, line: o.line };
  });
}

/** renderJunit renders the report as a JUnit XML document. */
export function renderJunit(r: CheckReport): string {
  const suites = r.files.map((file) => {
    const cases: Case[] = [
      ...r.fileErrors.filter((e) => e.file === file).map((e) => ({ name: `document at line ${e.line} read`, line: e.line, failure: [{ rule: e.rule, level: e.level, phase: 'admitted' as const, message: e.message }] })),
      ...r.objects.filter((o) => o.file === file).flatMap(casesOf),
    ];
    return { file, cases };
  });
  const count = (cs: Case[]) => ({ tests: cs.length, failures: cs.filter((c) => c.failure).length, skipped: cs.filter((c) => c.skipped).length });
  const all = count(suites.flatMap((s) => s.cases));
  const out = ['<?xml version="1.0" encoding="UTF-8"?>\n',
    `<testsuites name="kubemu check" tests="${all.tests}" failures="${all.failures}" errors="0" skipped="${all.skipped}">\n`];
  for (const s of suites) {
    const c = count(s.cases);
    out.push(`  <testsuite name="${xmlEscape(s.file)}" tests="${c.tests}" failures="${c.failures}" errors="0" skipped="${c.skipped}">\n`);
    for (const tc of s.cases) {
      const head = `    <testcase classname="${xmlEscape(s.file)}" name="${xmlEscape(tc.name)}" file="${xmlEscape(s.file)}" line="${tc.line}"`;
      if (tc.skipped) { out.push(`${head}>\n      <skipped message="${xmlEscape(tc.skipped)}"/>\n    </testcase>\n`); continue; }
      if (!tc.failure) { out.push(`${head}/>\n`); continue; }
      const first = tc.failure[0];
      const body = tc.failure.map((f) => `${f.rule}: ${f.message}`).join('\n') + `\n${s.file}:${tc.line}`;
      out.push(`${head}>\n      <failure type="${xmlEscape(first?.rule ?? '')}" message="${xmlEscape(first?.message ?? '')}">${bodyEscape(body)}</failure>\n    </testcase>\n`);
    }
    out.push('  </testsuite>\n');
  }
  out.push('</testsuites>\n');
  return out.join('');
}
