#!/usr/bin/env node
/**
 * t7-apply-ab: the CPU time of T7's apply step, before and after a change. Each build gets its
 * own `cluster create big --clock manual --seed 7 --workers W`; every round copies that home
 * afresh (an apply onto an applied cluster would change nothing) and times `apply -f` of the
 * D x R Deployment stream with each build, in alternating order, by GNU time's user+system
 * seconds (10 ms steps: an apply takes seconds). Medians and the median of the per-round
 * after/before ratios are printed, with `node -e ''` beside them. --check compares the states
 * the two builds' first applies left (sha256 of `get pods -o yaml`, `get events`,
 * `get rs,deploy -o yaml`, `get nodes -o yaml` and the apply's own output): the same seed
 * must give the same bytes.
 * Usage: node bench/t7-apply-ab.mjs --before DIR [--after DIR] [--rounds 5] [--check]
 *        [--workers 100 --deployments 30 --replicas 100] [--no-build]
 * DIR is a built copy of kubemu (bin/ and dist/); --after defaults to this repository.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { REPO, cpuTimed, snapshotBuild } from './lib/cli.mjs';
import { quantile } from './lib/interleave.mjs';
import { deploymentsYaml } from './lib/manifests.mjs';
import { flagValue } from './lib/verdict.mjs';

const TIME = '/usr/bin/time';
const node = process.execPath;
const beforeDir = flagValue('--before', undefined);
if (!beforeDir) { console.error('usage: node bench/t7-apply-ab.mjs --before DIR [--after DIR] [--rounds N] [--check]'); process.exit(2); }
const afterDir = flagValue('--after', REPO);
const rounds = Number(flagValue('--rounds', 5));
const workers = Number(flagValue('--workers', 100));
const deployments = Number(flagValue('--deployments', 30));
const replicas = Number(flagValue('--replicas', 100));
if (!fs.existsSync(TIME)) { console.error('t7-apply-ab needs GNU time (/usr/bin/time)'); process.exit(2); }
if (afterDir === REPO && !process.argv.includes('--no-build')) {
  const r = spawnSync(node, [path.join(REPO, 'scripts', 'build.mjs')], { cwd: REPO, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('build failed');
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'kubemu-t7ab-'));
process.on('exit', () => fs.rmSync(work, { recursive: true, force: true }));

const builds = [
  { name: 'before', kubemu: snapshotBuild(beforeDir) },
  { name: 'after', kubemu: snapshotBuild(afterDir) },
];
const workload = path.join(work, 'workload.yaml');
fs.writeFileSync(workload, deploymentsYaml('app', deployments, replicas));
for (const b of builds) {
  b.template = path.join(work, `${b.name}-template`);
  fs.mkdirSync(b.template);
  cpuTimed([node, b.kubemu, 'cluster', 'create', 'big', '--clock', 'manual', '--seed', '7', '--workers', String(workers)], b.template);
  b.cpu = [];
}

const median = (xs) => quantile(xs, 0.5);
const sha = (text) => createHash('sha256').update(text).digest('hex').slice(0, 16);
const n0 = [];
const ratios = [];
console.log(`t7-apply-ab: apply ${deployments} Deployments x ${replicas} on ${workers} workers, ${rounds} rounds (+1 warm-up)`);
for (let round = 0; round <= rounds; round++) {
  const order = round % 2 ? [...builds].reverse() : builds;
  const got = {};
  for (const b of order) {
    const home = path.join(work, `${b.name}-${round}`);
    fs.cpSync(b.template, home, { recursive: true });
    const r = cpuTimed([node, b.kubemu, 'apply', '-f', workload], home);
    got[b.name] = r.cpuMs;
    if (round === 0 && process.argv.includes('--check')) {
      b.hashes = { apply: sha(r.stdout) };
      for (const args of [['get', 'pods', '-o', 'yaml'], ['get', 'events'], ['get', 'rs,deploy', '-o', 'yaml'], ['get', 'nodes', '-o', 'yaml']]) {
        b.hashes[args.join(' ')] = sha(cpuTimed([node, b.kubemu, ...args], home).stdout);
      }
    }
    fs.rmSync(home, { recursive: true, force: true });
  }
  n0.push(cpuTimed([node, '-e', ''], work).cpuMs);
  if (round === 0) { console.log(`  warm-up: before ${got.before.toFixed(0)} ms, after ${got.after.toFixed(0)} ms`); continue; }
  for (const b of builds) b.cpu.push(got[b.name]);
  ratios.push(got.after / got.before);
  console.log(`  round ${round}: before ${got.before.toFixed(0)} ms, after ${got.after.toFixed(0)} ms, after/before ${(got.after / got.before).toFixed(3)}`);
}
const base = median(n0.slice(1));
for (const b of builds) console.log(`${b.name.padEnd(7)} median ${median(b.cpu).toFixed(0)} ms CPU (x${(median(b.cpu) / base).toFixed(1)} N0), range ${Math.min(...b.cpu).toFixed(0)}-${Math.max(...b.cpu).toFixed(0)}`);
console.log(`after/before: median of ratios ${median(ratios).toFixed(3)}, ratio of medians ${(median(builds[1].cpu) / median(builds[0].cpu)).toFixed(3)}`);
if (process.argv.includes('--check')) {
  let same = true;
  for (const k of Object.keys(builds[0].hashes)) {
    const [a, b] = builds.map((x) => x.hashes[k]);
    if (a !== b) same = false;
    console.log(`  ${a === b ? 'same' : 'DIFFERENT'}  ${k}: ${a}${a === b ? '' : ` vs ${b}`}`);
  }
  console.log(same ? 'outputs identical' : 'OUTPUTS DIFFER');
  if (!same) process.exitCode = 1;
}
