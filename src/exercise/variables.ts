/**
 * variables: an exercise's seeded picks — a namespace from a list, a port from a range, a
 * name from a small vocabulary — and the {{var}} substitution of every text that uses them.
 * The same exercise and seed always give the same values (sim/rand's sfc32), so a classroom
 * sharing a seed shares the task, and CI checks one fixed variant.
 */
import { newRand } from '../sim/rand';
import type { Variable } from './model';

/** WORDS are the names `{word: true}` draws from: short, distinct, valid DNS labels. */
export const WORDS = [
  'amber', 'birch', 'cedar', 'delta', 'ember', 'falcon', 'garnet', 'harbor', 'indigo', 'juniper',
  'kestrel', 'lotus', 'maple', 'nectar', 'orbit', 'pine', 'quartz', 'raven', 'saffron', 'tundra',
] as const;

/** PLACEHOLDER matches one {{name}} in a text. */
export const PLACEHOLDER = /\{\{\s*([A-Za-z][\w-]*)\s*\}\}/g;

/** Values are the picked values by variable name. */
export type Values = Readonly<Record<string, string>>;

/**
 * pickValues draws every variable in declaration order; word variables draw without
 * replacement, so two of them never name the same thing.
 */
export function pickValues(vars: Readonly<Record<string, Variable>>, seed: number): Values {
  const rand = newRand(seed);
  const words: string[] = [...WORDS];
  const out: Record<string, string> = {};
  for (const [name, v] of Object.entries(vars)) {
    if ('oneOf' in v) out[name] = v.oneOf[rand.int(v.oneOf.length)]!;
    else if ('range' in v) out[name] = String(v.range[0] + rand.int(v.range[1] - v.range[0] + 1));
    else out[name] = words.splice(rand.int(words.length), 1)[0]!;
  }
  return out;
}

/** render replaces each {{name}} with its value; a name without a value is left as written (the loader refuses those). */
export function render(text: string, values: Values): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole);
}

/** placeholders lists the variable names a text uses. */
export function placeholders(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!);
}
