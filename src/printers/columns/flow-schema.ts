/** flow-schema: the FlowSchema printer (printers.go printFlowSchema). */
import type { KubeObject } from '../../api/meta';
import { ageCell, nameCell, NONE, num } from './cells';
import { col, type PrintContext, type TableDef } from './table-def';

/** flowSchemaTable: MISSINGPL is the status of the Dangling condition, "?" when absent. */
export const flowSchemaTable: TableDef = {
  columns: [col('Name'), col('PriorityLevel'), col('MatchingPrecedence'), col('DistinguisherMethod'), col('Age'), col('MissingPL')],
  cells(fs: KubeObject, ctx: PrintContext): string[] {
    const dangling = (fs.status?.conditions ?? []).find((c: { type?: string }) => c.type === 'Dangling');
    return [nameCell(fs), fs.spec?.priorityLevelConfiguration?.name ?? '', num(fs.spec?.matchingPrecedence),
      fs.spec?.distinguisherMethod?.type ?? NONE, ageCell(fs, ctx), dangling?.status ?? '?'];
  },
};
