/**
 * rolling-update: the workloads issue's bench — a 30-replica Deployment on the default
 * 3-node shape rolled to a new image, timed end to end in real time (`set image` then
 * `rollout status`, which fast-forwards the simulated clock). Target: well under a second.
 * Usage: node bench/rolling-update.mjs [--no-build] [--rounds N]
 */
import { performance } from 'node:perf_hooks';
import { ensureBuilt, km, removeHome, tempHome } from './lib/cli.mjs';

const rounds = Number(process.argv[process.argv.indexOf('--rounds') + 1]) || 5;
ensureBuilt();
const times = [];
for (let i = 0; i < rounds; i++) {
  const home = tempHome('rolling');
  try {
    km(home, ['cluster', 'create', 'r', '--clock', 'manual', '--seed', String(i + 1)]);
    km(home, ['create', 'deployment', 'web', '--image=nginx:1.27', '--replicas=30']);
    km(home, ['tick', '2m']);
    const t0 = performance.now();
    km(home, ['set', 'image', 'deploy/web', 'nginx=nginx:1.26']);
    const r = km(home, ['rollout', 'status', 'deploy/web']);
    times.push(performance.now() - t0);
    if (!r.stdout.includes('successfully rolled out')) throw new Error(`rollout did not finish: ${r.stdout}${r.stderr}`);
  } finally {
    removeHome(home);
  }
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
console.log(`30-replica rolling update (set image + rollout status), ${rounds} rounds: median ${median.toFixed(0)} ms, max ${times[times.length - 1].toFixed(0)} ms`);
console.log(`  rolling update < 1000 ms real time  ${median < 1000 ? 'PASS' : 'FAIL'}`);
