#!/usr/bin/env node
/**
 * T9: `kubemu tick 1s`, `tick 1h` and `tick 24h` on a settled big cluster with nothing due but
 * heartbeats, against `node -e ''`, interleaved. Target: <= 1.5x N0 for any length (controllers
 * wake on a dirty set, never by rescanning; heartbeats are computed, not replayed). The warm-up
 * round's long ticks expire the Events of the build; the measured rounds are idle.
 * Uses the cluster of `t7-scale.mjs --keep` (--home DIR), else builds one (--quick: the
 * tenth-size one). The first tick settles anything left; the measured ones should find
 * nothing: their "N reconciles, M writes" summary is printed as evidence.
 * Usage: node bench/t9-idle-tick.mjs [--home DIR] [--quick] [--rounds N] [--no-build]
 */
import { KUBEMU, ensureBuilt, removeHome, envFor, km } from './lib/cli.mjs';
import { bigClusterHome } from './lib/big-cluster.mjs';
import { interleave, printResults } from './lib/interleave.mjs';
import { verdict, note, roundsFor, saveVerdicts } from './lib/verdict.mjs';

ensureBuilt();
const { home, owned, error } = bigClusterHome('t9');
if (error) {
  // No settled cluster to tick: report T9 as unmeasured rather than time a broken state.
  note(`T9 not measured: building the cluster failed: ${error}`);
  verdict('T9', 'idle tick / N0 (cluster build failed)', Infinity, 1.5);
  removeHome(home);
  await saveVerdicts();
  process.exit(0);
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
  { name: 'kubemu tick 1h (settled, heartbeats only)', cmd: [node, KUBEMU, 'tick', '1h'], env },
  { name: 'kubemu tick 24h (settled, heartbeats only)', cmd: [node, KUBEMU, 'tick', '24h'], env },
], { rounds, warmup: 1 });
printResults(res);
verdict('T9', 'idle tick 1s / N0', res[1].ratio, 1.5);
verdict('T9', 'idle tick 1h / N0', res[2].ratio, 1.5);
verdict('T9', 'idle tick 24h / N0', res[3].ratio, 1.5);
note(`after the rounds: ${km(home, ['tick', '1h']).stdout.trim()}`);
if (owned) removeHome(home);
await saveVerdicts();
