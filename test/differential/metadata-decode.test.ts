/**
 * A manifest's metadata as kubectl's builder decodes it before it sends anything (cli-runtime's
 * metadataValidatingDecoder: the document's metadata into ObjectMeta, encoding/json's rules):
 * a label, annotation, name or finalizer that is no string, a list where a map goes, a bad
 * timestamp — `error: unable to decode "F": …`, whatever --validate says. Compared with the real
 * kubectl 1.32, offline (`create --dry-run=client --validate=false` decodes before it needs a server).
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';
import { describeWithInputs, kubectlInput } from '../helpers/required-input';
import { KUBECTL_1_32 } from './kubectl-oracle';

const METADATA = [
  '{name: x, labels: {version: 2}}', '{name: x, labels: [a]}', '{name: 5}', '"str"', '[a]', '{name: x, generation: "2"}',
  '{name: x, creationTimestamp: "bad"}', '{name: x, annotations: {a: true}, labels: {b: 1.5}}', '{name: x, ownerReferences: {a: 1}}',
  '{name: x, finalizers: [1]}', '{name: x, uid: 5}',
];

describeWithInputs('manifest metadata decoded as kubectl decodes it', [kubectlInput(KUBECTL_1_32 !== undefined)], () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubemu-metadata-'));
  const home = manualCluster('metadata', 3);
  afterAll(() => { home.cleanup(); fs.rmSync(dir, { recursive: true, force: true }); });

  it('refuses each bad metadata with kubectl\'s text, before anything is sent', () => {
    for (const [i, metadata] of METADATA.entries()) {
      const file = path.join(dir, `md${i}.yaml`);
      fs.writeFileSync(file, `apiVersion: v1\nkind: ConfigMap\nmetadata: ${metadata}\n`);
      const args = ['create', '-f', file, '--validate=false', '--dry-run=client'];
      const theirs = spawnSync(KUBECTL_1_32!, args, { encoding: 'utf8', env: { ...process.env, KUBECONFIG: '/dev/null' } });
      expect(theirs.stderr, metadata).toMatch(/^error: unable to decode /);
      expect(home.run(args), metadata).toEqual({ stdout: theirs.stdout, stderr: theirs.stderr, code: theirs.status });
    }
  });
});
