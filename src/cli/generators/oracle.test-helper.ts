/**
 * oracle.test-helper: the differential oracle for generator tests — the real kubectl v1.32
 * client's `--dry-run=client -o json` output, captured into __golden__/<key>.json with the
 * arguments and the digests of the fixture files it read. A capture whose arguments and inputs
 * are this test's is kubectl's answer (kubectl 1.32 is pinned, so its answer cannot change):
 * starting a Go binary per case cost a fifth of the unit suite's time. A case without a
 * capture, or whose capture was made from other arguments or other file contents, runs the
 * live kubectl; without one it fails and says how to capture. KUBEMU_ORACLE_LIVE=1 runs
 * kubectl for every case, and KUBEMU_UPDATE_GOLDEN=1 rewrites the captures.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { expect } from 'vitest';
import { HAS_KUBECTL, KUBECTL } from '../../../test/differential/kubectl-oracle';
import { ciSpotCheck, inputDigests, staleCapture } from '../../../test/differential/kubectl-captures';
import { runDir } from '../../../test/helpers/build-once';
import { type GeneratorFs, nodeGeneratorFs } from './generator-fs';

const GOLDEN_DIR = path.join(__dirname, '__golden__');
const goldenFile = (key: string): string => path.join(GOLDEN_DIR, `${key.replace(/[^a-zA-Z0-9._-]+/g, '_')}.json`);

/** OracleResult is kubectl's JSON text on success, or its error line. */
export type OracleResult = { json: string } | { error: string };

/** Capture is a golden file: kubectl's result for these arguments and these fixture files. */
type Capture = OracleResult & { args?: string[]; inputs?: Record<string, string> };

/**
 * FIXTURE_DIR holds the files tests pass to --from-file etc.; the same relative paths are used
 * with kubectl. It is in the run's folder, which goes when the run ends.
 */
export const FIXTURE_DIR = fs.mkdtempSync(path.join(runDir(), 'gen-'));

/** writeFixture creates `rel` under FIXTURE_DIR with `content`. */
export function writeFixture(rel: string, content: string | Buffer): void {
  const p = path.join(FIXTURE_DIR, rel);
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, content);
}

// kubectl's own error lines look like "error: …"; the dispatcher build prints cobra errors as klog lines.
function errorLine(stderr: string): string {
  const klog = /"command failed" err="(.*)"$/m.exec(stderr);
  if (klog) return JSON.parse(`"${klog[1]}"`);
  const line = stderr.split('\n').find((l) => l.startsWith('error: ')) ?? stderr.trim();
  return line.replace(/^error: /, '');
}

function readCapture(file: string): Capture | undefined {
  try { return JSON.parse(fs.readFileSync(file, 'utf8')) as Capture; } catch { return undefined; }
}

function sameInputs(c: Capture, args: string[], inputs: Record<string, string>): boolean {
  return JSON.stringify(c.args) === JSON.stringify(args) && JSON.stringify(c.inputs ?? {}) === JSON.stringify(inputs);
}

/**
 * kubectl returns kubectl's result for `kubectl <args> --dry-run=client -o json` run in
 * FIXTURE_DIR: the capture for `key` when it was made from these arguments and inputs, else
 * kubectl's live answer. Returns undefined when neither is available.
 */
export function kubectl(key: string, args: string[]): OracleResult | undefined {
  const file = goldenFile(key);
  const inputs = inputDigests(args, FIXTURE_DIR);
  const captured = readCapture(file);
  const update = !!process.env.KUBEMU_UPDATE_GOLDEN;
  const usable = captured && !update && process.env.KUBEMU_ORACLE_LIVE !== '1' && sameInputs(captured, args, inputs);
  if (usable && !ciSpotCheck()) return 'error' in captured ? { error: captured.error } : { json: captured.json };
  if (!HAS_KUBECTL) return undefined;
  let result: OracleResult;
  try {
    // Output flags go before any `--`, after which words are the command.
    const dash = args.indexOf('--') < 0 ? args.length : args.indexOf('--');
    const argv = [...args.slice(0, dash), '--dry-run=client', '-o', 'json', ...args.slice(dash)];
    const out = execFileSync(KUBECTL, argv, {
      cwd: FIXTURE_DIR, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, KUBECONFIG: '/dev/null' },
    });
    result = { json: out };
  } catch (e) {
    result = { error: errorLine(String((e as { stderr?: string }).stderr ?? '')) };
  }
  if (usable && JSON.stringify('error' in captured ? { error: captured.error } : { json: captured.json }) !== JSON.stringify(result)) throw staleCapture(args, file);
  if (update) {
    fs.mkdirSync(GOLDEN_DIR, { recursive: true });
    fs.writeFileSync(file, JSON.stringify({ args, inputs, ...result }, null, 2) + '\n');
  }
  return result;
}

/** fixtureFs reads paths relative to FIXTURE_DIR, as kubectl (run there) does. */
export function fixtureFs(env: Record<string, string> = {}): GeneratorFs {
  const inner = nodeGeneratorFs(fs, env);
  const abs = (p: string): string => path.resolve(FIXTURE_DIR, p);
  return {
    isDirectory: (p) => inner.isDirectory(abs(p)),
    readFile: (p) => inner.readFile(abs(p)),
    listDir: (p) => inner.listDir(abs(p)),
    getenv: inner.getenv,
  };
}

/** expectSameAsKubectl asserts that `build()` equals kubectl's object (key order included) or throws its error. */
export function expectSameAsKubectl(key: string, args: string[], build: () => unknown): void {
  const oracle = kubectl(key, args);
  if (!oracle) throw new Error(`no kubectl, and no capture of ${key} for these arguments and files: capture it with KUBEMU_UPDATE_GOLDEN=1 where kubectl 1.32 is on PATH`);
  if ('error' in oracle) {
    expect(build).toThrow(oracle.error);
    let message = '';
    try { build(); } catch (e) { message = (e as Error).message; }
    expect(message).toBe(oracle.error);
  } else {
    expect(JSON.stringify(build(), null, 4)).toBe(JSON.stringify(JSON.parse(oracle.json), null, 4));
  }
}
