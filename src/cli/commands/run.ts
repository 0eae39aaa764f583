/**
 * run: kubectl run NAME --image=… — create a Pod (and with --expose a ClusterIP Service)
 * from the run generator, with --overrides, --dry-run and -o. Attaching (-i/-t/--attach,
 * --rm) needs a terminal to a real container, which kubemu does not have.
 * Mirrors kubernetes/kubectl pkg/cmd/run/run.go.
 */
import type { KubeObject } from '../../api/meta';
import { defineCommand, type Command, type CommandContext } from '../command';
import { CliError, UsageError } from '../errors';
import { generatorSpec } from '../generators/generator-table';
import { run } from '../generators/run';
import { applyPatch, type PatchType } from '../patch';
import { parseDryRun } from './apply';
import { flagDefsOf, withGeneratorErrors, writeGenerated, enforcedNamespace } from './generator-cli';
import { parsePatchText } from './patch';

/** ERR_ATTACH is kubemu's text for the interactive modes it cannot provide. */
export const ERR_ATTACH = 'kubemu cannot attach to containers: run without -i/-t/--attach/--rm';
/** ERR_OVERRIDE_TYPE is kubectl's text for a bad --override-type. */
export const ERR_OVERRIDE_TYPE = (t: string): string => `--override-type must be one of [json merge strategic], not "${t}"`;

const SPEC = generatorSpec('run')!;

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
    const dryRun = parseDryRun(ctx.flags['dry-run'] as string | undefined);
    const result = withGeneratorErrors('run', () => {
      if (!name) throw new UsageError('NAME is required for run', 'run');
      return run(name, {
        image: (ctx.flags.image as string) ?? '',
        port: ctx.flags.port as string,
        labels: ctx.flags.labels as string,
        env: ctx.flags.env as string[],
        annotations: ctx.flags.annotations as string[],
        command: !!ctx.flags.command,
        args,
        // kubectl picks OnFailure for -i unless --restart was given.
        restart: ctx.set.has('restart') ? (ctx.flags.restart as string) : '',
        imagePullPolicy: ctx.flags['image-pull-policy'] as string,
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
    if (ctx.flags.stdin || ctx.flags.tty || ctx.flags.attach || ctx.flags.rm) throw new CliError(ERR_ATTACH);
    const pod = applyOverrides(result.pod, (ctx.flags.overrides as string) ?? '', (ctx.flags['override-type'] as string) ?? 'merge');
    const objs = result.service ? [result.service, pod] : [pod];
    return writeGenerated(ctx, objs, { operation: 'created', fieldManager: 'kubectl-run' });
  },
});
