/**
 * autoscale: kubectl autoscale TYPE NAME --max=N [--min=N] [--cpu-percent=N] — create an
 * autoscaling/v1 HorizontalPodAutoscaler named after its target (`… autoscaled`).
 * Mirrors kubernetes/kubectl pkg/cmd/autoscale/autoscale.go.
 */
import type { KubeObject } from '../../api/meta';
import { defineCommand, type Command, type CommandContext } from '../command';
import { CliError, finishWithErrors } from '../errors';
import { generatorSpec } from '../generators/generator-table';
import { REQUIRED_FLAG_NOT_SET } from '../generators/generator-error';
import { objectMeta } from '../generators/go-order';
import { enforcedNamespace, flagDefsOf, writeGenerated } from './generator-cli';
import { readTarget, resolveTargets } from './targets';

/** ERR_MAX is kubectl's validation text for a missing or bad --max. */
export const ERR_MAX = (max: number): string => `--max=MAXPODS is required and must be at least 1, max: ${max}`;
/** ERR_MIN_MAX is kubectl's text for --min above --max. */
export const ERR_MIN_MAX = (min: number, max: number): string => `--max=MAXPODS must be larger or equal to --min=MINPODS, max: ${max}, min: ${min}`;
/** SCALABLE lists the kinds an HPA may target. */
export const SCALABLE = new Set(['Deployment', 'ReplicaSet', 'StatefulSet', 'ReplicationController']);

const SPEC = generatorSpec('autoscale')!;

/** newHpa builds the HPA kubectl sends (Go struct order, status zero values). */
export function newHpa(target: KubeObject, o: { name?: string; min: number; max: number; cpu: number; namespace?: string }): KubeObject {
  const spec: Record<string, unknown> = {
    scaleTargetRef: { kind: target.kind, name: target.metadata.name, apiVersion: target.apiVersion },
  };
  if (o.min > 0) spec.minReplicas = o.min;
  spec.maxReplicas = o.max;
  if (o.cpu >= 0) spec.targetCPUUtilizationPercentage = o.cpu;
  return {
    kind: 'HorizontalPodAutoscaler', apiVersion: 'autoscaling/v1',
    metadata: objectMeta({ name: o.name || target.metadata.name, namespace: o.namespace }),
    spec, status: { currentReplicas: 0, desiredReplicas: 0 },
  };
}

/** autoscaleCommand is `kubectl autoscale`. */
export const autoscaleCommand = defineCommand({
  name: 'autoscale',
  short: 'Auto-scale a deployment, replica set, stateful set, or replication controller',
  usage: SPEC.usage,
  flags: flagDefsOf(SPEC),
  run(ctx): number {
    // cobra's check of the required --max comes before the command runs.
    if (!ctx.set.has('max')) throw new CliError(REQUIRED_FLAG_NOT_SET('max'));
    const max = ctx.flags.max;
    const min = ctx.flags.min;
    if (max < 1) throw new CliError(ERR_MAX(max));
    if (min > max) throw new CliError(ERR_MIN_MAX(min, max));
    const { targets, errors } = resolveTargets(ctx, { args: ctx.args, selector: '' });
    if (errors.length) throw new CliError(errors[0]!.replace(/^error: /, ''));
    const cluster = ctx.cluster();
    // As kubectl's visitor, an object it cannot read is reported after the others are done.
    const unread: string[] = [];
    const objs = targets.flatMap((t) => {
      const obj = readTarget(cluster, t, unread);
      if (!obj) return [];
      if (!SCALABLE.has(obj.kind)) throw new CliError(`cannot autoscale a ${obj.kind}: kind ${obj.kind} is not scalable`);
      return [newHpa(obj, { name: ctx.flags.name, min, max, cpu: ctx.flags['cpu-percent'], namespace: enforcedNamespace(ctx) })];
    });
    writeGenerated(ctx, objs, { operation: 'autoscaled', fieldManager: 'kubectl-autoscale', typed: true });
    return finishWithErrors(ctx.io, unread, true);
  },
});
