#!/usr/bin/env node
/**
 * M6: hostile YAML is refused quickly and in little memory. `kubemu apply -f` of an alias bomb
 * (4 and 9 levels x 9, bench/hazards/), a 100 000-deep flow nesting and a 100 MB file (both
 * written here), each against `node -e ''` (N0), interleaved. Each must exit 1 with a
 * one-line error. Targets: <= 2x N0 wall, <= 1.5x N0's peak RSS.
 * Usage: node bench/m6-hostile-yaml.mjs [--quick] [--rounds N] [--no-build]
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { KUBEMU, ensureBuilt, tempHome, removeHome, envFor, manualCluster, writeTemp } from './lib/cli.mjs';
import { interleave, printResults } from './lib/interleave.mjs';
import { peakRssKiB } from './lib/rss.mjs';
import { verdict, note, roundsFor, saveVerdicts } from './lib/verdict.mjs';

ensureBuilt();
const here = path.dirname(fileURLToPath(import.meta.url));
const home = tempHome('m6');
const env = envFor(home);
const node = process.execPath;
manualCluster(home);

const header = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: hostile\ndata:\n';
const deep = writeTemp(home, 'deep.yaml', `${header}  x: ${'['.repeat(100_000)}${']'.repeat(100_000)}\n`);
/** big is a 100 MB ConfigMap written line by line (never held whole here). */
const big = path.join(home, 'big.yaml');
{
  const fd = fs.openSync(big, 'w');
  fs.writeSync(fd, header);
  const value = 'x'.repeat(1000);
  for (let i = 0; i < 100_000; i++) fs.writeSync(fd, `  k${i}: ${value}\n`);
  fs.closeSync(fd);
}
const hazards = [
  ['alias bomb, 4 levels', path.join(here, 'hazards', 'bomb4.yaml')],
  ['alias bomb, 9 levels', path.join(here, 'hazards', 'bomb9.yaml')],
  ['100 000-deep nesting', deep],
  ['100 MB file', big],
];

/** oneLineError checks the refusal: exit 1 (interleave's allow), nothing on stdout, one line on stderr. */
const oneLineError = (name) => (stdout, stderr) => {
  if (stdout !== '' || !/^error: [^\n]*\n$/.test(stderr)) throw new Error(`${name}: not a one-line refusal: ${JSON.stringify(stderr.slice(0, 300))}`);
};
const suite = [{ name: "node -e ''", cmd: [node, '-e', ''] }];
for (const [what, file] of hazards) {
  suite.push({ name: `apply -f: ${what}`, cmd: [node, KUBEMU, 'apply', '-f', file], env, allow: [1], check: oneLineError(what) });
}

const rounds = roundsFor(15);
console.log(`M6 hostile YAML (${rounds} interleaved rounds + 2 warm-up)`);
const res = interleave(suite, { rounds, warmup: 2 });
printResults(res);
for (let i = 1; i < suite.length; i++) verdict('M6', `${hazards[i - 1][0]}: wall / N0`, res[i].ratio, 2);

const n0 = peakRssKiB([node, '-e', ''], { runs: 5 });
if (n0 !== undefined) {
  note(`peak RSS of node -e '': ${(n0 / 1024).toFixed(1)} MiB`);
  for (const [what, file] of hazards) {
    const kib = peakRssKiB([node, KUBEMU, 'apply', '-f', file], { env, allow: [1], runs: 5 });
    verdict('M6', `${what}: RSS / N0 RSS`, kib / n0, 1.5);
  }
}
removeHome(home);
await saveVerdicts();
