/**
 * check-corpus.test: `kubemu check` against the shared corpus's INDEX.tsv, as a new user
 * would run it — each file alone (after its apply-first files) in a fresh throwaway cluster.
 * A valid file must have every object admitted and, unless its notes say it needs something
 * the corpus does not have (needs=, runtime:, needs-pvc-bound, a namespace's setup), reach
 * ready; an invalid one must be refused with its expected_error. The agreement rate is
 * printed; every disagreement not listed under "Known corpus gaps" in docs/check.md fails.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { expect, it } from 'vitest';
import { readManifestStream } from '../yaml';
import { bundleOf, checkAdmission } from '../cli/commands/check';
import { CORPUS_DIR, CORPUS_INDEX, corpusInput, describeWithInputs } from '../../test/helpers/required-input';
import type { CheckReport, Phase } from './model';
import { PROFILES } from './profiles';
import { runCheck } from './run-check';

interface Row { file: string; expect: string; expectedError: string; notes: string }

function rows(): Row[] {
  return fs.readFileSync(CORPUS_INDEX, 'utf8').split('\n').slice(1).filter(Boolean).map((line) => {
    const [file, , , expect, expectedError, notes] = line.split('\t');
    return { file: file!, expect: expect!, expectedError: expectedError ?? '', notes: notes ?? '' };
  });
}

/** knownGaps are the corpus files docs/check.md lists as known gaps (`- \`path\`: why`). */
function knownGaps(): Set<string> {
  const doc = fs.readFileSync(path.resolve(__dirname, '../../docs/check.md'), 'utf8');
  const section = doc.split('## Known corpus gaps')[1]?.split('\n## ')[0] ?? '';
  return new Set([...section.matchAll(/^- `([^`]+)`/gm)].map((m) => m[1]!));
}

/** needsAbsent: the notes say the file cannot come up in a fresh cluster with only the corpus. */
const needsAbsent = (notes: string): boolean => /(^|; )(needs=|runtime:|needs-pvc-bound|needs-crd|cluster-dependent)/.test(notes);

function bundleFor(files: string[]) {
  const docs: { source: string; line: number; object: Record<string, unknown> }[] = [];
  const errors: { source: string; line?: number; message: string }[] = [];
  for (const f of files) {
    const r = readManifestStream(fs.readFileSync(path.join(CORPUS_DIR, f), 'utf8'), path.basename(f), { checkKind: false });
    docs.push(...r.docs.map((d) => ({ source: f, line: d.line, object: d.object })));
    errors.push(...r.errors.map((e) => ({ source: f, line: e.line, message: e.message })));
  }
  return bundleOf(docs, errors);
}

/**
 * BEYOND_A_FILE are rules about what an object points at (a Service's pods, an Ingress's
 * Service, an HPA's target): the corpus judges each file alone, and its expectations cover
 * admission, workloads and claims, so a lone Service without its Deployment is not held against it.
 */
const BEYOND_A_FILE = new Set(['KM040-service-no-pods', 'KM041-service-target-port', 'KM050-ingress-backend', 'KM051-hpa-target']);

/** EMPTY_BUNDLE is the CLI's refusal of input without objects (exit 2), kubectl's "no objects passed to apply". */
const EMPTY_BUNDLE = 'no objects passed to apply';

/** verdict says whether check agrees with the row, and if not, why. */
function verdict(row: Row, report: CheckReport): string | undefined {
  const mine = report.objects.filter((o) => o.file === row.file);
  const errors = [
    ...report.fileErrors.filter((e) => e.file === row.file && e.level === 'error').map((e) => e.message),
    ...mine.flatMap((o) => o.findings.filter((f) => f.level === 'error' && !BEYOND_A_FILE.has(f.rule)).map((f) => `${o.display} ${f.phase}: ${f.message}`)),
  ];
  if (!mine.length && !report.fileErrors.some((e) => e.file === row.file)) errors.push(EMPTY_BUNDLE);
  // needs=Kind/name: without it admission may refuse the object; a refusal that names it agrees.
  const needed = [...row.notes.matchAll(/needs=[A-Za-z]+\/([^\s;(]+)/g)].map((m) => m[1]!);
  if (row.expect === 'valid' && needed.length && errors.every((e) => needed.some((n) => e.includes(n)))) return undefined;
  if (row.expect === 'invalid') {
    return errors.some((e) => e.includes(row.expectedError)) ? undefined : `expected an error containing ${JSON.stringify(row.expectedError)}, got ${JSON.stringify(errors)}`;
  }
  return errors.length ? `expected to pass, got ${JSON.stringify(errors)}` : undefined;
}

describeWithInputs('kubemu check agrees with the corpus', [corpusInput()], () => {
  it('admits every valid file (bringing it up unless it needs what is absent) and refuses every invalid one with its error', () => {
    const gaps = knownGaps();
    const disagreements: string[] = [];
    const gapsHeld: string[] = [];
    let agreed = 0;
    const all = rows();
    for (const row of all) {
      const first = [...row.notes.matchAll(/apply-first=([^;\s]+)/g)].flatMap((m) => m[1]!.split(','));
      const until: Phase = row.expect === 'valid' && !needsAbsent(row.notes) ? 'ready' : 'admitted';
      const report = runCheck(bundleFor([...first, row.file]), checkAdmission(undefined, false), { profile: PROFILES.kubeadm!, seed: 1, until, simTimeoutMs: 10 * 60_000 });
      const why = verdict(row, report);
      if (!why) agreed++;
      else if (gaps.has(row.file)) gapsHeld.push(row.file);
      else disagreements.push(`${row.file} (${row.expect}, until ${until}): ${why}`);
    }
    console.log(`kubemu check corpus agreement: ${agreed}/${all.length} (${((100 * agreed) / all.length).toFixed(1)} %); ${gapsHeld.length} known gaps; ${disagreements.length} other disagreements`);
    expect(disagreements).toEqual([]);
    // A gap that closed must leave the list, so the list stays true.
    expect([...gaps].filter((g) => !gapsHeld.includes(g))).toEqual([]);
    // A throwaway cluster and up to ten simulated minutes per file: minutes on a shared machine.
  }, 30 * 60_000);
});
