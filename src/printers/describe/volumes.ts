/**
 * volumes: the `Volumes:` section of Pod describe and the Pod Template block
 * (kubectl describeVolumes) for the volume sources kubemu workloads use.
 */
import type { Volume } from '../../api/types/core-v1';
import { LEVEL_0, LEVEL_1, LEVEL_2, LEVEL_3, PrefixWriter } from './prefix-writer';
import { canonicalQuantity, tryParseQuantity } from '../../api/quantity';

// Go prints a nil *bool with %v as "<nil>".
const goBoolPtr = (b: boolean | undefined | null): string => (b === undefined || b === null ? '<nil>' : String(b));

type VolumePrinter = (source: any, w: PrefixWriter) => void;

/** VOLUME_PRINTERS maps a volume source field to its printer, in kubectl's precedence order. */
export const VOLUME_PRINTERS: ReadonlyArray<readonly [string, VolumePrinter]> = [
  ['hostPath', (s, w) => w.write(LEVEL_2, `Type:\tHostPath (bare host directory volume)\n    Path:\t${s.path ?? ''}\n    HostPathType:\t${s.type ?? '<none>'}\n`)],
  ['emptyDir', (s, w) => {
    const size = tryParseQuantity(s.sizeLimit);
    const limit = size && size.nanos > 0n ? canonicalQuantity(s.sizeLimit) : '<unset>';
    w.write(LEVEL_2, `Type:\tEmptyDir (a temporary directory that shares a pod's lifetime)\n    Medium:\t${s.medium ?? ''}\n    SizeLimit:\t${limit}\n`);
  }],
  ['secret', (s, w) => w.write(LEVEL_2, `Type:\tSecret (a volume populated by a Secret)\n    SecretName:\t${s.secretName ?? ''}\n    Optional:\t${s.optional === true}\n`)],
  ['configMap', (s, w) => w.write(LEVEL_2, `Type:\tConfigMap (a volume populated by a ConfigMap)\n    Name:\t${s.name ?? ''}\n    Optional:\t${s.optional === true}\n`)],
  ['nfs', (s, w) => w.write(LEVEL_2, `Type:\tNFS (an NFS mount that lasts the lifetime of a pod)\n    Server:\t${s.server ?? ''}\n    Path:\t${s.path ?? ''}\n    ReadOnly:\t${s.readOnly === true}\n`)],
  ['persistentVolumeClaim', (s, w) => w.write(LEVEL_2, `Type:\tPersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)\n    ClaimName:\t${s.claimName ?? ''}\n    ReadOnly:\t${s.readOnly === true}\n`)],
  ['ephemeral', (_s, w) => w.write(LEVEL_2, 'Type:\tEphemeralVolume (an inline specification for a volume that gets created and deleted with the pod)\n')],
  ['downwardAPI', (s, w) => {
    w.write(LEVEL_2, 'Type:\tDownwardAPI (a volume populated by information about the pod)\n    Items:\n');
    for (const item of s.items ?? []) {
      if (item.fieldRef) w.write(LEVEL_3, `${item.fieldRef.fieldPath} -> ${item.path}\n`);
      if (item.resourceFieldRef) w.write(LEVEL_3, `${item.resourceFieldRef.resource} -> ${item.path}\n`);
    }
  }],
  ['projected', (s, w) => {
    w.write(LEVEL_2, 'Type:\tProjected (a volume that contains injected data from multiple sources)\n');
    for (const src of s.sources ?? []) {
      if (src.secret) w.write(LEVEL_2, `SecretName:\t${src.secret.name ?? ''}\n    SecretOptionalName:\t${goBoolPtr(src.secret.optional)}\n`);
      else if (src.downwardAPI) w.write(LEVEL_2, 'DownwardAPI:\ttrue\n');
      else if (src.configMap) w.write(LEVEL_2, `ConfigMapName:\t${src.configMap.name ?? ''}\n    ConfigMapOptional:\t${goBoolPtr(src.configMap.optional)}\n`);
      else if (src.serviceAccountToken) w.write(LEVEL_2, `TokenExpirationSeconds:\t${src.serviceAccountToken.expirationSeconds ?? 3600}\n`);
    }
  }],
  ['csi', (s, w) => w.write(LEVEL_2, `Type:\tCSI (a Container Storage Interface (CSI) volume source)\n    Driver:\t${s.driver ?? ''}\n    FSType:\t${s.fsType ?? ''}\n    ReadOnly:\t${s.readOnly === true}\n`)],
  ['image', (s, w) => w.write(LEVEL_2, `Type:\tImage (a container image or OCI artifact)\n    Reference:\t${s.reference ?? ''}\n    PullPolicy:\t${s.pullPolicy ?? ''}\n`)],
];

/** describeVolumes writes `Volumes:` (or `Volumes:  <none>`) and one block per volume. */
export function describeVolumes(volumes: Volume[] | undefined, w: PrefixWriter, space: string): void {
  if (!volumes || volumes.length === 0) {
    w.write(LEVEL_0, `${space}Volumes:\t<none>\n`);
    return;
  }
  w.write(LEVEL_0, `${space}Volumes:\n`);
  const nameIndent = space.length > 0 ? ' ' : '';
  for (const v of volumes) {
    w.write(LEVEL_1, `${nameIndent}${v.name}:\n`);
    // A volume names its source in one field: the printers are keyed by that field's name.
    const source = v as unknown as Record<string, unknown>;
    const printer = VOLUME_PRINTERS.find(([field]) => source[field]);
    if (printer) printer[1](source[printer[0]], w);
    else w.write(LEVEL_1, '<unknown>\n');
  }
}
