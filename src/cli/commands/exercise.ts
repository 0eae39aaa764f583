/**
 * exercise: kubemu exercise list|start|check|hint|solution|reset|next|report — self-checking
 * practice tasks (docs/exercises.md). `start NAME` (re)creates the cluster ex-NAME, makes it
 * current, runs the exercise's setup and prints the task; the other verbs act on the current
 * cluster's exercise. Checks settle the cluster first and read it through the API; `check`
 * exits 0 only when every check passes.
 */
import type { ChalkInstance } from 'chalk';
import { clusterExists } from '../../cluster/home';
import {
  NoExerciseError, StepError, ExerciseFileError, TRACKS, allProgress, checkExercise, clusterFor, currentProgress, findExercise,
  describeStep, loadCatalog, markShown, recreateCluster, render, scoreOf, startExercise, taskText, valuesFor, type CheckResult,
  type Exercise, type ExerciseHost, type Progress,
} from '../../exercise';
import { renderReport, reportColors } from '../../printers/report';
import { freshSeed } from '../../sim/rand';
import type { CommandContext } from '../command';
import { cliHost } from '../exercise-host';
import { leaf, ownVerb } from '../own-verb';
import { CliError, SilentExit } from '../errors';

/** PASS_MARK and FAIL_MARK start each check's row. */
export const PASS_MARK = '✓';
export const FAIL_MARK = '✗';

/** engine runs an engine call, turning its errors into one-line CLI errors. */
function engine<T>(fn: () => T): T {
  try { return fn(); } catch (e) {
    if (e instanceof StepError || e instanceof ExerciseFileError || e instanceof NoExerciseError) throw new CliError(e.message);
    throw e;
  }
}

const hostOf = (ctx: CommandContext, cluster: string): ExerciseHost => cliHost(ctx.home, cluster, ctx.env, ctx.cwd);

/** current is the current cluster's exercise, its record and host. */
function current(ctx: CommandContext): { ex: Exercise; progress: Progress; host: ExerciseHost; catalog: Exercise[] } {
  const host = hostOf(ctx, ctx.clusterName);
  const progress = engine(() => currentProgress(host));
  const catalog = engine(() => loadCatalog());
  return { ex: engine(() => findExercise(catalog, progress.exercise)), progress, host, catalog };
}

/** statusOf is a record's STATUS cell. */
function statusOf(p: Progress | undefined): string {
  if (!p) return '-';
  if (!p.last) return 'started';
  const s = scoreOf(p.last);
  return `${p.passed ? 'passed' : 'failed'} ${s.got}/${s.total}`;
}

/** begin starts an exercise on its own cluster and prints the task. */
function begin(ctx: CommandContext, ex: Exercise, seed: number, clock: string): number {
  if (clock !== 'wall' && clock !== 'manual') throw new CliError(`--clock must be "manual" or "wall", got "${clock}"`);
  const cluster = clusterFor(ex.name);
  const host = hostOf(ctx, cluster);
  const values = engine(() => {
    recreateCluster(host, seed, clock, clusterExists(ctx.home, cluster));
    return startExercise(host, ex, seed);
  });
  ctx.io.out(`Exercise ${ex.name} (${ex.track}, ${ex.topic}; seed ${seed}) is ready on cluster ${cluster}, now the current cluster.\n\n`);
  ctx.io.out(`# ${ex.title}\n\n${taskText(ex, values)}\n\n`);
  ctx.io.out('When you are done: kubemu exercise check    Stuck: kubemu exercise hint\n');
  return 0;
}

function seedOf(seed: number | undefined): number {
  if (seed === undefined) return freshSeed();
  if (!Number.isInteger(seed) || seed < 0) throw new CliError(`--seed must be a whole number, got "${seed}"`);
  return seed;
}

const listCommand = leaf({
  command: 'list',
  describe: 'List the bundled exercises and your progress',
  options: { track: { type: 'string', describe: `Only this track (${TRACKS.join(', ')})` } },
  run(ctx, opts) {
    if (opts.track !== undefined && !(TRACKS as readonly string[]).includes(opts.track)) throw new CliError(`unknown track "${opts.track}" (one of: ${TRACKS.join(', ')})`);
    const catalog = engine(() => loadCatalog()).filter((e) => !opts.track || e.track === opts.track);
    const progress = allProgress(ctx.home);
    const byExercise = new Map([...progress].map(([c, p]) => [p.exercise, { cluster: c, p }] as const));
    const rows = catalog.map((e) => [e.name, e.track, e.topic, statusOf(byExercise.get(e.name)?.p)]);
    ctx.io.out(renderReport(['NAME', 'TRACK', 'TOPIC', 'STATUS'], rows));
    return 0;
  },
});

