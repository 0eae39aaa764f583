#!/usr/bin/env node
/**
 * T7 + M5: reconcile to quiescence — `cluster create big --clock manual --workers 1000`,
 * then 300 Deployments x 100 replicas applied in one stream and ticked until all 30 000
 * pods are Running. The figure is apply + ticks (cluster creation is reported apart),
 * against the history floor (floors/t7-history.cjs, `full`: just the writes such a reconcile
 * makes, change bodies kept) measured in the same run, with the raw insert floor beside it.
 * Targets: <= 3x F_history; peak RSS <= 7.5x N0's.
 * --quick runs a tenth of the
 * workload (100 workers, 30 x 100) and compares with the floor at that pod count.
 * Usage: node bench/t7-scale.mjs [--quick] [--workers N --deployments N --replicas N]
 *        [--profile DIR] [--keep] [--floors DIR] [--no-build]
 */
import * as path from 'node:path';
import { ensureBuilt, tempHome, removeHome } from './lib/cli.mjs';
import { buildBig } from './lib/big-cluster.mjs';
import { interleave, printResults } from './lib/interleave.mjs';
import { floorScript, floorEnv } from './lib/floors.mjs';
import { peakRssKiB } from './lib/rss.mjs';
import { printHotspots } from './lib/cpuprofile.mjs';
import { verdict, note, flagValue, saveVerdicts } from './lib/verdict.mjs';

ensureBuilt();
const quick = process.argv.includes('--quick');
const workers = Number(flagValue('--workers', quick ? 100 : 1000));
const deployments = Number(flagValue('--deployments', quick ? 30 : 300));
const replicas = Number(flagValue('--replicas', 100));
const profileDir = flagValue('--profile', undefined);
const pods = deployments * replicas;
const home = tempHome('t7');
const node = process.execPath;

console.log(`T7 reconcile ${deployments} Deployments x ${replicas} replicas (${pods} pods) on ${workers} workers${quick ? ' (quick: a tenth of T7)' : ''}`);
const big = buildBig(home, { workers, deployments, replicas, profileDir: profileDir && path.resolve(profileDir), log: note });
note(`pods Running: ${big.running} of ${pods}; reconcile (apply + ${big.ticks.length} tick(s)) ${big.reconcileMs.toFixed(0)} ms = ${(pods / (big.reconcileMs / 1000)).toFixed(0)} pods/s`);

// The floor, same pod count and 16 KiB pages, interleaved with N0 (3 rounds: it is long).
const insert = floorScript('floor-insert-30k.js');
if (insert) {
  // With the history floors (bench/floors/t7-history.cjs): storing the writes the reconcile
  // must make, with nothing else, bounds from below what any implementation can reach.
  const history = path.join(path.dirname(new URL(import.meta.url).pathname), 'floors', 't7-history.cjs');
  const res = interleave([
    { name: "node -e ''", cmd: [node, '-e', ''] },
    { name: `floor: insert ${pods} pods, 1 txn, 16 KiB pages`, cmd: [node, insert, path.join(home, 'ins16.db'), String(pods)], env: floorEnv({ PAGE_SIZE: '16384' }) },
    { name: `history floor: ${pods} pods' writes, log with bodies`, cmd: [node, history, path.join(home, 'hist-full.db'), String(pods), 'full'], env: floorEnv() },
    { name: `history floor: ${pods} pods' writes, log of keys`, cmd: [node, history, path.join(home, 'hist-lean.db'), String(pods), 'lean'], env: floorEnv() },
  ], { rounds: 3, warmup: 1 });
  printResults(res);
  note(`history floor / F_insert: ${(res[2].median / res[1].median).toFixed(1)}x with change bodies (as kubemu stores them), ${(res[3].median / res[1].median).toFixed(1)}x with keys only`);
  note(`reconcile / history floor with change bodies: ${(big.reconcileMs / res[2].median).toFixed(1)}x`);
  // Unfinished reconciles (a failed tick, pods not Running) cannot meet T7 whatever the time.
  const done = !big.error && big.running >= pods;
  if (!done) note(`T7 not reached: ${big.error ?? `${big.running} of ${pods} pods Running`}`);
  verdict('T7', `reconcile / F_history(${pods}, full)${done ? '' : ' (unfinished)'}`, done ? big.reconcileMs / res[2].median : Infinity, 3.0);
}
const n0 = peakRssKiB([node, '-e', '']);
if (n0 !== undefined && big.peakRssKiB) {
  note(`M5 peak RSS of apply/tick: ${(big.peakRssKiB / 1024).toFixed(0)} MiB (N0 ${(n0 / 1024).toFixed(1)} MiB)`);
  verdict('M5', 'reconcile peak RSS / N0 RSS', big.peakRssKiB / n0, 7.5);
}
if (profileDir) { console.log('  CPU hotspots (self time; apply, then the first tick):'); printHotspots(path.resolve(profileDir), 10); }
if (process.argv.includes('--keep')) note(`kept KUBEMU_HOME=${home} (cluster "big"); e.g. node bench/t9-idle-tick.mjs --home ${home}`);
else removeHome(home);
await saveVerdicts();
