#!/usr/bin/env node
/**
 * run-all: every benchmark in sequence (T1, T2, T5, T6, T10, serve's figures, T8, T7 keeping its cluster, T9,
 * T4, T3 and M7 on it, M6, then T11 against T7's time), then a table of all verdicts, naming the targets no bench measured. --quick uses few rounds and the tenth-size T7; other
 * flags (--floors DIR, --rounds N) pass through. Builds once.
 * Usage: node bench/run-all.mjs [--quick] [--floors DIR] [--skip t7,t9]
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt, removeHome } from './lib/cli.mjs';
import { flagValue } from './lib/verdict.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
ensureBuilt();
const pass = process.argv.slice(2).filter((a) => a !== '--skip' && a !== flagValue('--skip', '\0'));
const skip = new Set(String(flagValue('--skip', '')).split(',').filter(Boolean));
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'kubemu-bench-'));
const all = [];
let t7home;
let t7ms;

function run(id, script, extra = []) {
  if (skip.has(id)) { console.log(`\n== ${id}: skipped`); return; }
  console.log(`\n== ${id}: node bench/${script} ${[...pass, ...extra].join(' ')}`);
  const json = path.join(out, `${id}.json`);
  const r = spawnSync(process.execPath, [path.join(here, script), '--no-build', '--json', json, ...pass, ...extra], { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8', maxBuffer: 64 << 20 });
  process.stdout.write(r.stdout);
  if (r.status !== 0) console.log(`  ${id} exited ${r.status}`);
  const kept = /kept KUBEMU_HOME=(\S+)/.exec(r.stdout);
  if (kept) t7home = kept[1];
  const reconcile = /reconcile \(apply \+ \d+ tick\(s\)\) (\d+) ms/.exec(r.stdout);
  if (reconcile) t7ms = reconcile[1];
  if (fs.existsSync(json)) all.push(...JSON.parse(fs.readFileSync(json, 'utf8')));
}

run('t1', 't1-startup.mjs');
run('t2', 't2-get.mjs');
run('t5', 't5-apply.mjs');
run('t6', 't6-stream.mjs');
run('t10', 't10-storm.mjs');
run('serve', 'serve.mjs');
run('t8', 'scheduler-throughput.mjs');
run('t7', 't7-scale.mjs', ['--keep']);
run('t9', 't9-idle-tick.mjs', t7home ? ['--home', t7home] : []);
run('t4', 't4-list-all.mjs', t7home ? ['--home', t7home] : []);
// T3 and M7 use T7's cluster too (T3 adds a namespace of 100 pods to it); M6 needs none.
run('t3', 't3-namespaced-get.mjs', t7home ? ['--home', t7home] : []);
run('m7', 'm7-state-bytes.mjs', t7home ? ['--home', t7home] : []);
run('m6', 'm6-hostile-yaml.mjs');
if (t7home) removeHome(t7home);
// T11 last: the envelope is five times T7, and compares with T7's time from this run.
run('t11', 't11-envelope.mjs', t7ms ? ['--t7-ms', t7ms] : []);

console.log('\n== summary');
for (const v of all) {
  // JSON turns Infinity (an unfinished run) into null.
  const fmt = (x) => x === null ? 'unfinished' : v.unit === 'x' ? `${x.toFixed(2)}x` : `${x}`;
  console.log(`  ${v.pass ? 'PASS' : 'FAIL'}  ${v.id.padEnd(4)} ${v.what}: ${fmt(v.value)} (<= ${fmt(v.bound)})`);
}
// Targets no benchmark measures yet are listed, so the table names every target.
const measured = new Set(all.map((v) => v.id));
for (const id of ['T1', 'T2', 'T3', 'T4', 'T5', 'T6', 'T7', 'T8', 'T9', 'T10', 'T11', 'M1', 'M2', 'M3', 'M4', 'M5', 'M6', 'M7']) {
  if (!measured.has(id)) console.log(`  ----  ${id.padEnd(4)} not measured in this run`);
}
console.log(`  ${all.filter((v) => v.pass).length}/${all.length} targets met`);
fs.rmSync(out, { recursive: true, force: true });
