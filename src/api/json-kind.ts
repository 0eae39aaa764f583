/**
 * json-kind: how encoding/json names a JSON value's kind in its UnmarshalTypeError
 * ("json: cannot unmarshal <kind> into …").
 */

/** jsonKind is the JSON value kind encoding/json names in "cannot unmarshal <kind>". */
export function jsonKind(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  switch (typeof v) {
    case 'boolean': return 'bool';
    case 'number': return 'number';
    case 'string': return 'string';
    default: return 'object';
  }
}
