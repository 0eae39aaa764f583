#!/usr/bin/env node
/**
 * R1 (BENCHMARKS §5): concurrent writers with Jepsen-style history checking. For each
 * P in --procs, P workers run N (--commands) random kubemu commands each (spawned bin/kubemu
 * processes) over a small shared object set on one fresh manual-clock cluster: apply -f of
 * ConfigMaps/Deployments, patch --type merge, scale, delete, label --overwrite, replace -f
 * with a resourceVersion read just before (sometimes stale on purpose), tick 5s. Each worker
 * writes invoke/complete JSON lines to its own file; bench/lib/history-check.mjs then counts
 * violations (lost updates, rv order, stale replaces, generation, busy texts, doctor).
 * Usage: node bench/r1-history.mjs [--procs 1,2,4,8] [--commands 50] [--seed 1] [--keep] [--no-build]
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as cli from './lib/cli.mjs';
import { configMapYaml, deploymentYaml } from './lib/manifests.mjs';
import { quantile } from './lib/interleave.mjs';
import { verdict, note, flagValue, saveVerdicts } from './lib/verdict.mjs';
import { BUSY, checkHistory, summarize } from './lib/history-check.mjs';

const CONFIGMAPS = ['cm-0', 'cm-1', 'cm-2'];
const DEPLOYMENTS = ['d-0', 'd-1'];

/** rng is mulberry32: a seeded PRNG so a run's command mix is reproducible. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** run spawns one kubemu command and resolves with its exit code, output and times (ms since t0). */
function run(bin, home, args, t0) {
  return new Promise((resolve) => {
    const start = performance.now() - t0;
    const c = spawn(process.execPath, [bin, ...args], { env: cli.envFor(home) });
    let stdout = '', stderr = '';
    c.stdout.on('data', (d) => { stdout += d; });
    c.stderr.on('data', (d) => { stderr += d; });
    c.on('close', (code) => resolve({ code, stdout, stderr, start, end: performance.now() - t0 }));
  });
}

const parseObj = (text) => { try { return summarize(JSON.parse(text)); } catch { return null; } };

/** step runs one command, logging invoke and complete lines, and returns the complete record. */
async function step(ctx, rec, args) {
  const { bin, home, t0, log } = ctx;
  fs.appendFileSync(log, JSON.stringify({ type: 'invoke', ...rec, argv: args.map((a) => (a.startsWith('/') ? path.basename(a) : a)) }) + '\n');
  const r = await run(bin, home, args, t0);
  const done = {
    ...rec, code: r.code, err1: r.stderr.trim().split('\n')[0] ?? '', busy: BUSY.test(r.stdout) || BUSY.test(r.stderr),
    start: r.start, end: r.end,
  };
  if (rec.write && r.code === 0) {
    done.obj = parseObj(r.stdout);
    done.rvWritten = done.obj ? String(done.obj.rv) : undefined;
  }
  fs.appendFileSync(log, JSON.stringify({ type: 'complete', ...done, stdout: rec.op === 'get' ? undefined : r.stdout.length > 200 ? undefined : r.stdout }) + '\n');
  return { done, stdout: r.stdout };
}

const yamlLabels = (labels) => Object.entries(labels ?? {}).map(([k, v]) => `    ${k}: ${JSON.stringify(v)}\n`).join('');
const yamlData = (data) => Object.entries(data ?? {}).map(([k, v]) => `  ${k}: ${JSON.stringify(v)}\n`).join('');

