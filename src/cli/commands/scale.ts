/**
 * scale: kubectl scale — set spec.replicas on deployments, replica sets, stateful sets and
 * replication controllers, by name, selector or --all, with --current-replicas and
 * --resource-version preconditions. Mirrors kubernetes/kubectl pkg/cmd/scale/scale.go.
 */
import { authorizeRequest, serverSide } from '../../apiserver/authorization';
import type { KubeObject } from '../../api/meta';
import { kindPrefix } from '../../api/registry';
import { ApiError, noSuchPath } from '../../apiserver/errors';
import { defineCommand, type Command, type CommandContext } from '../command';
import { CliError, aggregateText, formatApiError, finishWithErrors } from '../errors';
import { printObjects } from '../output';
import { dryRunSuffix, parseDryRun } from './apply';
import { durationFlag } from './sim-wait';
import { resolveTargets, SELECT_FLAGS, KUSTOMIZE_FLAG, type Target } from './targets';
import { PRINT_FLAGS } from '../print-flags';
import { outputOf } from '../print-flags';

export const MSG_SCALED = 'scaled';
export const ERR_REPLICAS = 'The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0';
export const ERR_REPLICAS_NOT_SET = 'required flag(s) "replicas" not set';
export const ERR_NO_OBJECTS = 'no objects passed to scale';
/** ERR_RV_MULTIPLE refuses a --resource-version precondition for more than one object. */
export const ERR_RV_MULTIPLE = 'cannot use --resource-version with multiple resources';
/** ERR_PRECONDITION is kubectl's PreconditionError: --current-replicas or --resource-version not what the scale subresource holds. */
export const ERR_PRECONDITION = (what: 'replicas' | 'resource version', want: string | number, got: string | number): string => `Expected ${what} to be ${want}, was ${got}`;
/** SCALABLE_KINDS have a scale subresource. */
export const SCALABLE_KINDS = new Set(['Deployment', 'ReplicaSet', 'StatefulSet', 'ReplicationController']);

/** scaleCommand is `kubectl scale`. */
export const scaleCommand = defineCommand({
  name: 'scale',
  short: 'Set a new size for a deployment, replica set, or replication controller',
  usage: 'kubectl scale [--resource-version=version] [--current-replicas=count] --replicas=COUNT (-f FILENAME | TYPE NAME) [options]',
  flags: [
    ...SELECT_FLAGS.filter((f) => f.name !== 'all-namespaces'),
    KUSTOMIZE_FLAG,
    { name: 'replicas', type: 'int', default: 0, help: 'The new desired number of replicas. Required.' },
    { name: 'current-replicas', type: 'int', default: -1, help: 'Precondition for current size. Requires that the current size of the resource match this value in order to scale.' },
    { name: 'resource-version', type: 'string', help: 'Precondition for resource version.' },
    { name: 'timeout', type: 'duration', default: '0s', help: 'The length of time to wait before giving up on a scale operation, zero means don\'t wait.' },
    { name: 'dry-run', type: 'string', default: 'none', noOptDefault: 'unchanged', help: 'Must be "none", "server", or "client".' },
    ...PRINT_FLAGS,
  ],
  run(ctx): number {
    durationFlag(ctx.flags.timeout, 'timeout'); // read as pflag would; scaling is immediate here
    if (!ctx.set.has('replicas')) throw new CliError(ERR_REPLICAS_NOT_SET);
    const replicas = ctx.flags.replicas;
    if (replicas < 0) throw new CliError(ERR_REPLICAS);
    const current = ctx.flags['current-replicas'];
    const rv = ctx.flags['resource-version'];
    const dryRun = parseDryRun(ctx.flags['dry-run']);
    const out = outputOf(ctx.flags, ctx.set);
    const resolved = resolveTargets(ctx, { args: ctx.args });
    const cluster = ctx.cluster();
    // As kubectl's RunScale: the objects it cannot read are set aside and reported at the end,
    // after the others are scaled; a failed scale stops the command there.
    const found: { t: Target; obj: KubeObject }[] = [];
    const unread: ApiError[] = [];
    cluster.read(() => {
      for (const t of resolved.targets) {
        try { found.push({ t, obj: cluster.api.get(t.ref) }); } catch (e) { if (e instanceof ApiError) unread.push(e); else throw e; }
      }
    });
    if (rv && found.length > 1) throw new CliError(ERR_RV_MULTIPLE);
    if (!found.length) throw new CliError(unread.length ? `${ERR_NO_OBJECTS} ${aggregateText(unread.map((e) => e.message))}` : ERR_NO_OBJECTS);
    const registry = cluster.api.registry();
    for (const { t, obj: read } of found) {
      let written: KubeObject | undefined;
      if (dryRun !== 'client') {
        written = cluster.write(() => {
          // kubectl scales through the scale subresource: a merge patch of it, or with a
          // precondition a get and an update of it.
          const ns = t.info.namespaced ? t.ref.namespace : undefined;
          for (const verb of current >= 0 || rv ? ['get', 'update'] : ['patch']) authorizeRequest(cluster.api, verb, t.ref.kind, ns, t.ref.name, 'scale');
          const server = serverSide(cluster.api);
          const obj = structuredClone(server.get(t.ref));
          if (!SCALABLE_KINDS.has(obj.kind)) throw noSuchPath();
          const was = obj.spec?.replicas ?? 1;
          if (current >= 0 && current !== was) throw new CliError(ERR_PRECONDITION('replicas', current, was));
          if (rv && rv !== obj.metadata.resourceVersion) throw new CliError(ERR_PRECONDITION('resource version', rv, obj.metadata.resourceVersion ?? ''));
          obj.spec = { ...obj.spec, replicas };
          // kubectl scale sends no fieldManager: kube-apiserver names the writer after the user agent's program, kubectl.
          return server.update(obj, { fieldManager: 'kubectl', dryRun: dryRun === 'server', subresource: 'scale' });
        });
      }
      // kubectl prints the object as it read it, before the scale. kubemu: a scale that is not a
      // dry run prints what it wrote (its new resourceVersion and replicas), which scripts can use.
      const shown = dryRun === 'none' ? written! : read;
      if (out) ctx.io.out(printObjects([shown], out, true, registry, false, !!ctx.flags['show-managed-fields']));
      else ctx.io.out(`${kindPrefix(t.info)}/${t.ref.name} ${MSG_SCALED}${dryRunSuffix(dryRun)}\n`);
    }
    return finishWithErrors(ctx.io, unread.map((e) => formatApiError(e)), true);
  },
});
