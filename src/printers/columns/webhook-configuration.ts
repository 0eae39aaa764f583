/** webhook-configuration: the Mutating/ValidatingWebhookConfiguration printers (printers.go printMutatingWebhook). */
import type { MutatingWebhookConfiguration, ValidatingWebhookConfiguration } from '../../api/types/kinds';
import { ageCell, nameCell } from './cells';
import { col, type PrintContext, type TableDef } from './table-def';

/** webhookConfigurationTable prints NAME, WEBHOOKS (count), AGE for either webhook configuration kind. */
export const webhookConfigurationTable: TableDef = {
  columns: [col('Name'), col('Webhooks'), col('Age')],
  cells(w: MutatingWebhookConfiguration | ValidatingWebhookConfiguration, ctx: PrintContext): string[] {
    return [nameCell(w), String((w.webhooks ?? []).length), ageCell(w, ctx)];
  },
};
