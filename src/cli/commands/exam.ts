/**
 * exam: kubemu exam list|start|status|submit|stop — a timed mock exam over several clusters
 * (docs/exercises.md, "Exams"). `start NAME` (re)creates one cluster per context, runs every
 * question's setup and prints the numbered questions with their weights and the context to
 * switch to; `status` shows the time left by the wall clock; `submit` checks every question
 * with partial credit and exits 0 only at the pass mark.
 */
import { parseDuration } from '../../api/duration';
import { clusterExists } from '../../cluster/home';
import {
  ExamFileError, clearExamState, examNames, formatPoints, loadExam, questionValues, readExamState, scoreExam, startExam, submitExam, writeExamState, minutesText, timeLeftMs, timeLine,
  type Exam, type ExamState, type QuestionScore,
} from '../../exam';
import { ExerciseFileError, StepError, loadCatalog, render, taskText, type Exercise } from '../../exercise';
import type { Values } from '../../exercise/variables';
import { renderReport } from '../../printers/report';
import { freshSeed } from '../../sim/rand';
import { hostNowMs } from '../../sim/clock';
import type { CommandContext } from '../command';
import { cliHost } from '../exercise-host';
import { leaf, ownVerb } from '../own-verb';
import { CliError, SilentExit } from '../errors';

/** engine runs an engine call, turning its errors into one-line CLI errors. */
function engine<T>(fn: () => T): T {
  try { return fn(); } catch (e) {
    if (e instanceof StepError || e instanceof ExerciseFileError || e instanceof ExamFileError) throw new CliError(e.message);
    throw e;
  }
}

const exerciseOf = (catalog: readonly Exercise[], name: string) => catalog.find((e) => e.name === name)!;
const hostsOf = (ctx: CommandContext) => (context: string) => cliHost(ctx.home, context, ctx.env, ctx.cwd);

/** inProgress is the exam in progress, its definition and the catalog. */
function inProgress(ctx: CommandContext): { state: ExamState; exam: Exam; catalog: Exercise[] } {
  const state = readExamState(ctx.home);
  if (!state) throw new CliError('no exam started (start one: kubemu exam start cka-mock)');
  const catalog = engine(() => loadCatalog());
  return { state, exam: engine(() => loadExam(state.exam, catalog)), catalog };
}

/** questionTitles are the questions' titles with their values in. */
const questionTitles = (exam: Exam, catalog: readonly Exercise[], values: readonly Values[]) =>
  exam.questions.map((q, i) => render(exerciseOf(catalog, q.exercise).title, values[i]!));

/** percentOf is a question's weight as the exam prints it: its share of all points. */
const percentOf = (exam: Exam, weight: number) => formatPoints((100 * weight) / exam.questions.reduce((n, q) => n + q.weight, 0));

const startCommand = leaf({
  command: 'start <name>',
  describe: 'Set up an exam\'s clusters (one per context) and print its questions; the timer starts',
  options: {
    duration: { type: 'string', describe: 'The time allowed (default: the exam\'s, 120m for cka-mock)' },
    seed: { type: 'number', describe: 'Seed of the questions\' variables and the clusters (default: a fresh one, printed)' },
    clock: { type: 'string', default: 'wall', describe: 'The clusters\' clocks: wall (as real clusters) or manual (moves only with `kubemu tick`)' },
  },
  examples: [['$0 exam start cka-mock', 'two clusters, six questions, two hours'], ['$0 exam start cka-mock --duration 60m --seed 7', 'a shorter sitting of the variant a classmate has']],
  run(ctx, opts) {
    if (opts.clock !== 'wall' && opts.clock !== 'manual') throw new CliError(`--clock must be "manual" or "wall", got "${opts.clock}"`);
    if (opts.seed !== undefined && (!Number.isInteger(opts.seed) || opts.seed < 0)) throw new CliError(`--seed must be a whole number, got "${opts.seed}"`);
    const catalog = engine(() => loadCatalog());
    const exam = engine(() => loadExam(ctx.args[0]!, catalog));
    let durationMs = exam.durationMs;
    if (opts.duration !== undefined) {
      try { durationMs = parseDuration(opts.duration); } catch { durationMs = NaN; }
      if (!(durationMs > 0)) throw new CliError(`--duration must be a positive duration such as 90m, got "${opts.duration}"`);
    }
    const seed = opts.seed ?? freshSeed();
    const hostOf = hostsOf(ctx);
    const values = engine(() => startExam(hostOf, (c) => clusterExists(ctx.home, c), exam, catalog, seed, opts.clock as 'wall' | 'manual'));
    // As at the exam's start, the first question's context is the one in use.
    const use = hostOf(exam.questions[0]!.context).run(['config', 'use-context', exam.questions[0]!.context]);
    if (use.code !== 0) throw new CliError(use.stderr.trim());
    writeExamState(ctx.home, { exam: exam.name, seed, startedAtMs: hostNowMs(), durationMs, submissions: 0 });
    const total = exam.questions.reduce((n, q) => n + q.weight, 0);
    ctx.io.out(`Exam ${exam.name}: ${exam.title} (seed ${seed}). ${exam.questions.length} questions, ${formatPoints(total)} points, ${minutesText(durationMs)}; pass mark ${exam.passMark}%.\n`);
    ctx.io.out(`Clusters ready: ${exam.contexts.join(', ')}. The timer runs from now (kubemu exam status).\n`);
    const titles = questionTitles(exam, catalog, values);
    exam.questions.forEach((q, i) => {
      const ex = exerciseOf(catalog, q.exercise);
      ctx.io.out(`\n## Question ${i + 1} | Task weight: ${percentOf(exam, q.weight)}% | ${titles[i]}\n\n`);
      ctx.io.out(`Use context: kubectl config use-context ${q.context}\n\n${taskText(ex, values[i]!)}\n`);
    });
    ctx.io.out('\nWhen you are done: kubemu exam submit    Time left: kubemu exam status\n');
    return 0;
  },
});

