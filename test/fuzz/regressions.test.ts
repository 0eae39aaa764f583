/**
 * R8 regressions: inputs the fuzzers once crashed `kubemu apply -f` with, replayed end to
 * end. Each must now be applied or refused with a clean error line.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';
import { ApplyFuzzer } from './apply-oracle';

/** REPRODUCERS are minimal crashing inputs, with where they crashed. */
const REPRODUCERS: [string, string][] = [
  ['null extended-resource request (tryParseQuantity(null))',
    'apiVersion: v1\nkind: Pod\nmetadata:\n  name: dongle\nspec:\n  containers:\n  - name: c\n    image: nginx\n    resources:\n      requests:\n        example.com/dongle:\n'],
];

describe('R8 fuzz regressions', () => {
  const home = manualCluster('fuzz', 7);
  const fuzzer = new ApplyFuzzer(home.dir, 'fuzz', 1);
  afterAll(() => { fuzzer.close(); home.cleanup(); });

  for (const [name, input] of REPRODUCERS) {
    it(name, () => {
      const v = fuzzer.run(input);
      expect(v.signature ?? '').toBe('');
      expect(['applied', 'clean-error', 'partial']).toContain(v.outcome);
    });
  }
});
