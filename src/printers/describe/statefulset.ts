/**
 * statefulset: `kubectl describe statefulset` (kubectl describeStatefulSet).
 */
import type { StatefulSetSpec } from '../../api/types/apps-v1';
import type { KubeObject } from '../../api/meta';
import { wantEvents, type DescribeContext } from './context';
import { describeEvents } from './events';
import { printLabelsMultiline, printAnnotationsMultiline } from './multiline';
import { formatPodPhaseCounts, podStatusForController } from './pod-status-counts';
import { describePodTemplate } from './pod-template';
import { LEVEL_0, LEVEL_1, PrefixWriter } from './prefix-writer';
import { canonicalQuantity } from '../../api/quantity';
import { selectorString } from './selector-string';
import { formatRFC1123Z } from './time-format';

function describeVolumeClaimTemplates(templates: StatefulSetSpec['volumeClaimTemplates'], w: PrefixWriter): void {
  if (!templates || templates.length === 0) { w.write(LEVEL_0, 'Volume Claims:\t<none>\n'); return; }
  w.write(LEVEL_0, 'Volume Claims:\n');
  for (const pvc of templates) {
    w.write(LEVEL_1, `Name:\t${pvc.metadata?.name ?? ''}\n`);
    w.write(LEVEL_1, `StorageClass:\t${pvc.spec?.storageClassName ?? pvc.metadata?.annotations?.['volume.beta.kubernetes.io/storage-class'] ?? ''}\n`);
    printLabelsMultiline(w, 'Labels', pvc.metadata?.labels, '  ');
    printLabelsMultiline(w, 'Annotations', pvc.metadata?.annotations, '  ');
    const storage = pvc.spec?.resources?.requests?.storage;
    w.write(LEVEL_1, `Capacity:\t${storage !== undefined ? canonicalQuantity(storage) : '<default>'}\n`);
    // Go prints the []PersistentVolumeAccessMode slice with %s: "[ReadWriteOnce]".
    w.write(LEVEL_1, `Access Modes:\t[${(pvc.spec?.accessModes ?? []).join(' ')}]\n`);
  }
}

/** describeStatefulSet renders a StatefulSet exactly as kubectl describe statefulset does. */
export function describeStatefulSet(sts: KubeObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const spec = sts.spec ?? {};
  w.write(LEVEL_0, `Name:\t${sts.metadata.name ?? ''}\n`);
  w.write(LEVEL_0, `Namespace:\t${sts.metadata.namespace ?? ''}\n`);
  w.write(LEVEL_0, `CreationTimestamp:\t${formatRFC1123Z(sts.metadata.creationTimestamp)}\n`);
  w.write(LEVEL_0, `Selector:\t${selectorString(spec.selector)}\n`);
  printLabelsMultiline(w, 'Labels', sts.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', sts.metadata.annotations);
  w.write(LEVEL_0, `Replicas:\t${spec.replicas ?? 1} desired | ${sts.status?.replicas ?? 0} total\n`);
  const strategy = spec.updateStrategy ?? { type: 'RollingUpdate', rollingUpdate: { partition: 0 } };
  w.write(LEVEL_0, `Update Strategy:\t${strategy.type ?? 'RollingUpdate'}\n`);
  const ru = strategy.rollingUpdate;
  if (ru && ru.partition !== undefined && ru.partition !== null) {
    w.write(LEVEL_1, `Partition:\t${ru.partition}\n`);
    if (ru.maxUnavailable !== undefined && ru.maxUnavailable !== null) w.write(LEVEL_1, `MaxUnavailable:\t${ru.maxUnavailable}\n`);
  }
  w.write(LEVEL_0, `Pods Status:\t${formatPodPhaseCounts(podStatusForController(sts, ctx))}\n`);
  describePodTemplate(spec.template, w);
  describeVolumeClaimTemplates(spec.volumeClaimTemplates, w);
  if (wantEvents(ctx)) describeEvents(ctx.events, w, ctx.now);
  return w.toString();
}
