/**
 * cells: small cell formatters shared by several printers (printers.go helpers such as
 * layoutContainerCells, labels.FormatLabels and the "+ N more..." lists).
 */
import type { KubeObject } from '../../api/meta';
import { age } from '../age';
import type { PrintContext } from './table-def';

/** NONE is the placeholder printers use for an empty list or unset optional field. */
export const NONE = '<none>';
/** UNSET is the placeholder for a nil pointer field (VOLUMEMODE, MINPODS, SUSPEND …). */
export const UNSET = '<unset>';
/** UNKNOWN is the placeholder for an empty node-info field and unknown metric values. */
export const UNKNOWN = '<unknown>';

/** ageCell is the AGE cell: humanDuration since metadata.creationTimestamp, "<unknown>" if unset. */
export function ageCell(obj: KubeObject, ctx: PrintContext): string {
  return age(obj.metadata?.creationTimestamp, ctx.now);
}

/** nameCell is metadata.name ("" when unset). */
export function nameCell(obj: KubeObject): string {
  return obj.metadata?.name ?? '';
}

interface ContainerLike { name?: string; image?: string }

/** containerNames joins the names of a pod spec's (non-init) containers with ",". */
export function containerNames(podSpec: { containers?: ContainerLike[] } | undefined): string {
  return (podSpec?.containers ?? []).map((c) => c.name ?? '').join(',');
}

/** containerImages joins the images of a pod spec's (non-init) containers with ",". */
export function containerImages(podSpec: { containers?: ContainerLike[] } | undefined): string {
  return (podSpec?.containers ?? []).map((c) => c.image ?? '').join(',');
}

/** formatLabels is apimachinery labels.FormatLabels: "k=v" sorted by key, joined ","; "<none>" if empty. */
export function formatLabels(labels: Record<string, string> | undefined | null): string {
  const keys = Object.keys(labels ?? {}).sort(byteOrder);
  if (keys.length === 0) return NONE;
  return keys.map((k) => `${k}=${labels![k]}`).join(',');
}

/** byteOrder compares strings by UTF-16 code units, close enough to Go's byte order for ASCII keys. */
export function byteOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** listWithMore joins up to `max` shown items with sep, then " + N more..." for the rest of `count`. */
export function listWithMore(shown: readonly string[], count: number, max: number, sep = ','): string {
  const ret = shown.join(sep);
  return count > max ? `${ret} + ${count - max} more...` : ret;
}

/** goBool prints a Go bool cell the way kubectl does: "true" / "false". */
export function goBool(v: boolean | undefined | null): string {
  return v ? 'true' : 'false';
}

/** intOrString prints an IntOrString field (PDB minAvailable, "25%" or 2). */
export function intOrString(v: number | string): string {
  return String(v);
}

/** num prints a possibly-missing integer field as Go would print its zero value. */
export function num(v: number | undefined | null): string {
  return String(v ?? 0);
}

/** condStatus returns the status of the first condition of the given type, if any. */
export function condStatus(conditions: Array<{ type?: string; status?: string }> | undefined, type: string): string | undefined {
  return conditions?.find((c) => c.type === type)?.status;
}
