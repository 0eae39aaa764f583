/**
 * R5 determinism: the same command script on two fresh clusters with the same seed gives
 * byte-identical stdout for every command and identical `get -A -o json` dumps.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { buildOnce, cleanupBuild, configMap, kubemu, newHome, removeHome, writeFile } from './spawn-cli';

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 3
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
`;

/** script is the command sequence both clusters run; file names are resolved per home. */
const SCRIPT: ((dir: string) => string[])[] = [
  () => ['cluster', 'create', 'd', '--clock', 'manual', '--seed', '42'],
  (dir) => ['apply', '-f', writeFile(dir, 'web.yaml', DEPLOYMENT)],
  (dir) => ['apply', '-f', writeFile(dir, 'cm.yaml', configMap('settings', 'v1'))],
  () => ['get', 'pods', '-o', 'wide'],
  () => ['tick', '2m'],
  () => ['get', 'pods', '-o', 'wide'],
  (dir) => ['apply', '-f', writeFile(dir, 'web2.yaml', DEPLOYMENT.replace('replicas: 3', 'replicas: 5'))],
  () => ['tick', '30s'],
  () => ['delete', 'configmap', 'settings'],
  () => ['get', 'deployments,replicasets,pods', '-o', 'wide'],
  () => ['describe', 'deployment', 'web'],
];

function runScript(): { outputs: string[]; dump: string } {
  const home = newHome('det');
  try {
    const outputs = SCRIPT.map((step) => {
      const r = kubemu(home, step(home));
      // File paths differ between homes; normalise them out of the output.
      return `${r.code}\n${r.stdout.split(home).join('<home>')}\n${r.stderr.split(home).join('<home>')}`;
    });
    const dump = kubemu(home, ['get', 'all,configmaps,events,nodes,leases', '-A', '-o', 'json']);
    return { outputs, dump: dump.stdout };
  } finally {
    removeHome(home);
  }
}

describe('determinism', () => {
  afterAll(() => cleanupBuild());
  it('same seed and script give byte-identical output and state', { timeout: 600_000 }, () => {
    buildOnce();
    const a = runScript();
    const b = runScript();
    expect(a.outputs[0]).toMatch(/^0\n/);
    for (let i = 0; i < SCRIPT.length; i++) expect(b.outputs[i], `step ${i}`).toBe(a.outputs[i]);
    expect(a.dump.length).toBeGreaterThan(100);
    expect(b.dump).toBe(a.dump);
  });
});
