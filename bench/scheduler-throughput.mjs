#!/usr/bin/env node
/**
 * T8: the scheduler's plug-ins alone over an in-memory snapshot — P pending pods (default
 * 10 000) onto N nodes (default 1 000) through the pure scheduler (src/scheduler: the default
 * profile, scheduleOne + Snapshot.assume, no store, no API), then 2×P to check that the cost
 * stays linear in pods. Compared with ../shared/bench-floors/sched-floor.js (full scan and
 * adaptive) measured in the same run, and with bench/floors/t8-profile-work.cjs (the default
 * profile's own arithmetic on the sampled nodes, typed arrays, no objects). Targets
 * (BENCHMARKS.md T8): ≤ 3× the floor's full scan; doubling the pods ≤ 2.2× the time.
 * It prints a hash of the chosen nodes: a speed lever must leave it unchanged. To compare two
 * builds interleaved, with CPU time, use bench/scheduler-ab.mjs.
 * Usage: node bench/scheduler-throughput.mjs [--pods P] [--nodes N] [--runs R] [--floors DIR]
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { REPO } from './lib/cli.mjs';
import { floorScript } from './lib/floors.mjs';
import { verdict, note, flagValue, saveVerdicts } from './lib/verdict.mjs';
import { bundleScheduler, run as runPass } from './lib/sched-run.mjs';

const P = Number(flagValue('--pods', 10000));
const N = Number(flagValue('--nodes', 1000));
const RUNS = Number(flagValue('--runs', 5));

// Bundle the pure scheduler (TypeScript) into a temporary CommonJS file.
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kubemu-sched-bench-'));
const S = await bundleScheduler(REPO, path.join(tmp, 'sched.js'));

const med = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
const run = (pods, nodes) => runPass(S, pods, nodes);

console.log(`T8 scheduler throughput: ${P} pending pods onto ${N} nodes (pure scheduler, default profile), ${RUNS} runs`);
run(Math.min(P, 2000), N); // warm-up
const times = [], times2 = [];
let unsched = 0, hash = '', hash2 = '';
for (let i = 0; i < RUNS; i++) {
  const a = run(P, N); times.push(a.ms); unsched = a.unsched; hash = a.hash;
  const b = run(2 * P, N); times2.push(b.ms); hash2 = b.hash;
}
const ms = med(times), ms2 = med(times2);
note(`kubemu: median ${ms.toFixed(1)} ms = ${Math.round(P / (ms / 1000))} pods/s (unschedulable ${unsched}); ${2 * P} pods ${ms2.toFixed(1)} ms = ${Math.round(2 * P / (ms2 / 1000))} pods/s`);
note(`chosen nodes: hash ${hash} (${P} pods), ${hash2} (${2 * P} pods)`);

const floor = floorScript('sched-floor.js');
if (floor) {
  const f = spawnSync(process.execPath, [floor, String(P), String(N), String(RUNS)], { encoding: 'utf8' });
  const rows = f.stdout.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
  for (const row of rows) note(`floor ${row.mode}: median ${row.median_ms} ms = ${row.pods_per_s} pods/s`);
  const full = rows.find((x) => x.mode === 'full-scan');
  if (full) verdict('T8', `scheduler / floor full scan (${P} pods, ${N} nodes)`, ms / full.median_ms, 3);
}
// The equal-work floor (bench/floors/t8-profile-work.cjs): the default profile's filters and
// scores on the sampled nodes over typed arrays — what the work itself costs, beside the
// target's one-filter, one-score full scan.
const work = spawnSync(process.execPath, [path.join(REPO, 'bench', 'floors', 't8-profile-work.cjs'), String(P), String(N), String(RUNS)], { encoding: 'utf8' });
if (work.status === 0) {
  const row = JSON.parse(work.stdout.trim());
  note(`floor profile-work: median ${row.median_ms} ms = ${row.pods_per_s} pods/s (hash ${row.hash}); kubemu / profile-work = ${(ms / row.median_ms).toFixed(2)}x`);
}
verdict('T8', `time(${2 * P} pods) / time(${P} pods)`, ms2 / ms, 2.2);
fs.rmSync(tmp, { recursive: true, force: true });
await saveVerdicts();
