/**
 * diff: kubectl diff -f — write each object's live YAML and its server-side dry-run apply
 * result into LIVE-* and MERGED-* temp directories and run `diff -u -N` on them (or
 * $KUBECTL_EXTERNAL_DIFF). Exit 0: no differences, 1: differences, >1: kubectl or diff failed.
 * Mirrors kubernetes/kubectl pkg/cmd/diff/diff.go.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { KubeObject } from '../../api/meta';
import type { Secret } from '../../api/types/kinds';
import { parseApiVersion } from '../../api/registry';
import { defineCommand, type Command, type CommandContext, type FlagsContext } from '../command';
import { CliError, SilentExit, UsageError, formatError, unexpectedArgs } from '../errors';
import { readKustomizeArg } from '../kustomize-docs';
import { readFilenameArgs } from '../manifests';
import { labelsMatch } from '../manifest-label-filter';
import { prepareDoc } from '../object-writer';
import { toYaml } from '../../yaml/write-yaml';
import { FIELD_MANAGER, SERVER_SIDE_FIELD_MANAGER } from './apply';
import { mkdirTemp } from '../go-temp';

/** DIFF_ERROR_EXIT is the exit code for failures (diff's own 1 means "differences"). */
export const DIFF_ERROR_EXIT = 2;
/** MASKED is how kubectl masks changed Secret values. */
export const MASKED_BEFORE = '***** (before)';
export const MASKED_AFTER = '***** (after)';

/** diffFileName is kubectl's InfoObject.Name: [group.]version.Kind.namespace.name. */
export function diffFileName(obj: KubeObject): string {
  const { group, version } = parseApiVersion(String(obj.apiVersion));
  return `${group ? `${group}.` : ''}${version}.${obj.kind}.${obj.metadata.namespace ?? ''}.${obj.metadata.name}`;
}

function forDiff(o: KubeObject | undefined): string {
  if (!o) return '';
  const c = structuredClone(o);
  delete c.metadata.managedFields;
  return toYaml(c);
}

// maskSecrets replaces Secret data values as kubectl's Masker does: equal values "***",
// differing ones "***** (before)" / "***** (after)".
function maskSecrets(live: KubeObject | undefined, merged: KubeObject | undefined): void {
  if (live?.kind !== 'Secret' && merged?.kind !== 'Secret') return;
  for (const field of ['data', 'stringData'] as const) {
    const a = ((live as Secret | undefined)?.[field] ?? {}) as Record<string, string>;
    const b = ((merged as Secret | undefined)?.[field] ?? {}) as Record<string, string>;
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (k in a && k in b && a[k] === b[k]) { a[k] = '***'; b[k] = '***'; continue; }
      if (k in a) a[k] = MASKED_BEFORE;
      if (k in b) b[k] = MASKED_AFTER;
    }
  }
}

/** diffCommand is `kubectl diff`. */
export const diffCommand = defineCommand({
  name: 'diff',
  short: 'Diff the live version against a would-be applied version',
  usage: 'kubectl diff -f FILENAME [options]',
  flagErrorExit: DIFF_ERROR_EXIT,
  flags: [
    { name: 'filename', short: 'f', type: 'stringArray', default: [], help: 'Filename, directory, or URL to files contains the configuration to diff' },
    { name: 'recursive', short: 'R', type: 'bool', default: false, help: 'Process the directory used in -f, --filename recursively.' },
    { name: 'kustomize', short: 'k', type: 'string', default: '', help: 'Process the kustomization directory. This flag can\'t be used together with -f or -R.' },
    { name: 'server-side', type: 'bool', default: false, help: 'If true, apply runs in the server instead of the client.' },
    { name: 'field-manager', type: 'string', default: 'kubectl-client-side-apply', help: 'Name of the manager used to track field ownership.' },
    { name: 'force-conflicts', type: 'bool', default: false, help: 'If true, server-side apply will force the changes against conflicts.' },
    { name: 'show-managed-fields', type: 'bool', default: false, help: 'If true, include managed fields in the diff.' },
    { name: 'prune', type: 'bool', default: false, help: 'Include resources that would be deleted by pruning. Can be used with -l and default shows all resources would be pruned' },
    { name: 'prune-allowlist', type: 'stringArray', default: [], help: 'Overwrite the default allowlist with <group/version/kind> for --prune' },
    { name: 'selector', short: 'l', type: 'string', default: '', help: 'Selector (label query) to filter on.' },
    { name: 'concurrency', type: 'int', default: 1, help: 'Number of objects to process in parallel when diffing against the live version.' },
  ],
  run(ctx): number {
    try {
      return runDiff(ctx);
    } catch (e) {
      if (e instanceof SilentExit) throw e;
      // kubectl diff exits >1 on its own errors, keeping 1 for "differences found".
      const { text } = formatError(e);
      ctx.io.err(`${text}\n`);
      throw new SilentExit(DIFF_ERROR_EXIT);
    }
  },
});

