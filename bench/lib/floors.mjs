/**
 * floors: where the floor scripts of BENCHMARKS.md live and how to run them. They are not
 * part of this repository: the path comes from --floors DIR or $KUBEMU_BENCH_FLOORS and
 * defaults to ../shared/bench-floors beside the repository root. A missing floor is
 * skipped with a note, never an error. The floors `require('better-sqlite3')`, which they
 * find through NODE_PATH pointing at this repository's node_modules.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { REPO } from './cli.mjs';

/** floorsDir resolves the floor-script folder from argv, the environment or the default. */
export function floorsDir(argv = process.argv) {
  const i = argv.indexOf('--floors');
  if (i >= 0 && argv[i + 1]) return path.resolve(argv[i + 1]);
  if (process.env.KUBEMU_BENCH_FLOORS) return path.resolve(process.env.KUBEMU_BENCH_FLOORS);
  return path.resolve(REPO, '..', 'shared', 'bench-floors');
}

/** floorEnv lets the floor scripts load better-sqlite3 from this repository. */
export function floorEnv(extra = {}) {
  return { NODE_PATH: path.join(REPO, 'node_modules'), ...extra };
}

/** floorScript returns the path of a floor script, or undefined (with a note) when absent. */
export function floorScript(name, argv = process.argv) {
  const p = path.join(floorsDir(argv), name);
  if (fs.existsSync(p)) return p;
  console.log(`  (floor ${name} not found under ${floorsDir(argv)}: skipped)`);
  return undefined;
}

/** runFloorSetup runs a floor helper once (e.g. mkdb.js) in cwd; returns false if it is missing or fails. */
export function runFloorSetup(name, args, cwd, argv = process.argv) {
  const p = floorScript(name, argv);
  if (!p) return false;
  const r = spawnSync(process.execPath, [p, ...args], { cwd, env: { ...process.env, ...floorEnv() }, stdio: ['ignore', 'ignore', 'pipe'] });
  if (r.status !== 0) { console.log(`  (floor setup ${name} failed: ${String(r.stderr).slice(0, 200)})`); return false; }
  return true;
}

/** makeCounterDb creates the one-row counter database one-write.js updates. */
export function makeCounterDb(file) {
  const code = "const D=require('better-sqlite3');const d=new D(process.argv[1]);d.pragma('journal_mode=WAL');" +
    "d.exec('CREATE TABLE counter (id INTEGER PRIMARY KEY, n INTEGER NOT NULL); INSERT INTO counter VALUES (1,0); CREATE TABLE events (writer INTEGER, seq INTEGER, counter_after INTEGER)');d.close()";
  const r = spawnSync(process.execPath, ['-e', code, file], { env: { ...process.env, ...floorEnv() } });
  return r.status === 0;
}
