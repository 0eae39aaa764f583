/**
 * kubectl-oracle: the real kubectl v1.32 client, run offline, as the oracle for R9's
 * differential tests, plus the comparison helpers that report the first differing path.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CORPUS_DIR } from '../helpers/required-input';

/** HAS_KUBECTL is true when a kubectl client can be run (tests skip otherwise). */
export const HAS_KUBECTL = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' }).status === 0;

/** HAZARDS_DIR is the YAML hazard files read-manifests' tests carry; CORPUS_DIR the corpus beside the repository. */
export const HAZARDS_DIR = path.resolve(__dirname, '../../src/yaml/testdata/hazards');
export { CORPUS_DIR };

/** ALL runs every corpus file (bench/differential.mjs sets it); CI runs a sample. */
export const ALL = process.env.KUBEMU_DIFF_ALL === '1';

/** Run is one process's output. */
export interface Run { stdout: string; stderr: string; code: number }

/** kubectl runs the client in cwd with a config-less home (no server is ever contacted). */
export function kubectl(args: string[], cwd: string): Run {
  const r = spawnSync('kubectl', args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, KUBECONFIG: '/dev/null' } });
  return { stdout: r.stdout ?? '', stderr: r.stderr ?? '', code: r.status ?? -1 };
}

/** splitJsonStream splits kubectl's printed objects ("}\n{" between top-level objects). */
export function splitJsonStream(text: string): unknown[] {
  if (!text.trim()) return [];
  return text.split(/(?<=^\})\n(?=\{)/m).map((t) => JSON.parse(t));
}

/** inputFiles lists the hazard files and the corpus's YAML/JSON files (every `step`-th of the corpus). */
export function inputFiles(step = ALL ? 1 : 6): string[] {
  const hazards = fs.readdirSync(HAZARDS_DIR).filter((f) => /\.ya?ml$/.test(f)).sort().map((f) => path.join(HAZARDS_DIR, f));
  const corpus = fs.existsSync(CORPUS_DIR)
    ? (fs.readdirSync(CORPUS_DIR, { recursive: true }) as string[]).filter((f) => /\.(ya?ml|json)$/.test(f)).sort().filter((_f, i) => i % step === 0).map((f) => path.join(CORPUS_DIR, f))
    : [];
  return [...hazards, ...corpus];
}

/** firstDiff returns the first JSON path where a and b differ (map keys compared as sets), or undefined. */
export function firstDiff(a: unknown, b: unknown, at = '$'): string | undefined {
  if (a === b) return undefined;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') {
    return `${at}: ${JSON.stringify(a)?.slice(0, 60)} != ${JSON.stringify(b)?.slice(0, 60)}`;
  }
  if (Array.isArray(a) !== Array.isArray(b)) return `${at}: array vs object`;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    for (let i = 0; i < Math.max(a.length, bb.length); i++) {
      const d = firstDiff(a[i], bb[i], `${at}[${i}]`);
      if (d) return d;
    }
    return undefined;
  }
  const ao = a as Record<string, unknown>, bo = b as Record<string, unknown>;
  for (const k of [...new Set([...Object.keys(ao), ...Object.keys(bo)])].sort()) {
    const d = firstDiff(ao[k], bo[k], `${at}.${k}`);
    if (d) return d;
  }
  return undefined;
}

/** Tally counts identical / different results and keeps the first differences. */
export class Tally {
  identical = 0;
  different = 0;
  skipped = 0;
  readonly diffs: string[] = [];
  add(label: string, diff: string | undefined): void {
    if (diff === undefined) { this.identical++; return; }
    this.different++;
    this.diffs.push(`${label}: ${diff}`);
  }
  summary(title: string): string {
    return [`${title}: ${this.identical + this.different} compared, ${this.identical} identical, ${this.different} different, ${this.skipped} skipped`,
      ...this.diffs.slice(0, 25).map((d) => `  ${d}`), ...(this.diffs.length > 25 ? [`  … ${this.diffs.length - 25} more`] : [])].join('\n');
  }
}
