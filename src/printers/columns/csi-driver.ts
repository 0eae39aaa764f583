/** csi-driver: the CSIDriver printer (printers.go printCSIDriver). */
import type { KubeObject } from '../../api/meta';
import { ageCell, goBool, nameCell, NONE, UNSET } from './cells';
import { col, type PrintContext, type TableDef } from './table-def';

/** csiDriverTable: ATTACHREQUIRED defaults to true, the other booleans to false. */
export const csiDriverTable: TableDef = {
  columns: [col('Name'), col('AttachRequired'), col('PodInfoOnMount'), col('StorageCapacity'), col('TokenRequests'),
    col('RequiresRepublish'), col('Modes'), col('Age')],
  cells(d: KubeObject, ctx: PrintContext): string[] {
    const s = d.spec ?? {};
    const tokens: Array<{ audience?: string }> | undefined = s.tokenRequests;
    const modes = (s.volumeLifecycleModes ?? []).join(',');
    return [nameCell(d), goBool(s.attachRequired ?? true), goBool(s.podInfoOnMount), goBool(s.storageCapacity),
      tokens ? tokens.map((t) => t.audience ?? '').join(',') : UNSET, goBool(s.requiresRepublish),
      modes || NONE, ageCell(d, ctx)];
  },
};
