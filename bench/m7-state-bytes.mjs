#!/usr/bin/env node
/**
 * M7: the state file's bytes against the JSON bytes of the objects it stores (the bodies of
 * the objects table: what etcd would hold as values). Target: <= 1.2x. Prints where the bytes
 * go — each table and index (SQLite's dbstat), free pages, the WAL — and the stored JSON by
 * kind, so a failing figure names its cause (change log, Events, indexes).
 * Uses the cluster of `t7-scale.mjs --keep` (--home DIR), else builds one (--quick: the
 * tenth-size one).
 * Usage: node bench/m7-state-bytes.mjs [--home DIR] [--quick] [--no-build]
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { REPO, ensureBuilt, removeHome, km } from './lib/cli.mjs';
import { bigClusterHome } from './lib/big-cluster.mjs';
import { verdict, note, saveVerdicts } from './lib/verdict.mjs';

ensureBuilt();
const { home, owned, error } = bigClusterHome('m7');
if (error) note(`WARNING: the build did not finish (${error}); measuring the file as it is`);
// One more command settles and checkpoints nothing new; the file is measured closed.
km(home, ['get', 'nodes', '--no-headers']);
const clusters = fs.readdirSync(path.join(home, 'clusters'));
const file = path.join(home, 'clusters', clusters.includes('big') ? 'big' : clusters[0], 'state.db');

const Database = createRequire(path.join(REPO, 'package.json'))('better-sqlite3');
const db = new Database(file, { readonly: true, fileMustExist: true });
const MiB = (n) => `${(n / 1048576).toFixed(1).padStart(8)} MiB`;
const fileBytes = fs.statSync(file).size;
const walBytes = fs.existsSync(`${file}-wal`) ? fs.statSync(`${file}-wal`).size : 0;
const pageSize = db.pragma('page_size', { simple: true });
const freePages = db.pragma('freelist_count', { simple: true });

const json = db.prepare('SELECT kind, count(*) AS n, sum(length(CAST(body AS BLOB))) AS bytes FROM objects GROUP BY kind ORDER BY bytes DESC').all();
const stored = json.reduce((s, r) => s + r.bytes, 0);
const changes = db.prepare('SELECT count(*) AS n, coalesce(sum(length(CAST(body AS BLOB))), 0) AS bytes, min(revision) AS first, max(revision) AS last FROM changes').get();
const head = db.prepare("SELECT value FROM meta WHERE key = 'compactedRevision'").get();

console.log(`M7 state file: ${file}`);
note(`file ${MiB(fileBytes)} (page size ${pageSize}, ${freePages} free pages = ${MiB(freePages * pageSize).trim()}), WAL ${MiB(walBytes).trim()}`);
note(`stored JSON (object bodies): ${MiB(stored).trim()} in ${json.reduce((s, r) => s + r.n, 0)} objects`);
for (const r of json.slice(0, 8)) note(`  ${r.kind.padEnd(24)} ${String(r.n).padStart(7)} objects ${MiB(r.bytes)}`);
note(`change log: ${changes.n} rows (revisions ${changes.first ?? '-'}..${changes.last ?? '-'}, compacted at ${head?.value ?? 0}), bodies ${MiB(changes.bytes).trim()}`);
console.log('  where the file\'s pages go (dbstat: tables and indexes, payload and page bytes):');
const parts = db.prepare('SELECT name, sum(payload) AS payload, sum(pgsize) AS bytes FROM dbstat GROUP BY name ORDER BY bytes DESC').all();
for (const p of parts) note(`  ${p.name.padEnd(28)} ${MiB(p.bytes)}  (payload ${MiB(p.payload).trim()}, ${(100 * p.bytes / fileBytes).toFixed(1)}% of the file)`);
db.close();

verdict('M7', 'state file bytes / stored JSON bytes', (fileBytes + walBytes) / stored, 1.2);
if (owned) removeHome(home);
await saveVerdicts();
