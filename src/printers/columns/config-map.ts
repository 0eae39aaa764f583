/** config-map: the ConfigMap printer (printers.go printConfigMap). */
import type { ConfigMap } from '../../api/types/kinds';
import { ageCell, nameCell } from './cells';
import { col, type PrintContext, type TableDef } from './table-def';

/** configMapTable is the ConfigMap printer; DATA counts keys of data plus binaryData. */
export const configMapTable: TableDef = {
  columns: [col('Name'), col('Data'), col('Age')],
  cells(cm: ConfigMap, ctx: PrintContext): string[] {
    const n = Object.keys(cm.data ?? {}).length + Object.keys(cm.binaryData ?? {}).length;
    return [nameCell(cm), String(n), ageCell(cm, ctx)];
  },
};
