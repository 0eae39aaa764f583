/**
 * check: kubemu check [PATH|-]... — the offline CI verdict. Reads manifests as `apply -f`
 * does, applies them in dependency order to a throwaway in-memory cluster through the API
 * `apply` uses, runs it forward in simulated time, and reports per object and phase
 * (admitted, scheduled, ready, complete) what stopped it, in Kubernetes' words, under a rule
 * id — against a profile (a preset or a file) and a target version (--k8s-version).
 * Exit 0: everything passed; 1: a finding at error level; 2: a usage or internal error.
 * Nothing is written to KUBEMU_HOME.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Options } from 'yargs';
import { ApiError } from '../../apiserver/errors';
import type { Admission } from '../../check/admit';
import { failed, PHASES, type BundleDoc, type BundleError, type Phase } from '../../check/model';
import { DEFAULT_K8S_MINOR, K8S_MINORS } from '../../check/deprecations';
import { OUTPUT_FORMATS, OUTPUT_NAMES } from '../../check/output/formats';
import { outputTargets, type OutputTarget } from '../../check/output-targets';
import { ProfileError, readProfileFile } from '../../check/profile-file';
import { PROFILE_NAMES, PROFILES, type Profile } from '../../check/profiles';
import { runCheck, type Bundle } from '../../check/run-check';
import { RULE_TABLE } from '../../check/rules';
import { decodeObject } from '../../apiserver/decode';
import { decodeCustomResource } from '../../apiserver/custom-resource-schema/custom-resource';
import { schemaOf } from '../../apiserver/custom-resource-schema/schema';
import type { ResourceInfo } from '../../api/registry';
import type { KubeObject } from '../../api/meta';
import { hostNowMs } from '../../sim/clock';
import { podCounts, SettleProgress } from '../settle-progress';
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

/** unknownFieldWarnings are the fields a lenient write drops: the built-in decoder's, or a custom resource's schema's. */
function unknownFieldWarnings(info: ResourceInfo, object: KubeObject): string[] {
  const schema = schemaOf(info, object.apiVersion);
  if (!schema) return decodeObject(object as unknown as Record<string, unknown>, info, { fieldValidation: 'Warn' }).warnings;
  const warnings: string[] = [];
  decodeCustomResource(structuredClone(object), schema, 'Warn', (w) => warnings.push(w));
  return warnings;
}

/**
 * admission writes each document as `kubectl apply -f` does (strict field validation), with
 * its texts; lenient, unknown fields are warnings (kubectl's --validate=warn) and the write ignores them.
 */
