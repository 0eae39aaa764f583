/**
 * run: kubectl run NAME --image=… — create a Pod (and with --expose a ClusterIP Service)
 * from the run generator, with --overrides, --dry-run and -o. With -i/-t/--attach it waits
 * for the pod (fast-forwarding simulated time), shows its output as attach would
 * (attach-stream.ts), returns the container's exit code and, with --rm, deletes what it made.
 * Mirrors kubernetes/kubectl pkg/cmd/run/run.go.
 */
import { ApiError } from '../../apiserver/errors';
import { authorizeRequest } from '../../apiserver/authorization';
import type { KubeObject } from '../../api/meta';
import { kindPrefix } from '../../api/registry';
import { isNotFound } from '../../apiserver/errors';
import { defineCommand, type Command, type CommandContext, type FlagsContext } from '../command';
import { printServerWarnings } from '../server-warnings';
import { CliError, UsageError } from '../errors';
import { generatorSpec } from '../generators/generator-table';
import { run } from '../generators/run';
import { requireMarkedFlags } from '../generators/generator-error';
import { applyPatch, type PatchType } from '../patch';
import { parseDryRun } from './apply';
import { flagDefsOf, withGeneratorErrors, writeGenerated, enforcedNamespace, type GeneratorFlagDefs } from './generator-cli';
import { parsePatchText } from './patch';
import { durationFlag } from './sim-wait';

/** ERR_POD_RUNNING_TIMEOUT is kubectl's usage error for a --pod-running-timeout that is not positive. */
export const ERR_POD_RUNNING_TIMEOUT = '--pod-running-timeout must be higher than zero';
/** unknownExitCode is run.go's error for a failed pod whose container reports no non-zero exit code. */
export const unknownExitCode = (ns: string, name: string): string => `pod ${ns}/${name} failed with unknown exit code`;
/**
 * podTerminated is run.go's error for a failed pod: the container's reason, then its message
 * on the next line (kubectl ends the text with one newline, which the error printer adds).
 */
export const podTerminated = (ns: string, name: string, reason: string, message: string): string => `pod ${ns}/${name} terminated (${reason})\n${message}`.replace(/\n$/, '');
/** leftInPhase is run.go's error for a pod that ended the wait neither Succeeded nor Failed. */
export const leftInPhase = (ns: string, name: string, phase: string): string => `pod ${ns}/${name} left in phase ${phase}`;
/** ERR_OVERRIDE_TYPE is kubectl's text for a bad --override-type. */
export const ERR_OVERRIDE_TYPE = (t: string): string => `--override-type must be one of [json merge strategic], not "${t}"`;

const SPEC = generatorSpec('run')!;

/** RunContext is run's context, its flags typed by the generator table's run entry. */
type RunContext = FlagsContext<GeneratorFlagDefs<typeof SPEC.flags>>;

/** attaching loads the attach path (the kubelet's log and process models) only for run -i/--attach: a split point. */
const attaching = () => require('./attach-stream') as typeof import('./attach-stream');

/** applyOverrides is kubectl's generateOverride: patch the generated object with --overrides. */
export function applyOverrides(obj: KubeObject, overrides: string, type: string): KubeObject {
  if (!overrides) return obj;
  if (!['json', 'merge', 'strategic'].includes(type)) throw new CliError(ERR_OVERRIDE_TYPE(type));
  return applyPatch(obj, parsePatchText(overrides), type as PatchType) as KubeObject;
}

/** runCommand is `kubectl run`. */
export const runCommand = defineCommand({
  name: 'run',
  short: 'Run a particular image on the cluster',
  usage: SPEC.usage,
  flags: flagDefsOf(SPEC),
  run(ctx): number {
    const [name = '', ...args] = ctx.args;
    const dryRun = parseDryRun(ctx.flags['dry-run']);
    const result = withGeneratorErrors('run', () => {
      requireMarkedFlags(SPEC.flags, (f) => ctx.set.has(f));
      if (!name) throw new UsageError('NAME is required for run', 'run');
      return run(name, {
        image: ctx.set.has('image') ? ctx.flags.image ?? '' : undefined,
        port: ctx.flags.port,
        labels: ctx.flags.labels,
        env: ctx.flags.env,
        annotations: ctx.flags.annotations,
        command: !!ctx.flags.command,
        args,
        // kubectl picks OnFailure for -i unless --restart was given.
        restart: ctx.set.has('restart') ? ctx.flags.restart : '',
        imagePullPolicy: ctx.flags['image-pull-policy'],
        stdin: !!ctx.flags.stdin,
        tty: !!ctx.flags.tty,
        leaveStdinOpen: !!ctx.flags['leave-stdin-open'],
        privileged: !!ctx.flags.privileged,
        expose: !!ctx.flags.expose,
        attach: ctx.set.has('attach') ? !!ctx.flags.attach : undefined,
        rm: !!ctx.flags.rm,
        dryRun,
        namespace: enforcedNamespace(ctx),
      });
    });
    const pod = applyOverrides(result.pod, ctx.flags.overrides ?? '', ctx.flags['override-type'] ?? 'merge');
    // kubectl attaches with --attach, or with -i unless --attach=false was given.
    const attach = ctx.set.has('attach') ? !!ctx.flags.attach : !!ctx.flags.stdin;
    if (attach) return runAttached(ctx, pod, result.service);
    if (!result.service) return writeGenerated(ctx, [pod], { operation: 'created', fieldManager: 'kubectl-run', typed: true });
    return writeGenerated(ctx, [pod, result.service], { operation: 'created', fieldManager: 'kubectl-run', typed: true, printedFirst: 1 });
  },
});

