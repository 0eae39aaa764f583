/**
 * required-input: tests whose inputs live outside the repository — the real-world manifest
 * corpus in the `shared/corpus` folder beside it, and kubectl 1.32 as an oracle. On a clone without them
 * such a suite shows up as one skipped test that names what is missing; under CI (CI=true)
 * it fails instead, because a check that silently never ran is not a passing check.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'vitest';

/** SHARED_DIR is the folder beside the repository that holds the corpus. */
export const SHARED_DIR = path.resolve(__dirname, '../../../shared');
/** CORPUS_DIR is the real-world manifest corpus (valid/, invalid/, INDEX.tsv). */
export const CORPUS_DIR = path.join(SHARED_DIR, 'corpus');
/** CORPUS_INDEX is the corpus's table of files and the outcomes kubectl gave them. */
export const CORPUS_INDEX = path.join(CORPUS_DIR, 'INDEX.tsv');

/** RequiredInput is one outside input a suite needs, and whether this machine has it. */
export interface RequiredInput { what: string; present: boolean }

/** corpusInput is the corpus (or one file of it) as a required input. */
export function corpusInput(file = CORPUS_INDEX): RequiredInput {
  return { what: `the manifest corpus (${path.relative(path.resolve(__dirname, '../..'), file)})`, present: fs.existsSync(file) };
}

/** kubectlInput is the kubectl oracle as a required input. */
export function kubectlInput(present: boolean): RequiredInput {
  return { what: 'kubectl 1.32 on PATH', present };
}

/** inputsRequired is true under CI, where a missing input fails the suite. */
export function inputsRequired(): boolean {
  return process.env.CI === 'true' || process.env.CI === '1';
}

/**
 * describeWithInputs runs `fn` as describe(title) when every input is present. Otherwise it
 * registers one test in fn's place, skipped with a title naming what is missing, or failing
 * under CI; fn is not called (its set-up would read the missing files).
 */
export function describeWithInputs(title: string, inputs: RequiredInput[], fn: () => void): void {
  const missing = inputs.filter((i) => !i.present).map((i) => i.what);
  if (missing.length === 0) {
    describe(title, fn);
    return;
  }
  const reason = `needs ${missing.join(' and ')}, which is absent`;
  if (inputsRequired()) {
    describe(title, () => it(reason, () => { throw new Error(`${title}: ${reason} (CI=true: these tests must run, not skip)`); }));
  } else {
    // The default reporter shows a skip only as a count: say why on stderr as well.
    it(title, (ctx) => {
      console.warn(`skipped: ${title}: ${reason} (under CI=true this fails)`);
      ctx.skip(reason);
    });
  }
}