export function checkAdmission(namespace: string | undefined, lenient: boolean): Admission {
  return {
    prepare(cluster, doc) {
      const sourced = { object: doc.object, index: 0, line: doc.line, duplicates: [], source: doc.file };
      const { info, object } = prepareDoc(sourced, cluster.api.registry(), namespace ?? 'default', namespace !== undefined, 'strict');
      const unnamed = unnamedApplyError(info, object, doc.file);
      if (unnamed) throw new UnnamedObject(unnamed);
      return { info, object };
    },
    write: (cluster, _info, object, _doc, warn) => cluster.api.apply(object, { fieldManager: FIELD_MANAGER, fieldValidation: lenient ? 'Ignore' : 'Strict', warn }).object,
    fieldWarnings: lenient ? unknownFieldWarnings : undefined,
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
  return bundleOf(docs, errors);
}

/** bundleOf turns what apply's reader read into a check's bundle (files in the order first seen). */
export function bundleOf(docs: readonly { source: string; line: number; object: Record<string, unknown> }[], errors: readonly { source: string; line?: number; message: string }[]): Bundle {
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

/** readTargets pairs the typed --output and --output-file flags (output-targets.ts) and checks each format. */
function readTargets(ctx: CommandContext, output: unknown, outputFile: unknown): OutputTarget[] {
  const typed = ctx.argv ? ctx.argv.slice(ctx.argv.indexOf('check') + 1) : undefined;
  let targets: OutputTarget[];
  try {
    targets = typed ? outputTargets(typed) : [{ format: asList(output).at(-1) ?? 'text', ...(outputFile ? { file: String(asList(outputFile).at(-1)) } : {}) }];
  } catch (e) {
    throw new CliError((e as Error).message, USAGE_EXIT);
  }
  for (const t of targets) choice(t.format, 'output', OUTPUT_NAMES);
  return targets;
}

function choice(value: string, flag: string, allowed: readonly string[]): string {
  if (!allowed.includes(value)) throw new CliError(`invalid argument "${value}" for "--${flag}" flag: must be one of: ${allowed.join(', ')}`, USAGE_EXIT);
  return value;
}

/** profileNamed is a built-in profile, or else a profile file. */
function profileNamed(name: string, cwd: string): Profile {
  try {
    return PROFILES[name] ?? readProfileFile(name, cwd);
  } catch (e) {
    if (e instanceof ProfileError) throw new CliError(e.message, USAGE_EXIT);
    throw e;
  }
}

/** k8sMinor reads --k8s-version (1.25 … 1.32, a leading v allowed). */
function k8sMinor(value: string): number {
  const m = /^v?1\.(\d+)(\.\d+)?$/.exec(value);
  const minor = m ? Number(m[1]) : NaN;
  if (!K8S_MINORS.includes(minor)) throw new CliError(`invalid argument "${value}" for "--k8s-version" flag: must be one of: ${K8S_MINORS.map((n) => `1.${n}`).join(', ')}`, USAGE_EXIT);
  return minor;
}

/** listFile reads a file of images, one a line (# comments and blank lines skipped). */
function listFile(ctx: CommandContext, file: string): string[] {
  let text: string;
  try { text = fs.readFileSync(path.resolve(ctx.cwd, file), 'utf8'); } catch { throw new CliError(`the images file "${file}" cannot be read`, USAGE_EXIT); }
  return text.split('\n').map((l) => l.replace(/#.*/, '').trim()).filter(Boolean);
}

const asList = (v: unknown): string[] => (v === undefined ? [] : Array.isArray(v) ? v.map(String) : [String(v)]);

/** CHECK_OPTIONS are check's flags (a named table: typed through leaf's parameter, not inferred inside ownVerb's). */
const CHECK_OPTIONS = {
  recursive: { alias: 'R', type: 'boolean', default: false, describe: 'Read the directories given recursively.' },
  kustomize: { alias: 'k', type: 'string', describe: 'Check the objects the kustomization in this directory builds (instead of PATHs).' },
  until: { type: 'string', default: 'ready', describe: `The last phase to check: ${PHASES.join(', ')}.` },
  'sim-timeout': { type: 'string', default: '10m', describe: 'How much simulated time objects get to reach the phase.' },
  output: { alias: 'o', type: 'string', default: 'text', describe: `Report format: ${OUTPUT_NAMES.join(', ')}; repeat it, each with its own --output-file, for several reports.` },
  'output-file': { type: 'string', describe: 'Write the report of the --output before it to this file (the summary line still goes to stdout).' },
  seed: { type: 'number', default: 1, describe: 'Seed of the throwaway cluster (same input and seed: same report).' },
  profile: { type: 'string', default: 'kubeadm', describe: `Cluster to check against: ${PROFILE_NAMES.join(', ')}, or a profile file (docs/check.md).` },
  'k8s-version': { type: 'string', default: `1.${DEFAULT_K8S_MINOR}`, describe: `Kubernetes version of the target cluster (1.${K8S_MINORS[0]} … 1.${DEFAULT_K8S_MINOR}): removed apiVersions are errors, deprecated ones warnings.` },
  strict: { type: 'boolean', default: false, describe: 'Treat warnings as errors.' },
  lenient: { type: 'boolean', default: false, describe: 'Report unknown fields as warnings instead of rejecting the object.' },
  ignore: { type: 'string', describe: 'Drop the findings of a rule (KM020 or KM020-image-pull); repeatable.' },
  images: { type: 'string', describe: 'A file of images (one a line) that exist in your registry, besides those kubemu knows.' },
  'images-allow-any': { type: 'boolean', default: false, describe: 'Every image exists: no image-pull findings.' },
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
    ['$0 check k8s/ -R --profile prod.yaml --k8s-version 1.29', 'against your cluster (a profile file) and its version'],
    ['$0 check k8s/ -R -o sarif --output-file r.sarif -o github', 'SARIF for code scanning, annotations in the log'],
  ],
  run(ctx: CommandContext, opts): number {
    let progress: SettleProgress | undefined;
    try {
      const paths = pathArgs(ctx);
      if (opts.kustomize !== undefined && paths.length) throw new CliError(ONLY_ONE_OF_F_K.replace('-f', 'PATHs'), USAGE_EXIT);
      if (!paths.length && opts.kustomize === undefined) throw new CliError(NO_INPUT, USAGE_EXIT);
      const until = choice(opts.until, 'until', PHASES) as Phase;
      const targets = readTargets(ctx, opts.output, opts['output-file']);
      const profile = profileNamed(opts.profile, ctx.cwd);
      const simTimeoutMs = durationFlag(opts['sim-timeout'], 'sim-timeout');
      if (simTimeoutMs < 0) throw new CliError(`invalid argument "${opts['sim-timeout']}" for "--sim-timeout" flag: must not be negative`, USAGE_EXIT);
      if (!Number.isInteger(opts.seed)) throw new CliError(`invalid argument "${opts.seed}" for "--seed" flag: must be a whole number`, USAGE_EXIT);
      if (opts.strict && opts.lenient) throw new CliError('--strict and --lenient cannot be used together', USAGE_EXIT);
      const ignore = new Set(asList(opts.ignore));
      for (const id of ignore) {
        if (!RULE_TABLE.some((r) => r.id === id || r.id.split('-')[0] === id)) throw new CliError(`invalid argument "${id}" for "--ignore" flag: no such rule (see docs/check.md)`, USAGE_EXIT);
      }
      const minor = k8sMinor(opts['k8s-version']);
      const images = opts.images ? listFile(ctx, opts.images) : undefined;
      const bundle = opts.kustomize !== undefined ? readKustomization(ctx, opts.kustomize) : readBundle(ctx, paths, opts.recursive);
      if (!bundle.docs.length && !bundle.errors.length) throw new CliError('no objects passed to check', USAGE_EXIT);
      const report = runCheck(bundle, checkAdmission(ctx.namespaceExplicit ? ctx.namespace : undefined, opts.lenient), {
        profile, seed: opts.seed, until, simTimeoutMs, k8sMinor: minor, strict: opts.strict, ignore, images, imagesAllowAny: opts['images-allow-any'],
        // A long simulation shows the settle progress line on a terminal's stderr, cleared before the report.
        onStep: (cluster) => {
          progress ??= new SettleProgress(ctx.io.err, () => !!ctx.io.errIsTTY, hostNowMs, () => podCounts((visit) => { for (const p of cluster.api.list({ kind: 'Pod' })) visit(p); }, cluster.clock.nowMs()));
          progress.pass();
        },
      });
      progress?.end();
      let toStdout = false;
      for (const t of targets) {
        const colors = t.format === 'text' && !t.file ? reportColors(ctx.env, ctx.io.isTTY) : undefined;
        const rendered = OUTPUT_FORMATS[t.format]!(report, colors);
        if (t.file) fs.writeFileSync(path.resolve(ctx.cwd, t.file), rendered);
        else { ctx.io.out(rendered); toStdout = true; }
      }
      if (!toStdout) ctx.io.out(summaryLine(report));
      return failed(report) ? 1 : 0;
    } catch (e) {
      progress?.end();
      // Anything that stopped the check is exit 2, never 1: 1 means the manifests have findings.
      if (e instanceof CliError) throw e.exitCode === USAGE_EXIT ? e : new CliError(e.message, USAGE_EXIT, e.stdout);
      throw new CliError(`check failed: ${(e as Error).message ?? String(e)}`, USAGE_EXIT);
    }
  },
}), { usageExitCode: USAGE_EXIT });
