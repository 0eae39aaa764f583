/**
 * validate: a custom resource against its CRD's schema, as the custom-resource strategy does
 * with kube-openapi's validator: per value the type first, then the string, number, list,
 * enum and object checks, each failure turned into a field error the way
 * apiextensions-apiserver's kubeOpenAPIResultToFieldErrors words it
 * (`spec.replicas: Invalid value: "string": spec.replicas in body must be of type integer: "string"`).
 * The object's own fields are walked in the schema's declaration order (upstream walks a Go map).
 */
import type { StatusCause } from '../errors';
import { goValue, invalidValue, notSupported, required, tooLong } from '../field-errors';
import { childPath, indexPath, isMap, type JSONSchemaProps } from './schema';

const IN = 'body';

/** jsonType is kube-openapi's type name for a decoded JSON value. */
export function jsonType(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  if (typeof v === 'boolean') return 'boolean';
  return typeof v === 'string' ? 'string' : 'object';
}

/** schemaTypes is the schema's type list, with x-kubernetes-int-or-string's pair. */
const schemaTypes = (s: JSONSchemaProps): string[] =>
  (s['x-kubernetes-int-or-string'] ? ['integer', 'string'] : s.type ? [s.type] : []);

/** validateAgainstSchema returns the field errors for value at path (path "" is the object's root). */
export function validateAgainstSchema(value: unknown, schema: JSONSchemaProps, path = ''): StatusCause[] {
  const out: StatusCause[] = [];
  validateValue(value, schema, path, out);
  return out;
}

/**
 * bound prints a schema bound as kube-openapi's message does: an integer value against an
 * integral bound as an int64 (`10`), otherwise as Go's %v of a float64 (strconv 'g', shortest:
 * an exponent from 1e+06 up or below 1e-04, two exponent digits at least).
 */
