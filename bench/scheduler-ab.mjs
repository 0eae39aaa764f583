#!/usr/bin/env node
/**
 * scheduler-ab: T8's workload on two builds of the scheduler and on its profile-work floor,
 * interleaved. Each round runs, in a rotating order, one fresh process per entry (a warm-up
 * on 2 000 pods, then one timed pass): the floor (bench/floors/t8-profile-work.cjs), the
 * target's full-scan floor (sched-floor.js, when found, on a CPU clock), the
 * scheduler of the tree given by --before, and this tree's. It prints the median CPU time
 * (process.cpuUsage over the pass) of each, their ratios, and each build's hash of the chosen
 * nodes (equal hashes: equal placements). --double adds both builds at twice the pods
 * (T8's second clause); --owned gives the pods ReplicaSet owners (PodTopologySpread's
 * default constraints apply, as to T7's Deployment pods; the floor has no such work and is
 * left out then).
 * Usage: node bench/scheduler-ab.mjs --before DIR [--pods P] [--nodes N] [--rounds R] [--double] [--owned]
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { REPO } from './lib/cli.mjs';
import { flagValue } from './lib/verdict.mjs';
import { bundleScheduler } from './lib/sched-run.mjs';
import { floorScript } from './lib/floors.mjs';

const before = flagValue('--before', '');
if (!before) { console.error('usage: node bench/scheduler-ab.mjs --before DIR [--pods P] [--nodes N] [--rounds R] [--double] [--owned]'); process.exit(2); }
const P = Number(flagValue('--pods', 30000));
const N = Number(flagValue('--nodes', 1000));
const ROUNDS = Number(flagValue('--rounds', 5));
const double = process.argv.includes('--double');
const owned = process.argv.includes('--owned');

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kubemu-sched-ab-'));
const bundles = { before: path.join(tmp, 'before.js'), after: path.join(tmp, 'after.js') };
await bundleScheduler(path.resolve(before), bundles.before);
await bundleScheduler(REPO, bundles.after);
const runner = path.join(REPO, 'bench', 'lib', 'sched-run.mjs');
const floor = path.join(REPO, 'bench', 'floors', 't8-profile-work.cjs');

// The target's full-scan floor (sched-floor.js, outside this repository) times itself with
// performance.now(); run with that clock swapped for process CPU time, its full-scan figure is
// CPU milliseconds like the others (its adaptive pass runs after it and is not counted).
const fullScan = owned ? undefined : floorScript('sched-floor.js');
const cpuClock = 'const c0 = process.cpuUsage(); performance.now = () => { const c = process.cpuUsage(c0); return (c.user + c.system) / 1000; };';
const entries = [];
if (!owned) entries.push({ name: `floor ${P}`, argv: [floor, String(P), String(N), '1'] });
if (fullScan) entries.push({ name: `full-scan ${P}`, argv: ['-e', `${cpuClock} process.argv.splice(1, 0, ${JSON.stringify(fullScan)}); require(${JSON.stringify(fullScan)});`, String(P), String(N), '1'] });
for (const pods of double ? [P, 2 * P] : [P]) {
  for (const b of ['before', 'after']) entries.push({ name: `${b} ${pods}`, argv: [runner, bundles[b], String(pods), String(N), owned ? 'owned' : 'plain'] });
}
const results = new Map(entries.map((e) => [e.name, []]));
const hashes = new Map();
for (let r = 0; r < ROUNDS; r++) {
  for (let k = 0; k < entries.length; k++) {
    const e = entries[(k + r) % entries.length];
    const x = spawnSync(process.execPath, e.argv, { encoding: 'utf8' });
    if (x.status !== 0) { console.error(`${e.name} failed: ${x.stderr}`); process.exit(1); }
    const lines = x.stdout.trim().split('\n').map((l) => JSON.parse(l));
    const row = lines.find((l) => l.mode === 'full-scan') ?? lines.pop();
    results.get(e.name).push(row.cpu_ms ?? row.median_ms);
    hashes.set(e.name, row.hash);
  }
  process.stderr.write(`round ${r + 1}/${ROUNDS}\n`);
}
const med = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
const m = new Map([...results].map(([k, v]) => [k, med(v)]));
console.log(`T8 A/B: ${P} pods on ${N} nodes${owned ? ' (ReplicaSet-owned pods)' : ''}, ${ROUNDS} interleaved rounds, CPU medians of the scheduling pass`);
for (const [k, v] of m) console.log(`  ${k.padEnd(14)} ${v.toFixed(0).padStart(7)} ms  [${results.get(k).map((x) => x.toFixed(0)).join(' ')}]  hash ${hashes.get(k) ?? '-'}`);
const f = m.get(`floor ${P}`), b = m.get(`before ${P}`), a = m.get(`after ${P}`);
console.log(`  after / before = ${(a / b).toFixed(3)}`);
if (f) console.log(`  before / floor = ${(b / f).toFixed(2)}x, after / floor = ${(a / f).toFixed(2)}x`);
const fs2 = m.get(`full-scan ${P}`);
if (fs2) console.log(`  against the full scan: before ${(b / fs2).toFixed(2)}x, after ${(a / fs2).toFixed(2)}x, profile-work floor ${(f / fs2).toFixed(2)}x`);
if (double) console.log(`  doubling the pods: before ${(m.get(`before ${2 * P}`) / b).toFixed(2)}x, after ${(m.get(`after ${2 * P}`) / a).toFixed(2)}x`);
fs.rmSync(tmp, { recursive: true, force: true });
