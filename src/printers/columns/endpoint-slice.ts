/** endpoint-slice: the EndpointSlice printer (printers.go printEndpointSlice). */
import type { EndpointSlice } from '../../api/types/kinds';
import { ageCell, listWithMore, nameCell, UNSET } from './cells';
import { col, type PrintContext, type TableDef } from './table-def';

const MAX = 3;

function orUnset(list: string[], count: number): string {
  const s = listWithMore(list, count, MAX);
  return s === '' ? UNSET : s;
}

/** endpointSliceTable is the EndpointSlice printer: up to 3 ports and 3 addresses, "<unset>" when empty. */
export const endpointSliceTable: TableDef = {
  columns: [col('Name'), col('AddressType'), col('Ports'), col('Endpoints'), col('Age')],
  cells(es: EndpointSlice, ctx: PrintContext): string[] {
    const ports: Array<{ port?: number; name?: string }> = es.ports ?? [];
    const portList = ports.slice(0, MAX).map((p) => (p.port != null ? String(p.port) : p.name ?? '*'));
    const addrs: string[] = (es.endpoints ?? []).flatMap((e: { addresses?: string[] }) => e.addresses ?? []);
    return [nameCell(es), es.addressType ?? '', orUnset(portList, ports.length),
      orUnset(addrs.slice(0, MAX), addrs.length), ageCell(es, ctx)];
  },
};
