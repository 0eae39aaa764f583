/**
 * run-cli: runs the real CLI in-process with captured streams, against a temporary
 * KUBEMU_HOME, the way vitest's own harness runs its CLI. With KUBEMU_TEST_BUNDLE=1 the
 * commands run the built bundle (dist/, `node scripts/build.mjs` first) through its chunk
 * loader instead of the sources, so the same tests exercise the split points as built (a
 * test that sets state in a src/ module itself, such as a failpoint, needs the sources).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as sources from '../../src/cli/main';
import { ChunkLoader } from '../../src/cli/chunk-loader';
import { runDir } from './build-once';

const { main, captureIO } = process.env.KUBEMU_TEST_BUNDLE === '1'
  ? new ChunkLoader(path.resolve(__dirname, '..', '..', 'dist')).load('main.js') as typeof sources
  : sources;

/** CliResult is what one invocation printed and returned. */
export interface CliResult { stdout: string; stderr: string; code: number }

/** TempHome is a KUBEMU_HOME that tests run commands against. */
export interface TempHome {
  dir: string;
  /** run runs one command; env adds to the process environment. */
  run(args: string[] | string, opts?: { stdin?: string; cwd?: string; env?: Record<string, string> }): CliResult;
  file(name: string, content: string): string;
  cleanup(): void;
}

/** splitArgs splits a command line on spaces, keeping single-quoted parts together. */
export function splitArgs(line: string): string[] {
  const out: string[] = [];
  for (const m of line.matchAll(/'([^']*)'|(\S+)/g)) out.push(m[1] ?? m[2]!);
  return out;
}

/** tempHome makes a fresh KUBEMU_HOME. */
export function tempHome(): TempHome {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubemu-test-'));
  return {
    dir,
    run(args, opts = {}) {
      const io = captureIO(opts.stdin ?? '');
      const argv = typeof args === 'string' ? splitArgs(args) : args;
      // TMPDIR: what a command leaves in the temp folder (kubectl edit's kept copy) goes with the home.
      const code = main(argv, io, { ...process.env, TMPDIR: dir, ...opts.env, KUBEMU_HOME: dir, NO_COLOR: '1' }, opts.cwd ?? dir);
      return { stdout: io.stdout, stderr: io.stderr, code };
    },
    file(name, content) {
      const p = path.join(dir, name);
      fs.mkdirSync(path.dirname(p), { recursive: true });
      fs.writeFileSync(p, content);
      return p;
    },
    cleanup() { fs.rmSync(dir, { recursive: true, force: true }); },
  };
}

/**
 * WARM_CLUSTERS maps a `cluster create` command line, without the cluster's name, to a home
 * holding the cluster it made, settled and closed. A manual-clock cluster replays byte for
 * byte (fixed epoch, seeded randomness), so a copy of that home is the cluster a fresh create
 * would make, for the cost of copying a file instead of bootstrapping and warming up nodes and
 * add-ons. The name is not part of the cluster's state — only of its folder and the home's
 * current-cluster line — so one warm cluster serves every name: scenario files asked for
 * about 120 different command lines, most differing only in the name. Kept on globalThis:
 * test files share their worker (isolate: false) and so share the snapshots.
 */
const WARM_KEY = Symbol.for('kubemu.test.warmClusters');
type WarmClusters = Map<string, string>;
function warmClusters(): WarmClusters {
  const g = globalThis as { [WARM_KEY]?: WarmClusters };
  if (!g[WARM_KEY]) {
    const snapshots: WarmClusters = new Map();
    g[WARM_KEY] = snapshots;
    process.once('exit', () => { for (const dir of snapshots.values()) fs.rmSync(dir, { recursive: true, force: true }); });
  }
  return g[WARM_KEY];
}

/** WARM_NAME is the name warm clusters are made under. */
const WARM_NAME = 'test';

/** currentClusterFile is the home's config.json naming `name` as the cluster in use, as `cluster create` writes it. */
const currentClusterFile = (name: string) => `${JSON.stringify({ currentCluster: name }, null, 2)}\n`;

/**
 * renameCluster makes a home copied from a warm one name its cluster `name`, as a create with
 * that name would have. It returns false, changing nothing, when the home holds anything but
 * the one cluster's folder and config.json in the shape it expects.
 */
function renameCluster(dir: string, name: string): boolean {
  const config = path.join(dir, 'config.json');
  const clusters = path.join(dir, 'clusters');
  try {
    if (fs.readdirSync(dir).sort().join(',') !== 'clusters,config.json') return false;
    if (fs.readdirSync(clusters).join(',') !== WARM_NAME) return false;
    if (fs.readFileSync(config, 'utf8') !== currentClusterFile(WARM_NAME)) return false;
  } catch {
    return false;
  }
  fs.renameSync(path.join(clusters, WARM_NAME), path.join(clusters, name));
  fs.writeFileSync(config, currentClusterFile(name));
  return true;
}

/** manualCluster makes a temp home with a manual-clock cluster in use (a copy of a warm one made with the same arguments). */
export function manualCluster(name = WARM_NAME, seed = 7, extra = ''): TempHome {
  const command = (n: string) => `cluster create ${n} --clock manual --seed ${seed} ${extra}`.trim();
  const key = command('');
  let snapshot = warmClusters().get(key);
  if (!snapshot) {
    // The maker's home itself becomes the snapshot, moved into the run's folder, which the run's
    // teardown removes: a worker vitest stops ends without its 'exit' handlers.
    const maker = tempHome();
    const r = maker.run(command(WARM_NAME));
    if (r.code !== 0) throw new Error(`cluster create failed: ${r.stderr}`);
    snapshot = fs.mkdtempSync(path.join(runDir(), 'warm-'));
    fs.renameSync(maker.dir, snapshot);
    warmClusters().set(key, snapshot);
  }
  const home = tempHome();
  fs.cpSync(snapshot, home.dir, { recursive: true });
  if (name === WARM_NAME || renameCluster(home.dir, name)) return home;
  // A home in another shape: make this name's cluster afresh.
  home.cleanup();
  const fresh = tempHome();
  const r = fresh.run(command(name));
  if (r.code !== 0) throw new Error(`cluster create failed: ${r.stderr}`);
  return fresh;
}
