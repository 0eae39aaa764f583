/**
 * github: the report as GitHub Actions workflow commands — one annotation per finding
 * (`::error file=F,line=L,title=RULE::message`; warnings as ::warning, notes as ::notice),
 * which GitHub shows on the pull request's diff, then the summary line. Values are escaped
 * as the Actions toolkit escapes them (% CR LF in the message; also : and , in properties).
 */
import type { CheckReport } from '../model';
import { summaryLine } from '../summary';

const COMMAND = { error: 'error', warning: 'warning', info: 'notice' } as const;

/** escapeData escapes an annotation's message. */
export const escapeData = (s: string): string => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
/** escapeProperty escapes an annotation property's value. */
export const escapeProperty = (s: string): string => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

function annotation(level: keyof typeof COMMAND, file: string, line: number, rule: string, message: string): string {
  return `::${COMMAND[level]} file=${escapeProperty(file)},line=${line},title=${escapeProperty(rule)}::${escapeData(message)}\n`;
}

/** renderGithub renders every finding as an annotation, in file and line order. */
export function renderGithub(r: CheckReport): string {
  const out: string[] = [];
  for (const file of r.files) {
    for (const e of r.fileErrors.filter((x) => x.file === file)) out.push(annotation(e.level, e.file, e.line, e.rule, e.message));
    for (const o of r.objects.filter((x) => x.file === file)) {
      for (const f of o.findings) out.push(annotation(f.level, o.file, o.line, f.rule, `${o.display}: ${f.message}`));
    }
  }
  out.push(summaryLine(r));
  return out.join('');
}
