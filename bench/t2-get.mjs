#!/usr/bin/env node
/**
 * T2 + M2: `kubemu get pods` on a settled 100-pod manual cluster (a Deployment of 100
 * replicas, ticked 5 minutes), against `node -e ''` and the mini-get floor (open a WAL
 * database, read one namespace, print a table), interleaved. Target: <= 1.4x N0; peak RSS
 * <= 1.4x N0's. (The kubectl comparison, <= 1.25x KG, needs the loopback stand-in server
 * and is not run here.)
 * Usage: node bench/t2-get.mjs [--quick] [--rounds N] [--floors DIR] [--no-build]
 */
import * as path from 'node:path';
import { KUBEMU, ensureBuilt, tempHome, removeHome, envFor, km, manualCluster, writeTemp } from './lib/cli.mjs';
import { deploymentYaml } from './lib/manifests.mjs';
import { interleave, printResults } from './lib/interleave.mjs';
import { floorScript, floorEnv, runFloorSetup } from './lib/floors.mjs';
import { peakRssKiB } from './lib/rss.mjs';
import { verdict, note, roundsFor, saveVerdicts } from './lib/verdict.mjs';

ensureBuilt();
const home = tempHome('t2');
const env = envFor(home);
const node = process.execPath;
manualCluster(home);
km(home, ['apply', '-f', writeTemp(home, 'web.yaml', deploymentYaml('web', 100))]);
km(home, ['tick', '5m']);
const running = km(home, ['get', 'pods', '--no-headers']).stdout.split('\n').filter((l) => /\sRunning\s/.test(l)).length;
note(`cluster: ${running} Running pods in default`);
if (running !== 100) note('WARNING: expected 100 Running pods; figures below are not T2');

const suite = [
  { name: "node -e ''", cmd: [node, '-e', ''] },
  { name: 'kubemu get pods (100 pods, settled)', cmd: [node, KUBEMU, 'get', 'pods'], env },
];
const miniGet = floorScript('mini-get.js');
if (miniGet && runFloorSetup('mkdb.js', ['small.db', '100', '100'], home)) {
  suite.push({ name: 'floor: mini-get 100-pod WAL db -> table', cmd: [node, miniGet, path.join(home, 'small.db')], env: floorEnv() });
}

const rounds = roundsFor(25);
console.log(`T2 get pods (${rounds} interleaved rounds + 2 warm-up)`);
const res = interleave(suite, { rounds, warmup: 2 });
printResults(res);
verdict('T2', 'get pods / N0', res[1].ratio, 1.4);
if (res[1].p90OverMedian > 1.6) note(`(secondary) p90 is ${res[1].p90OverMedian.toFixed(2)}x the median (> 1.6)`);
if (res[2]) note(`get pods / mini-get floor = ${(res[1].median / res[2].median).toFixed(2)}x (floor itself ${res[2].ratio.toFixed(2)}x N0)`);

const n0 = peakRssKiB([node, '-e', '']);
if (n0 !== undefined) {
  const kib = peakRssKiB([node, KUBEMU, 'get', 'pods'], { env });
  note(`M2 peak RSS: node -e '' ${(n0 / 1024).toFixed(1)} MiB, get pods ${(kib / 1024).toFixed(1)} MiB`);
  verdict('M2', 'get pods RSS / N0 RSS', kib / n0, 1.4);
}
removeHome(home);
await saveVerdicts();
