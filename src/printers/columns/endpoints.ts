/** endpoints: the Endpoints printer (printers.go printEndpoints / formatEndpoints). */
import type { Endpoints } from '../../api/types/kinds';
import { ageCell, listWithMore, nameCell, NONE } from './cells';
import { col, type PrintContext, type TableDef } from './table-def';

/** MAX_ENDPOINTS is how many ip:port pairs are listed before " + N more...". */
export const MAX_ENDPOINTS = 3;

function hostPort(ip: string, port: number): string {
  return ip.includes(':') ? `[${ip}]:${port}` : `${ip}:${port}`;
}

interface Subset { addresses?: Array<{ ip: string }>; ports?: Array<{ port: number }> }

/** formatEndpoints lists ready addresses as ip:port (ip alone for port-less subsets); "<none>" without subsets. */
export function formatEndpoints(subsets: Subset[] | undefined): string {
  if (!subsets || subsets.length === 0) return NONE;
  const list: string[] = [];
  let count = 0;
  for (const ss of subsets) {
    const addrs = ss.addresses ?? [];
    if (!ss.ports || ss.ports.length === 0) {
      count += addrs.length;
      for (const a of addrs) if (list.length < MAX_ENDPOINTS) list.push(a.ip);
      continue;
    }
    for (const p of ss.ports) {
      count += addrs.length;
      for (const a of addrs) if (list.length < MAX_ENDPOINTS) list.push(hostPort(a.ip, p.port));
    }
  }
  return listWithMore(list, count, MAX_ENDPOINTS);
}

/** endpointsTable is the Endpoints printer. */
export const endpointsTable: TableDef = {
  columns: [col('Name'), col('Endpoints'), col('Age')],
  cells(ep: Endpoints, ctx: PrintContext): string[] {
    return [nameCell(ep), formatEndpoints(ep.subsets), ageCell(ep, ctx)];
  },
};
