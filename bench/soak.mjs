#!/usr/bin/env node
// R10 soak (BENCHMARKS.md §5 R10): for N minutes, 4 parallel loops run random kubemu commands
// against one manual cluster while one long `get pods -w` reader stays open. Per window of
// 1 000 commands it prints p50/p99 command time, peak RSS per command (GNU time), database and
// WAL size, and the change-log / Event / object counts, so drift and leaks show. CI never runs it.
//   node bench/soak.mjs [minutes=60] [--loops 4] [--window 1000] [--no-build]
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(REPO, 'package.json'));
const Database = require('better-sqlite3');
const argv = process.argv.slice(2);
const opt = (name, dflt) => { const i = argv.indexOf(`--${name}`); return i >= 0 ? Number(argv[i + 1]) : dflt; };
const minutes = Number(argv.find((a) => /^\d+(\.\d+)?$/.test(a)) ?? 60);
const LOOPS = opt('loops', 4), WINDOW = opt('window', 1000);
const TIME = fs.existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

if (!argv.includes('--no-build')) {
  const b = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: REPO, stdio: 'inherit' });
  if (b.status !== 0) process.exit(1);
}
const KUBEMU = path.join(REPO, 'bin', 'kubemu');
const home = fs.mkdtempSync(path.join(os.tmpdir(), 'kubemu-soak-'));
const env = { ...process.env, KUBEMU_HOME: home, NO_COLOR: '1' };
const db = path.join(home, 'clusters', 'soak', 'state.db');

/** run runs one kubemu command (under GNU time for peak RSS); resolves {ms, code, rssKiB, stderr}. */
function run(args) {
  return new Promise((resolve) => {
    const cmd = TIME ? [TIME, '-f', 'RSS %M', process.execPath, KUBEMU, ...args] : [process.execPath, KUBEMU, ...args];
    const t0 = performance.now();
    const p = spawn(cmd[0], cmd.slice(1), { env });
    let err = '';
    p.stderr.on('data', (d) => { err += d; });
    p.stdout.resume();
    p.on('close', (code) => {
      const m = /RSS (\d+)\s*$/.exec(err);
      resolve({ ms: performance.now() - t0, code, rssKiB: m ? Number(m[1]) : undefined, stderr: err.replace(/RSS \d+\s*$/, '') });
    });
  });
}

let seed = 12345;
const rnd = () => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed / 0x7fffffff; };
const pick = (xs) => xs[Math.floor(rnd() * xs.length)];

/** commandFor picks one random command for loop `l` (own ConfigMaps, a shared Deployment). */
function commandFor(l) {
  const cm = `soak-${l}-${Math.floor(rnd() * 20)}`;
  const file = path.join(home, `cm-${l}.yaml`);
  return pick([
    () => { fs.writeFileSync(file, `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${cm}\ndata:\n  v: "${Math.floor(rnd() * 1e6)}"\n`); return ['apply', '-f', file]; },
    () => ['scale', 'deployment', 'web', `--replicas=${1 + Math.floor(rnd() * 6)}`],
    () => ['get', 'pods'],
    () => ['get', 'deploy,rs,cm', '-o', 'wide'],
    () => ['delete', 'configmap', cm, '--ignore-not-found'],
    () => ['label', 'configmap', cm, `r=${Math.floor(rnd() * 9)}`, '--overwrite'],
    () => ['tick', '10s'],
    () => ['describe', 'deployment', 'web'],
    () => ['get', 'events', '-A'],
    () => ['rollout', 'restart', 'deployment', 'web'],
  ])();
}

function sizes() {
  const size = (f) => (fs.existsSync(f) ? fs.statSync(f).size : 0);
  const d = new Database(db, { readonly: true, fileMustExist: true });
  try {
    const one = (sql) => d.prepare(sql).pluck().get();
    return { dbKiB: Math.round(size(db) / 1024), walKiB: Math.round(size(`${db}-wal`) / 1024), changes: one('SELECT count(*) FROM changes'),
      events: one("SELECT count(*) FROM objects WHERE kind = 'Event'"), objects: one('SELECT count(*) FROM objects') };
  } finally { d.close(); }
}

const q = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))] : 0; };

async function main() {
  for (const args of [['cluster', 'create', 'soak', '--clock', 'manual', '--seed', '7'], ['create', 'deployment', 'web', '--image=nginx', '--replicas=3']]) {
    const r = await run(args);
    if (r.code !== 0) throw new Error(`${args.join(' ')}: ${r.stderr}`);
  }
  const deadline = performance.now() + minutes * 60_000;
  console.log(`R10 soak: ${minutes} min, ${LOOPS} loops + 1 get -w, window ${WINDOW} commands, home ${home}`);
  console.log('window  commands  p50ms  p99ms  maxms  rssP50KiB  rssMaxKiB  failed  dbKiB  walKiB  changes  events  objects');
  // The long reader: a watch that holds the database open for its whole life, restarted when it times out.
  let watchRuns = 0, watchFailures = 0, stopWatch = false;
  const watchLoop = (async () => {
    while (!stopWatch) {
      const r = await run(['get', 'pods', '-w', `--request-timeout=${Math.max(5, Math.min(300, Math.round((deadline - performance.now()) / 1000)))}s`]);
      watchRuns++;
      if (r.code !== 0) watchFailures++;
    }
  })();
  let window = { ms: [], rss: [], failed: 0 }, n = 0, w = 0, locked = 0, firstFailures = [];
  const record = (r) => {
    n++;
    window.ms.push(r.ms);
    if (r.rssKiB) window.rss.push(r.rssKiB);
    if (r.code !== 0 && !/not found|NotFound|Conflict/.test(r.stderr)) { window.failed++; if (firstFailures.length < 5) firstFailures.push(r.stderr.split('\n')[0]); }
    if (/database is locked|SQLITE_BUSY/.test(r.stderr)) locked++;
    if (window.ms.length >= WINDOW) flush();
  };
  const flush = () => {
    {
      const s = sizes();
      console.log([++w, n, q(window.ms, 0.5).toFixed(0), q(window.ms, 0.99).toFixed(0), q(window.ms, 1).toFixed(0), q(window.rss, 0.5), q(window.rss, 1), window.failed,
        s.dbKiB, s.walKiB, s.changes, s.events, s.objects].map(String).map((x) => x.padStart(6)).join('  '));
      window = { ms: [], rss: [], failed: 0 };
    }
  };
  await Promise.all(Array.from({ length: LOOPS }, async (_v, l) => {
    while (performance.now() < deadline) record(await run(commandFor(l)));
  }));
  if (window.ms.length) flush(); // the last, partial window
  stopWatch = true;
  await watchLoop;
  const s = sizes();
  console.log(`R10 done: ${n} commands, ${locked} "database is locked", get -w runs ${watchRuns} (failed ${watchFailures}); final ${JSON.stringify(s)}`);
  if (firstFailures.length) console.log(`first failures:\n  ${firstFailures.join('\n  ')}`);
  fs.rmSync(home, { recursive: true, force: true });
}
main().catch((e) => { console.error(e); process.exitCode = 1; });
