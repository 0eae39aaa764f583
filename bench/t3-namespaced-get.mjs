#!/usr/bin/env node
/**
 * T3: `kubemu get pods -n x` (100 pods) beside 30 000 pods in another namespace, against T2's
 * `get pods` on a cluster holding only those 100 pods, interleaved with `node -e ''`.
 * Target: T3 <= 1.05x T2 — namespaced reads are indexed, never a scan of the other pods.
 * Uses the cluster of `t7-scale.mjs --keep` (--home DIR), else builds one (--quick: the
 * tenth-size one, 3 000 pods beside).
 * Usage: node bench/t3-namespaced-get.mjs [--home DIR] [--quick] [--rounds N] [--no-build]
 */
import { KUBEMU, ensureBuilt, tempHome, removeHome, envFor, km, manualCluster, writeTemp } from './lib/cli.mjs';
import { bigClusterHome } from './lib/big-cluster.mjs';
import { deploymentYaml } from './lib/manifests.mjs';
import { interleave, printResults } from './lib/interleave.mjs';
import { verdict, note, roundsFor, saveVerdicts } from './lib/verdict.mjs';

ensureBuilt();
const { home: big, owned, error } = bigClusterHome('t3');
if (error) note(`WARNING: the build did not finish (${error})`);
/** withHundred adds namespace x with a settled 100-pod Deployment to the cluster in home. */
function withHundred(home, namespace) {
  if (namespace !== 'default') km(home, ['create', 'namespace', namespace]);
  km(home, ['apply', '-f', writeTemp(home, `web-${namespace}.yaml`, deploymentYaml('web', 100, namespace))]);
  km(home, ['tick', '5m']);
  const running = km(home, ['get', 'pods', '-n', namespace, '--no-headers']).stdout.split('\n').filter((l) => /\sRunning\s/.test(l)).length;
  if (running !== 100) note(`WARNING: ${running} Running pods in ${namespace}, not 100`);
}
withHundred(big, 'x');
const others = km(big, ['get', 'pods', '-A', '--no-headers']).stdout.split('\n').filter((l) => l && !l.startsWith('x ')).length;
note(`T3 cluster: 100 pods in x beside ${others} pods in other namespaces`);
const small = tempHome('t3-small');
manualCluster(small);
withHundred(small, 'default');

const node = process.execPath;
const suite = [
  { name: "node -e ''", cmd: [node, '-e', ''] },
  { name: 'T2: get pods (100 pods, nothing else)', cmd: [node, KUBEMU, 'get', 'pods'], env: envFor(small) },
  { name: `T3: get pods -n x (100 pods, ${others} beside)`, cmd: [node, KUBEMU, 'get', 'pods', '-n', 'x'], env: envFor(big) },
];
const rounds = roundsFor(25);
console.log(`T3 namespaced get (${rounds} interleaved rounds + 2 warm-up)`);
const res = interleave(suite, { rounds, warmup: 2 });
printResults(res);
verdict('T3', 'get pods -n x beside the others / T2', res[2].ratio / res[1].ratio, 1.05);
removeHome(small);
if (owned) removeHome(big);
await saveVerdicts();
