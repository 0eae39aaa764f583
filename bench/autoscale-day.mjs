#!/usr/bin/env node
/**
 * autoscale-day: a day of simulated time with an HPA, the cluster autoscaler and ~500 pods
 * whose CPU follows a daily wave (`kubemu.io/usage` periodic, 24 h), in seconds of real time.
 * The cluster: the AKS-shaped profile with its system pool, metrics-server, and an autoscaled
 * user pool of Standard_D4s_v5 (1-20 nodes). The workload: `web`, an HPA'd Deployment (10-60
 * replicas, 60% CPU) whose scale-ups make the autoscaler add nodes and whose scale-downs let it
 * remove them, beside 10 Deployments of 49 pods on the same wave without an HPA.
 * After the pods run, `tick 24h` and then `tick 48h` are timed: a day should cost the same
 * whether it is one of one or one of two (nothing is replayed, no history grows per sync).
 * Usage: node bench/autoscale-day.mjs [--quick] [--no-build] [--json FILE]
 *   --quick: a tenth of the pods (5 Deployments of 9, web 2-12).
 */
import { spawnSync } from 'node:child_process';
import { KUBEMU, ensureBuilt, envFor, tempHome, removeHome, km, writeTemp } from './lib/cli.mjs';
import { hasTime } from './lib/rss.mjs';
import { verdict, note, saveVerdicts } from './lib/verdict.mjs';

ensureBuilt();
const quick = process.argv.includes('--quick');
const others = quick ? 5 : 10, otherReplicas = quick ? 9 : 49;
const [minWeb, maxWeb] = quick ? [2, 12] : [10, 60];
const WAVE = 'cpu=periodic(min=20m,max=180m,period=24h); memory=64Mi';

const deployment = (name, replicas) => `apiVersion: apps/v1
kind: Deployment
metadata: {name: ${name}}
spec:
  replicas: ${replicas}
  selector: {matchLabels: {app: ${name}}}
  template:
    metadata:
      labels: {app: ${name}}
      annotations: {kubemu.io/usage: "${WAVE}"}
    spec:
      containers:
      - name: app
        image: nginx
        resources:
          requests: {cpu: 100m, memory: 128Mi}
---
`;
const hpa = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: {name: web}
spec:
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
  minReplicas: ${minWeb}
  maxReplicas: ${maxWeb}
  metrics:
  - type: Resource
    resource: {name: cpu, target: {type: Utilization, averageUtilization: 60}}
`;

/** timed runs kubemu, returning wall and (under GNU time) CPU seconds: other processes on the machine inflate the first. */
function timed(home, args) {
  const cmd = [process.execPath, KUBEMU, ...args];
  const useTime = hasTime();
  const t0 = process.hrtime.bigint();
  const r = spawnSync(useTime ? '/usr/bin/time' : cmd[0], useTime ? ['-f', '%U %S', ...cmd] : cmd.slice(1), { env: envFor(home), encoding: 'utf8', maxBuffer: 64 << 20 });
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  if (r.status !== 0) throw new Error(`kubemu ${args.join(' ')} exited ${r.status}: ${r.stderr.slice(-500)}`);
  const cpu = useTime ? r.stderr.trimEnd().split('\n').pop().split(' ').reduce((a, x) => a + Number(x), 0) : wall;
  return { wall, cpu, stdout: r.stdout };
}
const secs = (t) => `${t.cpu.toFixed(1)} s CPU (${t.wall.toFixed(1)} s wall)`;

const home = tempHome('autoscale-day');
try {
  km(home, ['cluster', 'create', 'day', '--clock', 'manual', '--seed', '7', '--node-profile', 'aks', '--system-pool', '--workers', '2']);
  km(home, ['addon', 'enable', 'metrics-server']);
  km(home, ['nodepool', 'add', '--name', 'user', '--node-vm-size', 'Standard_D4s_v5', '--node-count', '2', '--enable-cluster-autoscaler', '--min-count', '1', '--max-count', '20']);
  let yaml = deployment('web', minWeb);
  for (let i = 1; i <= others; i++) yaml += deployment(`batch${i}`, otherReplicas);
  km(home, ['apply', '-f', writeTemp(home, 'workload.yaml', yaml + hpa)]);
  // Until every pod runs (the autoscaler adds the nodes they need; a VM boots in 2 minutes).
  for (let i = 0; i < 30; i++) {
    km(home, ['tick', '1m']);
    const pending = km(home, ['get', 'pods', '--field-selector', 'status.phase!=Running', '-o', 'name']).stdout.trim();
    if (!pending) break;
  }
  const pods = () => km(home, ['get', 'pods', '--no-headers']).stdout.trim().split('\n').length;
  const nodes = () => km(home, ['get', 'nodes', '--no-headers']).stdout.trim().split('\n').length;
  note(`settled: ${pods()} pods on ${nodes()} nodes`);
  const day = timed(home, ['tick', '24h']);
  note(`tick 24h: ${secs(day)} — ${day.stdout.trim()}`);
  note(`  after: ${pods()} pods, ${nodes()} nodes; HPA ${km(home, ['get', 'hpa', 'web', '--no-headers']).stdout.trim().replace(/\s+/g, ' ')}`);
  const two = timed(home, ['tick', '48h']);
  note(`tick 48h: ${secs(two)} — ${two.stdout.trim()}`);
  note(`  after: ${pods()} pods, ${nodes()} nodes`);
  note(`cost: ${km(home, ['cost', '--by', 'pool']).stdout.split('\n').filter((l) => /^(TOTAL|Month|Nodes)/.test(l)).join(' | ')}`);
  verdict('AD1', 'a simulated day, CPU seconds', day.cpu, 60, 's');
  verdict('AD2', 'CPU of a day of two / a day of one', two.cpu / 2 / day.cpu, 1.25);
} finally {
  removeHome(home);
}
await saveVerdicts();
