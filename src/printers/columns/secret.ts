/** secret: the Secret printer (printers.go printSecret). */
import type { Secret } from '../../api/types/kinds';
import { ageCell, nameCell } from './cells';
import { col, type PrintContext, type TableDef } from './table-def';

/** secretTable is the Secret printer; DATA counts keys of data (stringData is merged into data on write). */
export const secretTable: TableDef = {
  columns: [col('Name'), col('Type'), col('Data'), col('Age')],
  cells(s: Secret, ctx: PrintContext): string[] {
    return [nameCell(s), s.type ?? '', String(Object.keys(s.data ?? {}).length), ageCell(s, ctx)];
  },
};
