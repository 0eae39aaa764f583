#!/usr/bin/env node
/**
 * T10: 8 parallel shell loops x 15 kubemu commands (apply, scale, delete) over
 * overlapping objects on one manual cluster — every loop scales the same Deployment —
 * against the serial run of the same 120 commands on an identical fresh cluster,
 * alternating parallel and serial rounds. Targets: 0 failed invocations, 0 "database is
 * locked"/busy texts, 0 lost updates, parallel wall <= 1.0x the serial sum. Ends with
 * `kubemu doctor` on the parallel cluster.
 * Usage: node bench/t10-storm.mjs [--quick] [--rounds N] [--loops P] [--per-loop N] [--no-build]
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { KUBEMU, ensureBuilt, tempHome, removeHome, envFor, km, manualCluster, writeTemp } from './lib/cli.mjs';
import { configMapYaml, deploymentYaml } from './lib/manifests.mjs';
import { quantile } from './lib/interleave.mjs';
import { verdict, note, flagValue, saveVerdicts } from './lib/verdict.mjs';

ensureBuilt();
const P = Number(flagValue('--loops', 8));
const N = Number(flagValue('--per-loop', 15));
const rounds = Number(flagValue('--rounds', process.argv.includes('--quick') ? 1 : 3));

/** hasScale: `kubemu scale` may not exist yet; then scaling is an apply with new replicas. */
function hasScale(home) {
  return km(home, ['scale', '--help'], { allow: [0, 1] }).code === 0;
}

/** plan returns loop i's commands as { argv, op, name?, replicas? }. */
function plan(home, i, useScale) {
  const cmds = [];
  for (let j = 0; j < N; j++) {
    const own = `s-${i}-${j}`;
    if (j % 3 === 0) {
      cmds.push({ op: 'create', name: own, argv: ['apply', '-f', writeTemp(home, `${own}.yaml`, configMapYaml(own, `${i}-${j}`))] });
    } else if (j % 3 === 1) {
      const n = ((i + j) % 4) + 1;
      cmds.push({ op: 'scale', replicas: n, argv: useScale ? ['scale', 'deployment', 'shared', `--replicas=${n}`]
        : ['apply', '-f', writeTemp(home, `shared-${i}-${j}.yaml`, deploymentYaml('shared', n))] });
    } else {
      const victim = `s-${i}-${j - 2}`;
      cmds.push((j - 2) % 6 === 0 ? { op: 'delete', name: victim, argv: ['delete', 'configmap', victim] }
        : { op: 'get', name: victim, argv: ['get', 'configmap', victim] });
    }
  }
  return { cmds };
}

/** expected replays one loop's acknowledged commands: ConfigMaps that must exist, must not, and replica counts written. */
function expected(cmds, codes) {
  const keep = new Set(), gone = new Set(), replicas = [];
  cmds.forEach((c, k) => {
    const ok = codes[k] === '0';
    if (c.op === 'create' && ok) keep.add(c.name);
    if (c.op === 'delete') { keep.delete(c.name); if (ok) gone.add(c.name); }
    // A failed scale may still have been written before the failure was reported: count it as written.
    if (c.op === 'scale') replicas.push(c.replicas);
  });
  return { keep, gone, replicas };
}

/** loopScript renders a plan as a bash loop that records each command's exit code. */
function loopScript(cmds, dir, tag) {
  const q = (a) => `'${a.replace(/'/g, "'\\''")}'`;
  const lines = ['#!/usr/bin/env bash', `exec >>${q(path.join(dir, `${tag}.out`))}`];
  // Each command's stderr goes to its own file, so a failure can be reported with its text.
  cmds.forEach((c, k) => lines.push(`${q(process.execPath)} ${q(KUBEMU)} ${c.argv.map(q).join(' ')} 2>${q(path.join(dir, `${tag}.${k}.err`))}; echo "$?" >>${q(path.join(dir, `${tag}.codes`))}`));
  return writeTemp(dir, `${tag}.sh`, lines.join('\n') + '\n');
}

function runScripts(home, scripts) {
  const t0 = process.hrtime.bigint();
  return Promise.all(scripts.map((s) => new Promise((res) => spawn('bash', [s], { env: envFor(home), stdio: 'ignore' }).on('close', res))))
    .then(() => Number(process.hrtime.bigint() - t0) / 1e6);
}

function setup(tag) {
  const home = tempHome(`t10${tag}`);
  manualCluster(home);
  km(home, ['apply', '-f', writeTemp(home, 'shared.yaml', deploymentYaml('shared', 2))]);
  km(home, ['tick', '1m']);
  return home;
}

