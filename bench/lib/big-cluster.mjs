/**
 * big-cluster: builds the T7 workload — a manual cluster of W workers, then D Deployments
 * of R replicas applied in one stream and ticked a minute at a time until every pod is
 * Running — timing each step and recording peak RSS (GNU time) and optional CPU profiles.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { KUBEMU, envFor, tempHome, writeTemp } from './cli.mjs';
import { deploymentsYaml } from './manifests.mjs';
import { hasTime } from './rss.mjs';
import { flagValue, note } from './verdict.mjs';

const Database = createRequire(import.meta.url)('better-sqlite3');

/** timed runs kubemu under /usr/bin/time (when present), returning { ms, rssKiB, stdout }. */
export function timed(home, args, { profileDir } = {}) {
  const nodeArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const cmd = [process.execPath, ...nodeArgs, KUBEMU, ...args];
  const useTime = hasTime();
  const t0 = process.hrtime.bigint();
  const r = spawnSync(useTime ? '/usr/bin/time' : cmd[0], useTime ? ['-f', '%M', ...cmd] : cmd.slice(1), { env: envFor(home), encoding: 'utf8', maxBuffer: 512 << 20 });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`kubemu ${args.join(' ')} exited ${r.status}: ${r.stderr.slice(-500)}`);
  let stderr = r.stderr;
  let rssKiB;
  if (useTime) { const lines = stderr.trimEnd().split('\n'); rssKiB = Number(lines.pop()); stderr = lines.join('\n'); }
  return { ms, rssKiB, stdout: r.stdout, stderr };
}

/**
 * countRunning counts Running pods in a namespace ('*': in the workload's ns-N namespaces),
 * reading the state file itself: a `get` would first catch up (a read's settle does up to
 * CATCH_UP_WRITES writes), doing reconcile work the timed commands would then not be charged for.
 */
export function countRunning(home, namespace = 'default') {
  const db = new Database(path.join(home, 'clusters', 'big', 'state.db'), { readonly: true, fileMustExist: true });
  try {
    const phase = "json_extract(body, '$.status.phase') = 'Running'";
    const row = namespace === '*'
      ? db.prepare(`SELECT count(*) AS n FROM objects WHERE kind = 'Pod' AND namespace LIKE 'ns-%' AND ${phase}`).get()
      : db.prepare(`SELECT count(*) AS n FROM objects WHERE kind = 'Pod' AND namespace = ? AND ${phase}`).get(namespace);
    return row.n;
  } finally {
    db.close();
  }
}

/** workloadYaml is the stream buildBig applies: D Deployments, spread over `namespaces` (created first) when given. */
function workloadYaml(deployments, replicas, namespaces) {
  if (!namespaces) return deploymentsYaml('app', deployments, replicas);
  const docs = [];
  for (let n = 0; n < namespaces; n++) docs.push(`apiVersion: v1\nkind: Namespace\nmetadata:\n  name: ns-${n}\n`);
  const per = Math.ceil(deployments / namespaces);
  for (let n = 0; n < namespaces; n++) {
    const count = Math.min(per, deployments - n * per);
    if (count > 0) docs.push(deploymentsYaml('app', count, replicas, `ns-${n}`));
  }
  return docs.join('---\n');
}

/**
 * buildBig creates the cluster and reconciles the workload to Running.
 * Returns { create, apply, ticks: [...], reconcileMs, pods, running, peakRssKiB, error? }.
 */
// maxTicks: each command's reconciling stops at the runtime's write budget (MAX_SETTLE_WRITES),
// so 30 000 pods take a few dozen ticks to reach Running.
// namespaces: spread the Deployments over ns-0 … ns-(n-1) (upstream's envelope keeps 3 000 pods
// per namespace); without it they all go to default.
export function buildBig(home, { workers, deployments, replicas, namespaces, profileDir, maxTicks = 100, log = () => {} }) {
  if (profileDir) fs.mkdirSync(profileDir, { recursive: true });
  const create = timed(home, ['cluster', 'create', 'big', '--clock', 'manual', '--seed', '7', '--workers', String(workers)]);
  log(`cluster create --workers ${workers}: ${create.ms.toFixed(0)} ms`);
  const file = writeTemp(home, 'workload.yaml', workloadYaml(deployments, replicas, namespaces));
  const apply = timed(home, ['apply', '-f', file], { profileDir });
  log(`apply ${deployments} Deployments x ${replicas}: ${apply.ms.toFixed(0)} ms, peak RSS ${(apply.rssKiB / 1024).toFixed(0)} MiB`);
  const pods = deployments * replicas;
  const ticks = [];
  let running = 0;
  let error;
  for (let i = 0; i < maxTicks; i++) {
    let t;
    try {
      t = timed(home, ['tick', '1m'], { profileDir: i === 0 ? profileDir : undefined });
    } catch (e) {
      // A failing tick is a finding, not a crash of the benchmark: report it and stop.
      error = e.message.split('\n')[0];
      log(`tick 1m #${i + 1} FAILED: ${error}`);
      break;
    }
    ticks.push(t);
    log(`tick 1m #${i + 1}: ${t.ms.toFixed(0)} ms, peak RSS ${(t.rssKiB / 1024).toFixed(0)} MiB — ${t.stdout.trim()}`);
    running = countRunning(home, namespaces ? '*' : 'default');
    if (running >= pods) break;
  }
  const reconcileMs = apply.ms + ticks.reduce((a, t) => a + t.ms, 0);
  const peakRssKiB = Math.max(apply.rssKiB ?? 0, ...ticks.map((t) => t.rssKiB ?? 0));
  if (error) running = countRunning(home, namespaces ? '*' : 'default');
  return { create, apply, ticks, reconcileMs, pods, running, peakRssKiB, error };
}

/**
 * bigClusterHome is the home a benchmark over the T7 cluster measures: --home DIR (a
 * `t7-scale.mjs --keep` cluster), else a new one built here (--quick: the tenth-size one).
 * owned says the bench made it (and removes it); error is why a build did not finish.
 */
export function bigClusterHome(prefix, argv = process.argv) {
  const given = flagValue('--home', undefined, argv);
  if (given) return { home: given, owned: false };
  const quick = argv.includes('--quick');
  const home = tempHome(prefix);
  const big = buildBig(home, { workers: quick ? 100 : 1000, deployments: quick ? 30 : 300, replicas: 100, log: note });
  return { home, owned: true, error: big.error };
}