const startCommand = leaf({
  command: 'start <name>',
  describe: 'Set up an exercise on its own cluster (ex-NAME) and print the task',
  options: {
    seed: { type: 'number', describe: 'Seed of the exercise\'s variables and its cluster (default: a fresh one, printed)' },
    clock: { type: 'string', default: 'wall', describe: 'The cluster\'s clock: wall (as a real cluster) or manual (moves only with `kubemu tick`)' },
  },
  examples: [['$0 exercise start deploy-scale', 'a fresh variant'], ['$0 exercise start deploy-scale --seed 7', 'the variant a classmate has']],
  run(ctx, opts) {
    const ex = engine(() => findExercise(loadCatalog(), ctx.args[0]!));
    return begin(ctx, ex, seedOf(opts.seed), opts.clock);
  },
});

/** renderChecks renders check results as a report: ✓ or ✗, the check, its weight and the reason. */
function renderChecks(results: readonly CheckResult[], colors: ChalkInstance): string {
  const rows = results.map((r) => [r.passed ? PASS_MARK : FAIL_MARK, r.title, String(r.weight), r.reason]);
  return renderReport(['', 'CHECK', 'WEIGHT', 'RESULT'], rows, {
    colors,
    cell: (t, i, row) => (i === 0 && colors.level ? (row[0] === PASS_MARK ? colors.green(t) : colors.red(t)) : t),
  });
}

const checkCommand = leaf({
  command: 'check',
  describe: 'Check the current cluster\'s exercise (exit 0 when every check passes)',
  run(ctx) {
    const { ex, host } = current(ctx);
    const results = engine(() => checkExercise(host, ex));
    const s = scoreOf(results);
    ctx.io.out(renderChecks(results, reportColors(ctx.env, ctx.io.isTTY)));
    const pct = s.total ? Math.floor((100 * s.got) / s.total) : 100;
    ctx.io.out(`\nScore: ${s.got}/${s.total} (${pct}%) — ${s.passed ? 'passed. Next: kubemu exercise next' : 'not passed yet'}\n`);
    if (!s.passed) throw new SilentExit(1);
    return 0;
  },
});

const hintCommand = leaf({
  command: 'hint [n]',
  describe: 'Show the next hint (or hint N)',
  run(ctx) {
    const { ex, progress, host } = current(ctx);
    if (!ex.hints.length) { ctx.io.out('This exercise has no hints. kubemu exercise solution shows the reference solution.\n'); return 0; }
    const arg = ctx.args[0];
    const n = arg === undefined ? Math.min(progress.hintsShown + 1, ex.hints.length) : Number(arg);
    if (!Number.isInteger(n) || n < 1 || n > ex.hints.length) throw new CliError(`hint ${arg} does not exist (this exercise has ${ex.hints.length})`);
    ctx.io.out(`Hint ${n}/${ex.hints.length}: ${render(ex.hints[n - 1]!, valuesFor(ex, progress.seed))}\n`);
    if (arg === undefined && progress.hintsShown >= ex.hints.length) ctx.io.out('That was the last hint. kubemu exercise solution shows the reference solution.\n');
    markShown(host, progress, { hintsShown: Math.max(progress.hintsShown, n) });
    return 0;
  },
});

const solutionCommand = leaf({
  command: 'solution',
  describe: 'Print the reference solution',
  run(ctx) {
    const { ex, progress, host } = current(ctx);
    const values = valuesFor(ex, progress.seed);
    ctx.io.out(`# Reference solution: ${ex.name} (seed ${progress.seed})\n${ex.solution.map((s) => describeStep(s, values)).join('\n')}\n`);
    markShown(host, progress, { solutionShown: true });
    return 0;
  },
});

const resetCommand = leaf({
  command: 'reset',
  describe: 'Start the current exercise again (same seed, fresh cluster)',
  options: { clock: { type: 'string', default: 'wall', describe: 'The cluster\'s clock: wall or manual' } },
  run(ctx, opts) {
    const { ex, progress } = current(ctx);
    return begin(ctx, ex, progress.seed, opts.clock);
  },
});

