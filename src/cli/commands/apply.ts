/**
 * apply: kubectl apply -f — client-side apply of every document (created / configured /
 * unchanged), going on past failed documents, then reporting every error and exiting 1.
 */
import { defineCommand, type Command, type CommandContext } from '../command';
import { printServerWarnings } from '../server-warnings';
import { CliError, formatError } from '../errors';
import { ApiError } from '../../apiserver/errors';
import type { FlagDef } from '../flags';
import { defineFlags } from '../flag-table';
import { fieldValidationOf } from '../object-writer';
import { writeManifests, type ManifestSelection } from '../manifest-writes';
import { printObjects } from '../output';
import { outputOf, PRINT_FLAGS } from '../print-flags';
import { CASCADE_FLAG, cascadeOf } from './cascade-flag';
import { fieldManagerFlag } from './field-manager-flag';
import { durationFlag } from './sim-wait';
import { LAST_APPLIED_SUBCOMMANDS } from './apply-subcommands';
import { LAST_APPLIED } from '../../api/last-applied';
import type { KubeObject } from '../../api/meta';
import type { WriteOptions } from '../../apiserver/client';
import type { ResourceInfo } from '../../api/registry';
import type { Cluster } from '../../cluster/cluster';
import { resourceInfoText } from '../resource-info-text';
import { withLastApplied } from '../../yaml/last-applied-json';

export const FIELD_MANAGER = 'kubectl-client-side-apply';

/** dryRunSuffix is what dry runs add to the operation word. */
export function dryRunSuffix(mode: string): string {
  return mode === 'client' ? ' (dry run)' : mode === 'server' ? ' (server dry run)' : '';
}

/** MISSING_LAST_APPLIED is kubectl apply's warning for an object created imperatively (it then adds the annotation). */
export const MISSING_LAST_APPLIED = (resource: string, name: string): string =>
  `Warning: resource ${resource}/${name} is missing the ${LAST_APPLIED} annotation which is required by kubectl apply. kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. The missing annotation will be patched automatically.\n`;

/** SERVER_SIDE_FIELD_MANAGER is the manager of a server-side apply without --field-manager. */
export const SERVER_SIDE_FIELD_MANAGER = 'kubectl';

/** CONFLICT_HINT is what kubectl adds under a server-side apply's conflict error. */
export const CONFLICT_HINT = `Please review the fields above--they currently have other managers. Here
are the ways you can resolve this warning:
* If you intend to manage all of these fields, please re-run the apply
  command with the \`--force-conflicts\` flag.
* If you do not intend to manage all of the fields, please edit your
  manifest to remove references to the fields that should keep their
  current managers.
* You may co-own fields by updating your manifest to match the existing
  value; in this case, you'll become the manager if the other manager(s)
  stop managing the field (remove it from their configuration).
See https://kubernetes.io/docs/reference/using-api/server-side-apply/#conflicts`;

/**
 * warnIfImperative is kubectl's warning when the live object apply read lacks the last-applied
 * annotation (the API hands apply's own read over, so the object is read once).
 */
function warnIfImperative(ctx: CommandContext, info: ResourceInfo, name: string): (live: KubeObject | undefined) => void {
  return (live) => {
    if (live && live.metadata.annotations?.[LAST_APPLIED] === undefined) ctx.io.err(MISSING_LAST_APPLIED(info.resource, name));
  };
}

/** unnamedApplyError is kubectl apply's refusal of an object without a name (apply cannot generate one), or undefined when it has one. */
export function unnamedApplyError(info: ResourceInfo, object: KubeObject, source: string): string | undefined {
  if (object.metadata.name) return undefined;
  return object.metadata.generateName ? `error: from ${object.metadata.generateName}: cannot use generate name with apply` : `error: error when retrieving current configuration of:\n${resourceInfoText(info, object)}\nfrom server for: "${source}": resource name may not be empty`;
}

/** parseDryRun checks --dry-run's value. */
export function parseDryRun(v: string | undefined): 'none' | 'client' | 'server' {
  if (v === undefined || v === 'none' || v === 'false') return 'none';
  if (v === 'client' || v === 'server') return v;
  if (v === 'true') return 'client';
  throw new CliError(`Invalid dry-run value (${v}). Must be "none", "server", or "client".`);
}

