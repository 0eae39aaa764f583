/**
 * pairs: kubectl's `k=v` list parsers used by run and expose (generate.ParseLabels,
 * cmdutil.ParsePairs).
 */
import { GeneratorError } from './generator-error';
import { sortedMap } from './go-json';

/** parseLabels parses `a=b,c=d` as generate.ParseLabels does; the result has Go's sorted key order. */
export function parseLabels(spec: string): Record<string, string> {
  if (spec === '') throw new GeneratorError('no label spec passed');
  const labels: Record<string, string> = {};
  for (const item of spec.split(',')) {
    const kv = item.split('=');
    if (kv.length !== 2) throw new GeneratorError(`unexpected label spec: ${item}`);
    if (kv[0] === '') throw new GeneratorError('unexpected empty label key');
    labels[kv[0]!] = kv[1]!;
  }
  return sortedMap(labels);
}

/** parsePairs parses repeated `k=v` arguments (e.g. --annotations); bad ones are listed together. */
export function parsePairs(args: readonly string[], pairType: string): Record<string, string> {
  const out: Record<string, string> = {};
  const invalid: string[] = [];
  for (const arg of args) {
    const i = arg.indexOf('=');
    if (i > 0) out[arg.slice(0, i)] = arg.slice(i + 1);
    else invalid.push(arg);
  }
  if (invalid.length > 0) throw new GeneratorError(`invalid ${pairType} format: ${invalid.join(', ')}`);
  return sortedMap(out);
}

/** goAtoi is strconv.Atoi: optional sign and decimal digits, else Go's error text. */
export function goAtoi(s: string): number {
  if (!/^[+-]?[0-9]+$/.test(s)) throw new GeneratorError(`strconv.Atoi: parsing ${JSON.stringify(s)}: invalid syntax`);
  const n = Number(s);
  if (!Number.isSafeInteger(n)) throw new GeneratorError(`strconv.Atoi: parsing ${JSON.stringify(s)}: value out of range`);
  return n;
}
