/**
 * kubectl-captures: kubectl 1.32's answers, captured once into a JSON file beside the test
 * that compares with them. kubectl is pinned, so its output for the same arguments and the
 * same input files cannot change, and starting the Go binary for every case was a large share
 * of the suite's time. Each capture records the arguments and a digest of every file or
 * folder they name (inputDigests), and is used only when both match this run's; otherwise the
 * live kubectl answers, and without one the test fails saying how to capture.
 * KUBEMU_ORACLE_LIVE=1 asks the live kubectl for every case; KUBEMU_UPDATE_GOLDEN=1 also
 * rewrites the captures. Under CI the real binary stays the oracle: it must be there, and
 * every SPOT_CHECK_EVERY-th answer (the first included) is asked of it too and must equal
 * its capture, so a capture that no longer matches kubectl fails the run.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { HAS_KUBECTL, KUBECTL, type Run } from './kubectl-oracle';

/** Capture is kubectl's answer to one command line, with the inputs it read. */
interface Capture extends Run { args: string[]; inputs: Record<string, string> }

/**
 * inputDigests names the files and folders under `dir` that `args` can make kubectl read —
 * every `=`-separated tail of an argument that exists there — with a digest of each.
 */
export function inputDigests(args: readonly string[], dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const arg of args) {
    const parts = arg.split('=');
    for (let i = 0; i < parts.length; i++) {
      const rel = parts.slice(i).join('=');
      if (!rel || rel.startsWith('-') || path.isAbsolute(rel) || out[rel] !== undefined) continue;
      const digest = treeDigest(path.resolve(dir, rel));
      if (digest) out[rel] = digest;
    }
  }
  return out;
}

function treeDigest(p: string): string | undefined {
  let st: fs.Stats;
  try { st = fs.statSync(p); } catch { return undefined; }
  const h = createHash('sha256');
  if (st.isDirectory()) {
    for (const name of fs.readdirSync(p).sort()) h.update(`${name}\0${treeDigest(path.join(p, name)) ?? '-'}\0`);
    return `dir:${h.digest('hex')}`;
  }
  return `file:${h.update(fs.readFileSync(p)).digest('hex')}`;
}

/** SPOT_CHECK_EVERY: under CI, one capture in this many is checked against the live kubectl. */
const SPOT_CHECK_EVERY = 12;

let spotChecks = 0;

/**
 * ciSpotCheck says whether this capture must also be asked of the live kubectl: under CI,
 * one in SPOT_CHECK_EVERY across every capture file of the run (the first included).
 * Throws when kubectl is missing under CI: there, the binary is required, never skipped.
 */
export function ciSpotCheck(): boolean {
  if (process.env.CI !== 'true' || spotChecks++ % SPOT_CHECK_EVERY !== 0) return false;
  if (!HAS_KUBECTL) throw new Error(`CI checks kubectl's captured answers against kubectl 1.32, and ${KUBECTL} cannot be run`);
  return true;
}

/** staleCapture is the failure of a capture the live kubectl no longer agrees with. */
export function staleCapture(args: readonly string[], file: string): Error {
  return new Error(`kubectl 1.32 no longer answers \`kubectl ${args.join(' ')}\` as ${path.basename(file)} captured it: re-capture with KUBEMU_UPDATE_GOLDEN=1`);
}

/** captureMode says whether captures may answer (replay) or kubectl must (live, and update rewrites). */
export function captureMode(): { live: boolean; update: boolean } {
  const update = !!process.env.KUBEMU_UPDATE_GOLDEN;
  return { live: update || process.env.KUBEMU_ORACLE_LIVE === '1', update };
}

/** KubectlCaptures answers kubectl command lines from one capture file, or from kubectl. */
export class KubectlCaptures {
  private readonly captures: Record<string, Capture>;

  /** file is the capture file (JSON, one entry per command line). */
  constructor(private readonly file: string) {
    this.captures = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Capture> : {};
  }

  /** complete is true when every command line has a capture made from these inputs, so kubectl is not needed. */
  complete(lines: readonly (readonly string[])[], cwd: string): boolean {
    return !captureMode().live && lines.every((args) => this.find(args, cwd) !== undefined);
  }

  /** run is kubectl's answer to `kubectl <args>` run in cwd with no kubeconfig. */
  run(args: readonly string[], cwd: string): Run {
    const { live, update } = captureMode();
    const found = live ? undefined : this.find(args, cwd);
    if (found && !ciSpotCheck()) return { stdout: found.stdout, stderr: found.stderr, code: found.code };
    if (!HAS_KUBECTL) {
      throw new Error(`${path.basename(this.file)} has no capture of \`kubectl ${args.join(' ')}\` for these inputs, and ${KUBECTL} cannot be run: capture it with KUBEMU_UPDATE_GOLDEN=1 where kubectl 1.32 is on PATH`);
    }
    const r = spawnSync(KUBECTL, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, KUBECONFIG: '/dev/null' } });
    const answer: Run = { stdout: r.stdout ?? '', stderr: r.stderr ?? '', code: r.status ?? -1 };
    if (found && (found.stdout !== answer.stdout || found.stderr !== answer.stderr || found.code !== answer.code)) throw staleCapture(args, this.file);
    if (update) {
      this.captures[JSON.stringify(args)] = { args: [...args], inputs: inputDigests(args, cwd), ...answer };
      const sorted = Object.fromEntries(Object.entries(this.captures).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
      fs.writeFileSync(this.file, `${JSON.stringify(sorted, null, 1)}\n`);
    }
    return answer;
  }

  private find(args: readonly string[], cwd: string): Capture | undefined {
    const c = this.captures[JSON.stringify(args)];
    if (!c) return undefined;
    return JSON.stringify(c.inputs) === JSON.stringify(inputDigests(args, cwd)) ? c : undefined;
  }
}