export const WRITE_FLAGS = defineFlags([
  { name: 'filename', short: 'f', type: 'stringArray', default: [], help: 'The files that contain the configurations to apply.' },
  { name: 'recursive', short: 'R', type: 'bool', default: false, help: 'Process the directory used in -f, --filename recursively.' },
  { name: 'dry-run', type: 'string', default: 'none', noOptDefault: 'unchanged', help: 'Must be "none", "server", or "client".' },
  ...PRINT_FLAGS,
  { name: 'validate', type: 'string', default: 'strict', noOptDefault: 'strict', help: 'Must be one of: strict (or true), warn, ignore (or false).' },
  { name: 'field-manager', type: 'string', help: 'Name of the manager used to track field ownership.' },
  { name: 'kustomize', short: 'k', type: 'string', default: '', help: 'Process a kustomization directory. This flag can\'t be used together with -f or -R.' },
]);

/** writeFlagsFor is WRITE_FLAGS with the verb's own --field-manager default (its help shows it). */
export function writeFlagsFor(manager: string): typeof WRITE_FLAGS {
  return WRITE_FLAGS.map((f) => (f.name === 'field-manager' ? fieldManagerFlag(manager) : f)) as unknown as typeof WRITE_FLAGS;
}

/** applyCommand is `kubectl apply`. */
export const applyCommand = defineCommand({
  name: 'apply',
  short: 'Apply a configuration to a resource by file name or stdin',
  usage: 'kubectl apply (-f FILENAME | -k DIRECTORY) [options]',
  // kubectl's help shows client-side apply's manager; --server-side without the flag writes as "kubectl".
  flags: [...writeFlagsFor(FIELD_MANAGER),
    { name: 'prune', type: 'bool', default: false, help: 'Automatically delete resource objects, that do not appear in the configs and are created by either apply or create --save-config. Should be used with either -l or --all.' },
    { name: 'prune-allowlist', type: 'stringArray', default: [], help: 'Overwrite the default allowlist with <group/version/kind> for --prune' },
    { name: 'all', type: 'bool', default: false, help: 'Select all resources in the namespace of the specified resource types.' },
    { name: 'selector', short: 'l', type: 'string', default: '', help: "Selector (label query) to filter on, supports '=', '==', '!=', 'in', 'notin'.(e.g. -l key1=value1,key2=value2,key3 in (value3)). Matching objects must satisfy all of the specified label constraints." },
    { name: 'server-side', type: 'bool', default: false, help: 'If true, apply runs in the server instead of the client.' },
    { name: 'force-conflicts', type: 'bool', default: false, help: 'If true, server-side apply will force the changes against conflicts.' },
    { name: 'force', type: 'bool', default: false, help: 'If true, immediately remove resources from API and bypass graceful deletion.' },
    // The deletion flags kubectl's apply shares with delete: here they shape what --prune deletes.
    CASCADE_FLAG,
    { name: 'grace-period', type: 'int', default: -1, help: 'Period of time in seconds given to the resource to terminate gracefully.' },
    { name: 'wait', type: 'bool', default: false, help: 'If true, wait for resources to be gone before returning. This waits for finalizers.' },
    { name: 'timeout', type: 'duration', default: '0s', help: 'The length of time to wait before giving up on a delete, zero means determine a timeout from the size of the object' },
    { name: 'overwrite', type: 'bool', default: true, help: 'Automatically resolve conflicts between the modified and live configuration by using values from the modified configuration' },
    { name: 'openapi-patch', type: 'bool', default: true, help: 'If true, use openapi to calculate diff when the openapi presents and the resource can be found in the openapi spec. Otherwise, fall back to use baked-in types.' },
    { name: 'subresource', type: 'string', default: '', help: 'If specified, apply will operate on the subresource of the requested object.  Only allowed when using --server-side.' }],
  subcommands: LAST_APPLIED_SUBCOMMANDS,
  run(ctx): number {
    const serverSide = !!ctx.flags['server-side'];
    const dryRunMode = parseDryRun(ctx.flags['dry-run']);
    const cascade = cascadeOf(ctx.flags.cascade);
    const timeoutMs = durationFlag(ctx.flags.timeout, 'timeout');
    // The prune is loaded only when asked for (apply's start-up is a measured path).
    const prune = ctx.flags.prune ? require('../apply-prune') as typeof import('../apply-prune') : undefined;
    const kinds = prune ? prune.pruneKinds(ctx.cluster().api.registry(), ctx.flags['prune-allowlist']) : [];
    // apply's Validate, in its order.
    if (ctx.flags['force-conflicts'] && !serverSide) throw new CliError('--force-conflicts only works with --server-side');
    if (serverSide && dryRunMode === 'client') throw new CliError("--dry-run=client doesn't work with --server-side (did you mean --dry-run=server instead?)");
    if (serverSide && ctx.flags.force) throw new CliError('--force cannot be used with --server-side');
    if (dryRunMode === 'server' && ctx.flags.force) throw new CliError('--dry-run=server cannot be used with --force');
    if (ctx.flags.all && ctx.flags.selector) throw new CliError('cannot set --all and --selector at the same time');
    if (prune) {
      if (ctx.flags.force) throw new CliError('--force cannot be used with --prune');
      if (!ctx.flags.all && !ctx.flags.selector) throw new CliError(prune.ERR_PRUNE_WITHOUT_SELECTION);
      if (serverSide) throw new CliError("--prune is in alpha and doesn't currently work on objects created by server-side apply");
    }
    if (ctx.flags.subresource && !serverSide) throw new CliError('--subresource can only be specified for --server-side');
    const selection: ManifestSelection = { selector: ctx.flags.selector || undefined };
    if (prune) {
      const out = outputOf(ctx.flags, ctx.set);
      selection.afterAll = (visited, dryRun) => prune.pruneUnapplied(ctx.cluster(), visited, {
        kinds, defaultKinds: !ctx.flags['prune-allowlist'].length, warn: (line) => ctx.io.err(line),
        selector: ctx.flags.selector || undefined, dryRun, cascade, gracePeriod: ctx.flags['grace-period'],
        fieldManager: ctx.flags['field-manager'] || FIELD_MANAGER,
        print: (obj, line) => ctx.io.out(out ? printObjects([obj], out, true, ctx.cluster().api.registry(), false, ctx.flags['show-managed-fields']) : line),
      });
    }
    if (serverSide) return applyServerSide(ctx, selection);
    // --overwrite=false: kubectl's patch of a live object is made refusing conflicts before anything is sent.
    const refusing = ctx.flags.overwrite ? undefined : require('../apply-patch-failure') as typeof import('../apply-patch-failure');
    // The schemas kubectl makes its patch from first: OpenAPI v3 unless KUBECTL_OPENAPIV3_PATCH=false, then v2.
    const openAPISchemas = !ctx.flags['openapi-patch'] ? [] : ctx.env.KUBECTL_OPENAPIV3_PATCH?.toLowerCase() === 'false' ? ['openapi'] : ['openapi v3', 'openapi'];
    return writeManifests(ctx, 'apply', ({ info, object, source }, { cluster, dryRun, validate, unreadManagedFields }, fail) => {
      const unnamed = unnamedApplyError(info, object, source);
      if (unnamed) { fail(unnamed); return undefined; }
      if (dryRun === 'client') {
        // kubectl sends nothing: a new object is shown as it would be created (the manifest with its
        // last-applied annotation), a live one as kubectl's GET read it, unchanged.
        const live = cluster.api.tryGet({ kind: info.storageKind, namespace: object.metadata.namespace, name: object.metadata.name! }, object.apiVersion);
        return live ? { object: live, word: 'configured' } : { object: withLastApplied(object), word: 'created' };
      }
      const fieldManager = ctx.flags['field-manager'] || FIELD_MANAGER;
      const applyOne = (manifest: KubeObject, onLive?: (live: KubeObject | undefined) => void) => cluster.api.apply(manifest, {
        fieldManager, dryRun: dryRun === 'server', fieldValidation: fieldValidationOf(validate), warn: printServerWarnings(ctx.io), onLive, unreadManagedFields,
      });
      let live: KubeObject | undefined;
      const warn = warnIfImperative(ctx, info, object.metadata.name!);
      try {
        const r = applyOne(object, (l) => {
          live = l;
          warn(l);
          if (l && refusing) refusing.refuseConflicts({ info, object, source }, l, openAPISchemas, (text) => ctx.io.err(text));
        });
        return { object: r.object, word: r.outcome };
      } catch (e) {
        if (refusing && e instanceof refusing.PatchNotMade) { fail(e.collected); return undefined; }
        // A new object's failure is its create's; a live one's is the patch's.
        if (!live || !(e instanceof ApiError)) throw e;
        const failed = require('../apply-patch-failure') as typeof import('../apply-patch-failure');
        const refused = failed.patchRefusal(e, { info, object, source }, live, fieldValidationOf(validate));
        if (ctx.flags.force && failed.mayForce(refused)) {
          return failed.deleteAndCreate(cluster, { info, object, source }, { cascade, grace: ctx.flags['grace-period'], timeoutMs, fieldManager }, (m) => applyOne(m).object, fail);
        }
        fail(failed.patchFailure(refused, { info, object, source }, live));
        return undefined;
      }
    }, selection);
  },
});

