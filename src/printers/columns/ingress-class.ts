/** ingress-class: the IngressClass printer (printers.go printIngressClass). */
import type { KubeObject } from '../../api/meta';
import { ageCell, nameCell, NONE } from './cells';
import { col, type PrintContext, type TableDef } from './table-def';

/** ingressClassTable is the IngressClass printer; PARAMETERS is "<kind>[.<apiGroup>]/<name>". */
export const ingressClassTable: TableDef = {
  columns: [col('Name'), col('Controller'), col('Parameters'), col('Age')],
  cells(ic: KubeObject, ctx: PrintContext): string[] {
    const p = ic.spec?.parameters;
    const params = p ? `${p.kind}${p.apiGroup != null ? `.${p.apiGroup}` : ''}/${p.name}` : NONE;
    return [nameCell(ic), ic.spec?.controller ?? '', params, ageCell(ic, ctx)];
  },
};