/** questionRows are the report's rows: number, title, context, weight and, once submitted, points and checks passed. */
function questionRows(exam: Exam, titles: readonly string[], scores: readonly QuestionScore[] | undefined): string[][] {
  return exam.questions.map((q, i) => {
    const s = scores?.[i];
    const checks = s ? `${s.checks.filter((c) => c.passed).length}/${s.checks.length}` : '-';
    return [String(i + 1), titles[i]!, q.context, formatPoints(q.weight), s ? formatPoints(s.got) : '-', checks];
  });
}
const HEADERS = ['#', 'QUESTION', 'CONTEXT', 'WEIGHT', 'SCORE', 'CHECKS'];

const statusCommand = leaf({
  command: 'status',
  describe: 'Show the exam\'s time left and its questions (with the last submission\'s scores)',
  run(ctx) {
    const { state, exam, catalog } = inProgress(ctx);
    const titles = questionTitles(exam, catalog, questionValues(exam, catalog, state.seed));
    ctx.io.out(`Exam ${exam.name} (seed ${state.seed}): ${timeLine(state, hostNowMs())}.\n\n`);
    ctx.io.out(renderReport(HEADERS, questionRows(exam, titles, state.last)));
    return 0;
  },
});

const submitCommand = leaf({
  command: 'submit',
  describe: 'Score every question with partial credit (exit 0 at the pass mark); may be run again',
  run(ctx) {
    const { state, exam, catalog } = inProgress(ctx);
    const scores = engine(() => submitExam(hostsOf(ctx), exam, catalog, state.seed));
    writeExamState(ctx.home, { ...state, submissions: state.submissions + 1, last: scores });
    const titles = questionTitles(exam, catalog, questionValues(exam, catalog, state.seed));
    ctx.io.out(renderReport(HEADERS, questionRows(exam, titles, scores)));
    const s = scoreExam(exam.passMark, scores);
    ctx.io.out(`\nScore: ${formatPoints(s.got)}/${formatPoints(s.total)} (${s.percent}%) — ${s.passed ? 'passed' : 'not passed'} (pass mark ${exam.passMark}%)\n`);
    const now = hostNowMs();
    if (timeLeftMs(state, now) <= 0) ctx.io.out(`Submitted after the time was up: ${timeLine(state, now)}.\n`);
    if (!s.passed) throw new SilentExit(1);
    return 0;
  },
});

const listCommand = leaf({
  command: 'list',
  describe: 'List the bundled exams (the one in progress is marked)',
  run(ctx) {
    const catalog = engine(() => loadCatalog());
    const current = readExamState(ctx.home)?.exam;
    const rows = examNames().map((name) => {
      const exam = engine(() => loadExam(name, catalog));
      return [name, exam.title, String(exam.questions.length), minutesText(exam.durationMs), `${exam.passMark}%`, exam.contexts.join(','), name === current ? 'in progress' : ''];
    });
    ctx.io.out(renderReport(['NAME', 'TITLE', 'QUESTIONS', 'DURATION', 'PASS MARK', 'CONTEXTS', 'STATUS'], rows));
    return 0;
  },
});

const stopCommand = leaf({
  command: 'stop',
  describe: 'End the exam in progress and delete its clusters (--keep-clusters to look around afterwards)',
  options: { 'keep-clusters': { type: 'boolean', default: false, describe: 'Keep the exam\'s clusters (only the exam record goes)' } },
  examples: [['$0 exam stop', 'end the exam and delete k8s-c1, k8s-c2']],
  run(ctx, opts) {
    const { state, exam } = inProgress(ctx);
    const deleted: string[] = [];
    if (!opts['keep-clusters']) {
      const hostOf = hostsOf(ctx);
      for (const c of exam.contexts) {
        if (!clusterExists(ctx.home, c)) continue;
        const r = hostOf(c).run(['cluster', 'delete', c]);
        if (r.code !== 0) throw new CliError(`cluster delete ${c} failed: ${r.stderr.trim()}`);
        deleted.push(c);
      }
    }
    clearExamState(ctx.home);
    const clusters = opts['keep-clusters'] ? `; clusters kept: ${exam.contexts.join(', ')}` : deleted.length ? `; clusters deleted: ${deleted.join(', ')}` : '';
    ctx.io.out(`Exam ${exam.name} (seed ${state.seed}) stopped after ${state.submissions} submission${state.submissions === 1 ? '' : 's'}${clusters}.\n`);
    return 0;
  },
});

/** examCommand is `kubemu exam`. */
export const examCommand = ownVerb({
  command: 'exam',
  describe: 'Sit a timed mock exam over several clusters (cka-mock)',
  examples: [['$0 exam list', 'the bundled exams'], ['$0 exam start cka-mock', 'set up k8s-c1 and k8s-c2 and print the questions'], ['$0 exam submit', 'score it']],
  subcommands: [listCommand, startCommand, statusCommand, submitCommand, stopCommand],
});
