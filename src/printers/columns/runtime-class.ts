/** runtime-class: the RuntimeClass printer (printers.go printRuntimeClass). */
import type { RuntimeClass } from '../../api/types/kinds';
import { ageCell, nameCell } from './cells';
import { col, type PrintContext, type TableDef } from './table-def';

/** runtimeClassTable is the RuntimeClass printer; HANDLER is the top-level handler field. */
export const runtimeClassTable: TableDef = {
  columns: [col('Name'), col('Handler'), col('Age')],
  cells(rc: RuntimeClass, ctx: PrintContext): string[] {
    return [nameCell(rc), rc.handler ?? '', ageCell(rc, ctx)];
  },
};
