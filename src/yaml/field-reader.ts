/**
 * field-reader: strict reading of a YAML file kubemu itself defines (a check profile, an
 * exercise), failing with one line `file:line: field: problem` at the line of the value it
 * names, so a typo is an error and never a silently different meaning. Each file format
 * extends it with the value types it takes and the error class callers catch.
 */

type Obj = Record<string, unknown>;

export abstract class FieldReader {
  /** lines maps a field path (`spec.nodes[0].cpu`) to its line in the file. */
  constructor(readonly file: string, readonly lines: Map<string, number>) {}

  /** error wraps the finished line in the format's own error class. */
  protected abstract error(line: string): Error;

  /** lineOf is the line of a path (line 1 when the file does not hold it). */
  lineOf(at: string): number {
    return this.lines.get(at) ?? 1;
  }

  fail(at: string, problem: string): never {
    throw this.error(`${this.file}:${this.lineOf(at)}: ${at ? `${at}: ` : ''}${problem}`);
  }

  /** object is a mapping with only the given fields. */
  object(v: unknown, at: string, fields: readonly string[]): Obj {
    if (!v || typeof v !== 'object' || Array.isArray(v)) this.fail(at, 'must be a mapping');
    for (const k of Object.keys(v as Obj)) if (!fields.includes(k)) this.fail(at ? `${at}.${k}` : k, `unknown field "${k}" (known: ${fields.join(', ')})`);
    return v as Obj;
  }

  /** list is a sequence; absent or null is empty. */
  list(v: unknown, at: string): unknown[] {
    if (v === undefined || v === null) return [];
    if (!Array.isArray(v)) this.fail(at, 'must be a list');
    return v as unknown[];
  }
}
