/**
 * label-selector: matching of the structured metav1.LabelSelector (matchLabels plus
 * matchExpressions) used in workload specs, and its kubectl rendering.
 */

import type { LabelSelector } from './types/meta-v1';
import { labelHint } from './labels';

// The selector types are metav1's, generated from the Go types; an operator other than the four
// known ones matches nothing (and renders as apimachinery renders it).
export type { LabelSelector, LabelSelectorRequirement } from './types/meta-v1';

/**
 * selectorMatches reports whether labels satisfy a structured selector. An empty selector ({})
 * matches everything; a missing one (undefined/null) matches nothing, as in apimachinery.
 */
export function selectorMatches(selector: LabelSelector | undefined | null, labels: Record<string, string> | undefined): boolean {
  if (!selector) return false;
  const l = labels ?? {};
  for (const [k, v] of Object.entries(selector.matchLabels ?? {})) if (l[k] !== v) return false;
  for (const req of selector.matchExpressions ?? []) {
    const has = Object.prototype.hasOwnProperty.call(l, req.key);
    const values = req.values ?? [];
    switch (req.operator) {
      case 'In': if (!has || !values.includes(l[req.key]!)) return false; break;
      case 'NotIn': if (has && values.includes(l[req.key]!)) return false; break;
      case 'Exists': if (!has) return false; break;
      case 'DoesNotExist': if (has) return false; break;
      default: return false;
    }
  }
  return true;
}

/**
 * labelSelectorHints is ListQuery.mayContain for a structured selector (see labels.ts
 * selectorHints): undefined when none of its requirements needs a label.
 */
export function labelSelectorHints(selector: LabelSelector | undefined | null): string[] | undefined {
  const first = Object.entries(selector?.matchLabels ?? {})[0];
  if (first) return [labelHint(first[0], first[1])];
  for (const req of selector?.matchExpressions ?? []) {
    if (req.operator === 'In') return (req.values ?? []).map((v) => labelHint(req.key, v));
    if (req.operator === 'Exists') return [labelHint(req.key)];
  }
  return undefined;
}

/** formatLabelSelector renders a selector as kubectl's FormatLabelSelector: "app=web,tier in (a,b)"; empty → "<none>". */
export function formatLabelSelector(selector: LabelSelector | undefined | null): string {
  if (!selector) return '<none>';
  const parts: string[] = [];
  for (const k of Object.keys(selector.matchLabels ?? {}).sort()) parts.push(`${k}=${selector.matchLabels![k]}`);
  for (const req of selector.matchExpressions ?? []) {
    const vals = [...(req.values ?? [])].sort().join(',');
    switch (req.operator) {
      case 'In': parts.push(`${req.key} in (${vals})`); break;
      case 'NotIn': parts.push(`${req.key} notin (${vals})`); break;
      case 'Exists': parts.push(req.key); break;
      case 'DoesNotExist': parts.push(`!${req.key}`); break;
    }
  }
  return parts.length ? parts.join(',') : '<none>';
}
