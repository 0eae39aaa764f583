/**
 * delete: kubectl delete — by file, by type and names, by selector or --all — with graceful
 * termination, cascading, and kubectl's wait for the objects to be gone (which here moves
 * the simulated clock forward instead of sleeping).
 */
import type { KubeObject, ObjectRef } from '../../api/meta';
import { kindPrefix, type ResourceInfo } from '../../api/registry';
import { ApiError, isNotFound } from '../../apiserver/errors';
import { authorizeRequest, serverSide } from '../../apiserver/authorization/authorizing-api';
import { defineCommand, type Command, type CommandContext } from '../command';
import { CliError, formatApiError, finishWithErrors } from '../errors';
import type { FlagDef } from '../flags';
import { defineFlags } from '../flag-table';
import { parseResourceArgs } from '../resource-args';
import { readKustomizeArg } from '../kustomize-docs';
import { readFilenameArgs } from '../manifests';
import { prepareDoc, serverError } from '../object-writer';
import { dryRunSuffix, parseDryRun } from './apply';
import { ERR_WAIT_TIMEOUT, MAX_WAIT_MS, durationFlag } from './sim-wait';
import { CASCADE_FLAG, cascadeOf } from './cascade-flag';
import { ERR_ALL_WITH_SELECTOR, NO_SOURCES } from './targets';
import { ARGS_WITH_FILES } from '../resource-args';
import { heldByUsers } from '../../controllers/pvcprotection/held-by-users';
import { isQuarantined } from '../corrupt-objects';

export const FORCE_WARNING = 'Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.';

const FLAGS = defineFlags([
  { name: 'filename', short: 'f', type: 'stringArray', default: [], help: 'containing the resource to delete.' },
  { name: 'recursive', short: 'R', type: 'bool', default: false, help: 'Process the directory used in -f, --filename recursively.' },
  { name: 'kustomize', short: 'k', type: 'string', default: '', help: 'Process a kustomization directory. This flag can\'t be used together with -f or -R.' },
  { name: 'selector', short: 'l', type: 'string', help: 'Selector (label query) to filter on.' },
  { name: 'field-selector', type: 'string', help: 'Selector (field query) to filter on.' },
  { name: 'all', type: 'bool', default: false, help: 'Delete all resources, in the namespace of the specified resource types.' },
  { name: 'all-namespaces', short: 'A', type: 'bool', default: false, help: 'If present, list the requested object(s) across all namespaces.' },
  { name: 'ignore-not-found', type: 'bool', default: false, help: 'Treat "resource not found" as a successful delete.' },
  { name: 'interactive', short: 'i', type: 'bool', default: false, help: 'If true, delete resource only when user confirms.' },
  { name: 'grace-period', type: 'int', default: -1, help: 'Period of time in seconds given to the resource to terminate gracefully.' },
  { name: 'force', type: 'bool', default: false, help: 'If true, immediately remove resources from API and bypass graceful deletion.' },
  { name: 'now', type: 'bool', default: false, help: 'If true, resources are signaled for immediate shutdown (same as --grace-period=1).' },
  CASCADE_FLAG,
  { name: 'wait', type: 'bool', default: true, help: 'If true, wait for resources to be gone before returning.' },
  { name: 'timeout', type: 'duration', default: '0s', help: 'The length of time to wait before giving up on a delete.' },
  { name: 'dry-run', type: 'string', default: 'none', noOptDefault: 'unchanged', help: 'Must be "none", "server", or "client".' },
  { name: 'output', short: 'o', type: 'string', help: 'Output mode. Use "-o name" for shorter output (resource/name).' },
  { name: 'raw', type: 'string', default: '', help: 'Raw URI to DELETE to the server.  Uses the transport specified by the kubeconfig file.' },
]);


interface Target { info: ResourceInfo; ref: ObjectRef; source?: string }

