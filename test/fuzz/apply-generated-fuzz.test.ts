/**
 * R8 grammar fuzzing: fast-check generates Kubernetes-shaped YAML with odd scalars, deep
 * nesting, anchors/merge keys, BOM, NUL, CRLF and huge strings; each input goes through the
 * real `kubemu apply -f` in-process. A failing input is shrunk by fast-check to a minimal one.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';
import { ApplyFuzzer, FuzzStats } from './apply-oracle';
import { hostileManifest } from './k8s-arbitrary';

const INPUTS = Number(process.env.KUBEMU_FUZZ_GENERATED ?? 1000);
const SEED = Number(process.env.KUBEMU_FUZZ_SEED ?? 42);

describe('R8 generated hostile manifests', () => {
  let home: TempHome | undefined;
  afterAll(() => home?.cleanup());

  it(`${INPUTS} generated manifests never crash apply`, () => {
    home = manualCluster('fuzz', 7);
    const fuzzer = new ApplyFuzzer(home.dir, 'fuzz', 10);
    const stats = new FuzzStats();
    const result = fc.check(fc.property(hostileManifest, (input) => {
      const v = fuzzer.run(input);
      stats.add(v, input);
      return v.outcome !== 'crash' && v.outcome !== 'bad-exit' && v.outcome !== 'store-written-on-parse-error';
    }), { numRuns: INPUTS, seed: SEED, endOnFailure: false });
    fuzzer.close();
    console.log(stats.summary(`R8 generated (seed ${SEED})`));
    if (result.failed) console.log(`shrunk counter-example after ${result.numShrinks} shrinks: ${JSON.stringify(result.counterexample?.[0]).slice(0, 600)}`);
    expect(result.failed ? JSON.stringify(result.counterexample?.[0]).slice(0, 2000) : '').toBe('');
    expect(stats.failures(), [...stats.signatures.keys()].join('\n')).toBe(0);
  });
});