export function bound(limit: number, value: number): string {
  if ((Number.isInteger(value) && Number.isInteger(limit)) || limit === 0 || !Number.isFinite(limit)) return String(limit);
  const [mantissa, e] = limit.toExponential().split('e') as [string, string];
  const exp = Number(e);
  // strconv's shortest 'g' switches to an exponent below 1e-4 and from 1e+06 up.
  if (exp < -4 || exp >= 6) return `${mantissa}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  return String(limit);
}

function typeError(path: string, types: string[], actual: string): StatusCause {
  return invalidValue(path, actual, `${path} in ${IN} must be of type ${types.join(',')}: ${JSON.stringify(actual)}`);
}

function validateValue(value: unknown, s: JSONSchemaProps, path: string, out: StatusCause[]): void {
  const types = schemaTypes(s);
  const actual = jsonType(value);
  if (actual === 'null') {
    if (types.length && !s.nullable) out.push(typeError(path, types, 'null'));
    return;
  }
  const typeOk = !types.length || types.includes(actual) || (actual === 'integer' && types.includes('number'));
  if (!typeOk) {
    out.push(typeError(path, types, actual));
    return;
  }
  validateComposition(value, s, path, out);
  if (typeof value === 'string') validateString(value, s, path, out);
  if (typeof value === 'number') validateNumber(value, s, path, out);
  if (Array.isArray(value)) validateList(value, s, path, out);
  if (s.enum && !s.enum.some((e) => sameJson(e, value))) {
    out.push(notSupported(path, value, s.enum.map((e) => (typeof e === 'string' ? e : JSON.stringify(e)))));
  }
  if (isMap(value)) validateObject(value, s, path, out);
}

function validateComposition(value: unknown, s: JSONSchemaProps, path: string, out: StatusCause[]): void {
  for (const sub of s.allOf ?? []) validateValue(value, sub, path, out);
  if (s.anyOf?.length && !s.anyOf.some((sub) => validateAgainstSchema(value, sub, path).length === 0)) {
    out.push(invalidValue(path, '', `${path} in ${IN} must validate at least one schema (anyOf)`));
  }
  if (s.oneOf?.length && s.oneOf.filter((sub) => validateAgainstSchema(value, sub, path).length === 0).length !== 1) {
    out.push(invalidValue(path, '', `${path} in ${IN} must validate one and only one schema (oneOf)`));
  }
  if (s.not && validateAgainstSchema(value, s.not, path).length === 0) {
    out.push(invalidValue(path, '', `${path} in ${IN} must not validate the schema (not)`));
  }
}

function validateString(value: string, s: JSONSchemaProps, path: string, out: StatusCause[]): void {
  const length = [...value].length;
  if (s.maxLength !== undefined && length > s.maxLength) out.push(tooLong(path, value, s.maxLength));
  if (s.minLength !== undefined && length < s.minLength) {
    out.push(invalidValue(path, value, `${path} in ${IN} should be at least ${s.minLength} chars long`));
  }
  if (s.pattern !== undefined && !patternOf(s.pattern).test(value)) {
    out.push(invalidValue(path, value, `${path} in ${IN} should match '${s.pattern}'`));
  }
}

const patterns = new Map<string, RegExp>();
/** patternOf compiles an ECMA 262 pattern once (the CRD's validation refused ones that do not compile). */
function patternOf(source: string): RegExp {
  let re = patterns.get(source);
  if (!re) {
    try { re = new RegExp(source, 'u'); } catch { re = new RegExp(source); }
    patterns.set(source, re);
  }
  return re;
}

function validateNumber(value: number, s: JSONSchemaProps, path: string, out: StatusCause[]): void {
  if (s.multipleOf !== undefined && s.multipleOf > 0 && !Number.isInteger(value / s.multipleOf)) {
    out.push(invalidValue(path, value, `${path} in ${IN} should be a multiple of ${bound(s.multipleOf, value)}`));
  }
  if (s.maximum !== undefined && (s.exclusiveMaximum ? value >= s.maximum : value > s.maximum)) {
    out.push(invalidValue(path, value, `${path} in ${IN} should be less than ${s.exclusiveMaximum ? '' : 'or equal to '}${bound(s.maximum, value)}`));
  }
  if (s.minimum !== undefined && (s.exclusiveMinimum ? value <= s.minimum : value < s.minimum)) {
    out.push(invalidValue(path, value, `${path} in ${IN} should be greater than ${s.exclusiveMinimum ? '' : 'or equal to '}${bound(s.minimum, value)}`));
  }
}

function validateList(value: unknown[], s: JSONSchemaProps, path: string, out: StatusCause[]): void {
  if (s.items) value.forEach((item, i) => validateValue(item, s.items!, indexPath(path, i), out));
  if (s.minItems !== undefined && value.length < s.minItems) {
    out.push(invalidValue(path, value.length, `${path} in ${IN} should have at least ${s.minItems} items`));
  }
  if (s.maxItems !== undefined && value.length > s.maxItems) out.push(tooMany(path, value.length, s.maxItems));
  if (s.uniqueItems && value.some((v, i) => value.findIndex((w) => sameJson(v, w)) !== i)) {
    out.push(invalidValue(path, '', `${path} in ${IN} shouldn't contain duplicates`));
  }
}

function validateObject(value: Record<string, unknown>, s: JSONSchemaProps, path: string, out: StatusCause[]): void {
  const keys = Object.keys(value).length;
  if (s.minProperties !== undefined && keys < s.minProperties) {
    out.push(invalidValue(path, keys, `${path} in ${IN} should have at least ${s.minProperties} properties`));
    return;
  }
  if (s.maxProperties !== undefined && keys > s.maxProperties) {
    out.push(tooMany(path, keys, s.maxProperties));
    return;
  }
  const additional = typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined;
  if (additional) {
    for (const [key, v] of Object.entries(value)) if (!s.properties?.[key]) validateValue(v, additional, childPath(path, key), out);
  }
  for (const [key, prop] of Object.entries(s.properties ?? {})) {
    if (key in value) validateValue(value[key], prop, childPath(path, key), out);
  }
  for (const key of s.required ?? []) if (!(key in value)) out.push(required(childPath(path, key)));
}

/** tooMany is field.TooMany: `Too many: 5: must have at most 3 items`. */
function tooMany(path: string, actual: number, max: number): StatusCause {
  return { field: path, message: `Too many: ${goValue(actual)}: must have at most ${max} ${max === 1 ? 'item' : 'items'}` };
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
