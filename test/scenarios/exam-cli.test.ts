/**
 * exam-cli: what `kubemu exam` prints — start's header and questions, status, and submit's
 * per-question table with partial credit before and after a question is solved, then with
 * every question solved through its exercise's reference solution (a pass, exit 0) — on one
 * exam shared by the file's tests, in order; then `list` and `stop`.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { loadExam, questionValues } from '../../src/exam';
import { loadCatalog } from '../../src/exercise/catalog';
import { commandArgv } from '../../src/exercise/command-line';
import { expandStep } from '../../src/exercise/step-runner';
import { tempHome } from '../helpers/run-cli';

const home = tempHome();
afterAll(() => home.cleanup());

const SEED = 5;
const catalog = loadCatalog();
const exam = loadExam('cka-mock', catalog);
const values = questionValues(exam, catalog, SEED);

/** solve switches to question n's context and types its exercise's reference solution. */
function solve(n: number): void {
  const q = exam.questions[n - 1]!;
  expect(home.run(['config', 'use-context', q.context]).code).toBe(0);
  for (const step of catalog.find((e) => e.name === q.exercise)!.solution) {
    for (const s of expandStep(step, values[n - 1]!)) {
      const r = home.run(commandArgv(s.line), { stdin: s.stdin });
      expect(r.code, `${s.line}: ${r.stderr}`).toBe(0);
    }
  }
}

const table = (rows: string[], score: string) => [
  '#   QUESTION                              CONTEXT   WEIGHT   SCORE   CHECKS',
  ...rows,
  '',
  score,
  '',
].join('\n');

describe('kubemu exam', () => {
  it('start sets up k8s-c1 and k8s-c2 and prints numbered questions with weights and contexts', () => {
    const r = home.run(`exam start cka-mock --seed ${SEED} --clock manual`);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines.slice(0, 6)).toEqual([
      'Exam cka-mock: CKA mock exam (seed 5). 6 questions, 100 points, 2h0m; pass mark 66%.',
      'Clusters ready: k8s-c1, k8s-c2. The timer runs from now (kubemu exam status).',
      '',
      '## Question 1 | Task weight: 15% | A static pod on a worker',
      '',
      'Use context: kubectl config use-context k8s-c1',
    ]);
    expect(r.stdout).toContain('## Question 4 | Task weight: 15% | Read-only access to pods for a user\n\nUse context: kubectl config use-context k8s-c2\n\n'
      + 'The user `jane` must be able to get, list and watch pods in the namespace `dev`,\n');
    expect(lines.at(-2)).toBe('When you are done: kubemu exam submit    Time left: kubemu exam status');
    expect(home.run('config current-context').stdout).toBe('k8s-c1\n');
    expect(home.run('cluster list').stdout).toMatch(/^ +k8s-c2 +manual +5 +3$/m);
  });

  it('status shows the time left by the wall clock and the questions, not yet scored', () => {
    const r = home.run('exam status');
    expect(r.code).toBe(0);
    // The timer is real time: only its shape is fixed.
    expect(r.stdout.split('\n')[0]).toMatch(/^Exam cka-mock \(seed 5\): \dh\d+m left of 2h0m\.$/);
    expect(r.stdout).toContain('4   Read-only access to pods for a user   k8s-c2    15       -       -\n');
  });

  it('submit gives partial credit per question and exits 1 below the pass mark', () => {
    const r = home.run('exam submit');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(table([
      '1   A static pod on a worker              k8s-c1    15       0       0/3',
      '2   Drain a node for maintenance          k8s-c2    20       4       1/3',
      '3   A PersistentVolume and its claim      k8s-c1    15       0       0/3',
      '4   Read-only access to pods for a user   k8s-c2    15       6.4     3/6',
      '5   Connection refused behind a Service   k8s-c1    20       4       1/3',
      '6   Pin a pod to a node by label          k8s-c1    15       0       0/3',
    ], 'Score: 14.4/100 (14%) — not passed (pass mark 66%)'));
  });

  it('a question solved in its context earns its whole weight at the next submit', () => {
    solve(4);
    const r = home.run('exam submit');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(table([
      '1   A static pod on a worker              k8s-c1    15       0       0/3',
      '2   Drain a node for maintenance          k8s-c2    20       4       1/3',
      '3   A PersistentVolume and its claim      k8s-c1    15       0       0/3',
      '4   Read-only access to pods for a user   k8s-c2    15       15      6/6',
      '5   Connection refused behind a Service   k8s-c1    20       4       1/3',
      '6   Pin a pod to a node by label          k8s-c1    15       0       0/3',
    ], 'Score: 23/100 (23%) — not passed (pass mark 66%)'));
    expect(home.run('exam status').stdout).toContain('4   Read-only access to pods for a user   k8s-c2    15       15      6/6\n');
  });

  it('with every question solved the questions do not collide on a shared cluster: full marks, exit 0', () => {
    for (const n of [1, 2, 3, 5, 6]) solve(n);
    const r = home.run('exam submit');
    expect(r.stdout).toBe(table([
      '1   A static pod on a worker              k8s-c1    15       15      3/3',
      '2   Drain a node for maintenance          k8s-c2    20       20      3/3',
      '3   A PersistentVolume and its claim      k8s-c1    15       15      3/3',
      '4   Read-only access to pods for a user   k8s-c2    15       15      6/6',
      '5   Connection refused behind a Service   k8s-c1    20       20      3/3',
      '6   Pin a pod to a node by label          k8s-c1    15       15      3/3',
    ], 'Score: 100/100 (100%) — passed (pass mark 66%)'));
    expect(r.code).toBe(0);
  });

  it('list marks the exam in progress; stop ends it and deletes its clusters', () => {
    expect(home.run('exam list')).toEqual({ code: 0, stderr: '', stdout: [
      'NAME       TITLE           QUESTIONS   DURATION   PASS MARK   CONTEXTS        STATUS',
      'cka-mock   CKA mock exam   6           2h0m       66%         k8s-c1,k8s-c2   in progress', ''].join('\n') });
    expect(home.run('exam stop')).toEqual({ code: 0, stderr: '', stdout: 'Exam cka-mock (seed 5) stopped after 3 submissions; clusters deleted: k8s-c1, k8s-c2.\n' });
    expect(home.run('cluster list').stdout).not.toMatch(/k8s-c/);
    expect(home.run('exam list').stdout).toContain('cka-mock   CKA mock exam   6           2h0m       66%         k8s-c1,k8s-c2\n');
    expect(home.run('exam stop')).toEqual({ stdout: '', stderr: 'error: no exam started (start one: kubemu exam start cka-mock)\n', code: 1 });
  });

  it('without an exam started, status and submit say how to start one', () => {
    const other = tempHome();
    try {
      expect(other.run('exam status')).toEqual({ stdout: '', stderr: 'error: no exam started (start one: kubemu exam start cka-mock)\n', code: 1 });
      expect(other.run('exam start ckx').stderr).toBe('error: unknown exam "ckx" (bundled: cka-mock)\n');
    } finally { other.cleanup(); }
  });
});
