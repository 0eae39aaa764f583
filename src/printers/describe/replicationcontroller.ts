/**
 * replicationcontroller: `kubectl describe rc` (kubectl describeReplicationController).
 */
import type { KubeObject } from '../../api/meta';
import { wantEvents, type DescribeContext } from './context';
import { isControlledBy } from './controller-ref';
import { describeEvents } from './events';
import { printAnnotationsMultiline, printLabelsMultiline } from './multiline';
import { formatPodPhaseCounts, type PodPhaseCounts } from './pod-status-counts';
import { describePodTemplate } from './pod-template';
import { LEVEL_0, PrefixWriter } from './prefix-writer';
import { describeWorkloadConditions } from './replicaset';
import { formatLabels } from './selector-string';

/** describeReplicationController renders a ReplicationController (map selector, no Controlled By line). */
export function describeReplicationController(rc: KubeObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const selector: Record<string, string> = rc.spec?.selector ?? {};
  w.write(LEVEL_0, `Name:\t${rc.metadata.name ?? ''}\n`);
  w.write(LEVEL_0, `Namespace:\t${rc.metadata.namespace ?? ''}\n`);
  w.write(LEVEL_0, `Selector:\t${formatLabels(selector)}\n`);
  printLabelsMultiline(w, 'Labels', rc.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', rc.metadata.annotations);
  w.write(LEVEL_0, `Replicas:\t${rc.status?.replicas ?? 0} current / ${rc.spec?.replicas ?? 1} desired\n`);
  const counts: PodPhaseCounts = { running: 0, waiting: 0, succeeded: 0, failed: 0 };
  for (const pod of ctx.list({ kind: 'Pod', namespace: rc.metadata.namespace })) {
    const labels = pod.metadata.labels ?? {};
    if (!Object.entries(selector).every(([k, v]) => labels[k] === v) || !isControlledBy(pod, rc)) continue;
    const phase = pod.status?.phase;
    if (phase === 'Running') counts.running++;
    else if (phase === 'Pending') counts.waiting++;
    else if (phase === 'Succeeded') counts.succeeded++;
    else if (phase === 'Failed') counts.failed++;
  }
  w.write(LEVEL_0, `Pods Status:\t${formatPodPhaseCounts(counts)}\n`);
  describePodTemplate(rc.spec?.template, w);
  describeWorkloadConditions(rc.status?.conditions, w);
  if (wantEvents(ctx)) describeEvents(ctx.events, w, ctx.now);
  return w.toString();
}