/**
 * MIGRATION_FAILED are kubectl's warnings when a step of the migration below fails: the apply
 * itself stands, and the next apply tries the migration again.
 */
const MIGRATION_FAILED = {
  lastApplied: 'failed to migrate kubectl.kubernetes.io/last-applied-configuration for Server-Side Apply',
  patch: 'server rejected managed fields migration to Server-Side Apply',
  reapply: 'failed to re-apply configuration after performing Server-Side Apply migration',
};

/**
 * migrateClientSideApply is what kubectl does after a server-side apply of an object
 * client-side apply managed (managed-fields/csa-upgrade.ts), with the apply's dry-run setting:
 * with the default manager, apply the last-applied annotation alone as kubectl-last-applied;
 * then move kubectl-client-side-apply's fields to the applier and apply again, so what the
 * manifest dropped is pruned. A step the server refuses ends it with kubectl's warning (a
 * server dry run meets one whenever the apply changed the annotation: the stored value still
 * belongs to kubectl-client-side-apply). Returns the object as it ends.
 */
function migrateClientSideApply(api: Cluster['api'], applied: KubeObject, config: KubeObject, opts: WriteOptions & { force?: boolean }, warn: (line: string) => void): KubeObject {
  const csa = require('../../apiserver/managed-fields/csa-upgrade') as typeof import('../../apiserver/managed-fields/csa-upgrade');
  let obj = applied;
  const step = (failed: keyof typeof MIGRATION_FAILED, write: () => KubeObject): boolean => {
    try {
      obj = write();
      return true;
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      warn(`Warning: ${MIGRATION_FAILED[failed]}. This is non-fatal and will be retried next time you apply. Error: ${e.message}\n`);
      return false;
    }
  };
  const annotation = opts.fieldManager === SERVER_SIDE_FIELD_MANAGER ? csa.lastAppliedConfiguration(obj) : undefined;
  if (annotation && !step('lastApplied', () => api.serverSideApply(annotation, { fieldManager: csa.LAST_APPLIED_MANAGER, dryRun: opts.dryRun }).object)) return obj;
  const upgraded = csa.upgradeClientSideApply(obj.metadata.managedFields, opts.fieldManager);
  if (!upgraded) return obj;
  const from = obj;
  if (!step('patch', () => api.update({ ...from, metadata: { ...from.metadata, managedFields: upgraded } }, { fieldManager: opts.fieldManager, dryRun: opts.dryRun }))) return obj;
  step('reapply', () => api.serverSideApply(config, opts).object);
  return obj;
}

