/**
 * apply-oracle: runs one hostile manifest through the real `kubemu apply -f` in-process
 * (against one manual cluster) and classifies what happened, for R8 of BENCHMARKS.md §5.
 *
 * Oracle: apply either succeeds or prints error lines and exits 1; never an uncaught
 * exception (JS error names, stack frames, `node:internal`); bounded time per input; the
 * store revision is unchanged when the reader found no object at all.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { captureIO, main } from '../../src/cli/main';
import { openCluster, type Cluster } from '../../src/cluster/cluster';
import { statePath } from '../../src/cluster/home';
import { readManifestStream } from '../../src/yaml';

/** Outcome is the class one input falls in. */
export type Outcome = 'applied' | 'partial' | 'clean-error' | 'crash' | 'store-written-on-parse-error' | 'bad-exit' | 'js-leak';

/** Verdict is the outcome of one input with its measurements. */
export interface Verdict { outcome: Outcome; ms: number; code: number; firstLine: string; signature?: string }

// A JS engine error or a stack frame in user output means an exception escaped our own
// error types: `formatError` prints any unknown error's message (and, with KUBEMU_DEBUG,
// its stack), so the name and the frames are what give it away.
const CRASH_MARKERS = [/^\s+at /m, /\bTypeError\b/, /\bReferenceError\b/, /\bRangeError\b/, /\bSyntaxError: /, /node:internal/,
  /Cannot read propert/, /is not a function/, /is not iterable/, /Maximum call stack/, /Invalid string length/, /undefined \(reading/];

// A JS value coerced into a message ("[object Object]", "undefined") is not a crash but a
// fidelity bug: kubectl never prints those. Counted and printed, not failed on. (NaN is
// legitimate: Go prints "json: unsupported value: NaN" for `.nan`.)
const LEAK_MARKERS = [/\[object Object\]/, /"undefined"/];

/** crashSignature is the first line naming the exception plus its first stack frame. */
export function crashSignature(text: string): string | undefined {
  if (!CRASH_MARKERS.some((m) => m.test(text))) return undefined;
  const lines = text.split('\n');
  const head = lines.find((l) => CRASH_MARKERS.some((m) => m.test(l)) && !/^\s+at /.test(l)) ?? lines[0] ?? '';
  const frame = lines.find((l) => /^\s+at /.test(l))?.trim() ?? '';
  return `${head.slice(0, 120)} ${frame.replace(/\(.*[/\\]/, '(').slice(0, 100)}`.trim();
}

/** ApplyFuzzer owns one home with one manual cluster and a read-only view of its store. */
export class ApplyFuzzer {
  private readonly file: string;
  private readonly view: Cluster;
  private readonly env: NodeJS.ProcessEnv;

  /**
   * @param home a KUBEMU_HOME with a current cluster (see manualCluster()).
   * @param dryRunEvery apply for real only every Nth input (1 = always); the others use
   *   `--dry-run=server`, which runs the same read/decode/default/validate path without
   *   growing the cluster, so the CI run stays inside its time budget.
   */
  constructor(readonly home: string, clusterName: string, private readonly dryRunEvery = 1) {
    this.file = path.join(home, 'fuzz-input.yaml');
    this.view = openCluster(statePath(home, clusterName), { readonly: true });
    this.env = { ...process.env, KUBEMU_HOME: home, NO_COLOR: '1', KUBEMU_DEBUG: '1' };
    // formatError reads KUBEMU_DEBUG from process.env: with it, an unknown error prints its stack.
    // Restored by close(): test files share a process (vitest runs without isolation).
    this.debugBefore = process.env.KUBEMU_DEBUG;
    process.env.KUBEMU_DEBUG = '1';
  }

  private readonly debugBefore: string | undefined;

  private inputs = 0;

  /** run applies one input (a string or raw bytes) and classifies the result. */
  run(input: string | Buffer): Verdict {
    fs.writeFileSync(this.file, input);
    const real = this.inputs++ % this.dryRunEvery === 0;
    const before = this.view.api.revision();
    const io = captureIO('');
    const t0 = performance.now();
    let code: number;
    let thrown = '';
    try {
      code = main(['apply', '-f', this.file, ...(real ? [] : ['--dry-run=server'])], io, this.env, this.home);
    } catch (e) {
      code = -1;
      thrown = `${(e as Error)?.stack ?? String(e)}`;
    }
    const ms = performance.now() - t0;
    const text = `${io.stderr}\n${io.stdout}\n${thrown}`;
    const firstLine = (io.stderr || thrown).split('\n')[0] ?? '';
    const signature = crashSignature(text) ?? (thrown ? crashSignature(`TypeError ${thrown}`) : undefined);
    if (signature) return { outcome: 'crash', ms, code, firstLine, signature };
    const leak = LEAK_MARKERS.find((m) => m.test(`${io.stderr}`));
    if (leak) return { outcome: 'js-leak', ms, code, firstLine, signature: `leak ${leak.source}: ${firstLine.replace(/"\/[^"]*"/g, '"F"').slice(0, 120)}` };
    if (code !== 0 && code !== 1) return { outcome: 'bad-exit', ms, code, firstLine, signature: `exit ${code}: ${firstLine}` };
    if (code === 1 && !io.stderr.trim()) return { outcome: 'bad-exit', ms, code, firstLine, signature: 'exit 1 without an error line' };
    if (code !== 0) {
      // Nothing readable in the stream means nothing may have been written.
      const text = Buffer.isBuffer(input) ? input.toString('utf8') : input;
      let docs = 1;
      try { docs = readManifestStream(text, 'fuzz-input.yaml').docs.length; } catch { /* the CLI ran the same reader */ }
      if (docs === 0 && this.view.api.revision() !== before) {
        return { outcome: 'store-written-on-parse-error', ms, code, firstLine, signature: firstLine.slice(0, 120) };
      }
      return { outcome: io.stdout.trim() ? 'partial' : 'clean-error', ms, code, firstLine };
    }
    return { outcome: 'applied', ms, code, firstLine };
  }

  close(): void {
    this.view.close();
    if (this.debugBefore === undefined) delete process.env.KUBEMU_DEBUG;
    else process.env.KUBEMU_DEBUG = this.debugBefore;
  }
}

/** FuzzStats tallies verdicts for printing. */
export class FuzzStats {
  readonly outcomes: Record<string, number> = {};
  readonly signatures = new Map<string, { count: number; reproducer: string }>();
  readonly times: number[] = [];
  bytesMax = 0;
  private t0 = performance.now();

  add(v: Verdict, input: string | Buffer): void {
    this.outcomes[v.outcome] = (this.outcomes[v.outcome] ?? 0) + 1;
    this.times.push(v.ms);
    if (input.length > this.bytesMax) this.bytesMax = input.length;
    if (v.signature) {
      const s = this.signatures.get(v.signature);
      if (s) s.count++;
      else this.signatures.set(v.signature, { count: 1, reproducer: (Buffer.isBuffer(input) ? input.toString('utf8') : input).slice(0, 2000) });
    }
  }

  /** failures counts the inputs that broke the oracle. */
  failures(): number {
    return (this.outcomes.crash ?? 0) + (this.outcomes['bad-exit'] ?? 0) + (this.outcomes['store-written-on-parse-error'] ?? 0);
  }

  /** summary is the printed report: inputs/s, outcome classes, p99/max ms, signatures. */
  summary(label: string): string {
    const sorted = [...this.times].sort((a, b) => a - b);
    const pct = (p: number) => sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]! : 0;
    const wall = (performance.now() - this.t0) / 1000;
    const lines = [
      `${label}: ${sorted.length} inputs in ${wall.toFixed(1)} s (${Math.round(sorted.length / wall)} inputs/s)`,
      `  outcomes: ${JSON.stringify(this.outcomes)}`,
      `  ms p50 ${pct(0.5).toFixed(1)}  p99 ${pct(0.99).toFixed(1)}  max ${pct(1).toFixed(1)}  (largest input ${this.bytesMax} bytes)`,
      `  unique failure signatures: ${this.signatures.size}`,
    ];
    for (const [sig, { count, reproducer }] of this.signatures) {
      lines.push(`   ${count}× ${sig}`, `      reproducer: ${JSON.stringify(reproducer.slice(0, 300))}`);
    }
    return lines.join('\n');
  }
}
