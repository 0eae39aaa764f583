/**
 * spawn-cli: runs the built bin/kubemu as a real child process (not in-process), so the
 * reliability tests exercise separate processes sharing one state file, as users do.
 */
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ensureBuilt, runDir } from '../helpers/build-once';

/** REPO is the repository root. */
export const REPO = path.resolve(__dirname, '..', '..');
let kubemuCopy: string | undefined;

/** ProcResult is what one process printed and returned. */
export interface ProcResult { stdout: string; stderr: string; code: number | null; signal: NodeJS.Signals | null }

let built = false;

/**
 * cleanupBuild lets the next buildOnce make a fresh copy; call it from the test file's afterAll.
 * The copy itself stays in the run's folder until the run ends (test/helpers/build-once.ts): a
 * kubemu a test started may still be reading it, and removing a copy mid-run once left a
 * process with entry.js but no main.js.
 */
export function cleanupBuild(): void {
  kubemuCopy = undefined;
  built = false;
}
/**
 * buildOnce waits for the run's build (test/helpers/build-once.ts), then runs kubemu from a private copy
 * of bin/ and dist/ (node_modules linked back): a rebuild of dist/ by anyone else mid-test
 * would otherwise hand a process a half-written bundle.
 */
export function buildOnce(): void {
  if (built) return;
  ensureBuilt();
  const copy = fs.mkdtempSync(path.join(runDir(), 'bin-'));
  fs.cpSync(path.join(REPO, 'bin'), path.join(copy, 'bin'), { recursive: true });
  fs.cpSync(path.join(REPO, 'dist'), path.join(copy, 'dist'), { recursive: true });
  fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(copy, 'node_modules'));
  fs.copyFileSync(path.join(REPO, 'package.json'), path.join(copy, 'package.json'));
  // World-readable, so the read-only test can run it as another user.
  fs.chmodSync(copy, 0o755);
  kubemuCopy = path.join(copy, 'bin', 'kubemu');
  built = true;
}

/**
 * kubemuBin is this file's private copy of bin/kubemu, made on first use: test files share
 * this module (vitest's isolate: false), so a file must never run the copy another file's
 * afterAll has removed.
 */
function kubemuBin(): string {
  if (!kubemuCopy) buildOnce();
  return kubemuCopy!;
}

/** distDir is the dist/ that kubemu() runs (buildOnce's private copy once built). */
export function distDir(): string {
  return path.join(path.dirname(path.dirname(kubemuBin())), 'dist');
}

/** newHome makes a temporary KUBEMU_HOME. */
export function newHome(tag: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `kubemu-rel-${tag}-`));
}

/**
 * clusterHome makes a temporary KUBEMU_HOME holding the cluster `kubemu cluster create
 * <createArgs>` makes, as a copy of one the run made before with the same arguments. A
 * manual-clock cluster with a seed replays byte for byte, so the copy is the cluster a fresh
 * create would make, without a bootstrap per test (about 1.6 CPU-seconds each). The warm
 * homes live in the run's folder, so every file and worker of the run shares them; two
 * workers making the same one race harmlessly: the first rename wins.
 */
export function clusterHome(tag: string, createArgs: string[]): string {
  if (!createArgs.includes('manual') || !createArgs.includes('--seed')) throw new Error('clusterHome: only a manual-clock cluster with a seed replays');
  const warm = path.join(runDir(), `warm-${createArgs.join('_').replace(/[^a-zA-Z0-9_-]/g, '')}`);
  if (!fs.existsSync(warm)) {
    const making = fs.mkdtempSync(path.join(runDir(), 'warming-'));
    const r = kubemu(making, ['cluster', 'create', ...createArgs]);
    if (r.code !== 0 || r.stderr !== '') throw new Error(`cluster create failed (exit ${r.code}): ${r.stderr}`);
    try { fs.renameSync(making, warm); } catch { removeHome(making); }
  }
  const home = newHome(tag);
  fs.cpSync(warm, home, { recursive: true });
  return home;
}

function env(home: string): NodeJS.ProcessEnv {
  return { ...process.env, KUBEMU_HOME: home, NO_COLOR: '1', KUBEMU_DEBUG: '' };
}

/** kubemu runs one command synchronously; `as` runs it under another uid/gid (root dropping privileges). */
export function kubemu(home: string, args: string[], input?: string, as?: { uid: number; gid: number }, extraEnv: NodeJS.ProcessEnv = {}, timeoutMs?: number): ProcResult {
  // timeoutMs: a command that must stop by itself (at a failpoint) is killed (SIGTERM) if it does not.
  const r = spawnSync(process.execPath, [kubemuBin(), ...args], { env: { ...env(home), ...extraEnv }, input, encoding: 'utf8', maxBuffer: 64 << 20, timeout: timeoutMs, ...as });
  return { stdout: r.stdout, stderr: r.stderr, code: r.status, signal: r.signal };
}

