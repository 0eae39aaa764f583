/**
 * exam: timed mock exams over several clusters (docs/exercises.md, "Exams"). An exam is a
 * YAML file under exams/ listing numbered questions — bundled exercises, each on a context
 * (a cluster of that name) with a weight; session.ts sets every cluster up and scores the
 * questions with the exercise engine's checks, with partial credit; state.ts keeps the exam
 * in progress. The `kubemu exam` verb presents it.
 */
export * from './model';
export * from './loader';
export * from './state';
export * from './session';
export * from './timer';
