/**
 * check: kubemu check [PATH|-]... — the offline CI verdict. Reads manifests as `apply -f`
 * does, applies them in dependency order to a throwaway in-memory cluster through the API
 * `apply` uses, runs it forward in simulated time, and reports per object and phase
 * (admitted, scheduled, ready) what stopped it, in Kubernetes' words, under a rule id.
 * Exit 0: everything passed; 1: a finding at error level; 2: a usage or internal error.
 * Nothing is written to KUBEMU_HOME.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Options } from 'yargs';
import { ApiError } from '../../apiserver/errors';
import type { Admission } from '../../check/admit';
import { failed, PHASES, type BundleDoc, type BundleError, type Phase } from '../../check/model';
import { OUTPUT_FORMATS, OUTPUT_NAMES } from '../../check/output/formats';
import { PROFILE_NAMES, PROFILES } from '../../check/profiles';
import { runCheck, type Bundle } from '../../check/run-check';
import { summaryLine } from '../../check/summary';
import { reportColors } from '../../printers/report';
import type { CommandContext } from '../command';
import { CliError } from '../errors';
import { buildKustomizeDir, ONLY_ONE_OF_F_K } from '../kustomize-docs';
import { readFilenameArgs } from '../manifests';
import { prepareDoc, serverError } from '../object-writer';
import { leaf, ownVerb } from '../own-verb';
import { FIELD_MANAGER, unnamedApplyError } from './apply';
import { durationFlag } from './sim-wait';

/** USAGE_EXIT is the exit code of a usage or internal error: 1 is taken by "the check found errors". */
export const USAGE_EXIT = 2;

/** NO_INPUT is the usage error of a check given nothing to read. */
export const NO_INPUT = 'check needs at least one file, directory or - (stdin), e.g. `kubemu check k8s/ -R`';

class UnnamedObject extends Error {}

/** admission writes each document as `kubectl apply -f` does (strict field validation), with its texts. */
function admission(ctx: CommandContext): Admission {
  return {
    prepare(cluster, doc) {
      const sourced = { object: doc.object, index: 0, line: doc.line, duplicates: [], source: doc.file };
      const { info, object } = prepareDoc(sourced, cluster.api.registry(), ctx.namespaceExplicit ? ctx.namespace : 'default', ctx.namespaceExplicit, 'strict');
      const unnamed = unnamedApplyError(info, object, doc.file);
      if (unnamed) throw new UnnamedObject(unnamed);
      return { info, object };
    },
    write: (cluster, _info, object) => cluster.api.apply(object, { fieldManager: FIELD_MANAGER, fieldValidation: 'Strict' }).object,
    errorText(e, doc) {
      if (e instanceof UnnamedObject) return e.message;
      if (e instanceof ApiError) return serverError(e, 'creating', doc.file);
      if (e instanceof CliError) return `error: ${e.message}`;
      throw e;
    },
  };
}

/** readBundle reads the arguments as apply's -f does, keeping each object's file and line. */
function readBundle(ctx: CommandContext, paths: string[], recursive: boolean): Bundle {
  const { docs, errors } = readFilenameArgs(ctx, paths, recursive, false);
  const files: string[] = [];
  const seen = (f: string) => { if (!files.includes(f)) files.push(f); };
  const bundleDocs: BundleDoc[] = docs.map((d) => { seen(d.source); return { file: d.source, line: d.line, object: d.object }; });
  const bundleErrors: BundleError[] = errors.map((e) => { seen(e.source); return { file: e.source, line: e.line ?? 1, message: `error: ${e.message}` }; });
  return { files, docs: bundleDocs, errors: bundleErrors };
}

/** readKustomization builds a kustomization; each object points at the file and line it came from. */
function readKustomization(ctx: CommandContext, dir: string): Bundle {
  const { docs, origins } = buildKustomizeDir(ctx, dir);
  const bundleDocs: BundleDoc[] = docs.map((d, i) => ({ file: origins[i]!.file, line: origins[i]!.line, object: d.object }));
  return { files: [...new Set(bundleDocs.map((d) => d.file))], docs: bundleDocs, errors: [] };
}

/**
 * pathArgs are the PATH arguments in the order typed. yargs' parser drops a lone `-`, so
 * stdin's `-` is put back from the command line where it stood among the paths.
 */
function pathArgs(ctx: CommandContext): string[] {
  const typed = ctx.argv ?? [];
  if (!typed.includes('-')) return ctx.args;
  const rest = [...ctx.args];
  const out: string[] = [];
  for (const tok of typed.slice(typed.indexOf('check') + 1)) {
    if (tok === '--') break;
    if (tok === '-') out.push('-');
    else if (tok === rest[0]) out.push(rest.shift()!);
  }
  return [...out, ...rest];
}