/** deleteCommand is `kubectl delete`. */
export const deleteCommand = defineCommand({
  name: 'delete',
  short: 'Delete resources by file names, stdin, resources and names, or by resources and label selector',
  usage: 'kubectl delete ([-f FILENAME] | [-k DIRECTORY] | TYPE [(NAME | -l label | --all)]) [options]',
  flags: FLAGS,
  run(ctx): number {
    const timeoutMs = durationFlag(ctx.flags.timeout, 'timeout'); // pflag refuses a bad duration first
    const files = ctx.flags.filename;
    if (ctx.flags.raw) {
      // kubectl's Validate of --raw; the arguments are not looked at.
      const { runRaw } = require('./raw-write') as typeof import('./raw-write');
      return runRaw(ctx, 'DELETE', ctx.flags.raw, { files, fileRequired: false, recursive: ctx.flags.recursive, output: ctx.flags.output });
    }
    const selector = ctx.flags.selector;
    const fieldSelector = ctx.flags['field-selector'];
    const all = !!ctx.flags.all;
    const kustomizeDir = ctx.flags.kustomize;
    // kubectl's Complete refuses --now beside a grace period before its builder looks at the arguments.
    if (ctx.flags.now && ctx.flags['grace-period'] !== -1) throw new CliError('--now and --grace-period cannot be specified together');
    if (!files.length && !kustomizeDir && !ctx.args.length) throw new CliError(NO_SOURCES);
    if (all && (selector || fieldSelector)) throw new CliError(ERR_ALL_WITH_SELECTOR);
    const dryRun = parseDryRun(ctx.flags['dry-run']);
    const cascade = cascadeOf(ctx.flags.cascade);
    let grace = ctx.flags['grace-period'];
    const force = !!ctx.flags.force;
    if (ctx.flags.now) grace = 1;
    if (grace === 0 && !force) grace = 1; // kubectl: --grace-period=0 without --force means 1
    if (force && grace < 0) grace = 0;
    const cluster = ctx.cluster();
    const errors: string[] = [];
    const targets: Target[] = [];
    const bySelector = !!(selector || fieldSelector || all);
    cluster.catchUp();
    const registry = cluster.api.registry();
    if (files.length || kustomizeDir) {
      // The resource builder's refusal, before it reads anything.
      if (ctx.args.length) throw new CliError(ARGS_WITH_FILES);
      const { docs, errors: parseErrors } = kustomizeDir
        ? readKustomizeArg(ctx, kustomizeDir, files, !!ctx.flags.recursive)
        : readFilenameArgs(ctx, files, !!ctx.flags.recursive, true);
      errors.push(...parseErrors.map((e) => `error: ${e.message}`));
      for (const doc of docs) {
        try {
          const p = prepareDoc(doc, registry, ctx.namespace, ctx.namespaceExplicit, 'ignore');
          targets.push({ info: p.info, ref: { kind: p.info.storageKind, namespace: p.object.metadata.namespace, name: p.object.metadata.name! }, source: p.source });
        } catch (e) { errors.push(`error: ${(e as Error).message}`); }
      }
    } else {
      const { requests } = parseResourceArgs(ctx.args, registry, (text) => ctx.io.err(text));
      for (const r of requests) {
        const ns = r.info.namespaced ? (ctx.flags['all-namespaces'] ? undefined : ctx.namespace) : undefined;
        if (r.names.length) {
          if (bySelector && selector) throw new CliError('name cannot be provided when a selector is specified');
          for (const name of r.names) targets.push({ info: r.info, ref: { kind: r.info.storageKind, namespace: r.info.namespaced ? ctx.namespace : undefined, name } });
        } else if (bySelector) {
          for (const o of cluster.api.list({ kind: r.info.storageKind, namespace: ns, labelSelector: selector, fieldSelector })) {
            targets.push({ info: r.info, ref: { kind: r.info.storageKind, namespace: o.metadata.namespace, name: o.metadata.name! } });
          }
        } else {
          throw new CliError('resource(s) were provided, but no name was specified');
        }
      }
    }
    // Validate, after the builder and before anything is deleted.
    if (force && grace > 0) throw new CliError('--force and --grace-period greater than 0 cannot be specified together');
    if (bySelector && !targets.length && !errors.length) {
      ctx.io.out('No resources found\n');
      return 0;
    }
    if (force && grace === 0) ctx.io.err(`${FORCE_WARNING}\n`);
    if (ctx.flags.interactive && !confirmed(ctx, targets)) return 0;
    if (ctx.namespaceExplicit && targets.some((t) => !t.info.namespaced)) ctx.io.err('Warning: deleting cluster-scoped resources, not scoped to the provided namespace\n');
    const deleted: KubeObject[] = [];
    cluster.write(() => {
      for (const t of targets) {
        // kubectl sends the DELETE without reading the object first, and kube-apiserver
        // authorizes the request before it looks the object up: a caller who may not delete
        // is Forbidden whether or not the object exists (and needs no get permission).
        const server = dryRun === 'client' ? cluster.api : serverSide(cluster.api);
        let current: KubeObject | undefined;
        let corrupt = false;
        try {
          if (dryRun !== 'client') authorizeRequest(cluster.api, 'delete', t.ref.kind, t.ref.namespace, t.ref.name);
          // An object that does not decode cannot be read, but it can be deleted.
          corrupt = isQuarantined(cluster, t.ref);
          current = corrupt ? undefined : server.tryGet(t.ref);
          if (!current && !corrupt) {
            if (ctx.flags['ignore-not-found'] || bySelector) continue;
            server.get(t.ref);
            continue;
          }
        } catch (e) {
          if (!(e instanceof ApiError)) throw e;
          errors.push(t.source ? serverError(e, 'deleting', t.source) : formatApiError(e));
          continue;
        }
        try {
          if (dryRun !== 'client') {
            cluster.api.delete(t.ref, {
              fieldManager: 'kubectl', dryRun: dryRun === 'server', propagationPolicy: cascade,
              gracePeriodSeconds: grace >= 0 ? grace : undefined,
            });
          }
          if (current) deleted.push(current);
          const word = force && grace === 0 ? 'force deleted' : 'deleted';
          if (ctx.flags.output === 'name') ctx.io.out(`${kindPrefix(t.info)}/${t.ref.name}\n`);
          else ctx.io.out(`${kindPrefix(t.info)} "${t.ref.name}" ${word}${dryRunSuffix(dryRun)}\n`);
        } catch (e) {
          if (isNotFound(e) && ctx.flags['ignore-not-found']) continue;
          errors.push(t.source ? serverError(e, 'deleting', t.source) : formatApiError(e as ApiError));
        }
      }
    });
    if (ctx.flags.wait && dryRun === 'none' && deleted.length) waitGone(ctx, deleted, timeoutMs);
    return finishWithErrors(ctx.io, errors);
  },
});

