#!/usr/bin/env node
/**
 * T7's tick half, two builds side by side: the tenth-size T7 cluster (100 workers, 30 x 100
 * replicas) is built once to just after `apply` (no tick yet), then every round copies that
 * home once per build and times `tick 1m` (and the ticks after it, --ticks N) with that
 * build, the builds in rotating order. CPU is user + system of the kubemu process (GNU time),
 * medians over the rounds; wall time is printed beside it. With --hashes the copies each
 * build ticked are ticked on until every pod is Running and the outputs a user would compare
 * (`get pods -o yaml`, `get events`, `get rs,deploy -o yaml`, `get nodes -o yaml`) are hashed:
 * a lever must leave them identical.
 * Usage: node bench/t7-tick-ab.mjs --before DIR [--rounds N] [--ticks N] [--home DIR] [--hashes] [--no-build]
 *   --before DIR  a built checkout (DIR/bin/kubemu) to compare this one with
 *   --home DIR    a home already built to just after `apply` (else one is built with --before's build)
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { KUBEMU, cpuTimed, ensureBuilt, removeHome, tempHome, writeTemp } from './lib/cli.mjs';
import { quantile } from './lib/interleave.mjs';
import { deploymentsYaml } from './lib/manifests.mjs';
import { flagValue, note } from './lib/verdict.mjs';

ensureBuilt();
const beforeDir = flagValue('--before', undefined);
if (!beforeDir) throw new Error('--before DIR is required (a built checkout)');
const rounds = Number(flagValue('--rounds', 5));
const ticks = Number(flagValue('--ticks', 1));
const builds = [
  { name: 'before', bin: path.join(path.resolve(beforeDir), 'bin', 'kubemu') },
  { name: 'after', bin: KUBEMU },
];

/** run runs one kubemu command with bin under GNU time; returns { cpuMs, wallMs, stdout }. */
const run = (bin, home, args) => cpuTimed([process.execPath, bin, ...args], home);

let applied = flagValue('--home', undefined);
const owned = !applied;
if (!applied) {
  applied = tempHome('t7tick');
  run(builds[0].bin, applied, ['cluster', 'create', 'big', '--clock', 'manual', '--seed', '7', '--workers', '100']);
  const file = writeTemp(applied, 'workload.yaml', deploymentsYaml('app', 30, 100));
  const a = run(builds[0].bin, applied, ['apply', '-f', file]);
  note(`built the applied home (apply: ${a.cpuMs.toFixed(0)} ms CPU)`);
}

const cpu = builds.map(() => Array.from({ length: ticks }, () => []));
const wall = builds.map(() => Array.from({ length: ticks }, () => []));
const last = [];
for (let r = 0; r < rounds; r++) {
  for (let k = 0; k < builds.length; k++) {
    const i = (k + r) % builds.length;
    const home = tempHome(`t7tick-${builds[i].name}`);
    fs.cpSync(applied, home, { recursive: true });
    for (let t = 0; t < ticks; t++) {
      const x = run(builds[i].bin, home, ['tick', '1m']);
      cpu[i][t].push(x.cpuMs);
      wall[i][t].push(x.wallMs);
    }
    if (last[i]) removeHome(last[i]);
    last[i] = home;
  }
  note(`round ${r + 1}: ${builds.map((b, i) => `${b.name} ${cpu[i].map((c) => c[r].toFixed(0)).join('+')} ms`).join(', ')}`);
}

const median = (xs) => quantile(xs, 0.5);
for (let t = 0; t < ticks; t++) {
  const m = builds.map((_, i) => median(cpu[i][t]));
  console.log(`tick 1m #${t + 1}: CPU median before ${m[0].toFixed(0)} ms, after ${m[1].toFixed(0)} ms, x${(m[1] / m[0]).toFixed(3)}; wall ${builds.map((_, i) => median(wall[i][t]).toFixed(0)).join(' -> ')} ms`);
  console.log(`  pairwise after/before: ${cpu[1][t].map((a, r) => (a / cpu[0][t][r]).toFixed(2)).join(' ')}`);
}

if (process.argv.includes('--hashes')) {
  const reads = [['get', 'pods', '-o', 'yaml'], ['get', 'events'], ['get', 'rs,deploy', '-o', 'yaml'], ['get', 'nodes', '-o', 'yaml']];
  const sums = builds.map((b, i) => {
    for (let t = 0; t < 10; t++) {
      const pods = run(b.bin, last[i], ['get', 'pods', '--no-headers']).stdout.trim().split('\n');
      if (pods.every((l) => /\sRunning\s/.test(l))) break;
      run(b.bin, last[i], ['tick', '1m']);
    }
    return reads.map((args) => createHash('sha256').update(run(b.bin, last[i], args).stdout).digest('hex').slice(0, 16));
  });
  reads.forEach((args, k) => console.log(`  ${args.join(' ').padEnd(24)} ${sums[0][k]} ${sums[1][k]} ${sums[0][k] === sums[1][k] ? 'same' : 'DIFFERENT'}`));
}
for (const h of last) removeHome(h);
if (owned && !process.argv.includes('--keep')) removeHome(applied);
else note(`applied home: ${applied}`);