/**
 * applyServerSide is `apply --server-side`: each object sent as an apply patch, the server
 * merging it and tracking field ownership; a conflict is kubectl's error with its hint.
 */
function applyServerSide(ctx: Parameters<typeof writeManifests>[0] & CommandContext<{ 'field-manager'?: string; 'force-conflicts'?: boolean }>, selection: ManifestSelection): number {
  const fieldManager = (ctx.set.has('field-manager') && ctx.flags['field-manager']) || SERVER_SIDE_FIELD_MANAGER;
  return writeManifests(ctx, 'apply', ({ info, object, source }, { cluster, dryRun, validate }, fail) => {
    const unnamed = unnamedApplyError(info, object, source);
    if (unnamed) { fail(unnamed); return undefined; }
    try {
      const opts = { fieldManager, force: !!ctx.flags['force-conflicts'], dryRun: dryRun === 'server', fieldValidation: fieldValidationOf(validate), warn: printServerWarnings(ctx.io) };
      let r = cluster.api.serverSideApply(object, opts);
      r = { ...r, object: migrateClientSideApply(cluster.api, r.object, object, opts, (line) => ctx.io.err(line)) };
      return { object: r.object, word: 'serverside-applied' };
    } catch (e) {
      if (e instanceof ApiError && e.reason === 'Conflict' && e.details.causes?.length) { fail(`error: ${e.message}\n${CONFLICT_HINT}`); return undefined; }
      if (e instanceof ApiError) { fail(formatError(e).text); return undefined; }
      throw e;
    }
  }, selection);
}
