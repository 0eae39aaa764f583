/**
 * mutate: byte-level mutation of real manifests (the mutation half of R8), ported from
 * shared/bench-floors/fuzz-yaml.js — flip a byte, delete a span, duplicate a span, insert
 * a YAML-special token, truncate — with a seeded generator so a run is reproducible.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

import { CORPUS_DIR } from '../helpers/required-input';

export { CORPUS_DIR };

/** TOKENS are the YAML-special insertions: anchors, aliases, merge keys, tags, separators, odd scalars, BOM, NUL. */
export const TOKENS = ['&a ', '*a', '<<: *a\n', '!!binary ', '!!str ', '!!int ', '!!float ', '!!map ', '!!set ', '? ', '- ', ': ', '{', '}', '[', ']', '"', "'", '|', '>',
  '#', '%YAML 1.1\n', '%TAG ! tag:x,2000:\n', '---\n', '...\n', '\t', '\u0000', '\uFEFF', '\r\n', '\r', 'on', 'no', 'yes', '0o17', '010', '0x1F', '1e400', '-.inf',
  '.inf', '.nan', '~', 'null', '2024-01-02', '12:30', '9223372036854775808', '-0', '&b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\n', '<<: [*a, *b]\n', '\\u', '\\x',
  '\u2028', '\uD800', 'apiVersion: v1\n', 'kind: List\nitems:\n', 'items: ', 'metadata: ', 'name: ', '{"a":', '\u00e9'];

/** Rng is a small seeded LCG (same as fuzz-yaml.js) — reproducible runs from a seed. */
export class Rng {
  constructor(private seed: number) {}
  next(): number {
    this.seed = (this.seed * 1103515245 + 12345) & 0x7fffffff;
    return this.seed / 0x7fffffff;
  }
  int(n: number): number { return Math.floor(this.next() * n); }
  pick<T>(xs: readonly T[]): T { return xs[this.int(xs.length)]!; }
}

/** corpusFiles lists every YAML/JSON file of the corpus (empty when the corpus is absent). */
export function corpusFiles(dir = CORPUS_DIR): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => /\.(ya?ml|json)$/.test(f)).sort().map((f) => path.join(dir, f));
}

/** mutate applies 1–4 random mutations to s (maybe after appending a second document). */
export function mutate(rng: Rng, s: string, other?: string): string {
  if (other !== undefined && rng.next() < 0.3) s = `${s}${s.endsWith('\n') ? '' : '\n'}---\n${other}`;
  const muts = 1 + rng.int(4);
  for (let m = 0; m < muts; m++) {
    const p = rng.int(s.length + 1), k = rng.next();
    if (k < 0.2) s = s.slice(0, p) + String.fromCharCode(rng.int(128)) + s.slice(p + 1);
    else if (k < 0.4) s = s.slice(0, p) + s.slice(p + 1 + rng.int(20));
    else if (k < 0.6) { const q = Math.min(s.length, p + rng.int(80)); s = s.slice(0, q) + s.slice(p, q) + s.slice(q); }
    else if (k < 0.9) s = s.slice(0, p) + rng.pick(TOKENS) + s.slice(p);
    else s = s.slice(0, p);
  }
  return s;
}
