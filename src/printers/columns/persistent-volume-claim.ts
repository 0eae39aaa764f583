/** persistent-volume-claim: the PersistentVolumeClaim printer (printers.go printPersistentVolumeClaim). */
import type { KubeObject } from '../../api/meta';
import { BETA_STORAGE_CLASS_ANNOTATION } from '../../api/storage-class-annotation';
import { accessModesString } from './access-modes';
import { ageCell, nameCell, UNSET } from './cells';
import { col, wide, type PrintContext, type TableDef } from './table-def';


/** pvcTable is the PVC printer; CAPACITY and ACCESS MODES come from status only once bound to a volume. */
export const pvcTable: TableDef = {
  columns: [col('Name'), col('Status'), col('Volume'), col('Capacity'), col('Access Modes'), col('StorageClass'),
    col('VolumeAttributesClass'), col('Age'), wide('VolumeMode')],
  cells(pvc: KubeObject, ctx: PrintContext): string[] {
    const phase = pvc.metadata?.deletionTimestamp ? 'Terminating' : pvc.status?.phase ?? '';
    const volumeName: string = pvc.spec?.volumeName ?? '';
    const capacity = volumeName ? String(pvc.status?.capacity?.storage ?? '0') : '';
    const modes = volumeName ? accessModesString(pvc.status?.accessModes) : '';
    const annotated = pvc.metadata?.annotations?.[BETA_STORAGE_CLASS_ANNOTATION];
    const storageClass = annotated ?? pvc.spec?.storageClassName ?? '';
    return [nameCell(pvc), phase, volumeName, capacity, modes, storageClass,
      pvc.spec?.volumeAttributesClassName ?? UNSET, ageCell(pvc, ctx), pvc.spec?.volumeMode ?? UNSET];
  },
};
