/** namespace: the Namespace printer (printers.go printNamespace). */
import type { KubeObject } from '../../api/meta';
import { ageCell, nameCell } from './cells';
import { col, type PrintContext, type TableDef } from './table-def';

/** namespaceTable is the Namespace printer; STATUS is status.phase (Active / Terminating). */
export const namespaceTable: TableDef = {
  columns: [col('Name'), col('Status'), col('Age')],
  cells(ns: KubeObject, ctx: PrintContext): string[] {
    return [nameCell(ns), ns.status?.phase ?? '', ageCell(ns, ctx)];
  },
};
