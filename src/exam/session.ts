/**
 * session: an exam's life on its hosts, one per context — (re)create every cluster, run each
 * question's setup on its context's cluster, and score every question through the exercise
 * engine's checks — independent of how `kubemu exam` presents it.
 */
import { runChecks } from '../exercise/checks';
import type { ExerciseHost } from '../exercise/host';
import type { Exercise } from '../exercise/model';
import { recreateCluster, valuesFor, type ClockMode } from '../exercise/session';
import { runSteps } from '../exercise/step-runner';
import type { Values } from '../exercise/variables';
import { scoreQuestion, type Exam, type QuestionScore } from './model';

/**
 * questionSeed is question n's (1-based) variable seed: questions on one cluster draw their
 * own picks, so two questions do not both ask for the same word.
 */
export const questionSeed = (seed: number, n: number): number => seed + n;

/** HostOf gives the host of a context (its cluster of the same name). */
export type HostOf = (context: string) => ExerciseHost;

/** exerciseOf finds a question's exercise (the exam was validated against the catalog). */
const exerciseOf = (catalog: readonly Exercise[], name: string): Exercise => catalog.find((e) => e.name === name)!;

/** questionValues is every question's values for the seed, in question order. */
export function questionValues(exam: Exam, catalog: readonly Exercise[], seed: number): Values[] {
  return exam.questions.map((q, i) => valuesFor(exerciseOf(catalog, q.exercise), questionSeed(seed, i + 1)));
}

/** startExam recreates every context's cluster with the seed and runs each question's setup on its own. */
export function startExam(hostOf: HostOf, exists: (cluster: string) => boolean, exam: Exam, catalog: readonly Exercise[], seed: number, clock: ClockMode): Values[] {
  for (const c of exam.contexts) recreateCluster(hostOf(c), seed, clock, exists(c));
  const values = questionValues(exam, catalog, seed);
  exam.questions.forEach((q, i) => runSteps(hostOf(q.context), exerciseOf(catalog, q.exercise).setup, values[i]!, 'setup'));
  return values;
}

/** submitExam checks every question on its context's cluster and gives each its partial credit. */
export function submitExam(hostOf: HostOf, exam: Exam, catalog: readonly Exercise[], seed: number): QuestionScore[] {
  const values = questionValues(exam, catalog, seed);
  return exam.questions.map((q, i) => scoreQuestion(q.weight, runChecks(hostOf(q.context), exerciseOf(catalog, q.exercise).checks, values[i]!)));
}
