#!/usr/bin/env node
/**
 * T4 + M3: `kubemu get pods -A` on a big settled cluster (the 30 000-pod cluster of
 * `t7-scale.mjs --keep`, given with --home DIR; without it, a tenth-size one is built), against
 * `node -e ''` and the floor-list-all floor (read every pod body, JSON.parse, print a line)
 * run on the same state file, interleaved. Targets: <= 1.2x the floor; peak RSS <= 2.0x N0's.
 * Usage: node bench/t4-list-all.mjs [--home DIR] [--quick] [--rounds N] [--floors DIR] [--no-build]
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { KUBEMU, ensureBuilt, tempHome, removeHome, envFor, km } from './lib/cli.mjs';
import { buildBig } from './lib/big-cluster.mjs';
import { interleave, printResults } from './lib/interleave.mjs';
import { floorScript, floorEnv } from './lib/floors.mjs';
import { peakRssKiB } from './lib/rss.mjs';
import { verdict, note, flagValue, roundsFor, saveVerdicts } from './lib/verdict.mjs';

ensureBuilt();
let home = flagValue('--home', undefined);
const owned = !home;
if (owned) {
  home = tempHome('t4');
  const big = buildBig(home, { workers: 100, deployments: 30, replicas: 100, log: note });
  if (big.error) throw new Error(big.error);
}
const env = envFor(home);
const node = process.execPath;
const cluster = km(home, ['cluster', 'list']).stdout.split('\n').find((l) => l.startsWith('*'))?.split(/\s+/)[1] ?? 'big';
const stateFile = path.join(home, 'clusters', cluster, 'state.db');
const pods = km(home, ['get', 'pods', '-A', '--no-headers']).stdout.trim().split('\n').length;
note(`cluster "${cluster}": ${pods} pods, state file ${(fs.statSync(stateFile).size / 1048576).toFixed(0)} MB`);

const suite = [
  { name: "node -e ''", cmd: [node, '-e', ''] },
  { name: `kubemu get pods -A (${pods} pods)`, cmd: [node, KUBEMU, 'get', 'pods', '-A'], env },
];
const floor = floorScript('floor-list-all.js');
if (floor) suite.push({ name: 'floor: list-all on the same state file', cmd: [node, floor, stateFile], env: floorEnv() });
const rounds = roundsFor(10);
console.log(`T4 get pods -A (${rounds} interleaved rounds + 1 warm-up)`);
const res = interleave(suite, { rounds, warmup: 1 });
printResults(res);
if (res[2]) verdict('T4', 'get pods -A / floor list-all', res[1].median / res[2].median, 1.2);
if (pods < 30_000) note(`(T4 is defined on 30 000 pods; with ${pods} kubemu's start-up weighs more against the floor)`);

const n0 = peakRssKiB([node, '-e', '']);
if (n0 !== undefined) {
  const kib = peakRssKiB([node, KUBEMU, 'get', 'pods', '-A'], { env });
  note(`M3 peak RSS: node -e '' ${(n0 / 1024).toFixed(1)} MiB, get pods -A ${(kib / 1024).toFixed(1)} MiB`);
  verdict('M3', 'get pods -A RSS / N0 RSS', kib / n0, 2.0);
}
if (owned) removeHome(home);
await saveVerdicts();
