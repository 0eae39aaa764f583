/**
 * generic: the fallback for kinds without a dedicated describer (kubectl genericDescriber):
 * Name, Namespace, Labels, Annotations, then every other field of the object, sorted, with
 * camel-case keys turned into "Smart Labels", then Events.
 */
import type { KubeObject } from '../../api/meta';
import { objectFields } from '../../api/object-fields';
import { wantEvents, type DescribeContext } from './context';
import { describeEvents } from './events';
import { printAnnotationsMultiline, printLabelsMultiline } from './multiline';
import { LEVEL_0, PrefixWriter } from './prefix-writer';

/** GENERIC_SKIPPED_FIELDS are printed by the header or never shown. */
export const GENERIC_SKIPPED_FIELDS = ['.metadata.managedFields', '.metadata.name', '.metadata.namespace', '.metadata.labels', '.metadata.annotations'];

const ACRONYMS = ['API', 'URL', 'UID', 'OSB', 'GUID'];

type CharClass = 'lower' | 'upper' | 'digit' | 'other';
const classOf = (c: string): CharClass =>
  /\p{Ll}/u.test(c) ? 'lower' : /\p{Lu}/u.test(c) ? 'upper' : /\p{Nd}/u.test(c) ? 'digit' : 'other';

/** camelCaseSplit mirrors fatih/camelcase Split: runs of one character class, an upper run's last letter joining a following lower run. */
export function camelCaseSplit(s: string): string[] {
  const runs: string[][] = [];
  let last: CharClass | undefined;
  for (const c of s) {
    const cls = classOf(c);
    if (cls === last) runs[runs.length - 1]!.push(c);
    else runs.push([c]);
    last = cls;
  }
  for (let i = 0; i < runs.length - 1; i++) {
    const a = runs[i]!; const b = runs[i + 1]!;
    if (classOf(a[0]!) === 'upper' && classOf(b[0]!) === 'lower') b.unshift(a.pop()!);
  }
  return runs.filter((r) => r.length > 0).map((r) => r.join(''));
}

/** smartLabelFor turns "apiVersion" into "API Version"; fields with characters other than letters and '-' stay as they are. */
export function smartLabelFor(field: string): string {
  for (const c of field) if (!/\p{L}/u.test(c) && c !== '-') return field;
  return camelCaseSplit(field).filter((p) => p !== '_').map((p) => {
    if (ACRONYMS.includes(p.toUpperCase())) return p.toUpperCase();
    return p.charAt(0).toUpperCase() + p.slice(1);
  }).join(' ');
}

// Go's %v: nil prints as <nil>.
const goValue = (v: unknown): string => (v === null || v === undefined ? '<nil>' : String(v));

/** printUnstructuredContent prints a JSON map the way kubectl's generic describer does. */
export function printUnstructuredContent(w: PrefixWriter, level: number, content: Record<string, unknown>, skipPrefix: string, skip: readonly string[]): void {
  for (const field of Object.keys(content).sort()) {
    const value = content[field];
    const path = `${skipPrefix}.${field}`;
    if (skip.includes(path)) continue;
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      w.write(level, `${smartLabelFor(field)}:\n`);
      printUnstructuredContent(w, level + 1, value as Record<string, unknown>, path, skip);
    } else if (Array.isArray(value)) {
      w.write(level, `${smartLabelFor(field)}:\n`);
      for (const child of value) {
        if (child && typeof child === 'object' && !Array.isArray(child)) {
          printUnstructuredContent(w, level + 1, child as Record<string, unknown>, path, skip);
        } else {
          w.write(level + 1, `${goValue(child)}\n`);
        }
      }
    } else {
      w.write(level, `${smartLabelFor(field)}:\t${goValue(value)}\n`);
    }
  }
}

/** describeGeneric renders any object the way kubectl does for kinds without a describer. */
export function describeGeneric(obj: KubeObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  w.write(LEVEL_0, `Name:\t${obj.metadata.name ?? ''}\n`);
  w.write(LEVEL_0, `Namespace:\t${obj.metadata.namespace ?? ''}\n`);
  printLabelsMultiline(w, 'Labels', obj.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', obj.metadata.annotations);
  printUnstructuredContent(w, LEVEL_0, objectFields(obj), '', GENERIC_SKIPPED_FIELDS);
  if (wantEvents(ctx)) describeEvents(ctx.events, w, ctx.now);
  return w.toString();
}