/** kubemuAsync starts one command and resolves when it ends (used to run several at once). */
export function kubemuAsync(home: string, args: string[]): Promise<ProcResult> {
  return new Promise((resolve) => {
    const c = spawn(process.execPath, [kubemuBin(), ...args], { env: env(home) });
    let stdout = '', stderr = '';
    c.stdout.on('data', (d) => { stdout += d; });
    c.stderr.on('data', (d) => { stderr += d; });
    c.on('close', (code, signal) => resolve({ stdout, stderr, code, signal }));
  });
}

/** Running is a started command: its process, what it has printed so far, and its end. */
export interface Running { pid: number; stdout(): string; stderr(): string; done: Promise<ProcResult> }

/** kubemuStart starts one command with extra environment (failpoints) and lets the test watch it run. */
export function kubemuStart(home: string, args: string[], extraEnv: NodeJS.ProcessEnv = {}): Running {
  const c = spawn(process.execPath, [kubemuBin(), ...args], { env: { ...env(home), ...extraEnv } });
  let stdout = '', stderr = '';
  c.stdout.on('data', (d) => { stdout += d; });
  c.stderr.on('data', (d) => { stderr += d; });
  const done = new Promise<ProcResult>((resolve) => c.on('close', (code, signal) => resolve({ stdout, stderr, code, signal })));
  return { pid: c.pid!, stdout: () => stdout, stderr: () => stderr, done };
}

/** processState is a process's state letter from /proc ('T' stopped, 'R', 'S', …; '' once gone). */
export function processState(pid: number): string {
  try {
    return /\) (\S)/.exec(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'))?.[1] ?? '';
  } catch {
    return '';
  }
}

/** untilStopped resolves once a process stopped itself at a `:stop` failpoint (it has printed what it will print there). */
export async function untilStopped(run: Running): Promise<void> {
  let ended = false;
  void run.done.then(() => { ended = true; });
  while (processState(run.pid) !== 'T') {
    if (ended) throw new Error(`the command ended before its failpoint: ${run.stderr()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** kubemuLimited runs one command under a file-size limit (KiB), the way a full disk fails writes. */
export function kubemuLimited(home: string, args: string[], limitKiB: number): ProcResult {
  // SIGXFSZ is ignored so the write fails with EFBIG, as on a full disk, instead of killing the process.
  const quoted = [process.execPath, kubemuBin(), ...args].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(' ');
  const r = spawnSync('bash', ['-c', `trap '' XFSZ; ulimit -f ${limitKiB}; exec ${quoted}`], { env: env(home), encoding: 'utf8' });
  return { stdout: r.stdout, stderr: r.stderr, code: r.status, signal: r.signal };
}

/** kubemuShell starts a bash loop over kubemu commands (for kill tests); returns the child. */
export function kubemuShell(home: string, script: string) {
  return spawn('bash', ['-c', script], { env: { ...env(home), KM: `${process.execPath} ${kubemuBin()}` }, detached: true });
}

/** EVERY_MINUTE_CRONJOB is a CronJob whose Job runs every minute (a long tick's steady work). */
export const EVERY_MINUTE_CRONJOB = `apiVersion: batch/v1
kind: CronJob
metadata: {name: every-minute}
spec:
  schedule: "* * * * *"
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: OnFailure
          containers: [{name: c, image: busybox:1.36, command: [sh, -c, "true"]}]
`;

/** configMap renders a small ConfigMap manifest. */
export function configMap(name: string, value: string): string {
  return `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\ndata:\n  k: "${value}"\n`;
}

/** writeFile writes text under dir and returns the path. */
export function writeFile(dir: string, name: string, text: string): string {
  const p = path.join(dir, name);
  fs.writeFileSync(p, text);
  return p;
}

/** removeHome deletes a temporary home (restoring permissions first). */
export function removeHome(home: string): void {
  spawnSync('chmod', ['-R', 'u+rwX', home]);
  fs.rmSync(home, { recursive: true, force: true });
}

/** hasStackTrace reports text that looks like a JavaScript stack trace or internal error. */
export function hasStackTrace(text: string): boolean {
  return /\n\s+at .+\(|node:internal|TypeError|ReferenceError|RangeError/.test(text);
}
