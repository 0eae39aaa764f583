/**
 * get-table: kubectl's client-side decorations of `get` tables (cli-runtime tableprinter.go
 * decorateTable and kubectl get.go): the NAMESPACE column for -A, the `kind.group/` name
 * prefix when several types are printed, -L label columns, --show-labels, --no-headers,
 * priority filtering for -o wide, and one table per resource type.
 */
import type { KubeObject } from '../api/meta';
import { kindPrefix, type ResourceInfo } from '../api/registry';
import { byteOrder } from './columns/cells';
import { tableDefFor, type Column } from './columns/index';
import { nameAgeTable } from './columns/default-table';
import { TabbedRows } from './table';

/** NAMESPACE_HEADER is the header of the column -A adds in front of namespaced tables. */
export const NAMESPACE_HEADER = 'NAMESPACE';
/** LABELS_HEADER is the header of the column --show-labels adds last. */
export const LABELS_HEADER = 'LABELS';
/** NO_LABELS is the LABELS cell of an object without labels. */
export const NO_LABELS = '<none>';
/** NAME_COLUMN is the column that receives the kind prefix (Format "name" upstream). */
export const NAME_COLUMN = 'Name';

/** GetTableGroup is the objects of one resource type, printed as one table. */
export interface GetTableGroup {
  info: ResourceInfo;
  objects: KubeObject[];
}

/** GetTableOptions are the `get` flags that shape a table. */
export interface GetTableOptions {
  now: Date;
  /** wide is `-o wide`: priority-1 columns are shown too. */
  wide: boolean;
  /** allNamespaces is `-A`: namespaced tables get a NAMESPACE column first. */
  allNamespaces: boolean;
  /**
   * namespaceColumn gives a cluster-scoped table the NAMESPACE column too (empty cells) under
   * -A: kubectl's get shares its printer flags between its tables (ToPrinter's shallow copy of
   * PrintFlags), so once a namespaced table was printed, every later one has the column.
   */
  namespaceColumn?: boolean;
  /** withKindPrefix prefixes names with "kind.group/" (several types, `all`, or type/name args). */
  withKindPrefix: boolean;
  /** showLabels is `--show-labels`. */
  showLabels: boolean;
  /** labelColumns are the `-L` keys, in order, already split on ",". */
  labelColumns: string[];
  /** noHeaders is `--no-headers`. */
  noHeaders: boolean;
  /** clientPrint is `--server-print=false`: kubectl prints the objects itself, with its default NAME and AGE columns. */
  clientPrint?: boolean;
}

/** formatLabelsColumn is the LABELS cell: "k=v" pairs sorted by key, joined ","; "<none>" if empty. */
export function formatLabelsColumn(labels: Record<string, string> | undefined): string {
  const keys = Object.keys(labels ?? {}).sort(byteOrder);
  return keys.length ? keys.map((k) => `${k}=${labels![k]}`).join(',') : NO_LABELS;
}

/** labelColumnHeader is the -L header: the key after its last "/", upper-cased. */
export function labelColumnHeader(key: string): string {
  return key.slice(key.lastIndexOf('/') + 1).toUpperCase();
}

/** tableDefOf is a resource's printer: a custom resource's additionalPrinterColumns, else its kind's. */
function tableDefOf(info: ResourceInfo, opts: GetTableOptions): ReturnType<typeof tableDefFor> {
  if (opts.clientPrint) return nameAgeTable;
  // A CRD's printer columns are JSONPaths: their module (and JSONPath's) loads only for such a kind.
  return info.printerColumns ? (require('./columns/custom-resource-columns') as typeof import('./columns/custom-resource-columns')).customResourceTable(info.printerColumns) : tableDefFor(info.kind);
}

function visibleColumns(info: ResourceInfo, opts: GetTableOptions): { columns: Column[]; indexes: number[] } {
  const all = tableDefOf(info, opts).columns;
  const indexes: number[] = [];
  all.forEach((c, i) => { if (c.priority === 0 || opts.wide) indexes.push(i); });
  return { columns: indexes.map((i) => all[i]!), indexes };
}

function withNamespace(info: ResourceInfo, opts: GetTableOptions): boolean {
  return opts.allNamespaces && (info.namespaced || !!opts.namespaceColumn);
}

