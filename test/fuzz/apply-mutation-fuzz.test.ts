/**
 * R8 mutation fuzzing: corpus manifests mutated byte-wise (fuzz-yaml.js style), each run
 * through the real `kubemu apply -f` in-process against one manual cluster. Prints the
 * figures; asserts the oracle (no crash, clean exit codes, no write on a parse error).
 */
import * as fs from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';
import { ApplyFuzzer, FuzzStats } from './apply-oracle';
import { corpusFiles, CORPUS_DIR, mutate, Rng } from './mutate';
import { corpusInput, describeWithInputs } from '../helpers/required-input';

/** INPUTS is the CI size (BENCHMARKS R8: 3 000 in CI, split with the generated run). */
const INPUTS = Number(process.env.KUBEMU_FUZZ_MUTATIONS ?? 2000);
const SEED = Number(process.env.KUBEMU_FUZZ_SEED ?? 1);
const files = corpusFiles();

describeWithInputs('R8 mutation fuzzing over the shared corpus', [corpusInput(CORPUS_DIR)], () => {
  let home: TempHome | undefined;
  afterAll(() => home?.cleanup());

  it(`${INPUTS} mutated corpus manifests never crash apply`, () => {
    home = manualCluster('fuzz', 7);
    // Every 20th input is applied for real; the rest are --dry-run=server (same read/decode/validate path).
    const fuzzer = new ApplyFuzzer(home.dir, 'fuzz', 20);
    const stats = new FuzzStats();
    const texts = files.map((f) => fs.readFileSync(f, 'utf8')).filter((t) => t.length < 64 * 1024);
    const rng = new Rng(SEED);
    for (let i = 0; i < INPUTS; i++) {
      const input = mutate(rng, rng.pick(texts), rng.pick(texts));
      stats.add(fuzzer.run(input), input);
    }
    fuzzer.close();
    console.log(stats.summary(`R8 mutation (seed ${SEED}, ${texts.length} corpus files)`));
    expect(stats.failures(), [...stats.signatures.keys()].join('\n')).toBe(0);
  });
});
