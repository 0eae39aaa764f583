/** resource-quota: the ResourceQuota printer (printers.go printResourceQuota). */
import type { KubeObject } from '../../api/meta';
import { ageCell, byteOrder, nameCell } from './cells';
import { col, type PrintContext, type TableDef } from './table-def';

/** quotaCells splits status.hard into REQUEST and LIMIT ("res: used/hard", sorted, joined ", "). */
export function quotaCells(quota: KubeObject): { request: string; limit: string } {
  const hard: Record<string, string | number> = quota.status?.hard ?? {};
  const used: Record<string, string | number> = quota.status?.used ?? {};
  const request: string[] = [];
  const limit: string[] = [];
  for (const res of Object.keys(hard).sort(byteOrder)) {
    const text = `${res}: ${used[res] ?? '0'}/${hard[res]}`;
    const pieces = res.split('.');
    (pieces.length > 1 && pieces[0] === 'limits' ? limit : request).push(text);
  }
  return { request: request.join(', '), limit: limit.join(', ') };
}

/** resourceQuotaTable is the ResourceQuota printer. */
export const resourceQuotaTable: TableDef = {
  columns: [col('Name'), col('Request'), col('Limit'), col('Age')],
  cells(quota: KubeObject, ctx: PrintContext): string[] {
    const { request, limit } = quotaCells(quota);
    return [nameCell(quota), request, limit, ageCell(quota, ctx)];
  },
};
