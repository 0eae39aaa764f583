/**
 * custom-resource-columns: the table the API server builds for a custom resource whose CRD
 * declares additionalPrinterColumns — NAME, then each column's JSONPath value formatted by
 * its type (date as an age, string through JSONPath's printer, so a list prints as JSON).
 * Mirrors apiextensions-apiserver pkg/registry/customresource/tableconvertor: only the first
 * result of a column's path is shown; a missing value is an empty cell.
 */
import type { KubeObject } from '../../api/meta';
import type { PrinterColumn } from '../../api/registry';
import { age } from '../age';
import { compileJsonPath, type CompiledJsonPath } from '../jsonpath';
import { nameCell } from './cells';
import type { Column, PrintContext, TableDef } from './table-def';

const tables = new WeakMap<readonly PrinterColumn[], TableDef>();
const VALUE = compileJsonPath('{.v}');

function cell(path: CompiledJsonPath | undefined, type: string, obj: KubeObject, ctx: PrintContext): string {
  if (!path) return '';
  let results: unknown[][];
  try { results = path.findResults(obj, true); } catch { return ''; }
  const v = results[0]?.[0];
  if (v === undefined || (results[0]?.length ?? 0) === 0) return '';
  switch (type) {
    case 'date': return typeof v === 'string' ? age(v, ctx.now) : '';
    case 'integer': return typeof v === 'number' ? String(Math.trunc(v)) : '';
    case 'number': return typeof v === 'number' ? String(v) : '';
    case 'boolean': return typeof v === 'boolean' ? String(v) : '';
    default: return VALUE.execute({ v }, true);
  }
}

/** customResourceTable is the printer for a custom resource with these additionalPrinterColumns. */
export function customResourceTable(columns: readonly PrinterColumn[]): TableDef {
  const cached = tables.get(columns);
  if (cached) return cached;
  const paths = columns.map((c) => { try { return compileJsonPath(`{${c.jsonPath}}`); } catch { return undefined; } });
  const def: TableDef = {
    columns: [{ name: 'Name', priority: 0 } as Column, ...columns.map((c): Column => ({ name: c.name, priority: (c.priority ?? 0) > 0 ? 1 : 0 }))],
    cells: (obj, ctx) => [nameCell(obj), ...columns.map((c, i) => cell(paths[i], c.type, obj, ctx))],
  };
  tables.set(columns, def);
  return def;
}
