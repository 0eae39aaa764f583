/** lease: the Lease printer (printers.go printLease). */
import type { KubeObject } from '../../api/meta';
import { ageCell, nameCell } from './cells';
import { col, type PrintContext, type TableDef } from './table-def';

/** leaseTable is the Lease printer; HOLDER is spec.holderIdentity. */
export const leaseTable: TableDef = {
  columns: [col('Name'), col('Holder'), col('Age')],
  cells(l: KubeObject, ctx: PrintContext): string[] {
    return [nameCell(l), l.spec?.holderIdentity ?? '', ageCell(l, ctx)];
  },
};
