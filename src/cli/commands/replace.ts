/**
 * replace: kubectl replace -f — overwrite live objects with the manifests' content
 * (`<kind>/<name> replaced`); with --force, delete and re-create them.
 * Mirrors kubernetes/kubectl pkg/cmd/replace/replace.go.
 */
import { kindPrefix } from '../../api/registry';
import type { KubeObject } from '../../api/meta';
import { defineCommand, type Command, type CommandContext } from '../command';
import { CliError, finishWithErrors } from '../errors';
import { readKustomizeArg } from '../kustomize-docs';
import { readFilenameArgs } from '../manifests';
import { fieldValidationOf, parseValidate, prepareDoc, serverError, stripServerFields, type PreparedDoc } from '../object-writer';
import { documentCheckFor } from '../schema-validation';
import { printServerWarnings } from '../server-warnings';
import { withLastApplied } from '../../yaml/last-applied-json';
import type { PropagationPolicy } from '../../apiserver/client';
import { CASCADE_FLAG, cascadeOf } from './cascade-flag';
import { durationFlag, waitUntil } from './sim-wait';
import { printObjects } from '../output';
import { outputOf } from '../print-flags';
import { dryRunSuffix, parseDryRun, writeFlagsFor } from './apply';
import { noSuchPath } from '../../apiserver/errors';
import { writeScale } from '../../apiserver/scale-subresource';
import { writeThroughSubresource } from '../../apiserver/subresource-write';

export const MSG_REPLACED = 'replaced';

/** FORCE_WAIT_MS is how long replace --force waits for the deleted objects to go when --timeout is 0 (kubectl's 5 minutes). */
const FORCE_WAIT_MS = 5 * 60_000;

/** replaceCommand is `kubectl replace`. */
export const replaceCommand = defineCommand({
  name: 'replace',
  short: 'Replace a resource by file name or stdin',
  usage: 'kubectl replace -f FILENAME [options]',
  flags: [...writeFlagsFor('kubectl-replace'),
    { name: 'force', type: 'bool', default: false, help: 'If true, immediately remove resources from API and bypass graceful deletion.' },
    { name: 'grace-period', type: 'int', default: -1, help: 'Period of time in seconds given to the resource to terminate gracefully.' },
    CASCADE_FLAG,
    { name: 'wait', type: 'bool', default: false, help: 'If true, wait for resources to be gone before returning. This waits for finalizers.' },
    { name: 'timeout', type: 'duration', default: '0s', help: 'The length of time to wait before giving up on a delete, zero means determine a timeout from the size of the object' },
    { name: 'subresource', type: 'string', default: '', help: 'If specified, replace will operate on the subresource of the requested object.' },
    { name: 'raw', type: 'string', default: '', help: 'Raw URI to PUT to the server.  Uses the transport specified by the kubeconfig file.' },
    { name: 'save-config', type: 'bool', default: false, help: 'If true, the configuration of current object will be saved in its annotation.' }],
  run(ctx): number {
    // replace's Complete, then its Validate, in kubectl's order.
    const validate = parseValidate(ctx.flags.validate);
    const dryRun = parseDryRun(ctx.flags['dry-run']);
    const out = outputOf(ctx.flags, ctx.set);
    const cascade = cascadeOf(ctx.flags.cascade);
    const force = !!ctx.flags.force;
    // --grace-period=0 becomes 1 and a wait, so that nothing is lost by accident.
    const grace = ctx.flags['grace-period'] === 0 ? 1 : ctx.flags['grace-period'];
    const timeoutMs = durationFlag(ctx.flags.timeout, 'timeout');
    const files = ctx.flags.filename;
    if (!files.length && !ctx.flags.kustomize) throw new CliError('must specify one of -f and -k');
    if (grace >= 0 && !force) throw new CliError('--grace-period must have --force specified');
    if (timeoutMs !== 0 && !force) throw new CliError('--timeout must have --force specified');
    if (force && dryRun !== 'none') throw new CliError('--dry-run can not be used when --force is set');
    if (ctx.flags.raw) {
      const { runRaw } = require('./raw-write') as typeof import('./raw-write');
      return runRaw(ctx, 'PUT', ctx.flags.raw, { files, fileRequired: true, recursive: ctx.flags.recursive, output: ctx.flags.output });
    }
    const check = documentCheckFor(ctx, validate);
    const { docs, errors: parseErrors } = ctx.flags.kustomize
      ? readKustomizeArg(ctx, ctx.flags.kustomize, files, !!ctx.flags.recursive, check)
      : readFilenameArgs(ctx, files, !!ctx.flags.recursive, validate === 'ignore', check);
    const errors: string[] = parseErrors.map((e) => `error: ${e.message}`);
    if (!docs.length && !errors.length) throw new CliError('no objects passed to replace');
    const cluster = ctx.cluster();
    const registry = cluster.api.registry();
    const prepared: PreparedDoc[] = [];
    for (const doc of docs) {
      try { prepared.push(prepareDoc(doc, registry, ctx.namespace, ctx.namespaceExplicit, validate)); } catch (e) { errors.push(`error: ${(e as Error).message}`); }
    }
    const fieldManager = ctx.flags['field-manager'] || 'kubectl-replace';
    const opts = { fieldManager, dryRun: dryRun === 'server', fieldValidation: fieldValidationOf(validate), warn: printServerWarnings(ctx.io) };
    const refOf = ({ info, object }: PreparedDoc) => ({ kind: info.storageKind, namespace: object.metadata.namespace, name: object.metadata.name ?? '' });
    const written = (o: KubeObject) => (ctx.flags['save-config'] ? withLastApplied(o) : o);
    const subresource = ctx.flags.subresource || undefined;
    const print = (p: PreparedDoc, result: KubeObject) => {
      if (out) ctx.io.out(printObjects([result], out, true, registry, false, !!ctx.flags['show-managed-fields']));
      else ctx.io.out(`${result.kind === 'Scale' ? 'scale.autoscaling' : kindPrefix(p.info)}/${refOf(p).name} ${MSG_REPLACED}${dryRunSuffix(dryRun)}\n`);
    };
    if (force) return forceReplace(ctx, prepared, errors, { cascade, grace, timeoutMs: timeoutMs || FORCE_WAIT_MS, create: (p) => cluster.write(() => cluster.api.create(stripServerFields(written(p.object)), opts)), print });
    for (const p of prepared) {
      const ref = refOf(p);
      // The client's GET for the live resourceVersion cannot be built without a name.
      if (!ref.name) { errors.push(`error: error when replacing "${p.source}": resource name may not be empty`); continue; }
      try {
        const result = cluster.write(() => {
          // --subresource PUTs to it: a resource without it is the server's 404 (kubectl 1.32 checks no name).
          if (subresource && !(require('../serve/discovery') as typeof import('../serve/discovery')).servesSubresource(p.info, subresource)) throw noSuchPath();
          const live = cluster.api.get(ref);
          if (dryRun === 'client') return written(p.object);
          const next = structuredClone(written(p.object));
          // An unset resourceVersion makes the PUT unconditional.
          next.metadata.resourceVersion ??= live.metadata.resourceVersion;
          if (subresource === 'scale') return writeScale(cluster.api, p.info, ref, opts, () => next);
          return writeThroughSubresource(cluster.api, subresource, next, opts);
        });
        print(p, result);
      } catch (e) {
        errors.push(serverError(e, 'replacing', p.source));
      }
    }
    return finishWithErrors(ctx.io, errors);
  },
});

