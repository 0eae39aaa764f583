#!/usr/bin/env node
/**
 * T1 + M1: start-up of the commands that must not open a cluster — `version --client`,
 * `--help` and an argument error — against `node -e ''` (N0), interleaved, with the
 * builtins-only CLI skeleton floor. Target: each <= 1.2x N0; peak RSS <= 1.2x N0's.
 * Also reported, with no target: an own verb's `--help` (`kubemu cluster --help`), which
 * loads the bundle and yargs (kubemu's own verbs parse with yargs, kubectl's never do).
 * Usage: node bench/t1-startup.mjs [--quick] [--rounds N] [--floors DIR] [--no-build]
 */
import { KUBEMU, ensureBuilt, tempHome, removeHome, envFor } from './lib/cli.mjs';
import { interleave, printResults } from './lib/interleave.mjs';
import { floorScript } from './lib/floors.mjs';
import { peakRssKiB } from './lib/rss.mjs';
import { verdict, note, roundsFor, saveVerdicts } from './lib/verdict.mjs';

ensureBuilt();
const home = tempHome('t1');
const env = envFor(home);
const node = process.execPath;
const commands = {
  version: ['version', '--client'],
  help: ['--help'],
  argError: ['get', 'pods', '--no-such-flag'],
  ownHelp: ['cluster', '--help'],
};
const suite = [
  { name: "node -e ''", cmd: [node, '-e', ''] },
  { name: 'kubemu version --client', cmd: [node, KUBEMU, ...commands.version], env },
  { name: 'kubemu --help', cmd: [node, KUBEMU, ...commands.help], env },
  { name: 'kubemu get pods --no-such-flag (exit 1)', cmd: [node, KUBEMU, ...commands.argError], env, allow: [1] },
  { name: 'kubemu cluster --help (own verb, yargs)', cmd: [node, KUBEMU, ...commands.ownHelp], env },
];
const skeleton = floorScript('cli-skeleton.mjs');
if (skeleton) suite.push({ name: 'floor: builtins-only CLI skeleton', cmd: [node, skeleton, 'get', 'pods'] });

const rounds = roundsFor(25);
console.log(`T1 start-up (${rounds} interleaved rounds + 2 warm-up)`);
const res = interleave(suite, { rounds, warmup: 2 });
printResults(res);
verdict('T1', 'version --client / N0', res[1].ratio, 1.2);
verdict('T1', '--help / N0', res[2].ratio, 1.2);
verdict('T1', 'argument error / N0', res[3].ratio, 1.2);
note(`own verb: cluster --help / N0 = ${res[4].ratio.toFixed(2)}x (reported; no target)`);
for (const r of res.slice(1, 4)) if (r.p90OverMedian > 1.6) note(`(secondary) ${r.name}: p90 is ${r.p90OverMedian.toFixed(2)}x its median (> 1.6)`);

const n0 = peakRssKiB([node, '-e', '']);
if (n0 !== undefined) {
  note(`M1 peak RSS: node -e '' ${(n0 / 1024).toFixed(1)} MiB`);
  for (const [label, args, allow] of [['version --client', commands.version, [0]], ['--help', commands.help, [0]], ['argument error', commands.argError, [1]]]) {
    const kib = peakRssKiB([node, KUBEMU, ...args], { env, allow });
    note(`M1 peak RSS: ${label} ${(kib / 1024).toFixed(1)} MiB`);
    verdict('M1', `${label} RSS / N0 RSS`, kib / n0, 1.2);
  }
} else note('M1: /usr/bin/time not installed, RSS skipped');
removeHome(home);
await saveVerdicts();
