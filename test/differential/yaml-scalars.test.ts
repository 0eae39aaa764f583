/**
 * R9 YAML reading vs kubectl: every hazard file and (a sample of, or with KUBEMU_DIFF_ALL=1
 * every) corpus file is read by src/yaml readManifestStream and by `kubectl label --local -f
 * F x=y -o json`; the objects (plus the label) and the error lines must be identical.
 * Prints identical/different counts with the first differing path.
 */
import * as path from 'node:path';
import * as fs from 'node:fs';
import { expect, it } from 'vitest';
import { readManifestStream } from '../../src/yaml';
import { firstDiff, HAS_KUBECTL, inputFiles, kubectl, splitJsonStream, Tally } from './kubectl-oracle';
import { corpusInput, describeWithInputs, kubectlInput } from '../helpers/required-input';

/** withLabel adds metadata.labels.x = "y" as `kubectl label x=y` does. */
function withLabel(o: Record<string, unknown>): Record<string, unknown> {
  const c = structuredClone(o);
  const meta = (c.metadata && typeof c.metadata === 'object' ? c.metadata : {}) as Record<string, unknown>;
  meta.labels = { ...((meta.labels as object) ?? {}), x: 'y' };
  c.metadata = meta;
  return c;
}

describeWithInputs('R9 YAML scalar reading vs kubectl label --local', [kubectlInput(HAS_KUBECTL), corpusInput()], () => {
  it('reads hazard and corpus files as kubectl does', () => {
    const objects = new Tally(), errors = new Tally();
    for (const file of inputFiles()) {
      const dir = path.dirname(file), base = path.basename(file);
      const k = kubectl(['label', '--local', '-f', base, 'x=y', '-o', 'json'], dir);
      const theirErrors = k.stderr.split('\n').filter((l) => l.startsWith('error: ')).map((l) => l.slice(7));
      // kubectl's label needs a REST mapping: kinds it does not know are not a YAML question.
      if (theirErrors.some((e) => /no matches for kind|resource mapping not found|the server doesn't have a resource type|couldn't get resource list|doesn't have a resource type/.test(e))) { objects.skipped++; continue; }
      const ours = readManifestStream(fs.readFileSync(file, 'utf8'), base);
      let theirs: unknown[];
      try { theirs = splitJsonStream(k.stdout); } catch { objects.add(base, 'kubectl output not JSON'); continue; }
      objects.add(path.relative(path.resolve(dir, '..'), file), firstDiff(ours.docs.map((d) => withLabel(d.object)), theirs));
      const ourErrors = ours.errors.map((e) => e.message);
      if (theirErrors.length || ourErrors.length) errors.add(base, firstDiff(ourErrors, theirErrors));
    }
    console.log(objects.summary('R9 YAML objects'));
    console.log(errors.summary('R9 YAML error lines'));
    expect(objects.different).toBe(0);
  });
});
