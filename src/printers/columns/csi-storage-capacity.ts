/** csi-storage-capacity: the CSIStorageCapacity printer (printers.go printCSIStorageCapacity); no AGE column. */
import type { CSIStorageCapacity } from '../../api/types/kinds';
import { nameCell } from './cells';
import { col, type TableDef } from './table-def';

/** csiStorageCapacityTable prints NAME, STORAGECLASSNAME, CAPACITY (top-level fields). */
export const csiStorageCapacityTable: TableDef = {
  columns: [col('Name'), col('StorageClassName'), col('Capacity')],
  cells(c: CSIStorageCapacity): string[] {
    return [nameCell(c), c.storageClassName ?? '', c.capacity == null ? '' : String(c.capacity)];
  },
};
