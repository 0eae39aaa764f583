#!/usr/bin/env node
/**
 * T5: `kubemu apply -f` of one 3-replica Deployment on a settled manual cluster, which
 * returns only after the Deployment is reconciled to 3 bound pods (no tick). Each round
 * applies a new name (web-0, web-1, …) so every timed apply is a create on a settled
 * cluster. Against `node -e ''` and the one-write floor (open a database, one BEGIN
 * IMMEDIATE read-modify-write). Target: <= 2.0x N0.
 * With --before DIR (another built tree) its apply joins the same rounds on a cluster of its
 * own, made by it the same way, so a change is judged against its predecessor on the same
 * loaded machine (a new import in component code can move the bundle's packing, see
 * docs/performance.md).
 * Usage: node bench/t5-apply.mjs [--quick] [--rounds N] [--floors DIR] [--no-build] [--before DIR]
 */
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { KUBEMU, ensureBuilt, tempHome, removeHome, envFor, km, manualCluster, writeTemp } from './lib/cli.mjs';
import { deploymentYaml } from './lib/manifests.mjs';
import { interleave, printResults } from './lib/interleave.mjs';
import { floorScript, floorEnv, makeCounterDb } from './lib/floors.mjs';
import { verdict, note, roundsFor, saveVerdicts, flagValue } from './lib/verdict.mjs';

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
// The build before, on a cluster it made itself (an older build may not read a newer state file).
const beforeDir = flagValue('--before', undefined);
let before;
if (beforeDir) {
  const bin = path.resolve(beforeDir, 'bin', 'kubemu');
  const bhome = tempHome('t5-before');
  const run = (args) => {
    const r = spawnSync(node, [bin, ...args], { env: envFor(bhome), encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`before: kubemu ${args.join(' ')}: ${r.stderr}`);
    return r.stdout;
  };
  run(['cluster', 'create', 'bench', '--clock', 'manual', '--seed', '7']);
  run(['tick', '1m']);
  const bfiles = files.map((_, r) => writeTemp(bhome, `web-${r}.yaml`, deploymentYaml(`web-${r}`, 3)));
  before = { home: bhome, run, at: suite.length };
  suite.push({ name: 'before: kubemu apply -f (Deployment, 3 replicas)', cmd: (r) => [node, bin, 'apply', '-f', bfiles[r]], env: envFor(bhome) });
}
const oneWrite = floorScript('one-write.js');
const counter = path.join(home, 'one.db');
if (oneWrite && makeCounterDb(counter)) {
  suite.push({ name: 'floor: one-write (open + 1 IMMEDIATE txn)', cmd: [node, oneWrite, counter, '9', '9'], env: floorEnv() });
}

console.log(`T5 apply a Deployment (${rounds} interleaved rounds + 2 warm-up)`);
const res = interleave(suite, { rounds, warmup: 2 });
printResults(res);

// The figure only counts if every apply left its 3 pods bound, with no tick in between.
const boundIn = (json) => JSON.parse(json).items.filter((p) => p.metadata.name.startsWith('web-') && p.spec.nodeName).length;
const bound = boundIn(km(home, ['get', 'pods', '-o', 'json']).stdout);
note(`pods bound after ${rounds + 2} applies: ${bound} of ${3 * (rounds + 2)}`);
if (bound !== 3 * (rounds + 2)) note('WARNING: not every applied Deployment reached 3 bound pods; T5 is not met as defined');
if (before) {
  const b = res[before.at];
  note(`before: ${b.median.toFixed(1)} ms (${b.ratio.toFixed(2)}x N0) -> after: ${res[1].median.toFixed(1)} ms (${res[1].ratio.toFixed(2)}x N0); after/before x${(res[1].median / b.median).toFixed(3)}`);
  const bBound = boundIn(before.run(['get', 'pods', '-o', 'json']));
  if (bBound !== 3 * (rounds + 2)) note(`WARNING: the build before bound ${bBound} of ${3 * (rounds + 2)} pods`);
  removeHome(before.home);
}
verdict('T5', 'apply -f Deployment / N0', res[1].ratio, 2.0);
if (res[1].p90OverMedian > 1.6) note(`(secondary) p90 is ${res[1].p90OverMedian.toFixed(2)}x the median (> 1.6)`);
const floor = res.find((x) => x.name.startsWith('floor:'));
if (floor) note(`apply / one-write floor = ${(res[1].median / floor.median).toFixed(2)}x (floor itself ${floor.ratio.toFixed(2)}x N0)`);
removeHome(home);
await saveVerdicts();
