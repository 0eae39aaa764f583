/**
 * persistentvolume: `kubectl describe pv` (kubectl describePersistentVolume) for the
 * sources kubemu provisions (hostPath, local, nfs, csi).
 */
import type { NodeSelectorRequirement, NodeSelectorTerm, VolumeNodeAffinity } from '../../api/types/core-v1';
import type { KubeObject } from '../../api/meta';
import { wantEvents, type DescribeContext } from './context';
import { describeEvents } from './events';
import { printAnnotationsMultiline, printLabelsMultiline } from './multiline';
import { accessModesAsString, goStringSlice } from './persistentvolumeclaim';
import { LEVEL_0, LEVEL_1, LEVEL_2, PrefixWriter } from './prefix-writer';
import { canonicalQuantity } from '../../api/quantity';
import { timestampSince } from './time-format';
import { VOLUME_PRINTERS } from './volumes';

function describeNodeAffinity(affinity: VolumeNodeAffinity, w: PrefixWriter): void {
  w.write(LEVEL_0, 'Node Affinity:\t');
  if (!affinity?.required) { w.writeLine('<none>'); return; }
  w.writeLine('');
  w.write(LEVEL_1, 'Required Terms:\t');
  const terms: NodeSelectorTerm[] = affinity.required!.nodeSelectorTerms ?? [];
  if (terms.length === 0) { w.writeLine('<none>'); return; }
  w.writeLine('');
  terms.forEach((term, i) => {
    w.write(LEVEL_2, `Term ${i}:\t`);
    const reqs: NodeSelectorRequirement[] = term.matchExpressions ?? [];
    if (reqs.length === 0) { w.writeLine('<none>'); return; }
    reqs.forEach((r, j) => {
      if (j !== 0) w.write(LEVEL_2, '\t');
      let s = `${r.key} ${String(r.operator).toLowerCase()}`;
      if ((r.values ?? []).length > 0) s += ` [${r.values!.join(', ')}]`;
      w.write(LEVEL_0, `${s}\n`);
    });
  });
}

/** describePersistentVolume renders a PersistentVolume like kubectl describe pv. */
export function describePersistentVolume(pv: KubeObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const spec = pv.spec ?? {};
  w.write(LEVEL_0, `Name:\t${pv.metadata.name ?? ''}\n`);
  printLabelsMultiline(w, 'Labels', pv.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', pv.metadata.annotations);
  w.write(LEVEL_0, `Finalizers:\t${goStringSlice(pv.metadata.finalizers)}\n`);
  w.write(LEVEL_0, `StorageClass:\t${spec.storageClassName ?? ''}\n`);
  if (pv.metadata.deletionTimestamp) w.write(LEVEL_0, `Status:\tTerminating (lasts ${timestampSince(pv.metadata.deletionTimestamp, ctx.now)})\n`);
  else w.write(LEVEL_0, `Status:\t${pv.status?.phase ?? ''}\n`);
  w.write(LEVEL_0, `Claim:\t${spec.claimRef ? `${spec.claimRef.namespace ?? ''}/${spec.claimRef.name ?? ''}` : ''}\n`);
  w.write(LEVEL_0, `Reclaim Policy:\t${spec.persistentVolumeReclaimPolicy ?? ''}\n`);
  w.write(LEVEL_0, `Access Modes:\t${accessModesAsString(spec.accessModes)}\n`);
  if (spec.volumeMode) w.write(LEVEL_0, `VolumeMode:\t${spec.volumeMode}\n`);
  w.write(LEVEL_0, `Capacity:\t${spec.capacity?.storage !== undefined ? canonicalQuantity(spec.capacity.storage) : '0'}\n`);
  describeNodeAffinity(spec.nodeAffinity, w);
  w.write(LEVEL_0, `Message:\t${pv.status?.message ?? ''}\n`);
  w.write(LEVEL_0, 'Source:\n');
  if (spec.local) {
    w.write(LEVEL_2, `Type:\tLocalVolume (a persistent volume backed by local storage on a node)\n    Path:\t${spec.local.path ?? ''}\n`);
  } else {
    const printer = VOLUME_PRINTERS.find(([field]) => ['hostPath', 'nfs', 'csi'].includes(field) && spec[field]);
    if (printer) printer[1](spec[printer[0]], w);
    else w.write(LEVEL_1, '<unknown>\n');
  }
  if (wantEvents(ctx)) describeEvents(ctx.events, w, ctx.now);
  return w.toString();
}