/** NamespaceColumnTracker gives each table of a get its options, the NAMESPACE column sticking once a namespaced table is printed. */
export class NamespaceColumnTracker {
  private sticky = false;
  constructor(private readonly opts: GetTableOptions) {}
  /** optionsFor is the options of the next table. */
  optionsFor(): GetTableOptions {
    return this.sticky ? { ...this.opts, namespaceColumn: true } : this.opts;
  }
  /** printed records that a table of info with rows was printed. */
  printed(info: ResourceInfo): void {
    if (this.opts.allNamespaces && info.namespaced) this.sticky = true;
  }
}

/** getTableHeader returns the header cells of one type's table (already upper-cased). */
export function getTableHeader(info: ResourceInfo, opts: GetTableOptions): string[] {
  const header = visibleColumns(info, opts).columns.map((c) => c.name.toUpperCase());
  if (withNamespace(info, opts)) header.unshift(NAMESPACE_HEADER);
  for (const key of opts.labelColumns) header.push(labelColumnHeader(key));
  if (opts.showLabels) header.push(LABELS_HEADER);
  return header;
}

/** getTableRow returns the decorated cells of one object's row. */
export function getTableRow(info: ResourceInfo, obj: KubeObject, opts: GetTableOptions): string[] {
  return tableRowMaker(info, opts)(obj);
}

/**
 * tableRowMaker is getTableRow for one type's many rows: the printer, the visible columns and
 * the NAME column's place are worked out once (a custom resource's printer compiles its
 * JSONPaths), then each object costs only its cells.
 */
export function tableRowMaker(info: ResourceInfo, opts: GetTableOptions): (obj: KubeObject) => string[] {
  const def = tableDefOf(info, opts);
  const { columns, indexes } = visibleColumns(info, opts);
  const nameAt = opts.withKindPrefix ? columns.findIndex((c) => c.name === NAME_COLUMN) : -1;
  const prefix = nameAt >= 0 ? `${kindPrefix(info)}/` : '';
  const namespaced = withNamespace(info, opts);
  const cellOpts = { now: opts.now, wide: opts.wide };
  return (obj) => {
    const all = def.cells(obj, cellOpts);
    const row = indexes.map((i) => all[i] ?? '');
    if (nameAt >= 0) row[nameAt] = `${prefix}${row[nameAt]}`;
    if (namespaced) row.unshift(obj.metadata?.namespace ?? '');
    const labels = obj.metadata?.labels ?? {};
    for (const key of opts.labelColumns) row.push(labels[key] ?? '');
    if (opts.showLabels) row.push(formatLabelsColumn(obj.metadata?.labels));
    return row;
  };
}

/** GetTableRowGroup is one type's table with its objects already turned into rows (large lists are streamed into rows). */
export interface GetTableRowGroup {
  info: ResourceInfo;
  rows: TabbedRows;
}

/** newRowGroup starts a type's rows, with its header unless --no-headers. */
export function newRowGroup(info: ResourceInfo, opts: GetTableOptions): GetTableRowGroup {
  const rows = new TabbedRows();
  if (!opts.noHeaders) rows.add(getTableHeader(info, opts));
  return { info, rows };
}

/** rowGroupOf is a type's rows for objects already in hand. */
export function rowGroupOf(info: ResourceInfo, objects: readonly KubeObject[], opts: GetTableOptions): GetTableRowGroup {
  const group = newRowGroup(info, opts);
  const rowOf = tableRowMaker(info, opts);
  for (const o of objects) group.rows.add(rowOf(o));
  return group;
}

/** writeGetTableRows writes the groups that have rows as renderGetTable lays them out. */
export function writeGetTableRows(groups: readonly GetTableRowGroup[], opts: GetTableOptions, write: (text: string) => void): void {
  let first = true;
  for (const g of groups) {
    if (g.rows.length === (opts.noHeaders ? 0 : 1)) continue;
    // Mirrors kubectl get.go: the blank line between resource groups is only written when
    // headers are printed; with --no-headers the tables follow each other directly.
    if (!first && !opts.noHeaders) write('\n');
    first = false;
    g.rows.render(write);
  }
}

/**
 * renderGetTable renders `kubectl get` table output: one table per non-empty group, each laid
 * out on its own (own widths), separated by an empty line. Every line ends in "\n"; no
 * groups with objects render as "".
 */
export function renderGetTable(groups: readonly GetTableGroup[], opts: GetTableOptions): string {
  const pieces: string[] = [];
  const tracker = new NamespaceColumnTracker(opts);
  const rowGroups = groups.map((g) => {
    const group = rowGroupOf(g.info, g.objects, tracker.optionsFor());
    if (g.objects.length) tracker.printed(g.info);
    return group;
  });
  writeGetTableRows(rowGroups, opts, (text) => pieces.push(text));
  return pieces.join('');
}
