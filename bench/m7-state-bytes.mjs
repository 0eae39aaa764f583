#!/usr/bin/env node
/**
 * M7: the state file's bytes against the JSON bytes of the objects it stores (the bodies of
 * the objects table: what etcd would hold as values). Target: <= 1.2x. Prints where the bytes
 * go — each table and index (SQLite's dbstat), free pages, the WAL — and the stored JSON by
 * kind, so a failing figure names its cause (change log, Events, indexes).
 * Uses the cluster of `t7-scale.mjs --keep` (--home DIR), else builds one (--quick: the
 * tenth-size one). A --home cluster is not touched: its state file (and WAL) is copied and the
 * copy measured.
 * Beside kubemu's figure it prints the store floor's (bench/floors/m7-store.cjs: the same objects
 * and the change-log window compaction must keep, nothing else), for the file's own window and
 * for the least one (HISTORY_WINDOW changes): the change-log window is a fixed number of changes,
 * so both ratios fall as the cluster grows.
 * Usage: node bench/m7-state-bytes.mjs [--home DIR] [--quick] [--no-build]
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { REPO, ensureBuilt, removeHome, km, tempHome } from './lib/cli.mjs';
import { bigClusterHome } from './lib/big-cluster.mjs';
import { floorEnv } from './lib/floors.mjs';
import { verdict, note, saveVerdicts } from './lib/verdict.mjs';

/** HISTORY_WINDOW is src/sim/runtime.ts's: the changes compaction keeps at least. */
const HISTORY_WINDOW = 10_000;

ensureBuilt();
const { home, owned, error } = bigClusterHome('m7');
if (error) note(`WARNING: the build did not finish (${error}); measuring the file as it is`);
// One more command settles and checkpoints nothing new; the file is measured closed. A kept
// cluster (--home) is left as it is.
if (owned) km(home, ['get', 'nodes', '--no-headers']);
const clusters = fs.readdirSync(path.join(home, 'clusters'));
const kept = path.join(home, 'clusters', clusters.includes('big') ? 'big' : clusters[0], 'state.db');
// Measured on a copy: opening a WAL file, even read-only, may write its -shm beside it.
const scratch = tempHome('m7-copy');
const file = path.join(scratch, 'state.db');
fs.copyFileSync(kept, file);
if (fs.existsSync(`${kept}-wal`)) fs.copyFileSync(`${kept}-wal`, `${file}-wal`);

const Database = createRequire(path.join(REPO, 'package.json'))('better-sqlite3');
const db = new Database(file, { readonly: true, fileMustExist: true });
const MiB = (n) => `${(n / 1048576).toFixed(1).padStart(8)} MiB`;
const fileBytes = fs.statSync(file).size;
const walBytes = fs.existsSync(`${file}-wal`) ? fs.statSync(`${file}-wal`).size : 0;
const pageSize = db.pragma('page_size', { simple: true });
const freePages = db.pragma('freelist_count', { simple: true });

// A body's bytes with its managedFields, where kubemu keeps them in a column of their own.
const hasFields = db.prepare("SELECT count(*) FROM pragma_table_info('objects') WHERE name = 'managed_fields'").pluck().get() > 0;
const BYTES = `length(CAST(body AS BLOB))${hasFields ? ' + coalesce(length(CAST(managed_fields AS BLOB)), 0)' : ''}`;
const json = db.prepare(`SELECT kind, count(*) AS n, sum(${BYTES}) AS bytes FROM objects GROUP BY kind ORDER BY bytes DESC`).all();
const stored = json.reduce((s, r) => s + r.bytes, 0);
const changes = db.prepare(`SELECT count(*) AS n, coalesce(sum(${BYTES}), 0) AS bytes, min(revision) AS first, max(revision) AS last FROM changes`).get();
const head = db.prepare("SELECT value FROM meta WHERE key = 'compactedRevision'").get();

console.log(`M7 state file: ${file}`);
note(`file ${MiB(fileBytes)} (page size ${pageSize}, ${freePages} free pages = ${MiB(freePages * pageSize).trim()}), WAL ${MiB(walBytes).trim()}`);
note(`stored JSON (object bodies): ${MiB(stored).trim()} in ${json.reduce((s, r) => s + r.n, 0)} objects`);
for (const r of json.slice(0, 8)) note(`  ${r.kind.padEnd(24)} ${String(r.n).padStart(7)} objects ${MiB(r.bytes)}`);
note(`change log: ${changes.n} rows (revisions ${changes.first ?? '-'}..${changes.last ?? '-'}, compacted at ${head?.value ?? 0}), bodies ${MiB(changes.bytes).trim()}`);
console.log('  where the file\'s pages go (dbstat: tables and indexes, payload and page bytes):');
const parts = db.prepare('SELECT name, sum(payload) AS payload, sum(pgsize) AS bytes FROM dbstat GROUP BY name ORDER BY bytes DESC').all();
for (const p of parts) note(`  ${p.name.padEnd(28)} ${MiB(p.bytes)}  (payload ${MiB(p.payload).trim()}, ${(100 * p.bytes / fileBytes).toFixed(1)}% of the file)`);
const windowChanges = db.prepare('SELECT count(*) FROM changes WHERE revision > ?').pluck().get(Number(head?.value ?? 0));
db.close();

/** floor runs bench/floors/m7-store.cjs on the copy (read-only) and returns its figures. */
function floor(args) {
  const r = spawnSync(process.execPath, [path.join(REPO, 'bench', 'floors', 'm7-store.cjs'), file, path.join(scratch, 'floor.db'), ...args], { env: { ...process.env, ...floorEnv() }, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`m7-store floor failed: ${r.stderr.slice(0, 500)}`);
  return JSON.parse(r.stdout);
}
const ratio = (fileBytes + walBytes) / stored;
console.log('  the store floor (bench/floors/m7-store.cjs: objects by key, the change-log window, nothing else):');
const windows = [['the file\'s window', []]];
if (windowChanges > HISTORY_WINDOW) windows.push([`the least window, ${HISTORY_WINDOW} changes`, ['--window', String(HISTORY_WINDOW)]]);
for (const [what, args] of windows) {
  const f = floor(args);
  note(`  ${what} (${f.head - f.windowFrom} changes): ${MiB(f.bytes).trim()} = ${f.ratio.toFixed(2)}x the stored JSON (change bodies ${MiB(f.windowBodies).trim()}, ${f.cutVersions} versions at the cut ${MiB(f.cutBodies).trim()}); kubemu / floor ${(ratio / f.ratio).toFixed(2)}x`);
}

verdict('M7', 'state file bytes / stored JSON bytes', ratio, 1.2);
removeHome(scratch);
if (owned) removeHome(home);
await saveVerdicts();
