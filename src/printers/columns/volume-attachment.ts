/** volume-attachment: the VolumeAttachment printer (printers.go printVolumeAttachment). */
import type { KubeObject } from '../../api/meta';
import { ageCell, goBool, nameCell } from './cells';
import { col, type PrintContext, type TableDef } from './table-def';

/** volumeAttachmentTable prints ATTACHER, PV (source.persistentVolumeName), NODE, ATTACHED (Go bool). */
export const volumeAttachmentTable: TableDef = {
  columns: [col('Name'), col('Attacher'), col('PV'), col('Node'), col('Attached'), col('Age')],
  cells(va: KubeObject, ctx: PrintContext): string[] {
    return [nameCell(va), va.spec?.attacher ?? '', va.spec?.source?.persistentVolumeName ?? '',
      va.spec?.nodeName ?? '', goBool(va.status?.attached), ageCell(va, ctx)];
  },
};
