/** service-account: the ServiceAccount printer (printers.go printServiceAccount). */
import type { ServiceAccount } from '../../api/types/kinds';
import { ageCell, nameCell } from './cells';
import { col, type PrintContext, type TableDef } from './table-def';

/** serviceAccountTable is the ServiceAccount printer; SECRETS is len(secrets), normally 0 since 1.24. */
export const serviceAccountTable: TableDef = {
  columns: [col('Name'), col('Secrets'), col('Age')],
  cells(sa: ServiceAccount, ctx: PrintContext): string[] {
    return [nameCell(sa), String((sa.secrets ?? []).length), ageCell(sa, ctx)];
  },
};
