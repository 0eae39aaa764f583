/**
 * table-def: the shape of a per-kind printer — the server-side half of a `get` table
 * (metav1.Table column definitions plus the cells of one row).
 */
import type { KubeObject } from '../../api/meta';

/** Column is one column definition; name is kubectl's column name ("Nominated Node"), upper-cased on output. */
export interface Column {
  readonly name: string;
  /** priority 0 columns are always shown; priority 1 only with `-o wide`. */
  readonly priority: 0 | 1;
}

/**
 * PrintContext carries what a printer may not read from the object: the cluster clock, and
 * whether `-o wide` was asked for (Service EXTERNAL-IP and Ingress ADDRESS clip their
 * load-balancer list to 16 characters without it, as printers.go does).
 */
export interface PrintContext {
  readonly now: Date;
  readonly wide?: boolean;
}

/**
 * TableDef is one kind's printer: the full column list and a pure row function that returns
 * exactly one cell per column (wide columns included) for any object of that kind.
 */
export interface TableDef {
  readonly columns: readonly Column[];
  cells(obj: KubeObject, ctx: PrintContext): string[];
}

/** col builds a normal (priority 0) column. */
export function col(name: string): Column {
  return { name, priority: 0 };
}

/** wide builds a `-o wide`-only (priority 1) column. */
export function wide(name: string): Column {
  return { name, priority: 1 };
}
