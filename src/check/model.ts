/**
 * model: what a check reads and what it reports — the objects with where they came from,
 * the phases each is taken through, and the findings that stop one. Every output format
 * renders this one structure, so they cannot disagree.
 */
import type { Level } from './rules';

/** PHASES in the order an object goes through them; `--until` names the last one checked. */
export const PHASES = ['admitted', 'scheduled', 'ready', 'complete'] as const;
export type Phase = (typeof PHASES)[number];

/** BundleDoc is one object of the input with its file (STDIN for -) and 1-based line. */
export interface BundleDoc { file: string; line: number; object: Record<string, unknown> }

/** BundleError is a file (or part of one) that could not be read into objects. */
export interface BundleError { file: string; line: number; message: string }

/** Finding is one reason, in Kubernetes' words, under a rule. */
export interface Finding { rule: string; level: Level; phase: Phase; message: string }

/** PhaseResult: pass, fail, or skipped because an earlier phase failed. */
export interface PhaseResult { phase: Phase; result: 'pass' | 'fail' | 'skipped' }

/** ObjectVerdict is one object's outcome; `phases` are those its kind goes through, up to --until. */
export interface ObjectVerdict {
  file: string;
  line: number;
  apiVersion: string;
  kind: string;
  namespace?: string;
  name: string;
  /** display is the object as kubectl names it: `deployment.apps/web -n shop`. */
  display: string;
  phases: PhaseResult[];
  findings: Finding[];
}

/** CheckReport is the whole verdict; it holds no wall-clock time, so a rerun is byte-identical. */
export interface CheckReport {
  profile: string;
  seed: number;
  until: Phase;
  /** simulatedMs is how far simulated time ran after the bundle was applied. */
  simulatedMs: number;
  files: string[];
  objects: ObjectVerdict[];
  /** fileErrors are findings about files rather than objects (parse errors). */
  fileErrors: (BundleError & { rule: string; level: Level })[];
}

/** failed tells whether a report has a finding at error level (exit code 1). */
export function failed(report: CheckReport): boolean {
  return report.fileErrors.some((e) => e.level === 'error') || report.objects.some((o) => o.findings.some((f) => f.level === 'error'));
}
