/**
 * selector-string: labels.Selector.String() for a structured LabelSelector, the text
 * describe prints after `Selector:` (requirements sorted by key, values sorted).
 */
import type { LabelSelector } from '../../api/label-selector';

/** selectorString renders a LabelSelector as LabelSelectorAsSelector(sel).String(); "" when empty or missing. */
export function selectorString(selector: LabelSelector | undefined | null): string {
  if (!selector) return '';
  const reqs: { key: string; text: string }[] = [];
  for (const [k, v] of Object.entries(selector.matchLabels ?? {})) reqs.push({ key: k, text: `${k}=${v}` });
  for (const r of selector.matchExpressions ?? []) {
    const vals = [...(r.values ?? [])].sort().join(',');
    switch (r.operator) {
      case 'In': reqs.push({ key: r.key, text: `${r.key} in (${vals})` }); break;
      case 'NotIn': reqs.push({ key: r.key, text: `${r.key} notin (${vals})` }); break;
      case 'Exists': reqs.push({ key: r.key, text: r.key }); break;
      case 'DoesNotExist': reqs.push({ key: r.key, text: `!${r.key}` }); break;
    }
  }
  // Stable sort by key, as labels.NewSelector sorts its requirements.
  return reqs.map((r, i) => ({ ...r, i }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.i - b.i))
    .map((r) => r.text).join(',');
}

/** formatSelector is metav1.FormatLabelSelector: selectorString, or "<none>" when empty. */
export function formatSelector(selector: LabelSelector | undefined | null): string {
  return selectorString(selector) || '<none>';
}

/** formatLabels is labels.FormatLabels for a plain map: sorted k=v joined by ",", "<none>" when empty. */
export function formatLabels(labels: Record<string, string> | undefined | null): string {
  const keys = Object.keys(labels ?? {}).sort();
  return keys.length ? keys.map((k) => `${k}=${labels![k]}`).join(',') : '<none>';
}
