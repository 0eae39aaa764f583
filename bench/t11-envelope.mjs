#!/usr/bin/env node
/**
 * T11: upstream's supported envelope — 5 000 nodes and 150 000 pods (1 500 Deployments x 100
 * replicas over 50 namespaces, 3 000 pods each as the thresholds allow) — built as T7 builds
 * its cluster: apply in one stream, then `tick 1m` until every pod is Running. Targets: the
 * build (apply + ticks) <= 5.5x T7's in the same run (five times the pods and nodes: a little
 * worse than linear is allowed, a pods x nodes term is not), and `get pods -n x` beside the
 * 150 000 still meets T3 (t3-namespaced-get.mjs run on the kept cluster).
 * Beside them, how the history floor (floors/t7-history.cjs, a transaction per 1 000 pods as
 * kubemu's ticks commit) grows from T7's pods to T11's: the store's own writes grow faster than
 * the pods, and the build's ratio is printed against the floor's too (--no-floor leaves it out).
 * T7's time is measured here too, unless `--t7-ms MS` gives one from the same session.
 * --quick builds a tenth of both (500 nodes and 15 000 pods, against T7 at 100 and 3 000).
 * Usage: node bench/t11-envelope.mjs [--quick] [--t7-ms MS] [--keep] [--no-build]
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt, tempHome, removeHome } from './lib/cli.mjs';
import { buildBig } from './lib/big-cluster.mjs';
import { interleave, printResults } from './lib/interleave.mjs';
import { floorEnv } from './lib/floors.mjs';
import { verdict, note, flagValue, saveVerdicts } from './lib/verdict.mjs';

ensureBuilt();
const here = path.dirname(fileURLToPath(import.meta.url));
const quick = process.argv.includes('--quick');
const scale = quick ? 10 : 1;
const envelope = { workers: 5000 / scale, deployments: 1500 / scale, replicas: 100, namespaces: 50 / scale };
const t7 = { workers: 1000 / scale, deployments: 300 / scale, replicas: 100 };

let t7ms = Number(flagValue('--t7-ms', NaN));
if (!Number.isFinite(t7ms)) {
  const home = tempHome('t11-t7');
  console.log(`T7 for comparison: ${t7.deployments} Deployments x ${t7.replicas} on ${t7.workers} workers`);
  const big = buildBig(home, { ...t7, log: note });
  removeHome(home);
  if (big.error || big.running < t7.deployments * t7.replicas) note(`WARNING: T7's build did not finish (${big.error ?? `${big.running} Running`})`);
  t7ms = big.reconcileMs;
}
note(`T7 reconcile: ${t7ms.toFixed(0)} ms`);

const pods = envelope.deployments * envelope.replicas;
console.log(`T11 envelope: ${envelope.deployments} Deployments x ${envelope.replicas} (${pods} pods) over ${envelope.namespaces} namespaces on ${envelope.workers} workers`);
const home = tempHome('t11');
const big = buildBig(home, { ...envelope, maxTicks: 300, log: note });
const done = !big.error && big.running >= pods;
note(`pods Running: ${big.running} of ${pods}; reconcile ${big.reconcileMs.toFixed(0)} ms = ${(pods / (big.reconcileMs / 1000)).toFixed(0)} pods/s; peak RSS ${(big.peakRssKiB / 1024).toFixed(0)} MiB`);
verdict('T11', `build / T7's${done ? '' : ' (unfinished)'}`, done ? big.reconcileMs / t7ms : Infinity, 5.5);

// The history floor at both sizes, interleaved (3 rounds: the bigger takes ~50 s).
if (!process.argv.includes('--no-floor')) {
  const history = path.join(here, 'floors', 't7-history.cjs');
  const floorAt = (n) => ({ name: `history floor: ${n} pods, a transaction per 1 000`, cmd: [process.execPath, history, path.join(home, `hist-${n}.db`), String(n), 'full', '1000'], env: floorEnv() });
  const t7pods = t7.deployments * t7.replicas;
  const res = interleave([floorAt(t7pods), floorAt(pods)], { rounds: 3, warmup: 0 });
  printResults(res);
  for (const n of [t7pods, pods]) for (const f of fs.readdirSync(home).filter((x) => x.startsWith(`hist-${n}.db`))) fs.rmSync(path.join(home, f));
  note(`history floor ${pods} / ${t7pods} pods: ${res[1].ratio.toFixed(2)}x; T11's build ratio / the floor's: ${done ? (big.reconcileMs / t7ms / res[1].ratio).toFixed(2) : 'unfinished'}`);
}

// T3 on the envelope: 100 pods in namespace x beside the 150 000.
const json = path.join(home, 't3.json');
const t3 = spawnSync(process.execPath, [path.join(here, 't3-namespaced-get.mjs'), '--no-build', '--home', home, '--json', json, ...(quick ? ['--quick'] : [])], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
process.stdout.write(t3.stdout.replace(/^/gm, '  '));
const t3v = fs.existsSync(json) ? JSON.parse(fs.readFileSync(json, 'utf8')).find((v) => v.id === 'T3') : undefined;
if (t3v) verdict('T11', `T3 beside ${pods} pods: get pods -n x / T2`, t3v.value, 1.05);
else note('T3 on the envelope did not run');

if (process.argv.includes('--keep')) note(`kept KUBEMU_HOME=${home} (cluster "big")`);
else removeHome(home);
await saveVerdicts();
