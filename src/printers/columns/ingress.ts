/** ingress: the Ingress printer (printers.go printIngress). */
import type { KubeObject } from '../../api/meta';
import { ageCell, nameCell, NONE } from './cells';
import { loadBalancerAddresses } from './service';
import { col, type PrintContext, type TableDef } from './table-def';

/** formatIngressHosts lists up to 3 rule hosts, then " + N more..." (counting rules); "*" if none has a host. */
export function formatIngressHosts(rules: Array<{ host?: string }> | undefined): string {
  const list: string[] = [];
  const max = 3;
  let more = false;
  for (const rule of rules ?? []) {
    if (list.length === max) more = true;
    if (!more && rule.host) list.push(rule.host);
  }
  if (list.length === 0) return '*';
  const ret = list.join(',');
  return more ? `${ret} + ${(rules ?? []).length - max} more...` : ret;
}

/** ingressTable is the Ingress printer; PORTS is "80, 443" when spec.tls is non-empty. */
export const ingressTable: TableDef = {
  columns: [col('Name'), col('Class'), col('Hosts'), col('Address'), col('Ports'), col('Age')],
  cells(ing: KubeObject, ctx: PrintContext): string[] {
    return [nameCell(ing), ing.spec?.ingressClassName ?? NONE, formatIngressHosts(ing.spec?.rules),
      loadBalancerAddresses(ing.status?.loadBalancer?.ingress, !!ctx.wide),
      (ing.spec?.tls ?? []).length ? '80, 443' : '80', ageCell(ing, ctx)];
  },
};
