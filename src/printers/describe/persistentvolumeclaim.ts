/**
 * persistentvolumeclaim: `kubectl describe pvc` (kubectl describePersistentVolumeClaim),
 * including the pods that use the claim.
 */
import type { PersistentVolumeClaimCondition, Volume } from '../../api/types/core-v1';
import type { KubeObject } from '../../api/meta';
import { wantEvents, type DescribeContext } from './context';
import { describeEvents } from './events';
import { printAnnotationsMultiline, printLabelsMultiline } from './multiline';
import { LEVEL_0, LEVEL_1, PrefixWriter } from './prefix-writer';
import { canonicalQuantity } from '../../api/quantity';
import { formatRFC1123Z, timestampSince } from './time-format';

/** accessModesAsString is storageutil.GetAccessModesAsString: RWO,ROX,RWX,RWOP in that order. */
export function accessModesAsString(modes: string[] | undefined): string {
  const m = new Set(modes ?? []);
  const out: string[] = [];
  if (m.has('ReadWriteOnce')) out.push('RWO');
  if (m.has('ReadOnlyMany')) out.push('ROX');
  if (m.has('ReadWriteMany')) out.push('RWX');
  if (m.has('ReadWriteOncePod')) out.push('RWOP');
  return out.join(',');
}

/** goStringSlice prints a []string as Go's %v does: "[a b]". */
export function goStringSlice(items: string[] | undefined): string {
  return `[${(items ?? []).join(' ')}]`;
}

// Pods mounting the claim, then pods owning it (ephemeral volumes), as getPodsForPVC does.
function podsForPVC(pvc: KubeObject, ctx: DescribeContext): KubeObject[] {
  const pods = ctx.list({ kind: 'Pod', namespace: pvc.metadata.namespace });
  const using = pods.filter((p) => (p.spec?.volumes ?? []).some((v: Volume) => v.persistentVolumeClaim?.claimName === pvc.metadata.name));
  for (const ref of pvc.metadata.ownerReferences ?? []) {
    if (ref.kind !== 'Pod') continue;
    const owner = pods.find((p) => p.metadata.uid === ref.uid);
    if (owner && !using.includes(owner)) using.push(owner);
  }
  return using;
}

/** describePersistentVolumeClaim renders a PersistentVolumeClaim like kubectl describe pvc. */
export function describePersistentVolumeClaim(pvc: KubeObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const spec = pvc.spec ?? {};
  const status = pvc.status ?? {};
  w.write(LEVEL_0, `Name:\t${pvc.metadata.name ?? ''}\n`);
  w.write(LEVEL_0, `Namespace:\t${pvc.metadata.namespace ?? ''}\n`);
  w.write(LEVEL_0, `StorageClass:\t${spec.storageClassName ?? pvc.metadata.annotations?.['volume.beta.kubernetes.io/storage-class'] ?? ''}\n`);
  if (pvc.metadata.deletionTimestamp) w.write(LEVEL_0, `Status:\tTerminating (lasts ${timestampSince(pvc.metadata.deletionTimestamp, ctx.now)})\n`);
  else w.write(LEVEL_0, `Status:\t${status.phase ?? ''}\n`);
  w.write(LEVEL_0, `Volume:\t${spec.volumeName ?? ''}\n`);
  printLabelsMultiline(w, 'Labels', pvc.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', pvc.metadata.annotations);
  w.write(LEVEL_0, `Finalizers:\t${goStringSlice(pvc.metadata.finalizers)}\n`);
  const bound = !!spec.volumeName;
  w.write(LEVEL_0, `Capacity:\t${bound && status.capacity?.storage !== undefined ? canonicalQuantity(status.capacity.storage) : bound ? '0' : ''}\n`);
  w.write(LEVEL_0, `Access Modes:\t${bound ? accessModesAsString(status.accessModes) : ''}\n`);
  if (spec.volumeMode) w.write(LEVEL_0, `VolumeMode:\t${spec.volumeMode}\n`);
  if (spec.dataSource) {
    w.write(LEVEL_0, 'DataSource:\n');
    if (spec.dataSource.apiGroup) w.write(LEVEL_1, `APIGroup:\t${spec.dataSource.apiGroup}\n`);
    w.write(LEVEL_1, `Kind:\t${spec.dataSource.kind}\n`);
    w.write(LEVEL_1, `Name:\t${spec.dataSource.name}\n`);
  }
  const pods = podsForPVC(pvc, ctx).map((p) => p.metadata.name ?? '').sort();
  w.write(LEVEL_0, 'Used By:\t');
  if (pods.length === 0) w.writeLine('<none>');
  pods.forEach((name, i) => { if (i !== 0) w.write(LEVEL_0, '\t'); w.write(LEVEL_0, `${name}\n`); });
  const conditions: PersistentVolumeClaimCondition[] = status.conditions ?? [];
  if (conditions.length > 0) {
    w.write(LEVEL_0, 'Conditions:\n');
    w.write(LEVEL_1, 'Type\tStatus\tLastProbeTime\tLastTransitionTime\tReason\tMessage\n');
    w.write(LEVEL_1, '----\t------\t-----------------\t------------------\t------\t-------\n');
    for (const c of conditions) {
      w.write(LEVEL_1, `${c.type} \t${c.status} \t${formatRFC1123Z(c.lastProbeTime)} \t${formatRFC1123Z(c.lastTransitionTime)} \t${c.reason ?? ''} \t${c.message ?? ''}\n`);
    }
  }
  if (wantEvents(ctx)) describeEvents(ctx.events, w, ctx.now);
  return w.toString();
}
