/** priority-class: the PriorityClass printer (printers.go printPriorityClass). */
import type { PriorityClass } from '../../api/types/kinds';
import { ageCell, goBool, nameCell, num } from './cells';
import { col, type PrintContext, type TableDef } from './table-def';

/**
 * priorityClassTable is the PriorityClass printer. PREEMPTIONPOLICY has priority 0 upstream
 * (printers.go defines it without Priority: 1), so it shows without `-o wide`.
 */
export const priorityClassTable: TableDef = {
  columns: [col('Name'), col('Value'), col('Global-Default'), col('Age'), col('PreemptionPolicy')],
  cells(pc: PriorityClass, ctx: PrintContext): string[] {
    return [nameCell(pc), num(pc.value), goBool(pc.globalDefault), ageCell(pc, ctx), pc.preemptionPolicy ?? ''];
  },
};
