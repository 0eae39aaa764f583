/**
 * table: `as=Table` responses (meta.k8s.io/v1 Table) built from the same column definitions the
 * CLI prints, so the real kubectl, which lays out the server's cells itself, prints the same
 * table kubemu does. Rows carry the object's metadata (PartialObjectMetadata, kube-apiserver's
 * default includeObject=Metadata), which kubectl reads for -A, -L and --show-labels.
 */
import type { KubeObject } from '../../api/meta';
import type { ResourceInfo } from '../../api/registry';
import { tableDefFor } from '../../printers/columns/index';
import { customResourceTable } from '../../printers/columns/custom-resource-columns';

/** TABLE_MEDIA_TYPE is the Accept entry that asks for a Table. */
export const TABLE_MEDIA_TYPE = 'as=Table';

/** wantsTable reports whether an Accept header asks for a meta.k8s.io/v1 Table first. */
export function wantsTable(accept: string | undefined): boolean {
  const first = (accept ?? '').split(',')[0] ?? '';
  return first.includes(TABLE_MEDIA_TYPE) && first.includes('v=v1;') || /as=Table;v=v1;g=meta\.k8s\.io/.test(first);
}

/** IncludeObject is the Table's includeObject parameter. */
export type IncludeObject = 'None' | 'Metadata' | 'Object';

function rowObject(obj: KubeObject, include: IncludeObject): unknown {
  if (include === 'None') return undefined;
  if (include === 'Object') return obj;
  return { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: obj.metadata };
}

/** tableOf is the Table of objects of one resource; now is the cluster clock's time (AGE cells). */
export function tableOf(info: ResourceInfo, objects: readonly KubeObject[], now: Date, include: IncludeObject, listMeta: Record<string, unknown>): { columnDefinitions: unknown[] } & Record<string, unknown> {
  const def = info.printerColumns ? customResourceTable(info.printerColumns) : tableDefFor(info.kind);
  return {
    kind: 'Table', apiVersion: 'meta.k8s.io/v1', metadata: listMeta,
    columnDefinitions: def.columns.map((c) => ({
      name: c.name, type: 'string', format: c.name === 'Name' ? 'name' : '', description: '', priority: c.priority,
    })),
    rows: objects.map((o) => {
      const object = rowObject(o, include);
      return { cells: def.cells(o, { now, wide: true }), ...(object ? { object } : {}) };
    }),
  };
}