/**
 * confirmed is delete --interactive's preview and question: the builder's objects are listed
 * (named ones as named, not looked up: a missing one fails when it is deleted), and only "y"
 * goes on. A deletion not confirmed is cancelled, not failed.
 */
function confirmed(ctx: CommandContext, targets: Target[]): boolean {
  if (!targets.length) { ctx.io.out('No resources found\n'); return false; }
  ctx.io.out(`You are about to delete the following ${targets.length} resource(s):\n${targets.map((t) => `${kindPrefix(t.info)}/${t.ref.name}\n`).join('')}Do you want to continue? (y/n): `);
  if (ctx.io.readWord()?.toLowerCase() !== 'y') { ctx.io.out('deletion is cancelled\n'); return false; }
  return true;
}

/**
 * waitGone moves simulated time until every deleted object (same uid) has disappeared. With a
 * --timeout, one still there when it has passed is kubectl's wait error. Without one kubectl
 * waits up to a week: kubemu moves the clock at most MAX_WAIT_MS and, like --wait=false, leaves
 * an object that stays Terminating (a claim or volume its protection finalizer keeps for users
 * that are not going away is not waited for). The "deleted" lines are printed before the wait.
 */
function waitGone(ctx: CommandContext, objs: KubeObject[], timeoutMs: number): void {
  const cluster = ctx.cluster();
  const left = (held: boolean) => objs.find((o) => {
    const cur = cluster.api.tryGet({ kind: o.kind, namespace: o.metadata.namespace, name: o.metadata.name! });
    return cur && cur.metadata.uid === o.metadata.uid && (held || !heldByUsers(cluster.api, cur));
  });
  const bounded = timeoutMs > 0;
  const stuck = cluster.store.transaction(() => {
    if (!left(bounded)) return undefined;
    cluster.sim.advanceUntil(cluster.clock.nowMs() + (bounded ? timeoutMs : MAX_WAIT_MS), () => !left(bounded));
    return bounded ? left(true) : undefined;
  });
  if (stuck) throw new CliError(ERR_WAIT_TIMEOUT(cluster.read(() => cluster.api.registry().forStorageKind(stuck.kind)?.resource ?? stuck.kind), stuck.metadata.name!));
}
