/** api-service: the APIService printer (kube-aggregator's table convertor, not printers.go). */
import type { KubeObject } from '../../api/meta';
import { ageCell, nameCell } from './cells';
import { col, type PrintContext, type TableDef } from './table-def';

/** LOCAL_SERVICE is SERVICE of an APIService served by the kube-apiserver itself. */
export const LOCAL_SERVICE = 'Local';

/** apiServiceTable: AVAILABLE is the Available condition status, with "(<reason>)" unless True. */
export const apiServiceTable: TableDef = {
  columns: [col('Name'), col('Service'), col('Available'), col('Age')],
  cells(a: KubeObject, ctx: PrintContext): string[] {
    const svc = a.spec?.service;
    const cond = (a.status?.conditions ?? []).find((c: { type?: string }) => c.type === 'Available');
    let available = 'Unknown';
    if (cond) available = cond.status === 'True' ? 'True' : `${cond.status} (${cond.reason ?? ''})`;
    return [nameCell(a), svc ? `${svc.namespace}/${svc.name}` : LOCAL_SERVICE, available, ageCell(a, ctx)];
  },
};
