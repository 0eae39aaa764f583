/**
 * progress: what a learner has done with the exercise on a cluster — which exercise and seed,
 * hints shown, whether the solution was shown, the last check's results and whether it ever
 * passed — kept as `exercise.json` in the cluster's folder, so it goes with the cluster
 * (`cluster delete` forgets it) and `exercise list` reads every cluster's without opening one.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PRIVATE_FILE, clusterDir, listClusters } from '../cluster/home';
import type { CheckResult } from './model';

/** PROGRESS_FILE is the progress record's file name in a cluster's folder. */
export const PROGRESS_FILE = 'exercise.json';

/** Progress is one cluster's exercise record. */
export interface Progress {
  exercise: string;
  seed: number;
  hintsShown: number;
  solutionShown: boolean;
  checks: number;
  /** passed is true once a check passed every check (a later failing check does not take it back). */
  passed: boolean;
  last?: CheckResult[];
}

const fileOf = (home: string, cluster: string) => path.join(clusterDir(home, cluster), PROGRESS_FILE);

/** readProgress reads a cluster's record; undefined when no exercise was started on it. */
export function readProgress(home: string, cluster: string): Progress | undefined {
  const f = fileOf(home, cluster);
  if (!fs.existsSync(f)) return undefined;
  try { return JSON.parse(fs.readFileSync(f, 'utf8')) as Progress; } catch { return undefined; }
}

/** writeProgress saves a cluster's record, owner-only as the state beside it. */
export function writeProgress(home: string, cluster: string, p: Progress): void {
  fs.writeFileSync(fileOf(home, cluster), `${JSON.stringify(p, null, 2)}\n`, { mode: PRIVATE_FILE });
}

/** allProgress is every cluster's record, by cluster name. */
export function allProgress(home: string): Map<string, Progress> {
  const out = new Map<string, Progress>();
  for (const c of listClusters(home)) {
    const p = readProgress(home, c);
    if (p) out.set(c, p);
  }
  return out;
}
