/**
 * pod-template: the `Pod Template:` block shared by Deployment, ReplicaSet, Job, DaemonSet,
 * StatefulSet and CronJob describe (kubectl DescribePodTemplate).
 */
import type { PodSpec, PodTemplateSpec } from '../../api/types/core-v1';
import { describeContainers } from './containers';
import { printAnnotationsMultiline, printLabelsMultiline, printTolerationsMultiline } from './multiline';
import { LEVEL_0, LEVEL_1, PrefixWriter } from './prefix-writer';
import { describeTopologySpreadConstraints } from './topology-spread';
import { describeVolumes } from './volumes';

/** describePodTemplate writes the template block; titles are indented by two spaces and container/volume names by three. */
export function describePodTemplate(template: PodTemplateSpec, w: PrefixWriter): void {
  w.write(LEVEL_0, 'Pod Template:\n');
  if (!template) {
    w.write(LEVEL_1, '<unset>');
    return;
  }
  const meta = template.metadata ?? {};
  const spec: Partial<PodSpec> = template.spec ?? {};
  printLabelsMultiline(w, '  Labels', meta.labels);
  if (Object.keys(meta.annotations ?? {}).length > 0) printAnnotationsMultiline(w, '  Annotations', meta.annotations);
  if (spec.serviceAccountName) w.write(LEVEL_1, `Service Account:\t${spec.serviceAccountName}\n`);
  if ((spec.initContainers ?? []).length > 0) describeContainers('Init Containers', spec.initContainers, undefined, undefined, w, '  ');
  describeContainers('Containers', spec.containers, undefined, undefined, w, '  ');
  describeVolumes(spec.volumes, w, '  ');
  describeTopologySpreadConstraints(spec.topologySpreadConstraints, w, '  ');
  if (spec.priorityClassName) w.write(LEVEL_1, `Priority Class Name:\t${spec.priorityClassName}\n`);
  printLabelsMultiline(w, '  Node-Selectors', spec.nodeSelector);
  printTolerationsMultiline(w, '  Tolerations', spec.tolerations);
}
