#!/usr/bin/env node
/**
 * T6 + M4: `kubemu apply --dry-run=server -f` a 1 MB stream of ~1 900 documents
 * (Deployments, Services, ConfigMaps in 7 namespaces): parse, default, validate, admit,
 * write nothing. Interleaved with `node -e ''`, the cold js-yaml floor (require + parse
 * the same stream once) and the equal-work read floor (bench/floors/t6-kubectl-yaml.cjs: the
 * stream read with kubectl's semantics on js-yaml's event parser, nothing else).
 * Targets: <= 1.5x the js-yaml floor; peak RSS <= 3.0x N0's.
 * With --before DIR (another built tree, made under the same parent directory as this one) its
 * dry run joins the same rounds on the same state file, so a change is judged against its
 * predecessor on the same loaded machine: wall and CPU time of both, as ratios to the floor.
 * Usage: node bench/t6-stream.mjs [--quick] [--rounds N] [--floors DIR] [--no-build] [--before DIR]
 */
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { KUBEMU, REPO, ensureBuilt, tempHome, removeHome, envFor, km, manualCluster, writeTemp } from './lib/cli.mjs';
import { shopStreamYaml } from './lib/manifests.mjs';
import { interleave, printResults, quantile } from './lib/interleave.mjs';
import { floorScript, floorEnv } from './lib/floors.mjs';
import { peakRssKiB, hasTime } from './lib/rss.mjs';
import { verdict, note, roundsFor, saveVerdicts, flagValue } from './lib/verdict.mjs';

ensureBuilt();
const home = tempHome('t6');
const env = envFor(home);
const node = process.execPath;
manualCluster(home);
for (let i = 0; i < 7; i++) km(home, ['create', 'namespace', `team-${i}`]);
const { text, docs } = shopStreamYaml();
const file = writeTemp(home, 'stream.yaml', text);
note(`stream: ${docs} documents, ${text.length} bytes`);
const args = ['apply', '--dry-run=server', '-f', file];
const check = km(home, args);
const lines = check.stdout.trim().split('\n');
note(`dry run printed ${lines.length} lines, e.g. "${lines[0]}"`);
if (lines.length !== docs || check.stderr) note(`WARNING: expected ${docs} results and no errors; stderr: ${check.stderr.slice(0, 200)}`);

const suite = [
  { name: "node -e ''", cmd: [node, '-e', ''] },
  { name: `kubemu apply --dry-run=server (${docs} docs)`, cmd: [node, KUBEMU, ...args], env },
];
const cold = floorScript('yaml-cold.js');
if (cold) suite.push({ name: 'floor: require js-yaml + parse the stream', cmd: [node, cold, 'js-yaml', file], env: floorEnv() });

// The equal-work floor: the same stream read with kubectl's semantics on the same parser, and nothing else.
const readFloor = path.join(REPO, 'bench', 'floors', 't6-kubectl-yaml.cjs');
const readAt = suite.push({ name: "floor: read the stream with kubectl's semantics", cmd: [node, readFloor, file], env: floorEnv() }) - 1;

const beforeDir = flagValue('--before', undefined);
if (beforeDir) suite.push({ name: `before: kubemu apply --dry-run=server (${docs} docs)`, cmd: [node, path.resolve(beforeDir, 'bin', 'kubemu'), ...args], env });

const rounds = roundsFor(15);
console.log(`T6 apply --dry-run=server of a 1 MB stream (${rounds} interleaved rounds + 2 warm-up)`);
const res = interleave(suite, { rounds, warmup: 2 });
printResults(res);
if (cold) verdict('T6', 'dry-run apply / cold js-yaml floor', res[1].median / res[2].median, 1.5);
if (cold) note(`kubectl-semantics read floor: x${(res[readAt].median / res[2].median).toFixed(2)} the cold js-yaml floor; dry run x${(res[1].median / res[readAt].median).toFixed(2)} the read floor`);
if (beforeDir && cold) {
  const b = res.length - 1;
  note(`wall, to the floor: before x${(res[b].median / res[2].median).toFixed(2)} -> after x${(res[1].median / res[2].median).toFixed(2)} (after/before x${(res[1].median / res[b].median).toFixed(2)})`);
  if (hasTime()) {
    // CPU time (user + system) moves far less with a shared machine's load than wall time.
    const cpu = suite.map(() => []);
    for (let r = 0; r < rounds; r++) {
      for (let k = 0; k < suite.length; k++) {
        const i = (k + r) % suite.length;
        const p = spawnSync('/usr/bin/time', ['-f', '%U %S', ...suite[i].cmd], { env: { ...process.env, ...(suite[i].env ?? {}) }, encoding: 'utf8', maxBuffer: 256 << 20 });
        const [u, sys] = p.stderr.trim().split('\n').pop().split(' ').map(Number);
        cpu[i].push((u + sys) * 1000);
      }
    }
    const med = cpu.map((c) => quantile(c, 0.5));
    note(`CPU medians of ${rounds}: N0 ${med[0].toFixed(0)} ms, floor ${med[2].toFixed(0)} ms, read floor ${med[readAt].toFixed(0)} ms, before ${med[b].toFixed(0)} ms, after ${med[1].toFixed(0)} ms`);
    note(`CPU, to the floor: before x${(med[b] / med[2]).toFixed(2)} -> after x${(med[1] / med[2]).toFixed(2)} (after/before x${(med[1] / med[b]).toFixed(2)})`);
  }
}

const n0 = peakRssKiB([node, '-e', '']);
if (n0 !== undefined) {
  const kib = peakRssKiB([node, KUBEMU, ...args], { env });
  note(`M4 peak RSS: node -e '' ${(n0 / 1024).toFixed(1)} MiB, dry run ${(kib / 1024).toFixed(1)} MiB`);
  verdict('M4', 'dry-run apply RSS / N0 RSS', kib / n0, 3.0);
}
removeHome(home);
await saveVerdicts();