const nextCommand = leaf({
  command: 'next',
  describe: 'Start the next exercise not yet passed (after the current one)',
  options: {
    seed: { type: 'number', describe: 'Seed of the next exercise (default: a fresh one)' },
    clock: { type: 'string', default: 'wall', describe: 'The cluster\'s clock: wall or manual' },
  },
  run(ctx, opts) {
    const catalog = engine(() => loadCatalog());
    const mine = allProgress(ctx.home);
    const passed = new Set([...mine.values()].filter((p) => p.passed).map((p) => p.exercise));
    const here = mine.get(ctx.clusterName)?.exercise;
    const from = here ? catalog.findIndex((e) => e.name === here) + 1 : 0;
    const order = [...catalog.slice(from), ...catalog.slice(0, from)];
    const next = order.find((e) => !passed.has(e.name) && e.name !== here);
    if (!next) { ctx.io.out('Every exercise is passed. Well done.\n'); return 0; }
    return begin(ctx, next, seedOf(opts.seed), opts.clock);
  },
});

/** xml escapes text for an XML attribute or element. */
const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** junitReport is the records as JUnit XML: a suite per exercise, a case per check. */
export function junitReport(records: readonly { ex: Exercise; p: Progress }[]): string {
  const suites = records.map(({ ex, p }) => {
    const results = p.last ?? ex.checks.map((c) => ({ title: c.title, weight: c.weight, passed: false, reason: 'not checked yet' }));
    const failures = results.filter((r) => !r.passed).length;
    const cases = results.map((r) => `    <testcase classname="${xml(`${ex.track}.${ex.name}`)}" name="${xml(r.title)}">${r.passed ? '' : `\n      <failure message="${xml(r.reason)}"/>\n    `}</testcase>`);
    return `  <testsuite name="${xml(ex.name)}" tests="${results.length}" failures="${failures}">\n${cases.join('\n')}\n  </testsuite>`;
  });
  const tests = records.reduce((n, { ex, p }) => n + (p.last ?? ex.checks).length, 0);
  const failures = records.reduce((n, { ex, p }) => n + (p.last ? p.last.filter((r) => !r.passed).length : ex.checks.length), 0);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="kubemu exercises" tests="${tests}" failures="${failures}">\n${suites.join('\n')}${suites.length ? '\n' : ''}</testsuites>\n`;
}

const reportCommand = leaf({
  command: 'report',
  describe: 'Summarise every exercise started in this KUBEMU_HOME (--junit for CI and classrooms)',
  options: { junit: { type: 'boolean', default: false, describe: 'JUnit XML: a test suite per exercise, a test case per check' } },
  run(ctx, opts) {
    const catalog = engine(() => loadCatalog());
    const records = [...allProgress(ctx.home)].flatMap(([cluster, p]) => {
      const ex = catalog.find((e) => e.name === p.exercise);
      return ex ? [{ cluster, ex, p }] : [];
    }).sort((a, b) => catalog.indexOf(a.ex) - catalog.indexOf(b.ex));
    if (opts.junit) { ctx.io.out(junitReport(records)); return 0; }
    if (!records.length) { ctx.io.out('No exercise started yet (kubemu exercise list).\n'); return 0; }
    const rows = records.map(({ cluster, ex, p }) => [ex.name, ex.track, cluster, String(p.seed), statusOf(p), String(p.hintsShown), p.solutionShown ? 'yes' : 'no']);
    ctx.io.out(renderReport(['NAME', 'TRACK', 'CLUSTER', 'SEED', 'STATUS', 'HINTS', 'SOLUTION'], rows));
    return 0;
  },
});

/** exerciseCommand is `kubemu exercise`. */
export const exerciseCommand = ownVerb({
  command: 'exercise',
  describe: 'Practise with self-checking exercises (basics, CKAD, CKA, CKS)',
  examples: [['$0 exercise list --track ckad', 'the CKAD-style exercises'], ['$0 exercise start pod-basics', 'set it up and print the task'], ['$0 exercise check', 'how am I doing?']],
  subcommands: [listCommand, startCommand, checkCommand, hintCommand, solutionCommand, resetCommand, nextCommand, reportCommand],
});