function runDiff(ctx: FlagsContext<typeof diffCommand.flags>): number {
  const files = ctx.flags.filename;
  const kustomizeDir = ctx.flags.kustomize;
  if (ctx.args.length) throw new UsageError(unexpectedArgs(ctx.args), 'diff');
  if (!files.length && !kustomizeDir) throw new CliError('must specify one of -f and -k');
  const cluster = ctx.cluster();
  const registry = cluster.api.registry();
  // --prune's allowlist is read before any file (diff's Complete); the prune is loaded only when asked for.
  const prune = ctx.flags.prune ? require('../apply-prune') as typeof import('../apply-prune') : undefined;
  const pruneKinds = prune?.pruneKinds(registry, ctx.flags['prune-allowlist']);
  const read = kustomizeDir ? readKustomizeArg(ctx, kustomizeDir, files, !!ctx.flags.recursive) : readFilenameArgs(ctx, files, !!ctx.flags.recursive, false);
  if (read.errors.length) throw new CliError(read.errors[0]!.message);
  const docs = ctx.flags.selector ? read.docs.filter(labelsMatch(ctx.flags.selector)) : read.docs;
  cluster.catchUp();
  // What --prune spares: the namespaces of the objects diffed and the uids of the live ones.
  const visited = { namespaces: new Set<string>(), uids: new Set<string>() };
  const liveDir = mkdirTemp(ctx.env, 'LIVE-');
  const mergedDir = mkdirTemp(ctx.env, 'MERGED-');
  try {
    cluster.write(() => {
      for (const doc of docs) {
        const p = prepareDoc(doc, registry, ctx.namespace, ctx.namespaceExplicit, 'strict');
        const ref = { kind: p.info.storageKind, namespace: p.object.metadata.namespace, name: p.object.metadata.name ?? '' };
        const live = cluster.api.tryGet(ref);
        if (p.info.namespaced && ref.namespace) visited.namespaces.add(ref.namespace);
        if (live?.metadata.uid) visited.uids.add(live.metadata.uid);
        const manager = ctx.flags['field-manager'] || FIELD_MANAGER;
        // --server-side diffs against a server-side dry-run apply, as "kubectl" unless --field-manager names another.
        const merged = ctx.flags['server-side']
          ? cluster.api.serverSideApply(p.object, { fieldManager: manager === FIELD_MANAGER ? SERVER_SIDE_FIELD_MANAGER : manager, force: !!ctx.flags['force-conflicts'], dryRun: true }).object
          : cluster.api.apply(p.object, { fieldManager: manager, dryRun: true, annotate: false }).object;
        const l = live ? structuredClone(live) : undefined;
        const m = structuredClone(merged);
        maskSecrets(l, m);
        const name = diffFileName(merged);
        // A new object's live file is there, empty, as kubectl writes it.
        fs.writeFileSync(path.join(liveDir, name), l ? forDiff(l) : '');
        fs.writeFileSync(path.join(mergedDir, name), forDiff(m));
      }
    });
    // What a prune would delete is only in LIVE, as it is stored (managedFields too): diff shows it removed.
    if (prune && pruneKinds) {
      const found = prune.unappliedObjects(cluster, visited, {
        kinds: pruneKinds, selector: ctx.flags.selector || undefined, defaultKinds: !ctx.flags['prune-allowlist'].length, warn: (line) => ctx.io.err(line),
      });
      for (const { obj } of found) fs.writeFileSync(path.join(liveDir, diffFileName(obj)), toYaml(obj));
    }
    const external = ctx.env.KUBECTL_EXTERNAL_DIFF;
    const [prog, ...args] = external ? external.split(/\s+/).filter(Boolean) : ['diff', '-u', '-N'];
    const r = spawnSync(prog!, [...args, liveDir, mergedDir], { encoding: 'utf8', env: ctx.env });
    if (r.error) throw new CliError(`failed to run "${prog}": executable file not found in $PATH`, DIFF_ERROR_EXIT);
    ctx.io.out(r.stdout);
    if (r.stderr) ctx.io.err(r.stderr);
    if (r.status === 0) return 0;
    // diff's own exit status is passed through: 1 for differences, >1 for its failures.
    throw new SilentExit(r.status ?? DIFF_ERROR_EXIT);
  } finally {
    fs.rmSync(liveDir, { recursive: true, force: true });
    fs.rmSync(mergedDir, { recursive: true, force: true });
  }
}
