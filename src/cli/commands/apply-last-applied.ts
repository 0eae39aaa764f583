/**
 * apply-last-applied: `kubectl apply view-last-applied` and `apply set-last-applied`, which
 * read and write the last-applied-configuration annotation without applying anything
 * (kubectl's pkg/cmd/apply/apply_view_last_applied.go and apply_set_last_applied.go).
 * edit-last-applied is in apply-edit-last-applied.ts.
 */
import { LAST_APPLIED } from '../../api/last-applied';
import type { KubeObject, ObjectRef } from '../../api/meta';
import { kindPrefix } from '../../api/registry';
import type { FlagsContext } from '../command';
import { CliError, UsageError } from '../errors';
import { readFilenameArgs } from '../manifests';
import { prepareDoc } from '../object-writer';
import { printObjects } from '../output';
import { outputOf } from '../print-flags';
import { printServerWarnings } from '../server-warnings';
import { goJsonIndent } from '../../yaml/go-json-indent';
import { annotationPatchValue } from '../../yaml/last-applied-json';
import { toCompactJson } from '../../yaml/write-json';
import { toYaml } from '../../yaml/write-yaml';
import { dryRunSuffix, parseDryRun } from './apply';
import { NO_SOURCES, resolveTargets } from './targets';
import type { SET_FLAGS, VIEW_FLAGS } from './apply-subcommands';


/** normalized is kubectl's StripComments of JSON or YAML text: its compact JSON, or the text when it does not parse. */
function normalized(text: string): string {
  try {
    return toCompactJson(JSON.parse(text));
  } catch {
    return text;
  }
}


/** runViewLastApplied is `kubectl apply view-last-applied`. */
export function runViewLastApplied(ctx: FlagsContext<typeof VIEW_FLAGS>): number {
  const resolved = resolveTargets(ctx, { args: ctx.args });
  // The builder stops at its first error (it does not continue past objects).
  if (resolved.errors.length) throw new CliError(resolved.errors[0]!.replace(/^error: /, ''));
  const cluster = ctx.cluster();
  const configs: string[] = [];
  for (const t of resolved.targets) {
    const live = cluster.read(() => cluster.api.get(t.ref));
    const config = live.metadata.annotations?.[LAST_APPLIED];
    if (config !== undefined) { configs.push(config); continue; }
    // kubectl wraps the missing annotation with the file it came from; from arguments there is
    // no file, the wrapping returns its (nil) error, and the object is passed over.
    if (t.source) throw new CliError(`error when no last-applied-configuration annotation found on resource: ${live.metadata.name}\n ${JSON.stringify(t.source)}: <nil>`);
  }
  for (const config of configs) {
    if (ctx.flags.output === 'json') ctx.io.out(jsonOf(config));
    else if (ctx.flags.output === 'yaml') ctx.io.out(yamlOf(config));
    else throw new UsageError(`Unexpected -o output mode: ${ctx.flags.output}, the flag 'output' must be one of yaml|json`, 'apply view-last-applied');
  }
  return 0;
}

function jsonOf(config: string): string {
  try {
    return goJsonIndent(config);
  } catch (e) {
    throw new CliError((e as Error).message);
  }
}

/** yamlOf is sigs.k8s.io/yaml's JSONToYAML of the stored text (an empty text is YAML's null). */
function yamlOf(config: string): string {
  if (!config.trim()) return 'null\n';
  let value: unknown;
  try {
    value = JSON.parse(config);
  } catch (e) {
    throw new CliError((e as Error).message);
  }
  return toYaml(value);
}


/** runSetLastApplied is `kubectl apply set-last-applied`. */
export function runSetLastApplied(ctx: FlagsContext<typeof SET_FLAGS>): number {
  const dryRun = parseDryRun(ctx.flags['dry-run']);
  const out = outputOf(ctx.flags, ctx.set);
  // Only files name objects here: arguments are not read.
  if (!ctx.flags.filename.length) throw new CliError(NO_SOURCES);
  const cluster = ctx.cluster();
  const registry = cluster.api.registry();
  const { docs, errors } = readFilenameArgs(ctx, ctx.flags.filename, false, true);
  if (errors.length) throw new CliError(errors[0]!.message);
  // kubectl's Validate reads every object first and says which need no change; only then are
  // the others patched, so an error stops the command before anything is written.
  const pending: { prefix: string; ref: ObjectRef; object: KubeObject; value: string }[] = [];
  for (const doc of docs) {
    const { info, object } = prepareDoc(doc, registry, ctx.namespace, ctx.namespaceExplicit, 'ignore');
    const value = annotationPatchValue(object);
    const ref = { kind: info.storageKind, namespace: object.metadata.namespace, name: object.metadata.name ?? '' };
    const live = cluster.read(() => cluster.api.get(ref));
    const original = live.metadata.annotations?.[LAST_APPLIED];
    if (original === undefined && !ctx.flags['create-annotation']) {
      throw new CliError(`no last-applied-configuration annotation found on resource: ${ref.name}, to create the annotation, run the command with --create-annotation`);
    }
    if (normalized(original ?? '') === normalized(value)) ctx.io.out(`set-last-applied ${ref.name}: no changes required.\n`);
    else pending.push({ prefix: kindPrefix(info), ref, object: live, value });
  }
  for (const p of pending) {
    // A client dry run prints the object as it was read; otherwise the server's answer.
    const shown = dryRun === 'client' ? p.object : cluster.write(() => {
      const live = cluster.api.get(p.ref);
      const patched = { ...live, metadata: { ...live.metadata, annotations: { ...(live.metadata.annotations ?? {}), [LAST_APPLIED]: p.value } } };
      return cluster.api.update(patched, { fieldManager: 'kubectl', dryRun: dryRun === 'server', warn: printServerWarnings(ctx.io) });
    });
    ctx.io.out(out ? printObjects([shown], out, true, registry, false, ctx.flags['show-managed-fields']) : `${p.prefix}/${shown.metadata.name} configured${dryRunSuffix(dryRun)}\n`);
  }
  return 0;
}
