/**
 * exercise: self-checking practice tasks (docs/exercises.md). An exercise is a YAML file —
 * seeded variables, setup steps (manifests, commands, named faults), a task, weighted
 * checks, hints and a reference solution — loaded and validated by loader.ts, run on one
 * cluster (an ExerciseHost) by session.ts, checked by checks/ through the API layer, with
 * progress kept in the cluster's folder. The `kubemu exercise` verb presents it.
 */
export * from './model';
export * from './host';
export * from './loader';
export * from './catalog';
export * from './progress';
export * from './session';
export * from './step-runner';
export * from './variables';
export { runChecks, CHECK_GRACE_MS } from './checks';
export { FAULTS } from './faults';
