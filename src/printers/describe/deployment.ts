/**
 * deployment: `kubectl describe deployment` (kubectl describeDeployment), including the
 * OldReplicaSets/NewReplicaSet lines found the way deploymentutil does.
 */
import type { PodTemplateSpec } from '../../api/types/core-v1';
import type { KubeObject } from '../../api/meta';
import { wantEvents, type DescribeContext } from './context';
import { isControlledBy } from './controller-ref';
import { describeEvents } from './events';
import { printAnnotationsMultiline, printLabelsMultiline } from './multiline';
import { describePodTemplate } from './pod-template';
import { LEVEL_0, PrefixWriter } from './prefix-writer';
import { describeWorkloadConditions } from './replicaset';
import { selectorString } from './selector-string';
import { formatRFC1123Z } from './time-format';

/** POD_TEMPLATE_HASH_LABEL is added to a ReplicaSet's template and ignored when comparing templates. */
export const POD_TEMPLATE_HASH_LABEL = 'pod-template-hash';

// JSON with sorted keys, so templates compare structurally.
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v as object).sort().filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(v);
}

function withoutHash(template: PodTemplateSpec | undefined): unknown {
  const t = structuredClone(template ?? {});
  if (t.metadata?.labels) {
    delete t.metadata.labels[POD_TEMPLATE_HASH_LABEL];
    if (Object.keys(t.metadata.labels).length === 0) delete t.metadata.labels;
  }
  return t;
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * deploymentReplicaSets splits the ReplicaSets the Deployment controls into the new one
 * (oldest whose template equals the Deployment's, ignoring pod-template-hash) and all old
 * ones (in list order), as deploymentutil.GetAllReplicaSets does.
 */
export function deploymentReplicaSets(d: KubeObject, ctx: DescribeContext): { oldRSs: KubeObject[]; newRS: KubeObject | undefined } {
  const owned = ctx.list({ kind: 'ReplicaSet', namespace: d.metadata.namespace })
    .filter((rs) => isControlledBy(rs, d))
    .sort((a, b) => cmp(a.metadata.name ?? '', b.metadata.name ?? ''));
  const want = canonical(withoutHash(d.spec?.template));
  const byAge = [...owned].sort((a, b) =>
    cmp(a.metadata.creationTimestamp ?? '', b.metadata.creationTimestamp ?? '') || cmp(a.metadata.name ?? '', b.metadata.name ?? ''));
  const newRS = byAge.find((rs) => canonical(withoutHash(rs.spec?.template)) === want);
  return { oldRSs: owned.filter((rs) => rs !== newRS), newRS };
}

/** printReplicaSets renders "<name> (<status.replicas>/<spec.replicas> replicas created)" joined by ", ", or <none>. */
export function printReplicaSets(rss: KubeObject[]): string {
  const list = rss.map((rs) => `${rs.metadata.name} (${rs.status?.replicas ?? 0}/${rs.spec?.replicas ?? 1} replicas created)`).join(', ');
  return list || '<none>';
}

/** describeDeployment renders a Deployment exactly as kubectl describe deployment does. */
export function describeDeployment(d: KubeObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const spec = d.spec ?? {};
  const status = d.status ?? {};
  w.write(LEVEL_0, `Name:\t${d.metadata.name ?? ''}\n`);
  w.write(LEVEL_0, `Namespace:\t${d.metadata.namespace ?? ''}\n`);
  w.write(LEVEL_0, `CreationTimestamp:\t${formatRFC1123Z(d.metadata.creationTimestamp)}\n`);
  printLabelsMultiline(w, 'Labels', d.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', d.metadata.annotations);
  w.write(LEVEL_0, `Selector:\t${selectorString(spec.selector)}\n`);
  w.write(LEVEL_0, `Replicas:\t${spec.replicas ?? 1} desired | ${status.updatedReplicas ?? 0} updated | ${status.replicas ?? 0} total | `
    + `${status.availableReplicas ?? 0} available | ${status.unavailableReplicas ?? 0} unavailable\n`);
  const strategy = spec.strategy ?? {};
  w.write(LEVEL_0, `StrategyType:\t${strategy.type ?? 'RollingUpdate'}\n`);
  w.write(LEVEL_0, `MinReadySeconds:\t${spec.minReadySeconds ?? 0}\n`);
  // kubemu: a RollingUpdate strategy without parameters shows the apiserver defaults.
  const ru = strategy.rollingUpdate ?? ((strategy.type ?? 'RollingUpdate') === 'RollingUpdate' ? {} : undefined);
  if (ru) w.write(LEVEL_0, `RollingUpdateStrategy:\t${ru.maxUnavailable ?? '25%'} max unavailable, ${ru.maxSurge ?? '25%'} max surge\n`);
  describePodTemplate(spec.template, w);
  describeWorkloadConditions(status.conditions, w);
  const { oldRSs, newRS } = deploymentReplicaSets(d, ctx);
  if (oldRSs.length > 0 || newRS) {
    w.write(LEVEL_0, `OldReplicaSets:\t${printReplicaSets(oldRSs)}\n`);
    w.write(LEVEL_0, `NewReplicaSet:\t${printReplicaSets(newRS ? [newRS] : [])}\n`);
  }
  if (wantEvents(ctx)) describeEvents(ctx.events, w, ctx.now);
  return w.toString();
}
