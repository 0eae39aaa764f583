/**
 * yaml-positions: the 1-based line of every node of a YAML document by its path
 * (`nodes[0].cpu`), so a validator can point at the line a bad value is on. js-yaml's event
 * stream carries offsets; the value itself is loaded separately.
 */
import { EVENT_ID, getScalarValue, parseEvents, type Event } from 'js-yaml';

/** yamlLines maps paths of the first document to lines ('' is the root). */
export function yamlLines(text: string): Map<string, number> {
  const events = parseEvents(text, {});
  const starts: number[] = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  const lineAt = (offset: number): number => {
    let lo = 0; let hi = starts.length - 1;
    while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (starts[mid]! <= offset) lo = mid; else hi = mid - 1; }
    return lo + 1;
  };
  const out = new Map<string, number>();
  let i = events.findIndex((e) => e.type !== EVENT_ID.DOCUMENT);
  if (i < 0) return out;
  const offsetOf = (e: Event): number => ('valueStart' in e ? e.valueStart : 'start' in e ? e.start : 0);
  // node reads one node at events[i] recorded under path, and returns past it.
  const node = (path: string, line?: number): void => {
    const e = events[i++]!;
    out.set(path, line ?? lineAt(offsetOf(e)));
    if (e.type === EVENT_ID.MAPPING) {
      while (events[i] && events[i]!.type !== EVENT_ID.POP) {
        const k = events[i++]!;
        const key = k.type === EVENT_ID.SCALAR ? getScalarValue(text, k) : '?';
        node(path ? `${path}.${key}` : key, lineAt(offsetOf(k)));
      }
      i++;
    } else if (e.type === EVENT_ID.SEQUENCE) {
      let n = 0;
      while (events[i] && events[i]!.type !== EVENT_ID.POP) node(`${path}[${n++}]`);
      i++;
    }
  };
  node('');
  return out;
}
