/** persistent-volume: the PersistentVolume printer (printers.go printPersistentVolume). */
import type { KubeObject } from '../../api/meta';
import { BETA_STORAGE_CLASS_ANNOTATION } from '../../api/storage-class-annotation';
import { accessModesString } from './access-modes';
import { ageCell, nameCell, UNSET } from './cells';
import { col, wide, type PrintContext, type TableDef } from './table-def';


/** pvTable is the PV printer; CLAIM is "<ns>/<name>" of claimRef. */
export const pvTable: TableDef = {
  columns: [col('Name'), col('Capacity'), col('Access Modes'), col('Reclaim Policy'), col('Status'), col('Claim'),
    col('StorageClass'), col('VolumeAttributesClass'), col('Reason'), col('Age'), wide('VolumeMode')],
  cells(pv: KubeObject, ctx: PrintContext): string[] {
    const ref = pv.spec?.claimRef;
    const claim = ref ? `${ref.namespace ?? ''}/${ref.name ?? ''}` : '';
    const phase = pv.metadata?.deletionTimestamp ? 'Terminating' : pv.status?.phase ?? '';
    const storageClass = pv.metadata?.annotations?.[BETA_STORAGE_CLASS_ANNOTATION] ?? pv.spec?.storageClassName ?? '';
    return [nameCell(pv), String(pv.spec?.capacity?.storage ?? '0'), accessModesString(pv.spec?.accessModes),
      pv.spec?.persistentVolumeReclaimPolicy ?? '', phase, claim, storageClass,
      pv.spec?.volumeAttributesClassName ?? UNSET, pv.status?.reason ?? '', ageCell(pv, ctx), pv.spec?.volumeMode ?? UNSET];
  },
};