/** worker runs n random commands; returns the complete records. */
async function worker(ctx, w, n, seed) {
  const rand = rng(seed * 7919 + w);
  const pick = (a) => a[Math.floor(rand() * a.length)];
  const out = [];
  for (let i = 0; i < n; i++) {
    const value = `w${w}-${i}`;
    const replicas = Math.floor(rand() * 4);
    const x = rand();
    const cm = rand() < 0.6;
    const kind = cm ? 'configmap' : 'deployment';
    const name = cm ? pick(CONFIGMAPS) : pick(DEPLOYMENTS);
    const base = { w, i, kind, name };
    if (x < 0.22) {
      const file = path.join(ctx.dir, `w${w}-${i}.yaml`);
      fs.writeFileSync(file, cm ? configMapYaml(name, value) : deploymentYaml(name, replicas));
      out.push((await step(ctx, { ...base, op: 'apply', write: true, value, replicas, file }, ['apply', '-f', file, '-o', 'json'])).done);
    } else if (x < 0.37) {
      const body = cm ? { data: { p: value } } : { spec: { replicas } };
      out.push((await step(ctx, { ...base, op: 'patch', write: true, value, replicas }, ['patch', kind, name, '--type', 'merge', '-p', JSON.stringify(body), '-o', 'json'])).done);
    } else if (x < 0.47) {
      const d = pick(DEPLOYMENTS);
      out.push((await step(ctx, { ...base, kind: 'deployment', name: d, op: 'scale', write: true, replicas }, ['scale', `deployment/${d}`, `--replicas=${replicas}`, '-o', 'json'])).done);
    } else if (x < 0.53) {
      out.push((await step(ctx, { ...base, op: 'delete' }, ['delete', kind, name])).done);
    } else if (x < 0.68) {
      const labelKey = pick(['a', 'b']);
      out.push((await step(ctx, { ...base, op: 'label', write: true, value, labelKey }, ['label', kind, name, `${labelKey}=${value}`, '--overwrite', '-o', 'json'])).done);
    } else if (x < 0.9) {
      // replace: read the ConfigMap, then replace it carrying the resourceVersion just read (or a stale one).
      const c = pick(CONFIGMAPS);
      const read = await step(ctx, { ...base, kind: 'configmap', name: c, op: 'get' }, ['get', 'configmap', c, '-o', 'json']);
      out.push(read.done);
      if (read.done.code !== 0) continue;
      const o = JSON.parse(read.stdout);
      const rvRead = o.metadata.resourceVersion;
      const stale = rand() < 0.35;
      const rv = stale ? String(Number(rvRead) - 1) : rvRead;
      const file = path.join(ctx.dir, `w${w}-${i}-replace.yaml`);
      fs.writeFileSync(file, `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${c}\n  namespace: default\n  resourceVersion: "${rv}"\n`
        + (Object.keys(o.metadata.labels ?? {}).length ? `  labels:\n${yamlLabels(o.metadata.labels)}` : '')
        + `data:\n${yamlData({ ...o.data, k: value })}`);
      out.push((await step(ctx, { ...base, kind: 'configmap', name: c, op: 'replace', write: true, value, file, rvRead, stale }, ['replace', '-f', file, '-o', 'json'])).done);
    } else {
      out.push((await step(ctx, { ...base, kind: 'cluster', name: '-', op: 'tick' }, ['tick', '5s'])).done);
    }
  }
  return out;
}

/**
 * runWorkload runs one R1 configuration on a fresh cluster in `home` with the kubemu shim `bin`
 * and returns { records, final, check, extraBusy, wallMs, dir, result } (result = checkHistory's).
 */
