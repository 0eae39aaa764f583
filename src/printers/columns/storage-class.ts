/** storage-class: the StorageClass printer (printers.go printStorageClass). */
import type { StorageClass } from '../../api/types/kinds';
import { ageCell, goBool, nameCell } from './cells';
import { col, type PrintContext, type TableDef } from './table-def';

/** DEFAULT_CLASS_ANNOTATION marks the default StorageClass ("true"). */
export const DEFAULT_CLASS_ANNOTATION = 'storageclass.kubernetes.io/is-default-class';
/** BETA_DEFAULT_CLASS_ANNOTATION is the beta spelling, still honoured. */
export const BETA_DEFAULT_CLASS_ANNOTATION = 'storageclass.beta.kubernetes.io/is-default-class';
/** DEFAULT_SUFFIX is appended to the NAME of the default StorageClass. */
export const DEFAULT_SUFFIX = ' (default)';

/** storageClassTable is the StorageClass printer; its fields sit at the top level, not in spec. */
export const storageClassTable: TableDef = {
  columns: [col('Name'), col('Provisioner'), col('ReclaimPolicy'), col('VolumeBindingMode'),
    col('AllowVolumeExpansion'), col('Age')],
  cells(sc: StorageClass, ctx: PrintContext): string[] {
    const ann = sc.metadata?.annotations ?? {};
    const isDefault = ann[DEFAULT_CLASS_ANNOTATION] === 'true' || ann[BETA_DEFAULT_CLASS_ANNOTATION] === 'true';
    return [nameCell(sc) + (isDefault ? DEFAULT_SUFFIX : ''), sc.provisioner ?? '', sc.reclaimPolicy ?? 'Delete',
      sc.volumeBindingMode ?? 'Immediate', goBool(sc.allowVolumeExpansion), ageCell(sc, ctx)];
  },
};
