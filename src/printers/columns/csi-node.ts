/** csi-node: the CSINode printer (printers.go printCSINode). */
import type { KubeObject } from '../../api/meta';
import { ageCell, nameCell } from './cells';
import { col, type PrintContext, type TableDef } from './table-def';

/** csiNodeTable: DRIVERS counts spec.drivers. */
export const csiNodeTable: TableDef = {
  columns: [col('Name'), col('Drivers'), col('Age')],
  cells(n: KubeObject, ctx: PrintContext): string[] {
    return [nameCell(n), String((n.spec?.drivers ?? []).length), ageCell(n, ctx)];
  },
};
