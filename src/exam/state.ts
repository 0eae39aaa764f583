/**
 * state: the exam in progress — which exam, its seed, when it started by the host's wall
 * clock (the timer is real time, as the exam's; the clusters keep their own clocks) and the
 * last submission's scores — kept as `exam.json` in KUBEMU_HOME, as one learner sits one
 * exam at a time.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PRIVATE_FILE, makePrivateDir } from '../cluster/home';
import type { QuestionScore } from './model';

/** EXAM_FILE is the exam record's file name in KUBEMU_HOME. */
export const EXAM_FILE = 'exam.json';

/** ExamState is the exam in progress. */
export interface ExamState {
  exam: string;
  seed: number;
  startedAtMs: number;
  durationMs: number;
  submissions: number;
  last?: QuestionScore[];
}

const fileOf = (home: string) => path.join(home, EXAM_FILE);

/** readExamState reads the exam in progress; undefined when none was started. */
export function readExamState(home: string): ExamState | undefined {
  const f = fileOf(home);
  if (!fs.existsSync(f)) return undefined;
  try { return JSON.parse(fs.readFileSync(f, 'utf8')) as ExamState; } catch { return undefined; }
}

/** writeExamState saves the exam record, owner-only as the clusters' state. */
export function writeExamState(home: string, s: ExamState): void {
  makePrivateDir(home);
  fs.writeFileSync(fileOf(home), `${JSON.stringify(s, null, 2)}\n`, { mode: PRIVATE_FILE });
}

/** clearExamState ends the exam in progress (its record goes; the clusters are the caller's). */
export function clearExamState(home: string): boolean {
  const f = fileOf(home);
  if (!fs.existsSync(f)) return false;
  fs.rmSync(f);
  return true;
}
