/**
 * go-format: renders the Go values that upstream messages print with %#v, such as
 * `map[string]string{"app":"web"}` and `v1.LabelSelector{MatchLabels:…}`, so kubemu's
 * Invalid-value texts read like the real API server's.
 */
import type { StatusCause } from '../errors';

/** goStringMap renders map[string]string with sorted keys, as fmt's %#v does; nil/empty → (nil). */
export function goStringMap(m: Record<string, unknown> | undefined | null): string {
  if (!m) return 'map[string]string(nil)';
  const parts = Object.keys(m).sort().map((k) => `${JSON.stringify(k)}:${JSON.stringify(String(m[k]))}`);
  return `map[string]string{${parts.join(', ')}}`;
}

/** goStringSlice renders []string as %#v does: `[]string{"a", "b"}`. */
export function goStringSlice(v: unknown): string {
  return Array.isArray(v) ? `[]string{${v.map((s) => JSON.stringify(String(s))).join(', ')}}` : '[]string(nil)';
}

/** goLabelSelector renders a metav1.LabelSelector the way %#v prints a *v1.LabelSelector's value. */
export function goLabelSelector(sel: any): string {
  if (!sel) return '(*v1.LabelSelector)(nil)';
  const exprs = Array.isArray(sel.matchExpressions)
    ? `[]v1.LabelSelectorRequirement{${sel.matchExpressions.map((r: any) =>
      `v1.LabelSelectorRequirement{Key:${JSON.stringify(r?.key ?? '')}, Operator:${JSON.stringify(r?.operator ?? '')}, Values:${goStringSlice(r?.values)}}`).join(', ')}}`
    : '[]v1.LabelSelectorRequirement(nil)';
  return `v1.LabelSelector{MatchLabels:${goStringMap(sel.matchLabels)}, MatchExpressions:${exprs}}`;
}

/** invalidRendered is an Invalid-value cause whose value text is already rendered. */
export function invalidRendered(field: string, rendered: string, detail: string): StatusCause {
  return { field, message: `Invalid value: ${rendered}: ${detail}` };
}
