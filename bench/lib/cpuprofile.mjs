/**
 * cpuprofile: reads a V8 .cpuprofile (from `node --cpu-prof`) and lists the functions with
 * the most self time, with their file:line — the hotspot list the T7 report prints.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** topSelfTime returns [{ fn, where, ms, pct }] for the `limit` functions with the most self time. */
export function topSelfTime(file, limit = 12) {
  const prof = JSON.parse(fs.readFileSync(file, 'utf8'));
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dt = prof.timeDeltas ?? [];
  let total = 0;
  for (let i = 0; i < prof.samples.length; i++) {
    const n = byId.get(prof.samples[i]);
    const d = (dt[i] ?? 0) / 1000;
    total += d;
    const cf = n.callFrame;
    const key = `${cf.functionName || '(anonymous)'}\t${path.basename(cf.url || '')}:${cf.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + d);
  }
  return [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, limit).map(([k, ms]) => {
    const [fn, where] = k.split('\t');
    return { fn, where, ms, pct: (100 * ms) / total, source: sourceLine(prof, fn, where) };
  });
}

const fileCache = new Map();

/** sourceLine returns the (trimmed) text of a hotspot's line, read now — so analyse right after the run, before a rebuild. */
function sourceLine(prof, fn, where) {
  const node = prof.nodes.find((n) => (n.callFrame.functionName || '(anonymous)') === fn && `${path.basename(n.callFrame.url || '')}:${n.callFrame.lineNumber + 1}` === where);
  const url = node?.callFrame.url;
  if (!url || !url.startsWith('file://')) return '';
  const file = new URL(url).pathname;
  if (!fileCache.has(file)) fileCache.set(file, fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n') : []);
  return (fileCache.get(file)[node.callFrame.lineNumber] ?? '').trim().slice(0, 110);
}

/** printHotspots prints the top self-time functions of every profile in dir. */
export function printHotspots(dir, limit = 12) {
  for (const f of fs.readdirSync(dir).filter((x) => x.endsWith('.cpuprofile')).sort()) {
    console.log(`  profile ${f}`);
    for (const h of topSelfTime(path.join(dir, f), limit)) {
      console.log(`    ${h.pct.toFixed(1).padStart(5)}%  ${h.ms.toFixed(0).padStart(7)} ms  ${h.fn}  (${h.where})${h.source ? `  ${h.source}` : ''}`);
    }
  }
}

// `node bench/lib/cpuprofile.mjs DIR [N]` prints the hotspots of the profiles in DIR.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  printHotspots(process.argv[2] ?? '.', Number(process.argv[3] ?? 12));
}
