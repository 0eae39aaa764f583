/**
 * oracle.test-helper: the differential oracle for generator tests — the real kubectl v1.32
 * client's `--dry-run=client -o json` output, or, where kubectl is absent, the same output
 * captured earlier into __golden__/kubectl-dry-run.json.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { expect } from 'vitest';
import { HAS_KUBECTL, KUBECTL } from '../../../test/differential/kubectl-oracle';
import { type GeneratorFs, nodeGeneratorFs } from './generator-fs';

const GOLDEN_DIR = path.join(__dirname, '__golden__');
const goldenFile = (key: string): string => path.join(GOLDEN_DIR, `${key.replace(/[^a-zA-Z0-9._-]+/g, '_')}.json`);

/** OracleResult is kubectl's JSON text on success, or its error line. */
export type OracleResult = { json: string } | { error: string };

/** FIXTURE_DIR holds the files tests pass to --from-file etc.; the same relative paths are used with kubectl. */
export const FIXTURE_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'kubemu-gen-'));

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

/**
 * kubectl runs `kubectl <args> --dry-run=client -o json` in FIXTURE_DIR, or returns the golden
 * capture for `key` without kubectl. Returns undefined when neither is available.
 */
export function kubectl(key: string, args: string[]): OracleResult | undefined {
  const file = goldenFile(key);
  if (!HAS_KUBECTL) return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) as OracleResult : undefined;
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
  if (process.env.KUBEMU_UPDATE_GOLDEN) {
    fs.mkdirSync(GOLDEN_DIR, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(result, null, 2) + '\n');
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
  if (!oracle) throw new Error(`no kubectl and no golden capture for ${key}`);
  if ('error' in oracle) {
    expect(build).toThrow(oracle.error);
    let message = '';
    try { build(); } catch (e) { message = (e as Error).message; }
    expect(message).toBe(oracle.error);
  } else {
    expect(JSON.stringify(build(), null, 4)).toBe(JSON.stringify(JSON.parse(oracle.json), null, 4));
  }
}
