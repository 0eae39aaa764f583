#!/usr/bin/env node
/**
 * T5: `kubemu apply -f` of one 3-replica Deployment on a settled manual cluster, which
 * returns only after the Deployment is reconciled to 3 bound pods (no tick). Each round
 * applies a new name (web-0, web-1, …) so every timed apply is a create on a settled
 * cluster. Against `node -e ''` and the one-write floor (open a database, one BEGIN
 * IMMEDIATE read-modify-write). Target: <= 2.0x N0.
 * Usage: node bench/t5-apply.mjs [--quick] [--rounds N] [--floors DIR] [--no-build]
 */
import * as path from 'node:path';
import { KUBEMU, ensureBuilt, tempHome, removeHome, envFor, km, manualCluster, writeTemp } from './lib/cli.mjs';
import { deploymentYaml } from './lib/manifests.mjs';
import { interleave, printResults } from './lib/interleave.mjs';
import { floorScript, floorEnv, makeCounterDb } from './lib/floors.mjs';
import { verdict, note, roundsFor, saveVerdicts } from './lib/verdict.mjs';

ensureBuilt();
const home = tempHome('t5');
const env = envFor(home);
const node = process.execPath;
manualCluster(home);
km(home, ['tick', '1m']);
const rounds = roundsFor(25);
const files = [];
for (let r = 0; r < rounds + 2; r++) files.push(writeTemp(home, `web-${r}.yaml`, deploymentYaml(`web-${r}`, 3)));

const suite = [
  { name: "node -e ''", cmd: [node, '-e', ''] },
  { name: 'kubemu apply -f (Deployment, 3 replicas)', cmd: (r) => [node, KUBEMU, 'apply', '-f', files[r]], env },
];
const oneWrite = floorScript('one-write.js');
const counter = path.join(home, 'one.db');
if (oneWrite && makeCounterDb(counter)) {
  suite.push({ name: 'floor: one-write (open + 1 IMMEDIATE txn)', cmd: [node, oneWrite, counter, '9', '9'], env: floorEnv() });
}

console.log(`T5 apply a Deployment (${rounds} interleaved rounds + 2 warm-up)`);
const res = interleave(suite, { rounds, warmup: 2 });
printResults(res);

// The figure only counts if every apply left its 3 pods bound, with no tick in between.
const pods = JSON.parse(km(home, ['get', 'pods', '-o', 'json']).stdout).items;
const bound = pods.filter((p) => p.metadata.name.startsWith('web-') && p.spec.nodeName).length;
note(`pods bound after ${rounds + 2} applies: ${bound} of ${3 * (rounds + 2)}`);
if (bound !== 3 * (rounds + 2)) note('WARNING: not every applied Deployment reached 3 bound pods; T5 is not met as defined');
verdict('T5', 'apply -f Deployment / N0', res[1].ratio, 2.0);
if (res[1].p90OverMedian > 1.6) note(`(secondary) p90 is ${res[1].p90OverMedian.toFixed(2)}x the median (> 1.6)`);
if (res[2]) note(`apply / one-write floor = ${(res[1].median / res[2].median).toFixed(2)}x (floor itself ${res[2].ratio.toFixed(2)}x N0)`);
removeHome(home);
await saveVerdicts();
