/** scale: the autoscaling/v1 Scale printer (printers.go printScale), for `get --subresource=scale`. */
import type { KubeObject } from '../../api/meta';
import { ageCell, nameCell } from './cells';
import { col, type PrintContext, type TableDef } from './table-def';

/** scaleTable is the Scale printer: DESIRED is spec.replicas, AVAILABLE status.replicas. */
export const scaleTable: TableDef = {
  columns: [col('Name'), col('Desired'), col('Available'), col('Age')],
  cells(s: KubeObject, ctx: PrintContext): string[] {
    return [nameCell(s), String(s.spec?.replicas ?? 0), String(s.status?.replicas ?? 0), ageCell(s, ctx)];
  },
};
