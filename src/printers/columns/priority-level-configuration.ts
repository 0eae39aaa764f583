/** priority-level-configuration: the PriorityLevelConfiguration printer (printers.go printPriorityLevelConfiguration). */
import type { KubeObject } from '../../api/meta';
import { ageCell, nameCell, NONE, num } from './cells';
import { col, type PrintContext, type TableDef } from './table-def';

/** priorityLevelConfigurationTable: queuing columns are "<none>" for Exempt levels or non-queuing limits. */
export const priorityLevelConfigurationTable: TableDef = {
  columns: [col('Name'), col('Type'), col('NominalConcurrencyShares'), col('Queues'), col('HandSize'),
    col('QueueLengthLimit'), col('Age')],
  cells(pl: KubeObject, ctx: PrintContext): string[] {
    const limited = pl.spec?.limited;
    const queuing = limited?.limitResponse?.queuing;
    return [nameCell(pl), pl.spec?.type ?? '', limited ? num(limited.nominalConcurrencyShares) : NONE,
      queuing ? num(queuing.queues) : NONE, queuing ? num(queuing.handSize) : NONE,
      queuing ? num(queuing.queueLengthLimit) : NONE, ageCell(pl, ctx)];
  },
};
