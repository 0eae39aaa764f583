/**
 * storageclass: `kubectl describe storageclass` (kubectl describeStorageClass). Annotations
 * and parameters print on one line as k=v pairs, not in the multi-line form.
 */
import type { TopologySelectorLabelRequirement, TopologySelectorTerm } from '../../api/types/core-v1';
import type { StorageClass } from '../../api/types/kinds';
import { wantEvents, type DescribeContext } from './context';
import { describeEvents } from './events';
import { LEVEL_0, LEVEL_1, PrefixWriter } from './prefix-writer';
import { formatLabels } from './selector-string';

/** DEFAULT_CLASS_ANNOTATIONS mark a default StorageClass (GA and beta spellings). */
export const DEFAULT_CLASS_ANNOTATIONS = ['storageclass.kubernetes.io/is-default-class', 'storageclass.beta.kubernetes.io/is-default-class'];

/** printBoolPtr is kubectl's True/False/<unset> for an optional bool. */
export function printBoolPtr(value: boolean | undefined | null): string {
  if (value === undefined || value === null) return '<unset>';
  return value ? 'True' : 'False';
}

// printAllowedTopologies: one "Term N:" block per term, one "key in [v1, v2]" line per requirement.
function printAllowedTopologies(w: PrefixWriter, terms: TopologySelectorTerm[]): void {
  w.write(LEVEL_0, 'AllowedTopologies:\t');
  if (terms.length === 0) { w.writeLine('<none>'); return; }
  w.writeLine('');
  terms.forEach((term, i) => {
    w.write(LEVEL_1, `Term ${i}:\t`);
    const reqs: TopologySelectorLabelRequirement[] = term.matchLabelExpressions ?? [];
    if (reqs.length === 0) { w.writeLine('<none>'); return; }
    reqs.forEach((req, j) => {
      if (j !== 0) w.write(LEVEL_1, '\t');
      const values: string[] = req.values ?? [];
      w.write(LEVEL_0, `${req.key} in${values.length > 0 ? ` [${values.join(', ')}]` : ''}\n`);
    });
  });
}

/** describeStorageClass renders a storage.k8s.io/v1 StorageClass. */
export function describeStorageClass(sc: StorageClass, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const annotations = sc.metadata.annotations ?? {};
  const isDefault = DEFAULT_CLASS_ANNOTATIONS.some((k) => annotations[k] === 'true');
  w.write(LEVEL_0, `Name:\t${sc.metadata.name ?? ''}\n`);
  w.write(LEVEL_0, `IsDefaultClass:\t${isDefault ? 'Yes' : 'No'}\n`);
  w.write(LEVEL_0, `Annotations:\t${formatLabels(sc.metadata.annotations)}\n`);
  w.write(LEVEL_0, `Provisioner:\t${sc.provisioner ?? ''}\n`);
  w.write(LEVEL_0, `Parameters:\t${formatLabels(sc.parameters)}\n`);
  w.write(LEVEL_0, `AllowVolumeExpansion:\t${printBoolPtr(sc.allowVolumeExpansion)}\n`);
  const mountOptions: string[] = sc.mountOptions ?? [];
  if (mountOptions.length === 0) w.write(LEVEL_0, 'MountOptions:\t<none>\n');
  else {
    w.write(LEVEL_0, 'MountOptions:\n');
    for (const o of mountOptions) w.write(LEVEL_1, `${o}\n`);
  }
  // The API server defaults both, so kubectl's "only when set" prints them for any stored class.
  if (sc.reclaimPolicy != null) w.write(LEVEL_0, `ReclaimPolicy:\t${sc.reclaimPolicy}\n`);
  if (sc.volumeBindingMode != null) w.write(LEVEL_0, `VolumeBindingMode:\t${sc.volumeBindingMode}\n`);
  // An empty list reaches kubectl as nil (protobuf), so only a non-empty one prints.
  if ((sc.allowedTopologies ?? []).length > 0) printAllowedTopologies(w, sc.allowedTopologies ?? []);
  if (wantEvents(ctx)) describeEvents(ctx.events, w, ctx.now);
  return w.toString();
}
