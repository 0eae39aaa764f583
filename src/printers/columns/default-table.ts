/**
 * default-table: the tables the apiserver builds for kinds without a printer. Built-in kinds
 * without one (Role, ClusterRole, LimitRange, CustomResourceDefinition …) get NAME and
 * CREATED AT (the RFC 3339 timestamp, not an age); custom resources without
 * additionalPrinterColumns get NAME and AGE.
 */
import type { KubeObject } from '../../api/meta';
import { ageCell, nameCell } from './cells';
import { col, type PrintContext, type TableDef } from './table-def';

/** createdAtTable is the server's default table for built-in kinds with no printer. */
export const createdAtTable: TableDef = {
  columns: [col('Name'), col('Created At')],
  cells(obj: KubeObject): string[] {
    return [nameCell(obj), rfc3339(obj.metadata?.creationTimestamp)];
  },
};

/** nameAgeTable is the default table for custom resources: NAME, AGE. */
export const nameAgeTable: TableDef = {
  columns: [col('Name'), col('Age')],
  cells(obj: KubeObject, ctx: PrintContext): string[] {
    return [nameCell(obj), ageCell(obj, ctx)];
  },
};

/** ZERO_TIME is Go's zero time.Time in RFC 3339, what the server prints for an unset timestamp. */
export const ZERO_TIME = '0001-01-01T00:00:00Z';

// metav1.Time serializes whole seconds in UTC, so a stored fraction is dropped, as the
// server would have dropped it on write.
function rfc3339(ts: string | undefined): string {
  if (!ts) return ZERO_TIME;
  const m = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(\.\d+)?Z$/.exec(ts);
  return m ? `${m[1]}Z` : ts;
}
