/**
 * prove-exercises: CI's proof of the bundled exercises, one track per test file (so the two
 * workers share the tracks). For each exercise, on a copy of one warm manual-clock cluster:
 * the setup runs with a fixed seed, the untouched attempt fails at least one check, the
 * reference solution runs without a failing step, and then every check passes. The engine
 * runs in-process; only `command` checks and the steps themselves go through the CLI.
 */
import { describe, expect, it } from 'vitest';
import { cliHost } from '../../src/cli/exercise-host';
import { checkExercise, loadCatalog, runSolution, startExercise, type Track } from '../../src/exercise';
import { manualCluster } from '../helpers/run-cli';

/** PROOF_SEED is the variant CI proves (any seed must work; this one is checked). */
export const PROOF_SEED = 11;

const failing = (rs: { title: string; passed: boolean; reason: string }[]) => rs.filter((r) => !r.passed).map((r) => `${r.title}: ${r.reason}`);

/** proveTrack declares one test per exercise of the track. */
export function proveTrack(track: Track): void {
  const exercises = loadCatalog().filter((e) => e.track === track);
  describe(`${track} exercises`, () => {
    it('the track has exercises', () => expect(exercises.length).toBeGreaterThan(0));
    for (const ex of exercises) {
      it(`${ex.name}: fails untouched, passes with its solution`, () => {
        const home = manualCluster('ex', 1);
        try {
          const host = cliHost(home.dir, 'ex', { ...process.env, KUBEMU_HOME: home.dir }, home.dir);
          startExercise(host, ex, PROOF_SEED);
          expect(failing(checkExercise(host, ex)).length, 'an untouched attempt fails a check').toBeGreaterThan(0);
          runSolution(host, ex, PROOF_SEED);
          expect(failing(checkExercise(host, ex))).toEqual([]);
        } finally {
          home.cleanup();
        }
      });
    }
  });
}
