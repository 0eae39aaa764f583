/** network-policy: the NetworkPolicy printer (printers.go printNetworkPolicy). */
import type { KubeObject } from '../../api/meta';
import { formatLabelSelector } from '../../api/label-selector';
import { ageCell, nameCell } from './cells';
import { col, type PrintContext, type TableDef } from './table-def';

/** networkPolicyTable is the NetworkPolicy printer; an empty podSelector prints "<none>". */
export const networkPolicyTable: TableDef = {
  columns: [col('Name'), col('Pod-Selector'), col('Age')],
  cells(np: KubeObject, ctx: PrintContext): string[] {
    return [nameCell(np), formatLabelSelector(np.spec?.podSelector ?? {}), ageCell(np, ctx)];
  },
};