/**
 * runAttached is run.go's attach path: create the pod (then the Service), wait until it runs
 * and is ready or has completed, show its output, then — unless the pod restarts always or
 * stdin stays open — wait for the end that counts under its restart policy and return the
 * container's exit code. With --rm what was created is deleted at the end, whatever happened
 * (run.go defers it), each with delete's line.
 */
function runAttached(ctx: RunContext, generated: KubeObject, service: KubeObject | undefined): number {
  const timeoutMs = durationFlag(ctx.flags['pod-running-timeout'] ?? '1m0s', 'pod-running-timeout');
  if (timeoutMs <= 0) throw new UsageError(ERR_POD_RUNNING_TIMEOUT, 'run');
  const cluster = ctx.cluster();
  const fieldManager = ctx.flags['field-manager'] || 'kubectl-run';
  const namespace = ctx.namespace;
  const created: KubeObject[] = [];
  const create = (obj: KubeObject): KubeObject => {
    const made = cluster.write(() => cluster.api.create({ ...obj, metadata: { ...obj.metadata, namespace } }, { fieldManager, warn: printServerWarnings(ctx.io) }));
    created.push(made);
    return made;
  };
  try {
    const pod = create(generated);
    if (service) create(service);
    return attachToRun(ctx, pod, timeoutMs);
  } finally {
    if (ctx.flags.rm) removeCreated(ctx, created);
  }
}

/** attachToRun follows the created pod to its end: handleAttachPod, then the exit-code wait. */
function attachToRun(ctx: CommandContext, created: KubeObject, timeoutMs: number): number {
  const { attachStream, isCompleted, podCompleted, podRunningAndReady, podSucceeded, printLogs, waitForPod } = attaching();
  const ref = { namespace: created.metadata.namespace!, name: created.metadata.name! };
  const container: string = created.spec.containers[0].name;
  const quiet = !!ctx.flags.quiet;
  const pod = waitForPod(ctx, ref, podRunningAndReady, timeoutMs);
  // A completed pod's output is read as pods/log; a running one is attached to (pods/attach),
  // and when the attach is refused kubectl warns and streams the log instead.
  const cluster = ctx.cluster();
  const allowed = (verb: string, subresource: string) => cluster.read(() => authorizeRequest(cluster.api, verb, 'Pod', ref.namespace, ref.name, subresource));
  let attachRefused: ApiError | undefined;
  if (!isCompleted(pod)) {
    try { allowed('create', 'attach'); } catch (e) { if (e instanceof ApiError) attachRefused = e; else throw e; }
  }
  if (isCompleted(pod) || attachRefused) {
    if (attachRefused) ctx.io.err(`warning: couldn't attach to pod/${ref.name}, falling back to streaming logs: ${attachRefused.message}\n`);
    allowed('get', 'log');
    printLogs(ctx, attachRefused ? waitForPod(ctx, ref, podCompleted, timeoutMs) : pod, container);
  } else {
    // Output written before the attach connects comes from the log (handleAttachPod's pre-attach logs).
    printLogs(ctx, pod, container);
    attachStream(ctx, pod, container, { stdin: !!ctx.flags.stdin, tty: !!ctx.flags.tty, quiet });
  }
  const policy: string = created.spec.restartPolicy;
  if (ctx.flags['leave-stdin-open'] || (policy !== 'Never' && policy !== 'OnFailure')) return 0;
  const done = waitForPod(ctx, ref, policy === 'OnFailure' ? podSucceeded : podCompleted, timeoutMs);
  const { namespace, name } = ref;
  switch (done.status?.phase) {
    case 'Succeeded': return 0;
    case 'Failed': {
      const terminated = done.status?.containerStatuses?.[0]?.state?.terminated;
      if (!terminated || !terminated.exitCode) throw new CliError(unknownExitCode(namespace, name));
      throw new CliError(podTerminated(namespace, name, terminated.reason ?? '', terminated.message ?? ''), terminated.exitCode);
    }
    default: throw new CliError(leftInPhase(namespace, name, done.status?.phase ?? ''));
  }
}

/** removeCreated is run.go's removeCreatedObjects: delete each object (gone already is fine), printing delete's line unless --quiet. */
function removeCreated(ctx: CommandContext, objs: KubeObject[]): void {
  const cluster = ctx.cluster();
  const registry = cluster.api.registry();
  for (const obj of objs) {
    const ref = { kind: obj.kind, namespace: obj.metadata.namespace, name: obj.metadata.name! };
    try {
      cluster.write(() => cluster.api.delete(ref, { fieldManager: 'kubectl', propagationPolicy: 'Background' }));
    } catch (e) {
      if (isNotFound(e)) continue;
      throw e;
    }
    const info = registry.forStorageKind(obj.kind);
    if (!ctx.flags.quiet) ctx.io.out(`${info ? kindPrefix(info) : obj.kind.toLowerCase()} "${ref.name}" deleted\n`);
  }
}
