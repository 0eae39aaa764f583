/**
 * session: the exercise's life on one host — (re)create its cluster, run the setup, record the
 * start, check, and keep the progress — independent of how it is presented. The CLI's
 * `exercise` verb prints around it; an exam runs one per question on its own host.
 */
import { runChecks } from './checks';
import type { ExerciseHost } from './host';
import type { CheckResult, Exercise } from './model';
import { readProgress, writeProgress, type Progress } from './progress';
import { runSteps, StepError } from './step-runner';
import { pickValues, render, type Values } from './variables';

/** CLUSTER_PREFIX names an exercise's own cluster: ex-<exercise>. */
export const CLUSTER_PREFIX = 'ex-';
export const clusterFor = (exercise: string): string => `${CLUSTER_PREFIX}${exercise}`;

/** ClockMode is how the exercise cluster's clock runs (wall: as a real cluster; manual: only by tick, for tests). */
export type ClockMode = 'wall' | 'manual';

/** recreateCluster deletes the host's cluster if it exists and creates it afresh with the seed (it becomes the current cluster). */
export function recreateCluster(host: ExerciseHost, seed: number, clock: ClockMode, exists: boolean): void {
  if (exists) {
    const d = host.run(['cluster', 'delete', host.cluster]);
    if (d.code !== 0) throw new StepError(`cluster delete ${host.cluster} failed: ${d.stderr.trim()}`);
  }
  const c = host.run(['cluster', 'create', host.cluster, '--seed', String(seed), '--clock', clock]);
  if (c.code !== 0) throw new StepError(`cluster create ${host.cluster} failed: ${c.stderr.trim()}`);
}

/** valuesFor is an exercise's values for a seed. */
export const valuesFor = (ex: Exercise, seed: number): Values => pickValues(ex.variables, seed);

/** taskText is the exercise's task with its values in. */
export const taskText = (ex: Exercise, values: Values): string => render(ex.task, values).trimEnd();

/** startExercise runs the setup on the host's (fresh) cluster and records the start. */
export function startExercise(host: ExerciseHost, ex: Exercise, seed: number): Values {
  const values = valuesFor(ex, seed);
  runSteps(host, ex.setup, values, 'setup');
  writeProgress(host.home, host.cluster, { exercise: ex.name, seed, hintsShown: 0, solutionShown: false, checks: 0, passed: false });
  return values;
}

/** NoExerciseError: the cluster has no exercise to act on. */
export class NoExerciseError extends Error { override readonly name = 'NoExerciseError'; }

/** currentProgress is the host's exercise record, or NoExerciseError. */
export function currentProgress(host: ExerciseHost): Progress {
  const p = readProgress(host.home, host.cluster);
  if (!p) throw new NoExerciseError(`no exercise on cluster "${host.cluster}" (start one: kubemu exercise start NAME)`);
  return p;
}

/** checkExercise evaluates the checks and records the results. */
export function checkExercise(host: ExerciseHost, ex: Exercise): CheckResult[] {
  const p = currentProgress(host);
  const results = runChecks(host, ex.checks, valuesFor(ex, p.seed));
  const passed = results.every((r) => r.passed);
  writeProgress(host.home, host.cluster, { ...p, checks: p.checks + 1, passed: p.passed || passed, last: results });
  return results;
}

/** runSolution runs the reference solution (CI, and a teacher's demonstration). */
export function runSolution(host: ExerciseHost, ex: Exercise, seed: number): void {
  runSteps(host, ex.solution, valuesFor(ex, seed), 'solution');
}

/** markShown records a hint or the solution as shown. */
export function markShown(host: ExerciseHost, p: Progress, change: Partial<Pick<Progress, 'hintsShown' | 'solutionShown'>>): void {
  writeProgress(host.home, host.cluster, { ...p, ...change });
}
