/**
 * cordon: kubectl cordon / uncordon — mark nodes (un)schedulable by setting
 * spec.unschedulable; the node lifecycle controller then adds or removes the
 * node.kubernetes.io/unschedulable:NoSchedule taint. Mirrors kubectl pkg/cmd/drain
 * (NewCmdCordon, RunCordonOrUncordon) and pkg/drain/cordon.go.
 */
import type { KubeObject } from '../../api/meta';
import type { Cluster } from '../../cluster/cluster';
import { defineCommand, type Command, type CommandContext } from '../command';
import { UsageError } from '../errors';
import type { FlagDef } from '../flags';
import { defineFlags } from '../flag-table';
import { dryRunSuffix, parseDryRun } from './apply';

export const CORDONED = 'cordoned';
export const UNCORDONED = 'uncordoned';
export const ALREADY = 'already';
/** FIELD_MANAGER is the manager kubectl's cordon patch is recorded under. */
export const FIELD_MANAGER = 'kubectl-cordon';

const FLAGS = defineFlags([
  { name: 'selector', short: 'l', type: 'string', help: 'Selector (label query) to filter on.' },
  { name: 'dry-run', type: 'string', default: 'none', noOptDefault: 'unchanged', help: 'Must be "none", "server", or "client".' },
]);

/** nodesFor resolves NODE arguments (name or node/name) or -l into nodes; a missing name throws NotFound. */
export function nodesFor(cluster: Cluster, args: readonly string[], selector: string | undefined): KubeObject[] {
  if (selector) return cluster.api.list({ kind: 'Node', labelSelector: selector });
  return args.map((a) => cluster.api.get({ kind: 'Node', name: a.replace(/^(nodes?|no)\//, '') }));
}

/**
 * setUnschedulable cordons (true) or uncordons (false) one node, printing kubectl's line;
 * used by drain too. Returns whether the node changed.
 */
export function setUnschedulable(ctx: CommandContext, cluster: Cluster, node: KubeObject, desired: boolean, dryRun: 'none' | 'client' | 'server'): boolean {
  const word = desired ? CORDONED : UNCORDONED;
  const name = node.metadata.name!;
  if (!!node.spec?.unschedulable === desired) {
    ctx.io.out(`node/${name} ${ALREADY} ${word}${dryRunSuffix(dryRun)}\n`);
    return false;
  }
  if (dryRun !== 'client') {
    cluster.write(() => {
      const fresh = structuredClone(cluster.api.get({ kind: 'Node', name }));
      if (desired) fresh.spec = { ...fresh.spec, unschedulable: true };
      else if (fresh.spec) delete fresh.spec.unschedulable;
      cluster.api.update(fresh, { fieldManager: FIELD_MANAGER, dryRun: dryRun === 'server' });
    });
  }
  ctx.io.out(`node/${name} ${word}${dryRunSuffix(dryRun)}\n`);
  return true;
}

function cordonVerb(name: 'cordon' | 'uncordon', desired: boolean, short: string): Command {
  return defineCommand({
    name,
    short,
    usage: `kubemu ${name} NODE [options]`,
    flags: FLAGS,
    run(ctx): number {
      const selector = ctx.flags.selector;
      if (!ctx.args.length && !selector) throw new UsageError(`USAGE: ${name} NODE [flags]`, name);
      const dryRun = parseDryRun(ctx.flags['dry-run']);
      const cluster = ctx.cluster();
      for (const node of nodesFor(cluster, ctx.args, selector)) setUnschedulable(ctx, cluster, node, desired, dryRun);
      return 0;
    },
  });
}

/** cordonCommand is `kubectl cordon`. */
export const cordonCommand: Command = cordonVerb('cordon', true, 'Mark node as unschedulable');
/** uncordonCommand is `kubectl uncordon`. */
export const uncordonCommand: Command = cordonVerb('uncordon', false, 'Mark node as schedulable');
