/**
 * sched-run: T8's workload and one timed pass of the pure scheduler over it, shared by
 * bench/scheduler-throughput.mjs and bench/scheduler-ab.mjs. `bundleScheduler` bundles a
 * source tree's src/scheduler into one CommonJS file, so two trees (a base and a change) can
 * be measured side by side. Run as a script (`node sched-run.mjs BUNDLE PODS NODES [owned]`)
 * it warms up, times one pass and prints one JSON line: CPU and wall milliseconds of the pass
 * and a hash of the chosen nodes (the same hash before and after a speed lever means the same
 * placements).
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/** bundleScheduler writes src/scheduler of the tree at repoDir as one CommonJS file at outFile. */
export async function bundleScheduler(repoDir, outFile) {
  const { build } = await import('esbuild');
  await build({
    stdin: {
      contents: "export * from './src/scheduler/framework'; export * from './src/scheduler/scheduler'; export { defaultProfile } from './src/scheduler/plugins/registry'; export { makeNode, makePod } from './src/scheduler/testing';",
      resolveDir: repoDir, loader: 'ts',
    },
    bundle: true, platform: 'node', target: 'node20', format: 'cjs', outfile: outFile, logLevel: 'warning',
  });
  return createRequire(import.meta.url)(outFile);
}

/** sfc32 with a fixed seed: the tie-break source (the scheduler draws only to break ties). */
export function rand(seed = 7) {
  let a = seed, b = 0x9e3779b9, c = 0x243f6a88, d = 0xb7e15162;
  const next = () => {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    const t = (a + b) | 0; a = b ^ (b >>> 9); b = (c + (c << 3)) | 0; c = (c << 21) | (c >>> 11); d = (d + 1) | 0;
    const r = (t + d) | 0; c = (c + r) | 0; return (r >>> 0) / 4294967296;
  };
  return { int: (n) => Math.floor(next() * n) };
}

/**
 * workload: N nodes of 64 cpu / 256Gi / 110 pods in three zones and P pods of 100m / 128Mi.
 * With `owned`, the pods belong to ReplicaSets of 100 (as a Deployment's pods do, T7's shape),
 * so PodTopologySpread's system default constraints apply to them.
 */
export function workload(S, pods, nodes, owned = false) {
  const nodeObjs = [];
  for (let i = 0; i < nodes; i++) {
    nodeObjs.push(S.makeNode(`node-${String(i).padStart(5, '0')}`, { cpu: '64', memory: '256Gi', pods: 110, labels: { 'topology.kubernetes.io/zone': `zone-${i % 3}` } }));
  }
  const podObjs = [];
  for (let i = 0; i < pods; i++) {
    const owner = owned ? { kind: 'ReplicaSet', uid: `rs-${Math.floor(i / 100)}` } : undefined;
    podObjs.push(S.makePod(`pod-${i}`, { namespace: 'bench', requests: { cpu: '100m', memory: '128Mi' }, owner }));
  }
  return { nodeObjs, podObjs };
}

/** run schedules the workload's pods one by one (scheduleOne, then assume) and times the pass. */
export function run(S, pods, nodes, owned = false) {
  const { nodeObjs, podObjs } = workload(S, pods, nodes, owned);
  const profile = S.defaultProfile();
  const r = rand();
  const chosen = new Array(podObjs.length);
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const snap = S.newSnapshot(nodeObjs, []);
  let unsched = 0;
  for (let i = 0; i < podObjs.length; i++) {
    const pod = podObjs[i];
    const res = S.scheduleOne(pod, snap, profile, r, { explain: false });
    if (S.isFailure(res)) { unsched++; chosen[i] = ''; continue; }
    chosen[i] = res.nodeName;
    snap.assume(pod, res.nodeName, res.podInfo);
  }
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(c0);
  const hash = createHash('sha256').update(chosen.join('\n')).digest('hex').slice(0, 16);
  return { ms, cpuMs: (cpu.user + cpu.system) / 1000, unsched, hash };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [bundle, p, n, mode] = process.argv.slice(2);
  const S = createRequire(import.meta.url)(bundle);
  const owned = mode === 'owned';
  run(S, Math.min(Number(p), 2000), Number(n), owned); // warm-up
  const x = run(S, Number(p), Number(n), owned);
  console.log(JSON.stringify({ cpu_ms: +x.cpuMs.toFixed(1), wall_ms: +x.ms.toFixed(1), unschedulable: x.unsched, hash: x.hash }));
}