export async function runWorkload({ bin, home, procs, commands, seed = 1 }) {
  const dir = path.join(home, 'history');
  fs.mkdirSync(dir, { recursive: true });
  const t0 = performance.now();
  const mk = (log) => ({ bin, home, t0, dir, log: path.join(dir, log) });
  const setup = mk('setup.jsonl');
  const created = await run(bin, home, ['cluster', 'create', 'r1', '--clock', 'manual', '--seed', '7'], t0);
  if (created.code !== 0) throw new Error(`cluster create failed: ${created.stderr}`);
  const records = [];
  for (const name of [...CONFIGMAPS, ...DEPLOYMENTS]) {
    const cm = name.startsWith('cm');
    const file = path.join(dir, `setup-${name}.yaml`);
    fs.writeFileSync(file, cm ? configMapYaml(name, 'init') : deploymentYaml(name, 1));
    records.push((await step(setup, { w: -1, i: 0, kind: cm ? 'configmap' : 'deployment', name, op: 'apply', write: true, value: 'init', replicas: 1, file },
      ['apply', '-f', file, '-o', 'json'])).done);
  }
  const wStart = performance.now();
  const per = await Promise.all(Array.from({ length: procs }, (_, w) => worker(mk(`worker-${w}.jsonl`), w, commands, seed)));
  const wallMs = performance.now() - wStart;
  const workerRecords = per.flat();
  records.push(...workerRecords);

  let extraBusy = 0;
  const final = {};
  for (const [kind, plural] of [['configmap', 'configmaps'], ['deployment', 'deployments']]) {
    const r = await run(bin, home, ['get', plural, '-o', 'json'], t0);
    if (BUSY.test(r.stdout) || BUSY.test(r.stderr)) extraBusy++;
    if (r.code !== 0) throw new Error(`final get ${plural} failed: ${r.stderr}`);
    for (const o of JSON.parse(r.stdout).items) {
      if ([...CONFIGMAPS, ...DEPLOYMENTS].includes(o.metadata.name)) final[`${kind}/${o.metadata.name}`] = summarize(o);
    }
  }
  const chk = await run(bin, home, ['doctor'], t0);
  if (BUSY.test(chk.stdout) || BUSY.test(chk.stderr)) extraBusy++;
  const check = { code: chk.code, stdout: chk.stdout + chk.stderr };
  const result = checkHistory({ records, final, check, extraBusy });
  return { records: workerRecords, final, check, extraBusy, wallMs, dir, result };
}

async function main() {
  cli.ensureBuilt();
  const procsList = String(flagValue('--procs', '1,2,4,8')).split(',').map(Number);
  const commands = Number(flagValue('--commands', 50));
  const seed = Number(flagValue('--seed', 1));
  let allPass = true;
  for (const procs of procsList) {
    const home = cli.tempHome(`r1-p${procs}`);
    const { records, wallMs, result, dir } = await runWorkload({ bin: cli.KUBEMU, home, procs, commands, seed });
    const ms = records.map((r) => r.end - r.start);
    const conflicts = records.filter((r) => /\(Conflict\)/.test(r.err1)).length;
    const notFound = records.filter((r) => /\(NotFound\)/.test(r.err1)).length;
    const failed = records.filter((r) => r.code !== 0).length;
    const staleSent = records.filter((r) => r.stale).length;
    console.log(`R1 history: P=${procs} x N=${commands} (seed ${seed})`);
    note(`${records.length} commands in ${(wallMs / 1000).toFixed(1)} s = ${(records.length / (wallMs / 1000)).toFixed(2)} commands/s; per command p50 ${quantile(ms, 0.5).toFixed(0)} ms, p99 ${quantile(ms, 0.99).toFixed(0)} ms, max ${Math.max(...ms).toFixed(0)} ms`);
    note(`conflicts returned ${conflicts} (${staleSent} stale replaces sent), NotFound ${notFound}, failed invocations ${failed} (exit != 0, expected conflicts/NotFound included), busy retries n/a (not reported by the CLI)`);
    note(`violations: ${Object.entries(result.counts).map(([k, v]) => `${k} ${v}`).join(', ')}`);
    for (const d of result.details.slice(0, 10)) note(`  ${d}`);
    allPass &&= verdict('R1', `P=${procs} violations`, Object.values(result.counts).reduce((a, b) => a + b, 0), 0, 'count');
    if (process.argv.includes('--keep')) note(`history kept in ${dir}`); else cli.removeHome(home);
  }
  console.log(`R1 ${allPass ? 'PASS' : 'FAIL'}`);
  await saveVerdicts();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
