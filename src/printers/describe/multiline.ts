/**
 * multiline: kubectl's multi-line title/value printers (labels, annotations, taints,
 * tolerations). The first item goes on the title line; each further item is an empty first
 * cell + TAB + item, so items align under the first value.
 */
import { LEVEL_0, PrefixWriter } from './prefix-writer';

/** LAST_APPLIED_ANNOTATION is never shown by describe. */
import { LAST_APPLIED as LAST_APPLIED_ANNOTATION } from '../../api/last-applied';
export { LAST_APPLIED_ANNOTATION };
/** MAX_ANNOTATION_LEN is where describe switches an annotation to the wrapped form. */
export const MAX_ANNOTATION_LEN = 140;

const byString = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** printLabelsMultiline prints `title:` then sorted k=v pairs, or <none>. */
export function printLabelsMultiline(w: PrefixWriter, title: string, labels: Record<string, string> | undefined | null,
  initialIndent = '', innerIndent = '\t'): void {
  w.write(LEVEL_0, `${initialIndent}${title}:${innerIndent}`);
  const keys = Object.keys(labels ?? {}).sort(byString);
  if (keys.length === 0) { w.writeLine('<none>'); return; }
  keys.forEach((key, i) => {
    if (i !== 0) w.write(LEVEL_0, initialIndent + innerIndent);
    w.write(LEVEL_0, `${key}=${labels![key]}\n`);
  });
}

// Byte-wise cut like Go's s[:n]; annotation values are almost always ASCII.
function shorten(s: string, max: number): string {
  return s.length > max ? s.slice(0, max) + '...' : s;
}

/** printAnnotationsMultiline prints sorted `key: value` pairs, wrapping long or multi-line values. */
export function printAnnotationsMultiline(w: PrefixWriter, title: string, annotations: Record<string, string> | undefined | null): void {
  w.write(LEVEL_0, `${title}:\t`);
  const keys = Object.keys(annotations ?? {}).filter((k) => k !== LAST_APPLIED_ANNOTATION).sort(byString);
  if (keys.length === 0) { w.writeLine('<none>'); return; }
  const indent = '\t';
  keys.forEach((key, i) => {
    if (i !== 0) w.write(LEVEL_0, indent);
    const value = annotations![key]!.replace(/\n$/, '');
    if (value.length + key.length + 2 > MAX_ANNOTATION_LEN || value.includes('\n')) {
      w.write(LEVEL_0, `${key}:\n`);
      for (const s of value.split('\n')) w.write(LEVEL_0, `${indent}  ${shorten(s, MAX_ANNOTATION_LEN - 2)}\n`);
    } else {
      w.write(LEVEL_0, `${key}: ${value}\n`);
    }
  });
}

/** Taint is core/v1 Taint. */
export interface Taint { key: string; value?: string; effect?: string; timeAdded?: string }

/** taintToString is Taint.ToString(): key[=value]:effect. */
export function taintToString(t: Taint): string {
  if (!t.effect) return t.value ? `${t.key}=${t.value}:` : t.key;
  return t.value ? `${t.key}=${t.value}:${t.effect}` : `${t.key}:${t.effect}`;
}

/** printTaintsMultiline prints taints sorted by "effect,key", or <none>. */
export function printTaintsMultiline(w: PrefixWriter, title: string, taints: Taint[] | undefined | null): void {
  w.write(LEVEL_0, `${title}:\t`);
  if (!taints || taints.length === 0) { w.writeLine('<none>'); return; }
  const key = (t: Taint): string => `${t.effect ?? ''},${t.key}`;
  [...taints].sort((a, b) => byString(key(a), key(b))).forEach((t, i) => {
    if (i !== 0) w.write(LEVEL_0, '\t');
    w.write(LEVEL_0, `${taintToString(t)}\n`);
  });
}

/** Toleration is core/v1 Toleration. */
export interface Toleration { key?: string; operator?: string; value?: string; effect?: string; tolerationSeconds?: number }

/** formatToleration renders key[=value][:Effect][ op=Exists][ for Ns]. */
export function formatToleration(t: Toleration): string {
  let s = t.key ?? '';
  if (t.value) s += `=${t.value}`;
  if (t.effect) s += `:${t.effect}`;
  // An empty key with operator Exists tolerates everything and prints bare "op=Exists".
  if (t.operator === 'Exists' && !t.value) s += t.key || t.effect ? ' op=Exists' : 'op=Exists';
  if (t.tolerationSeconds !== undefined && t.tolerationSeconds !== null) s += ` for ${t.tolerationSeconds}s`;
  return s;
}

/** printTolerationsMultiline prints tolerations sorted by key, or <none>. */
export function printTolerationsMultiline(w: PrefixWriter, title: string, tolerations: Toleration[] | undefined | null,
  initialIndent = ''): void {
  w.write(LEVEL_0, `${initialIndent}${title}:\t`);
  if (!tolerations || tolerations.length === 0) { w.writeLine('<none>'); return; }
  [...tolerations].sort((a, b) => byString(a.key ?? '', b.key ?? '')).forEach((t, i) => {
    if (i !== 0) w.write(LEVEL_0, initialIndent + '\t');
    w.write(LEVEL_0, `${formatToleration(t)}\n`);
  });
}