interface ForceOptions {
  cascade: PropagationPolicy;
  grace: number;
  timeoutMs: number;
  create: (p: PreparedDoc) => KubeObject;
  print: (p: PreparedDoc, result: KubeObject) => void;
}

/**
 * forceReplace is replace --force as kubectl's forceReplace: every object is deleted (those
 * missing are skipped), then it waits, in simulated time, until they are gone, then creates
 * them again. A pod is deleted with its own grace period unless --grace-period says otherwise.
 */
function forceReplace(ctx: CommandContext, prepared: PreparedDoc[], errors: string[], o: ForceOptions): number {
  // kubectl deletes the good objects even when another document cannot be read, and then
  // creates none: kubemu deletes nothing unless every document can be created again.
  if (errors.length) return finishWithErrors(ctx.io, errors);
  const cluster = ctx.cluster();
  const deleted: KubeObject[] = [];
  for (const p of prepared) {
    const ref = { kind: p.info.storageKind, namespace: p.object.metadata.namespace, name: p.object.metadata.name ?? '' };
    try {
      const gone = cluster.write(() => {
        const live = cluster.api.tryGet(ref);
        if (!live) return undefined;
        cluster.api.delete(ref, { fieldManager: 'kubectl', propagationPolicy: o.cascade, gracePeriodSeconds: o.grace >= 0 ? o.grace : undefined });
        return live;
      });
      if (!gone) continue;
      deleted.push(gone);
      ctx.io.out(ctx.flags.output === 'name' ? `${kindPrefix(p.info)}/${ref.name}\n` : `${kindPrefix(p.info)} "${ref.name}" deleted\n`);
    } catch (e) {
      errors.push(serverError(e, 'deleting', p.source));
    }
  }
  if (errors.length) return finishWithErrors(ctx.io, errors);
  const isGone = () => deleted.every((d) => cluster.api.tryGet({ kind: d.kind, namespace: d.metadata.namespace, name: d.metadata.name! })?.metadata.uid !== d.metadata.uid);
  if (!waitUntil(ctx, isGone, o.timeoutMs)) throw new CliError('context deadline exceeded');
  for (const p of prepared) {
    try {
      o.print(p, o.create(p));
    } catch (e) {
      errors.push(serverError(e, 'replacing', p.source));
    }
  }
  return finishWithErrors(ctx.io, errors);
}
