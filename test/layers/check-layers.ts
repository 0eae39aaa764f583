/**
 * check-layers: judges an import graph against the dependency rules. Each wrong-way import
 * is reported with the file and the import as written; units that import each other in a
 * ring are reported as a cycle with one import per step, so the message says what to move.
 */
import type { ImportEdge } from './import-graph';

/** Rules is the shape of dependency-rules.ts, passed in so tests can feed their own. */
export interface Rules {
  seams: readonly string[];
  allowed: Record<string, readonly string[]>;
  exempt: readonly { from: string; to: string }[];
}

/** moduleOf drops the extension and a trailing /index: 'kubelet/index.ts' → 'kubelet'. */
export function moduleOf(p: string): string {
  return p.replace(/\.(ts|js|json)$/, '').replace(/\/index$/, '');
}

/** unitOf is the unit a module belongs to: a seam itself, else its top folder. */
export function unitOf(p: string, seams: readonly string[]): string {
  const m = moduleOf(p);
  return seams.includes(m) ? m : m.split('/')[0];
}

/** layerViolations lists the imports that go the wrong way, one line each. */
export function layerViolations(edges: readonly ImportEdge[], rules: Rules): string[] {
  const out: string[] = [];
  for (const e of edges) {
    const from = unitOf(e.from, rules.seams);
    const to = unitOf(e.to, rules.seams);
    if (from === to) continue;
    const allowed = rules.allowed[from];
    if (!allowed) { out.push(`src/${e.from}: unit '${from}' has no entry in the dependency rules`); continue; }
    if (allowed.includes(to)) continue;
    if (rules.exempt.some((x) => x.from === from && x.to === moduleOf(e.to))) continue;
    out.push(`src/${e.from} imports '${e.specifier}': ${from} may not import ${to}`
      + ` (it may import ${allowed.length ? allowed.join(', ') : 'nothing outside itself'})`);
  }
  return out;
}

/** unitCycles lists every ring of units importing each other, one line each. */
export function unitCycles(edges: readonly ImportEdge[], seams: readonly string[]): string[] {
  // First import seen for each unit → unit step, to name in the message.
  const step = new Map<string, Map<string, ImportEdge>>();
  for (const e of edges) {
    const from = unitOf(e.from, seams);
    const to = unitOf(e.to, seams);
    if (from === to) continue;
    const out = step.get(from) ?? step.set(from, new Map()).get(from)!;
    if (!out.has(to)) out.set(to, e);
  }
  const lines: string[] = [];
  for (const scc of stronglyConnected(step)) {
    if (scc.length < 2) continue;
    const ring = shortestRing(scc.sort()[0], new Set(scc), step);
    const via = ring.slice(0, -1).map((u, i) => step.get(u)!.get(ring[i + 1])!)
      .map((e) => `src/${e.from} imports '${e.specifier}'`);
    lines.push(`cycle ${ring.join(' → ')}: ${via.join('; ')}`);
  }
  return lines.sort();
}

/** stronglyConnected is Tarjan's algorithm over the unit graph. */
function stronglyConnected(graph: Map<string, Map<string, unknown>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) { visit(w); low.set(v, Math.min(low.get(v)!, low.get(w)!)); }
      else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do { w = stack.pop()!; onStack.delete(w); scc.push(w); } while (w !== v);
      out.push(scc);
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return out;
}

/** shortestRing is a shortest path start → … → start inside one strongly connected set. */
function shortestRing(start: string, members: Set<string>, graph: Map<string, Map<string, unknown>>): string[] {
  const prev = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const w of [...(graph.get(v)?.keys() ?? [])].sort()) {
      if (!members.has(w)) continue;
      if (w === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(prev.get(path[0])!);
        return [...path, start];
      }
      if (!prev.has(w) && w !== start) { prev.set(w, v); queue.push(w); }
    }
  }
  return [start];
}
