#!/usr/bin/env node
/**
 * T9: `kubemu tick 1s` on a settled big cluster with nothing due, against `node -e ''`,
 * interleaved. Target: <= 1.5x N0 (controllers wake on a dirty set, never by rescanning).
 * Uses the cluster of `t7-scale.mjs --keep` (--home DIR), else builds one (--quick: the
 * tenth-size one). The first tick settles anything left; the measured ones should find
 * nothing: their "N reconciles, M writes" summary is printed as evidence.
 * Usage: node bench/t9-idle-tick.mjs [--home DIR] [--quick] [--rounds N] [--no-build]
 */
import { KUBEMU, ensureBuilt, tempHome, removeHome, envFor, km } from './lib/cli.mjs';
import { buildBig } from './lib/big-cluster.mjs';
import { interleave, printResults } from './lib/interleave.mjs';
import { verdict, note, flagValue, roundsFor, saveVerdicts } from './lib/verdict.mjs';

ensureBuilt();
const quick = process.argv.includes('--quick');
let home = flagValue('--home', undefined);
const owned = !home;
if (owned) {
  home = tempHome('t9');
  const big = buildBig(home, { workers: quick ? 100 : 1000, deployments: quick ? 30 : 300, replicas: 100, log: note });
  if (big.error) {
    // No settled cluster to tick: report T9 as unmeasured rather than time a broken state.
    note(`T9 not measured: building the cluster failed: ${big.error}`);
    verdict('T9', 'idle tick / N0 (cluster build failed)', Infinity, 1.5);
    removeHome(home);
    await saveVerdicts();
    process.exit(0);
  }
}
const env = envFor(home);
const node = process.execPath;
note(`settling tick: ${km(home, ['tick', '1m']).stdout.trim()}`);
note(`idle tick: ${km(home, ['tick', '1s']).stdout.trim()}`);
const rounds = roundsFor(15);
console.log(`T9 idle tick (${rounds} interleaved rounds + 1 warm-up)`);
const res = interleave([
  { name: "node -e ''", cmd: [node, '-e', ''] },
  { name: 'kubemu tick 1s (settled, nothing due)', cmd: [node, KUBEMU, 'tick', '1s'], env },
], { rounds, warmup: 1 });
printResults(res);
verdict('T9', 'idle tick / N0', res[1].ratio, 1.5);
if (owned) removeHome(home);
await saveVerdicts();
