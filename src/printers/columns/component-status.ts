/** component-status: the ComponentStatus printer (printers.go printComponentStatus); no AGE column. */
import type { ComponentStatus } from '../../api/types/kinds';
import { nameCell } from './cells';
import { col, type TableDef } from './table-def';

/** componentStatusTable: STATUS is Healthy / Unhealthy from the Healthy condition, else Unknown. */
export const componentStatusTable: TableDef = {
  columns: [col('Name'), col('Status'), col('Message'), col('Error')],
  cells(cs: ComponentStatus): string[] {
    const c = (cs.conditions ?? []).find((x: { type?: string }) => x.type === 'Healthy');
    if (!c) return [nameCell(cs), 'Unknown', '', ''];
    return [nameCell(cs), c.status === 'True' ? 'Healthy' : 'Unhealthy', c.message ?? '', c.error ?? ''];
  },
};
