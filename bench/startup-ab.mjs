#!/usr/bin/env node
/**
 * startup-ab: T1, T2, T9's idle tick, M1 and M2 for two builds side by side in one interleaved run — this
 * tree ("after") and another built tree ("before", e.g. `git worktree add /tmp/before REV`
 * then `node scripts/build.mjs` there) — so a change to the build or start-up path is judged
 * against its predecessor on the same loaded machine. Times and peak RSS are reported as
 * ratios to `node -e ''` (N0) measured in the same rounds.
 * Usage: node bench/startup-ab.mjs --before DIR [--rounds N] [--quick] [--no-build]
 */
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { KUBEMU, ensureBuilt, tempHome, removeHome, envFor, writeTemp } from './lib/cli.mjs';
import { deploymentYaml } from './lib/manifests.mjs';
import { interleave, printResults, quantile } from './lib/interleave.mjs';
import { hasTime } from './lib/rss.mjs';
import { flagValue, note, roundsFor } from './lib/verdict.mjs';

const beforeDir = flagValue('--before', undefined);
if (!beforeDir) throw new Error('usage: node bench/startup-ab.mjs --before DIR');
ensureBuilt();
const node = process.execPath;
const builds = { before: path.resolve(beforeDir, 'bin', 'kubemu'), after: KUBEMU };

/** A settled 100-pod manual cluster per build, each made by that build. */
const homes = {};
for (const [label, bin] of Object.entries(builds)) {
  const home = tempHome(`ab-${label}`);
  const run = (args) => {
    const r = spawnSync(node, [bin, ...args], { env: envFor(home), encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${label}: kubemu ${args.join(' ')}: ${r.stderr}`);
    return r.stdout;
  };
  run(['cluster', 'create', 'bench', '--clock', 'manual']);
  run(['apply', '-f', writeTemp(home, 'web.yaml', deploymentYaml('web', 100))]);
  run(['tick', '5m']);
  const pods = run(['get', 'pods', '--no-headers']).split('\n').filter((l) => /\sRunning\s/.test(l));
  if (pods.length !== 100) note(`WARNING: ${label}: ${pods.length} Running pods, not 100`);
  homes[label] = { home, pod: pods[0].split(/\s+/)[0] };
}

const commands = (label) => [
  ['T1', 'version --client', ['version', '--client'], [0]],
  ['T1', '--help', ['--help'], [0]],
  ['T1', 'argument error', ['get', 'pods', '--no-such-flag'], [1]],
  ['T2', 'get pods (100)', ['get', 'pods'], [0]],
  ['T2', 'describe pod', ['describe', 'pod', homes[label].pod], [0]],
  ['T9', 'tick 1s (idle)', ['tick', '1s'], [0]],
  ['T9', 'tick 1h (idle)', ['tick', '1h'], [0]],
];
const suite = [{ name: "node -e ''", cmd: [node, '-e', ''] }];
for (const label of Object.keys(builds)) {
  for (const [id, what, args, allow] of commands(label)) {
    suite.push({ name: `${label.padEnd(6)} ${id} ${what}`, cmd: [node, builds[label], ...args], env: envFor(homes[label].home), allow, id, what, label });
  }
}

const rounds = roundsFor(25);
console.log(`startup A/B: ${rounds} interleaved rounds + 2 warm-up; node ${process.version}`);
const res = interleave(suite, { rounds, warmup: 2 });
printResults(res);

// Peak RSS and CPU time (user + system, GNU time), interleaved the same way: on a machine
// shared with other work, CPU time moves far less with load than wall time does.
const cpu = suite.map(() => []);
if (hasTime()) {
  const kib = suite.map(() => []);
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < suite.length; k++) {
      const i = (k + r) % suite.length;
      const s = suite[i];
      const p = spawnSync('/usr/bin/time', ['-f', '%M %U %S', ...s.cmd], { env: { ...process.env, ...(s.env ?? {}) }, encoding: 'utf8', maxBuffer: 256 << 20 });
      if (!(s.allow ?? [0]).includes(p.status)) throw new Error(`${s.name} exited ${p.status}`);
      const [m, u, sys] = p.stderr.trim().split('\n').pop().split(' ').map(Number);
      kib[i].push(m);
      cpu[i].push((u + sys) * 1000);
    }
  }
  const n0 = quantile(kib[0], 0.5), c0 = quantile(cpu[0], 0.5);
  console.log(`peak RSS and CPU time, medians of ${rounds} interleaved runs (N0: ${(n0 / 1024).toFixed(1)} MiB, ${c0.toFixed(0)} ms CPU)`);
  for (let i = 1; i < suite.length; i++) {
    const m = quantile(kib[i], 0.5), c = quantile(cpu[i], 0.5);
    console.log(`  ${suite[i].name.padEnd(40)} ${(m / 1024).toFixed(1).padStart(6)} MiB  x${(m / n0).toFixed(2)}   CPU ${c.toFixed(0).padStart(5)} ms  x${(c / c0).toFixed(2)}`);
    suite[i].rss = m / n0;
    suite[i].cpu = c / c0;
  }
}

console.log('before -> after, as ratios to N0 (wall time: median paired ratio; RSS, CPU: ratio of medians):');
const find = (label, id, what) => suite.findIndex((x) => x.label === label && x.id === id && x.what === what);
for (const [id, what] of commands('after').map((c) => [c[0], c[1]])) {
  const b = find('before', id, what), a = find('after', id, what);
  const f = (i, key) => (suite[i][key] === undefined ? '  -  ' : `x${suite[i][key].toFixed(2)}`);
  console.log(`  ${id} ${what.padEnd(18)} wall x${res[b].ratio.toFixed(2)} -> x${res[a].ratio.toFixed(2)}   RSS ${f(b, 'rss')} -> ${f(a, 'rss')}   CPU ${f(b, 'cpu')} -> ${f(a, 'cpu')}`);
}
for (const { home } of Object.values(homes)) removeHome(home);