function choice(value: string, flag: string, allowed: readonly string[]): string {
  if (!allowed.includes(value)) throw new CliError(`invalid argument "${value}" for "--${flag}" flag: must be one of: ${allowed.join(', ')}`, USAGE_EXIT);
  return value;
}

/** CHECK_OPTIONS are check's flags (a named table: typed through leaf's parameter, not inferred inside ownVerb's). */
const CHECK_OPTIONS = {
  recursive: { alias: 'R', type: 'boolean', default: false, describe: 'Read the directories given recursively.' },
  kustomize: { alias: 'k', type: 'string', describe: 'Check the objects the kustomization in this directory builds (instead of PATHs).' },
  until: { type: 'string', default: 'ready', describe: `The last phase to check: ${PHASES.join(', ')}.` },
  'sim-timeout': { type: 'string', default: '10m', describe: 'How much simulated time objects get to reach the phase.' },
  output: { alias: 'o', type: 'string', default: 'text', describe: `Report format: ${OUTPUT_NAMES.join(', ')}.` },
  'output-file': { type: 'string', describe: 'Write the report to this file (the summary line still goes to stdout).' },
  seed: { type: 'number', default: 1, describe: 'Seed of the throwaway cluster (same input and seed: same report).' },
  profile: { type: 'string', default: 'kubeadm', describe: `Cluster to check against: ${PROFILE_NAMES.join(', ')}.` },
} satisfies Record<string, Options>;

/** checkCommand is `kubemu check`. */
export const checkCommand = ownVerb(leaf<typeof CHECK_OPTIONS>({
  command: 'check [paths..]',
  describe: 'Check manifests offline: would they be admitted, scheduled and Ready, and if not, why (kubemu)',
  options: CHECK_OPTIONS,
  examples: [
    ['$0 check k8s/ -R', 'check every manifest under k8s/'],
    ['helm template my-chart | $0 check -', 'check what a chart renders'],
    ['$0 check app.yaml --output junit --output-file check.xml', 'a JUnit report for CI'],
    ['$0 check app.yaml --until scheduled --profile kind', "stop at scheduling, on kind's single node"],
    ['$0 check -k overlays/prod', 'check what a kustomization builds'],
  ],
  run(ctx: CommandContext, opts): number {
    try {
      const paths = pathArgs(ctx);
      if (opts.kustomize !== undefined && paths.length) throw new CliError(ONLY_ONE_OF_F_K.replace('-f', 'PATHs'), USAGE_EXIT);
      if (!paths.length && opts.kustomize === undefined) throw new CliError(NO_INPUT, USAGE_EXIT);
      const until = choice(opts.until, 'until', PHASES) as Phase;
      const format = choice(opts.output, 'output', OUTPUT_NAMES);
      const profile = PROFILES[choice(opts.profile, 'profile', PROFILE_NAMES)]!;
      const simTimeoutMs = durationFlag(opts['sim-timeout'], 'sim-timeout');
      if (simTimeoutMs < 0) throw new CliError(`invalid argument "${opts['sim-timeout']}" for "--sim-timeout" flag: must not be negative`, USAGE_EXIT);
      if (!Number.isInteger(opts.seed)) throw new CliError(`invalid argument "${opts.seed}" for "--seed" flag: must be a whole number`, USAGE_EXIT);
      const bundle = opts.kustomize !== undefined ? readKustomization(ctx, opts.kustomize) : readBundle(ctx, paths, opts.recursive);
      if (!bundle.docs.length && !bundle.errors.length) throw new CliError('no objects passed to check', USAGE_EXIT);
      const report = runCheck(bundle, admission(ctx), { profile, seed: opts.seed, until, simTimeoutMs });
      const toFile = opts['output-file'];
      const colors = format === 'text' && !toFile ? reportColors(ctx.env, ctx.io.isTTY) : undefined;
      const rendered = OUTPUT_FORMATS[format]!(report, colors);
      if (toFile) {
        fs.writeFileSync(path.resolve(ctx.cwd, toFile), rendered);
        ctx.io.out(summaryLine(report));
      } else {
        ctx.io.out(rendered);
      }
      return failed(report) ? 1 : 0;
    } catch (e) {
      // Anything that stopped the check is exit 2, never 1: 1 means the manifests have findings.
      if (e instanceof CliError) throw e.exitCode === USAGE_EXIT ? e : new CliError(e.message, USAGE_EXIT, e.stdout);
      throw new CliError(`check failed: ${(e as Error).message ?? String(e)}`, USAGE_EXIT);
    }
  },
}), { usageExitCode: USAGE_EXIT });
