#!/usr/bin/env node
/**
 * The scheduling queue under unschedulable load, in-process on :memory: SQLite: D Deployments
 * x 100 replicas (default 30, 100m cpu each) onto W workers (default 20: room for about a
 * quarter of them), then ten 30-second ticks (node heartbeats, back-offs, the 5-minute flush).
 * Reports the process CPU time of the whole reconcile, which is what requeueing by the events
 * plugins registered (instead of moving every pending pod at each node change) saves; and the
 * number of pods bound, which must not change. CPU time, not wall time: on a loaded machine it
 * is the figure that compares.
 * Usage: node bench/scheduler-requeue.mjs [--deployments D] [--workers W] [--runs R]
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { build } from 'esbuild';
import { REPO } from './lib/cli.mjs';
import { note, flagValue } from './lib/verdict.mjs';

const D = Number(flagValue('--deployments', 30));
const W = Number(flagValue('--workers', 20));
const RUNS = Number(flagValue('--runs', 3));

// Bundled beside package.json so that better-sqlite3 resolves from node_modules.
const out = path.join(REPO, `.bench-requeue-${process.pid}.cjs`);
await build({
  stdin: { contents: "export { initialiseCluster, DEFAULT_SPEC } from './src/cluster/bootstrap';", resolveDir: REPO, loader: 'ts' },
  bundle: true, platform: 'node', target: 'node20', format: 'cjs', outfile: out, logLevel: 'warning', external: ['better-sqlite3'],
});
const M = createRequire(path.join(REPO, 'package.json'))(out);
fs.rmSync(out, { force: true });

function run() {
  const c = M.initialiseCluster(':memory:', { ...M.DEFAULT_SPEC, workers: W, clock: 'manual', seed: 1 });
  const t0 = process.cpuUsage();
  for (let d = 0; d < D; d++) {
    const labels = { app: `d${d}` };
    c.write(() => c.api.create({
      apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: `d${d}`, namespace: 'default' },
      spec: { replicas: 100, selector: { matchLabels: labels }, template: { metadata: { labels }, spec: { containers: [{ name: 'c', image: 'nginx', resources: { requests: { cpu: '100m', memory: '64Mi' } } }] } } },
    }, { fieldManager: 'bench' }));
  }
  for (let i = 0; i < 10; i++) c.advance(30_000);
  const u = process.cpuUsage(t0);
  const bound = c.api.list({ kind: 'Pod', namespace: 'default' }).filter((p) => p.spec?.nodeName).length;
  c.close();
  return { cpuMs: (u.user + u.system) / 1000, bound };
}

console.log(`scheduler requeue: ${D} Deployments x 100 pods onto ${W} workers, then 10 ticks of 30s; ${RUNS} runs`);
const runs = Array.from({ length: RUNS }, run);
const cpu = runs.map((r) => r.cpuMs).sort((a, b) => a - b);
note(`CPU median ${cpu[Math.floor(cpu.length / 2)].toFixed(0)} ms (runs: ${runs.map((r) => r.cpuMs.toFixed(0)).join(', ')}); pods bound ${runs[0].bound} of ${D * 100}`);
