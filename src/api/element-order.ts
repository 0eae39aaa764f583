/**
 * element-order: the order strategicpatch gives a merged list (patch.go normalizeElementOrder
 * and mergeSortedSlice), shared by the CLI's strategic-merge patch and the API server's apply.
 */
/**
 * normalizeElementOrder orders a merged list as strategicpatch does: the items the patch named,
 * in patch order, interleaved with the server-only items, in server order — an item present on
 * the server keeps its place relative to the other server items; a new one comes first.
 */
export function normalizeElementOrder(merged: unknown[], server: unknown[], patch: unknown[], idOf: (x: unknown) => string | undefined): unknown[] {
  const patchOrder = new Map(patch.map((p, i) => [idOf(p), i] as const));
  const serverOrder = new Map(server.map((s, i) => [idOf(s), i] as const));
  const fromPatch = merged.filter((m) => patchOrder.has(idOf(m))).sort((a, b) => patchOrder.get(idOf(a))! - patchOrder.get(idOf(b))!);
  const serverOnly = merged.filter((m) => !patchOrder.has(idOf(m))).sort((a, b) => (serverOrder.get(idOf(a)) ?? 0) - (serverOrder.get(idOf(b)) ?? 0));
  const out: unknown[] = [];
  let i = 0;
  let j = 0;
  while (i < fromPatch.length || j < serverOnly.length) {
    if (i >= fromPatch.length) { out.push(serverOnly[j++]); continue; }
    if (j >= serverOnly.length) { out.push(fromPatch[i++]); continue; }
    // Both heads on the server: the earlier there goes first; otherwise the patch's goes first.
    const li = serverOrder.get(idOf(fromPatch[i]));
    const ri = serverOrder.get(idOf(serverOnly[j]));
    out.push(li !== undefined && ri !== undefined && ri < li ? serverOnly[j++] : fromPatch[i++]);
  }
  return out;
}
