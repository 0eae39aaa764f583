// ad hoc: T7 tenth-size tick 1/2, each build on a home it built itself.
import * as fs from 'node:fs';
import { cpuTimed, tempHome, removeHome, writeTemp } from './lib/cli.mjs';
import { deploymentsYaml } from './lib/manifests.mjs';
const builds = [{ name: 'before', bin: '/tmp/base61/bin/kubemu' }, { name: 'after', bin: '/work/main/bin/kubemu' }];
const run = (bin, home, args) => cpuTimed([process.execPath, bin, ...args], home);
const homes = builds.map((b) => {
  const h = tempHome('own-' + b.name);
  run(b.bin, h, ['cluster', 'create', 'big', '--clock', 'manual', '--seed', '7', '--workers', '100']);
  const a = run(b.bin, h, ['apply', '-f', writeTemp(h, 'w.yaml', deploymentsYaml('app', 30, 100))]);
  console.log(b.name, 'apply cpu', a.cpuMs.toFixed(0));
  return h;
});
const res = builds.map(() => [[], []]);
const rounds = Number(process.argv[2] ?? 4);
for (let r = 0; r < rounds; r++) {
  for (let k = 0; k < 2; k++) {
    const i = (k + r) % 2;
    const h = tempHome('own-copy');
    fs.cpSync(homes[i], h, { recursive: true });
    for (let t = 0; t < 2; t++) res[i][t].push(run(builds[i].bin, h, ['tick', '1m']).cpuMs);
    removeHome(h);
  }
  console.log('round', r + 1, builds.map((b, i) => `${b.name} ${res[i].map((x) => x[r].toFixed(0)).join('+')}`).join(', '));
}
const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (let t = 0; t < 2; t++) console.log(`tick ${t + 1}: before ${med(res[0][t])} after ${med(res[1][t])} x${(med(res[1][t]) / med(res[0][t])).toFixed(3)} pairwise ${res[1][t].map((a, r) => (a / res[0][t][r]).toFixed(2)).join(' ')}`);
homes.forEach(removeHome);
