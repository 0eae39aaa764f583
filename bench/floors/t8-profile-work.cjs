// T8's equal-work floor: what kube-scheduler's default profile has to compute for the T8
// workload (P identical pods, each 100m cpu / 128Mi, onto N nodes of 64 cpu / 256Gi / 110
// pods), and nothing else — no objects, no plugin calls, one typed array per node figure.
// Per pod: from the rotating start index, filter nodes until numFeasibleNodesToFind fit
// (NodeUnschedulable, NodeName, TaintToleration's NoSchedule check, NodeResourcesFit with the
// pod count); score them (TaintToleration's PreferNoSchedule count, reverse-normalized, x3;
// LeastAllocated on cpu and memory with the 100m/200Mi non-zero defaults; BalancedAllocation;
// ImageLocality); pick the top score, a tie broken by one draw over the tied nodes in name
// order; account the pod to that node. sched-floor.js's full scan does one filter and one
// score on every node; this does what the profile does on the sampled ones.
// Usage: node t8-profile-work.cjs [P] [N] [runs] -> one JSON line: median_ms (wall), cpu_ms
// (the median run's process CPU time) and a hash of the chosen nodes, named as the bench names
// them, so that kubemu's hash shows both placed the pods alike. runs=1 warms up on 2 000 pods
// first (the bench's A/B driver runs one pass per process, as it does kubemu's).
const { createHash } = require('node:crypto');
const P = +(process.argv[2] || 30000), N = +(process.argv[3] || 1000), RUNS = +(process.argv[4] || 5);

/** sfc32 with the bench's seed: the draw that breaks ties. */
function rand(seed = 7) {
  let a = seed, b = 0x9e3779b9, c = 0x243f6a88, d = 0xb7e15162;
  return (n) => {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    const t = (a + b) | 0; a = b ^ (b >>> 9); b = (c + (c << 3)) | 0; c = (c << 21) | (c >>> 11); d = (d + 1) | 0;
    const r = (t + d) | 0; c = (c + r) | 0; return Math.floor(((r >>> 0) / 4294967296) * n);
  };
}

function toFind(n) {
  if (n < 100) return n;
  const pct = Math.max(5, 50 - Math.trunc(n / 125));
  return Math.max(100, Math.trunc((n * pct) / 100));
}

function run(P) {
  const allocCpu = new Float64Array(N).fill(64000), allocMem = new Float64Array(N).fill(256 * 2 ** 30);
  const reqCpu = new Float64Array(N), reqMem = new Float64Array(N), nzCpu = new Float64Array(N), nzMem = new Float64Array(N);
  const pods = new Int32Array(N), maxPods = new Int32Array(N).fill(110);
  const unschedulable = new Uint8Array(N), filterTaints = new Uint8Array(N), preferTaints = new Uint8Array(N), images = new Uint8Array(N);
  const rank = Int32Array.from({ length: N }, (_, i) => i), byRank = Int32Array.from({ length: N }, (_, i) => i), marks = new Uint8Array(N);
  const podCpu = 100, podMem = 128 * 2 ** 20, podNodeName = '';
  const want = toFind(N), feasible = new Int32Array(N), tt = new Float64Array(N), total = new Float64Array(N);
  const draw = rand();
  const chosen = new Int32Array(P);
  let start = 0, unsched = 0;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  for (let p = 0; p < P; p++) {
    let found = 0, processed = 0;
    for (let k = 0; k < N && found < want; k++) {
      const i = (start + k) % N;
      processed++;
      if (unschedulable[i] || (podNodeName && podNodeName !== String(i)) || filterTaints[i]) continue;
      if (pods[i] + 1 > maxPods[i] || podCpu > allocCpu[i] - reqCpu[i] || podMem > allocMem[i] - reqMem[i]) continue;
      feasible[found++] = i;
    }
    start = (start + processed) % N;
    if (found === 0) { unsched++; chosen[p] = -1; continue; }
    let best = feasible[0];
    if (found > 1) {
      let ttMax = 0;
      for (let j = 0; j < found; j++) { const v = preferTaints[feasible[j]]; tt[j] = v; if (v > ttMax) ttMax = v; }
      let max = -Infinity, ties = 0;
      for (let j = 0; j < found; j++) {
        const i = feasible[j];
        const ttScore = ttMax === 0 ? 100 : 100 - Math.trunc((100 * tt[j]) / ttMax);
        const c = nzCpu[i] + podCpu, m = nzMem[i] + podMem;
        const least = Math.trunc((Math.trunc(((allocCpu[i] - c) * 100) / allocCpu[i]) + Math.trunc(((allocMem[i] - m) * 100) / allocMem[i])) / 2);
        const fc = Math.min((reqCpu[i] + podCpu) / allocCpu[i], 1), fm = Math.min((reqMem[i] + podMem) / allocMem[i], 1);
        const balanced = Math.trunc((1 - Math.abs((fc - fm) / 2)) * 100);
        const image = images[i] === 0 ? 0 : 1;
        const t = ttScore * 3 + least + balanced + image;
        total[j] = t;
        if (t > max) { max = t; ties = 1; } else if (t === max) ties++;
      }
      if (ties === 1) { let j = 0; while (total[j] !== max) j++; best = feasible[j]; } else {
        const k = draw(ties);
        for (let j = 0; j < found; j++) if (total[j] === max) marks[rank[feasible[j]]] = 1;
        let r = -1;
        for (let seen = -1; seen < k;) if (marks[++r] === 1) seen++;
        best = byRank[r];
        for (let j = 0; j < found; j++) marks[rank[feasible[j]]] = 0;
      }
    }
    chosen[p] = best;
    reqCpu[best] += podCpu; reqMem[best] += podMem; nzCpu[best] += podCpu; nzMem[best] += podMem; pods[best]++;
  }
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(c0);
  const names = Array.from(chosen, (i) => (i < 0 ? '' : `node-${String(i).padStart(5, '0')}`));
  return { ms, cpuMs: (cpu.user + cpu.system) / 1000, unsched, hash: createHash('sha256').update(names.join('\n')).digest('hex').slice(0, 16) };
}

if (RUNS === 1) run(Math.min(P, 2000));
const xs = []; for (let r = 0; r < RUNS; r++) xs.push(run(P));
const mid = [...xs].sort((a, b) => a.ms - b.ms)[Math.floor(xs.length / 2)];
console.log(JSON.stringify({ mode: 'profile-work', pods: P, nodes: N, runs: RUNS, median_ms: +mid.ms.toFixed(1), cpu_ms: +mid.cpuMs.toFixed(1), pods_per_s: Math.round(P / (mid.ms / 1000)), unschedulable: mid.unsched, hash: mid.hash }));
