/**
 * kubectl-oracle: the real kubectl v1.32 client, run offline, as the oracle for R9's
 * differential tests, plus the comparison helpers that report the first differing path.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { beforeAll } from 'vitest';
import { CORPUS_DIR, describeWithInputs, inputsRequired, kubectlInput } from '../helpers/required-input';


/** KUBECTL is the oracle client: $KUBEMU_ORACLE_KUBECTL, else the `kubectl` on PATH. */
export const KUBECTL = process.env.KUBEMU_ORACLE_KUBECTL ?? 'kubectl';

/** HAS_KUBECTL is true when the oracle client can be run. */
export const HAS_KUBECTL = spawnSync(KUBECTL, ['version', '--client'], { stdio: 'ignore', timeout: 10_000 }).status === 0;

/** KUBECTL_REQUIRED: under CI a test that needs the oracle fails when it is missing, never skips. */
export const KUBECTL_REQUIRED = inputsRequired();

/** SKIP_WITHOUT_KUBECTL is the one skip condition for oracle tests (call requireKubectl() inside them). */
export const SKIP_WITHOUT_KUBECTL = !HAS_KUBECTL && !KUBECTL_REQUIRED;

/** requireKubectl throws when the oracle is missing, so a test CI requires fails with a reason. */
export function requireKubectl(): void {
  if (!HAS_KUBECTL) throw new Error(`${KUBECTL} cannot be run: the kubectl oracle is required under CI=true`);
}

/** describeWithKubectl is a describe block that needs the oracle: skipped visibly without it, failing under CI. */
export function describeWithKubectl(title: string, body: () => void): void {
  describeWithInputs(title, [kubectlInput(HAS_KUBECTL)], () => {
    beforeAll(requireKubectl);
    body();
  });
}

// The versioned client beside the dispatcher `kubectl` links to: the dispatcher words some errors differently.
function versionedKubectl(): string | undefined {
  const which = spawnSync('sh', ['-c', 'command -v kubectl'], { encoding: 'utf8' }).stdout.trim();
  if (!which) return undefined;
  const real = path.join(path.dirname(fs.realpathSync(which)), 'kubectl.1.32');
  return fs.existsSync(real) ? real : undefined;
}

/** KUBECTL_1_32 is the versioned kubectl 1.32 binary, for tests that compare error texts byte for byte. */
export const KUBECTL_1_32 = versionedKubectl();

/** HAZARDS_DIR is the YAML hazard files read-manifests' tests carry; CORPUS_DIR the corpus beside the repository. */
export const HAZARDS_DIR = path.resolve(__dirname, '../../src/yaml/testdata/hazards');
export { CORPUS_DIR };

/** ALL runs every corpus file (bench/differential.mjs sets it); CI runs a sample. */
export const ALL = process.env.KUBEMU_DIFF_ALL === '1';

/** Run is one process's output. */
export interface Run { stdout: string; stderr: string; code: number }

/** kubectl runs the client in cwd with a config-less home (no server is ever contacted). */
export function kubectl(args: string[], cwd: string): Run {
  const r = spawnSync(KUBECTL, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, KUBECONFIG: '/dev/null' } });
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
