#!/usr/bin/env node
/**
 * many-containers: one pod of N containers (busybox, sleeping) — `create -f` (admission, the
 * first sync: pulls and starts) and then `tick 2m`, at N = 250, 500, 1000 by default, to show
 * the cost growing linearly in the containers. Figures only, no verdict: wall time and the
 * process's CPU time (user + system), which a busy machine does not inflate.
 * Usage: node bench/many-containers.mjs [--sizes 250,500,1000] [--no-build]
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { KUBEMU, ensureBuilt, envFor, manualCluster, removeHome, tempHome, writeTemp } from './lib/cli.mjs';
import { flagValue, note } from './lib/verdict.mjs';

ensureBuilt();
const sizes = String(flagValue('--sizes', '250,500,1000')).split(',').map(Number);

/** run times one kubemu command: wall ms and CPU ms of the child. */
function run(home, args) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [KUBEMU, ...args], { env: envFor(home), encoding: 'utf8' });
  const wall = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`kubemu ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return wall;
}

/** cpuOf runs fn and returns its wall ms and the CPU ms its children used. */
function cpuOf(fn) {
  const before = childCpu();
  const wall = fn();
  return { wall, cpu: childCpu() - before };
}

/** childCpu is the CPU ms of this process's waited-for children (/proc/self/stat cutime + cstime, 10 ms ticks). */
function childCpu() {
  const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

for (const n of sizes) {
  const home = tempHome('containers');
  manualCluster(home);
  const containers = Array.from({ length: n }, (_, i) => ({ name: `c${i}`, image: 'busybox', command: ['sleep', '3600'] }));
  const file = writeTemp(home, 'pod.json', JSON.stringify({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'big' }, spec: { containers } }));
  const create = cpuOf(() => run(home, ['create', '-f', file]));
  const tick = cpuOf(() => run(home, ['tick', '2m']));
  note(`${n} containers: create ${(create.wall / 1000).toFixed(2)} s (CPU ${(create.cpu / 1000).toFixed(2)} s), tick 2m ${(tick.wall / 1000).toFixed(2)} s (CPU ${(tick.cpu / 1000).toFixed(2)} s)`);
  removeHome(home);
}
