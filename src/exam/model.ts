/**
 * model: what an exam is once loaded — a title, a duration, a pass mark, the clusters
 * (contexts) it runs on and numbered questions, each a bundled exercise on one context with
 * a weight — and what submitting it scored. Pure types and the pure scoring.
 */
import type { CheckResult } from '../exercise/model';

/** Question is one exam question: an exercise done on a context, worth weight points. */
export interface Question { exercise: string; context: string; weight: number }

/** Exam is a loaded, validated exam. */
export interface Exam {
  name: string;
  title: string;
  durationMs: number;
  /** passMark is the percentage of the points that passes (the CKA's is 66). */
  passMark: number;
  contexts: readonly string[];
  questions: readonly Question[];
  file: string;
}

/** QuestionScore is one question's result: the points it earned out of its weight, and the checks behind them. */
export interface QuestionScore { got: number; weight: number; checks: readonly CheckResult[] }

/**
 * scoreQuestion gives partial credit: the weight times the share of the question's check
 * weights that passed. kubemu: the real exam's graders are not public; this is the share a
 * learner can read off `exercise check`.
 */
export function scoreQuestion(weight: number, checks: readonly CheckResult[]): QuestionScore {
  const total = checks.reduce((n, c) => n + c.weight, 0);
  const passed = checks.reduce((n, c) => n + (c.passed ? c.weight : 0), 0);
  return { got: total ? (weight * passed) / total : 0, weight, checks };
}

/** ExamScore totals the questions' points and says whether they reach the pass mark. */
export interface ExamScore { got: number; total: number; percent: number; passed: boolean }

/** scoreExam totals question scores; percent is rounded down, as a mark must be reached, not approached. */
export function scoreExam(passMark: number, scores: readonly QuestionScore[]): ExamScore {
  const got = scores.reduce((n, s) => n + s.got, 0);
  const total = scores.reduce((n, s) => n + s.weight, 0);
  // The epsilon keeps 2/3 of 99 from flooring to 65 through binary fractions.
  const percent = total ? Math.floor((100 * got) / total + 1e-9) : 0;
  return { got, total, percent, passed: percent >= passMark };
}

/** formatPoints prints points with at most one decimal (7.5, 15), the same on every machine. */
export function formatPoints(n: number): string {
  const r = Math.round(n * 10) / 10;
  return Number.isInteger(r) ? String(r) : r.toFixed(1);
}