function collect(home, tags, cmdsByTag) {
  let failed = 0, locked = 0, invocations = 0;
  const read = (f) => fs.existsSync(path.join(home, f)) ? fs.readFileSync(path.join(home, f), 'utf8') : '';
  for (const t of tags) {
    const codes = read(`${t}.codes`).trim().split('\n').filter(Boolean);
    invocations += codes.length;
    locked += (read(`${t}.out`).match(/locked|busy|SQLITE_BUSY/gi) ?? []).length;
    codes.forEach((c, k) => {
      const err = read(`${t}.${k}.err`);
      locked += (err.match(/locked|busy|SQLITE_BUSY/gi) ?? []).length;
      if (c !== '0') {
        failed++;
        note(`failed (exit ${c}): kubemu ${cmdsByTag[t][k].argv.map((a) => path.basename(a)).join(' ')}: ${err.trim().split('\n')[0]}`);
      }
    });
  }
  return { failed, locked, invocations };
}

const wall = { parallel: [], serial: [] };
const totals = { failed: 0, locked: 0, lost: 0, invocations: 0, checkFailures: 0 };
let useScale;
for (let r = 0; r < rounds; r++) {
  // Alternate which mode goes first so machine drift lands on both alike.
  const order = r % 2 === 0 ? ['parallel', 'serial'] : ['serial', 'parallel'];
  for (const mode of order) {
    const home = setup(mode);
    useScale ??= hasScale(home);
    const plans = Array.from({ length: P }, (_, i) => plan(home, i, useScale));
    const tags = plans.map((_, i) => `loop${i}`);
    const scripts = mode === 'parallel'
      ? plans.map((p, i) => loopScript(p.cmds, home, tags[i]))
      : [loopScript(plans.flatMap((p) => p.cmds), home, 'serial')];
    const ms = await runScripts(home, scripts);
    wall[mode].push(ms);
    const cmdsByTag = mode === 'parallel' ? Object.fromEntries(plans.map((p, i) => [tags[i], p.cmds])) : { serial: plans.flatMap((p) => p.cmds) };
    const c = collect(home, mode === 'parallel' ? tags : ['serial'], cmdsByTag);
    if (mode === 'parallel') {
      totals.failed += c.failed; totals.locked += c.locked; totals.invocations += c.invocations;
      const cms = new Set(JSON.parse(km(home, ['get', 'configmaps', '-o', 'json']).stdout).items.map((o) => o.metadata.name).filter((n) => n.startsWith('s-')));
      const exp = plans.map((p, i) => expected(p.cmds, fs.readFileSync(path.join(home, `${tags[i]}.codes`), 'utf8').trim().split('\n')));
      const want = new Set(exp.flatMap((e) => [...e.keep]));
      const gone = new Set(exp.flatMap((e) => [...e.gone]));
      const lost = (what) => { totals.lost++; note(`lost update: ${what}`); };
      for (const n of want) if (!cms.has(n)) lost(`acknowledged create of configmap ${n} is missing`);
      for (const n of cms) if (gone.has(n)) lost(`acknowledged delete of configmap ${n} was undone`);
      const dep = JSON.parse(km(home, ['get', 'deployment', 'shared', '-o', 'json']).stdout);
      const written = new Set(exp.flatMap((e) => e.replicas));
      if (!written.has(dep.spec.replicas)) lost(`deployment shared has replicas ${dep.spec.replicas}, which no command wrote`);
      const chk = km(home, ['doctor'], { allow: [0, 1] });
      if (chk.code !== 0) { totals.checkFailures++; note(`doctor: ${chk.stdout.trim().split('\n').slice(0, 5).join(' | ')}`); }
    } else if (c.failed) note(`serial run: ${c.failed} failed invocations`);
    removeHome(home);
  }
}

console.log(`T10 storm: ${P} loops x ${N} commands, ${rounds} round(s) each mode (${useScale ? 'kubemu scale' : 'scale as apply: no `kubemu scale` yet'})`);
note(`parallel wall median ${quantile(wall.parallel, 0.5).toFixed(0)} ms; serial sum median ${quantile(wall.serial, 0.5).toFixed(0)} ms`);
note(`invocations ${totals.invocations}, failed ${totals.failed}, locked/busy texts ${totals.locked}, lost updates ${totals.lost}, doctor failures ${totals.checkFailures}`);
verdict('T10', 'failed invocations', totals.failed, 0, 'count');
verdict('T10', '"database is locked"/busy texts', totals.locked, 0, 'count');
verdict('T10', 'lost updates', totals.lost, 0, 'count');
verdict('T10', 'invariant check failures', totals.checkFailures, 0, 'count');
const ratios = wall.parallel.map((p, k) => p / wall.serial[k]);
verdict('T10', 'parallel wall / serial sum', quantile(ratios, 0.5), 1.0);
await saveVerdicts();
