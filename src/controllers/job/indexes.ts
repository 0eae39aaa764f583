/**
 * indexes: the completed-indexes text of an Indexed Job ("1,3-5,7") — parsing and printing.
 * Mirrors kubernetes pkg/controller/job/indexed_job_utils.go (orderedIntervals.String).
 */

/** formatIndexes renders sorted unique indexes, compressing runs of three or more as "a-b". */
export function formatIndexes(indexes: Iterable<number>): string {
  const sorted = [...new Set(indexes)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    if (j - i >= 2) parts.push(`${sorted[i]}-${sorted[j]}`);
    else for (let k = i; k <= j; k++) parts.push(String(sorted[k]));
    i = j + 1;
  }
  return parts.join(',');
}

/** parseIndexes is formatIndexes' inverse; indexes at or above completions are dropped. */
export function parseIndexes(text: string | undefined, completions: number): Set<number> {
  const out = new Set<number>();
  for (const part of (text ?? '').split(',')) {
    if (!part) continue;
    const [a, b] = part.split('-').map(Number);
    for (let i = a!; i <= (b ?? a!); i++) if (i >= 0 && i < completions) out.add(i);
  }
  return out;
}
