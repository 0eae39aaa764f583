/**
 * daemonset: `kubectl describe daemonset` (kubectl describeDaemonSet). The node counters use
 * a plain space after the colon, so they are not tab-aligned.
 */
import type { KubeObject } from '../../api/meta';
import { wantEvents, type DescribeContext } from './context';
import { describeEvents } from './events';
import { printAnnotationsMultiline, printLabelsMultiline } from './multiline';
import { formatPodPhaseCounts, podStatusForController } from './pod-status-counts';
import { describePodTemplate } from './pod-template';
import { LEVEL_0, PrefixWriter } from './prefix-writer';
import { formatLabels, selectorString } from './selector-string';

/** describeDaemonSet renders a DaemonSet exactly as kubectl describe daemonset does. */
export function describeDaemonSet(ds: KubeObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const spec = ds.spec ?? {};
  const status = ds.status ?? {};
  w.write(LEVEL_0, `Name:\t${ds.metadata.name ?? ''}\n`);
  w.write(LEVEL_0, `Selector:\t${selectorString(spec.selector)}\n`);
  w.write(LEVEL_0, `Node-Selector:\t${formatLabels(spec.template?.spec?.nodeSelector)}\n`);
  printLabelsMultiline(w, 'Labels', ds.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', ds.metadata.annotations);
  w.write(LEVEL_0, `Desired Number of Nodes Scheduled: ${status.desiredNumberScheduled ?? 0}\n`);
  w.write(LEVEL_0, `Current Number of Nodes Scheduled: ${status.currentNumberScheduled ?? 0}\n`);
  w.write(LEVEL_0, `Number of Nodes Scheduled with Up-to-date Pods: ${status.updatedNumberScheduled ?? 0}\n`);
  w.write(LEVEL_0, `Number of Nodes Scheduled with Available Pods: ${status.numberAvailable ?? 0}\n`);
  w.write(LEVEL_0, `Number of Nodes Misscheduled: ${status.numberMisscheduled ?? 0}\n`);
  w.write(LEVEL_0, `Pods Status:\t${formatPodPhaseCounts(podStatusForController(ds, ctx))}\n`);
  describePodTemplate(spec.template, w);
  if (wantEvents(ctx)) describeEvents(ctx.events, w, ctx.now);
  return w.toString();
}
