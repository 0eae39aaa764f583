/**
 * decode: the API server's first step on a write, turning a request body into a typed object
 * (HTTP 400 BadRequest on failure), before defaulting and validation.
 *
 * Mirrors the JSON decoding of kube-apiserver v1.32: sigs.k8s.io/json's case-sensitive strict
 * decoder into the Go API structs (k8s.io/apimachinery pkg/runtime/serializer/json), wrapped by
 * k8s.io/apiserver pkg/endpoints/handlers (create.go, rest.go transformDecodeError):
 *  - type errors: `json: cannot unmarshal bool into Go struct field ConfigMap.data of type string`;
 *  - custom decoders: resource.Quantity, intstr.IntOrString, metav1.Time/Duration, []byte base64;
 *  - strict field validation: `strict decoding error: unknown field "spec.foo", duplicate field "…"`.
 * The body kubectl sends is JSON marshalled from a map, so keys arrive sorted: fields are visited
 * in sorted order, which decides which error is "first". The decoded object keeps the input's
 * key order and drops what the Go structs have no field for.
 */
import { jsonKind } from '../api/json-kind';
import type { KubeObject } from '../api/meta';
import { objectFromFields } from '../api/object-fields';
import { parseApiVersion, type ResourceInfo } from '../api/registry';
import { badRequest } from './errors';
import { reencodedStdBase64, stdBase64Error } from '../api/go-base64';
import { quantityJsonError, storedQuantityText } from '../api/quantity';
import { durationError, rfc3339Error, storedTimeText } from './decode-time';
import { displayType, FIELD_INLINE, FIELD_OMITEMPTY, goType, kindTypeId, shapeOf, structName, type GoField } from './schema/go-types';

/** FieldValidation is the fieldValidation query parameter (kubectl --validate=strict|warn|ignore). */
export type FieldValidation = 'Strict' | 'Warn' | 'Ignore';

/** DecodeOptions controls strictness; fieldValidation wins over the older boolean `strict`. */
export interface DecodeOptions {
  /** fieldValidation defaults to 'Strict' (kubectl's default), or to strict ? 'Strict' : 'Ignore'. */
  readonly fieldValidation?: FieldValidation;
  /** strict is shorthand: true = 'Strict', false = 'Ignore'. */
  readonly strict?: boolean;
  /**
   * duplicateFields are strict paths ("spec.replicas", "metadata.labels.app") whose key appeared
   * twice in the body, as found by the YAML/JSON reader. Strict mode reports each one that names
   * a known field or map key as `duplicate field "<path>"`.
   */
  readonly duplicateFields?: readonly string[];
  /**
   * converter decodes as runtime.DefaultUnstructuredConverter does (the strategic merge patch
   * handler's map → struct step): struct fields in declaration order, the first type error ends
   * decoding, its texts (`unrecognized type: int32`, `cannot restore struct from: string`) carry
   * no field context, and unknown fields are reported sorted.
   */
  readonly converter?: boolean;
}

/** DecodeResult is the decoded object and, under 'Warn', the strict errors as warning texts. */
export interface DecodeResult {
  readonly object: KubeObject;
  /** warnings are the server's warning texts (`unknown field "spec.foo"`); kubectl prints each after "Warning: ". */
  readonly warnings: string[];
}

/**
 * storedQuantity is a decoded Quantity as the server keeps it: a string, in the form its
 * MarshalJSON writes (JSON numbers too; see storedQuantityText). null stays null.
 */
function storedQuantity(v: unknown): unknown {
  if (v === null) return v;
  return storedQuantityText(typeof v === 'string' ? v.trim() : jsonText(v));
}

/** STRICT_DECODING_PREFIX starts runtime.StrictDecodingError's text. */
export const STRICT_DECODING_PREFIX = 'strict decoding error: ';

/** cannotBeHandled is the create handler's wrapper around every decode failure. */
export const cannotBeHandled = (kind: string, version: string, detail: string): string =>
  `${kind} in version "${version}" cannot be handled as a ${kind}: ${detail}`;

/** unknownFieldError is sigs.k8s.io/json's strict error for a key no struct field matches. */
export const unknownFieldError = (path: string): string => `unknown field ${JSON.stringify(path)}`;

/** duplicateFieldError is sigs.k8s.io/json's strict error for a key seen twice. */
export const duplicateFieldError = (path: string): string => `duplicate field ${JSON.stringify(path)}`;

/** unmarshalTypeError is encoding/json's UnmarshalTypeError text, with or without a field context. */
export function unmarshalTypeError(value: string, type: string, struct?: string, field?: string): string {
  return struct !== undefined || field
    ? `json: cannot unmarshal ${value} into Go struct field ${struct ?? ''}.${field ?? ''} of type ${type}`
    : `json: cannot unmarshal ${value} into Go value of type ${type}`;
}

/** unrecognizedTypeError is the unstructured converter's text for a value it cannot put in a simple type. */
export const unrecognizedTypeError = (type: string): string => `unrecognized type: ${type}`;

/** cannotConvertError is the converter's text for a Go-convertible value of another JSON kind (int64 → string). */
export const cannotConvertError = (from: string, to: string): string => `cannot convert ${from} to ${to}`;

/** cannotRestoreError is the converter's text for a non-object or non-list where a struct, slice or map goes. */
export const cannotRestoreError = (target: 'struct' | 'slice' | 'map', from: string): string =>
  target === 'struct' ? `cannot restore struct from: ${from}` : `cannot restore ${target} from ${from}`;

/** CONVERTER_BYTES_ERROR_PREFIX starts the converter's text for a []byte string that is not base64. */
export const CONVERTER_BYTES_ERROR_PREFIX = 'error decoding from json: ';

// Go drops strict errors beyond this many (sigs.k8s.io/json saveStrictError).
const MAX_STRICT_ERRORS = 100;

const INT_RANGES: Record<string, readonly [number, number]> = {
  int8: [-(2 ** 7), 2 ** 7 - 1], int16: [-(2 ** 15), 2 ** 15 - 1], int32: [-(2 ** 31), 2 ** 31 - 1],
  int64: [-(2 ** 63), 2 ** 63 - 1], int: [-(2 ** 63), 2 ** 63 - 1],
  uint8: [0, 255], byte: [0, 255], uint16: [0, 2 ** 16 - 1], uint32: [0, 2 ** 32 - 1],
  uint64: [0, 2 ** 64 - 1], uint: [0, 2 ** 64 - 1],
};

/** Abort is an error a custom UnmarshalJSON returned: it ends decoding at once (decode.go value()). */
class Abort { constructor(readonly message: string) {} }

/** NULL_FIELD marks a struct field whose JSON null leaves the Go field at its zero value. */
const NULL_FIELD = Symbol('null field');

/**
 * decodeObject decodes a manifest into the Go layout of its kind, as a v1.32 API server's create
 * handler does, and returns the pruned object. Throws ApiError BadRequest (400) with the server's
 * exact text: `<Kind> in version "<v>" cannot be handled as a <Kind>: <detail>`. Kinds without a
 * built-in layout (custom resources) are returned as given.
 */
export function decodeObject(raw: Record<string, unknown>, info: ResourceInfo, opts: DecodeOptions = {}): DecodeResult {
  const validation: FieldValidation = opts.fieldValidation ?? (opts.strict === false ? 'Ignore' : 'Strict');
  const kind = typeof raw.kind === 'string' ? raw.kind : info.kind;
  const version = typeof raw.apiVersion === 'string' ? parseApiVersion(raw.apiVersion).version : info.version;
  const typeId = kindTypeId(info.group, version, info.kind);
  if (!typeId) return { object: objectFromFields(structuredClone(raw)), warnings: [] };

  const decoded = decodeTyped(raw, typeId, validation, opts);
  if (decoded.error !== undefined) throw badRequest(cannotBeHandled(kind, version, decoded.error));
  return { object: decoded.object, warnings: decoded.warnings };
}

/** TypedDecode is one decode's outcome before a handler wraps its error: the error text, or the object. */
export interface TypedDecode {
  readonly object: KubeObject;
  readonly warnings: string[];
  /** error is the decoder's text (a type error, or `strict decoding error: …` under Strict). */
  readonly error?: string;
}

/**
 * decodeTyped decodes `raw` into the Go type `typeId` and returns the error text unwrapped, for
 * handlers that word it their own way (create: "cannot be handled as"; patch: an Invalid "patch").
 */
export function decodeTyped(raw: Record<string, unknown>, typeId: string, validation: FieldValidation, opts: DecodeOptions = {}): TypedDecode {
  // Most bodies decode cleanly: try the walk that builds the result and nothing else, and
  // decode again with the error bookkeeping only when it meets anything to report or drop.
  if (!opts.converter && !opts.duplicateFields?.length) {
    const object = cleanValue(raw, typeId);
    if (object !== UNCLEAN) return { object: object as KubeObject, warnings: [] };
  }
  const decoder = new Decoder(validation !== 'Ignore', opts.duplicateFields ?? [], !!opts.converter);
  let object: unknown;
  try {
    object = decoder.value(raw, typeId, '');
  } catch (e) {
    if (e instanceof Abort) return { object: objectFromFields(raw), warnings: [], error: e.message };
    throw e;
  }
  if (decoder.savedError !== undefined) return { object: objectFromFields(raw), warnings: [], error: decoder.savedError };
  const strict = opts.converter ? [...decoder.strictErrors].sort() : decoder.strictErrors;
  if (strict.length > 0 && validation === 'Strict') {
    return { object: object as KubeObject, warnings: [], error: STRICT_DECODING_PREFIX + strict.join(', ') };
  }
  return { object: object as KubeObject, warnings: validation === 'Warn' ? [...strict] : [] };
}

/**
 * typeErrorsOf lists every type error in a stored object (as the JSON decoder words them), for
 * checks over stored state: decoding goes on past each one. Kinds without a layout have none.
 */
export function typeErrorsOf(obj: Record<string, unknown>, info: ResourceInfo): string[] {
  const version = typeof obj.apiVersion === 'string' ? parseApiVersion(obj.apiVersion).version : info.version;
  const typeId = kindTypeId(info.group, version, info.kind);
  if (!typeId) return [];
  const decoder = new Decoder(false, [], false, true);
  decoder.value(obj, typeId, '');
  return decoder.allErrors;
}

/** Decoder walks one body against one Go type, keeping encoding/json's error bookkeeping. */
class Decoder {
  /** savedError is the first non-fatal error (decode.go saveError keeps only the first). */
  savedError: string | undefined;
  readonly strictErrors: string[] = [];
  private readonly seenStrict = new Set<string>();
  private readonly duplicates: ReadonlySet<string>;
  /** fieldStack and struct are encoding/json's errorContext: json names of struct fields only. */
  private readonly fieldStack: string[] = [];
  private struct: string | undefined;
  /** allErrors is every type error, when collecting (a custom type's failure then ends only its field). */
  readonly allErrors: string[] = [];

  constructor(
    private readonly trackStrict: boolean,
    duplicates: readonly string[],
    private readonly converter = false,
    private readonly collect = false,
  ) {
    this.duplicates = new Set(duplicates);
  }

  /** value decodes v into the type expression `expr`; `path` is the strict-error path so far. */
  value(v: unknown, expr: string, path: string): unknown {
    const shape = shapeOf(expr);
    if (v === null) return zeroForNull(expr);
    switch (shape.shape) {
      case 'custom': {
        if (!this.collect) return this.custom(v, shape.custom, expr);
        try {
          return this.custom(v, shape.custom, expr);
        } catch (e) {
          if (!(e instanceof Abort)) throw e;
          this.saveError(e.message);
          return undefined;
        }
      }
      case 'struct': return this.structValue(v, shape.id, expr, path);
      case 'map': {
        if (!isObject(v)) return this.mismatch(v, expr, cannotRestoreError('map', goKind(v)));
        const out: Record<string, unknown> = {};
        for (const key of sortedKeys(v)) {
          const p = joinPath(path, key);
          this.checkDuplicate(p);
          out[key] = this.value(v[key], shape.elem, p);
        }
        return reorder(v, out);
      }
      case 'slice': {
        if (shape.elem === 'byte' && typeof v === 'string') {
          const err = stdBase64Error(v);
          // A CorruptInputError is not an UnmarshalTypeError, so it carries no field context;
          // the converter decodes the string with encoding/json and words the failure itself.
          if (err !== undefined) {
            if (this.converter) throw new Abort(CONVERTER_BYTES_ERROR_PREFIX + err);
            this.saveError(err);
            return v;
          }
          return reencodedStdBase64(v);
        }
        if (!Array.isArray(v)) return this.mismatch(v, expr, cannotRestoreError('slice', goKind(v)));
        return v.map((item, i) => this.value(item, shape.elem, `${path}[${i}]`));
      }
      case 'builtin': return this.builtin(v, shape.name, expr);
    }
  }

  private structValue(v: unknown, id: string, expr: string, path: string): unknown {
    if (!isObject(v)) return this.mismatch(v, expr, cannotRestoreError('struct', goKind(v)));
    const fields = fieldsOf(id);
    const omit = omitEmptyOf(id);
    const out: Record<string, unknown> = {};
    const name = structName(id);
    for (const key of this.converter ? fieldOrder(v, fields) : sortedKeys(v)) {
      const fieldType = fields.get(key);
      const p = joinPath(path, key);
      if (fieldType === undefined) {
        this.strictError(unknownFieldError(p));
        continue;
      }
      this.checkDuplicate(p);
      const savedStruct = this.struct;
      this.fieldStack.push(key);
      this.struct = name;
      // A JSON null leaves a struct field at its zero value; kubemu omits it rather than
      // materialising "" or 0 (the following validation treats both alike).
      const decoded = v[key] === null && !isCustom(fieldType) ? NULL_FIELD : this.value(v[key], fieldType, p);
      this.fieldStack.pop();
      this.struct = savedStruct;
      if (decoded !== NULL_FIELD && decoded !== undefined && !(omit.has(key) && isEmptyValue(decoded))) out[key] = decoded;
    }
    return reorder(v, out);
  }

  private builtin(v: unknown, name: string, expr: string): unknown {
    if (name === 'interface{}') return structuredClone(v);
    if (this.converter) return convertBuiltin(v, name);
    if (name === 'string') return typeof v === 'string' ? v : this.typeError(jsonKind(v), expr);
    if (name === 'bool') return typeof v === 'boolean' ? v : this.typeError(jsonKind(v), expr);
    if (typeof v !== 'number') return this.typeError(jsonKind(v), expr);
    const range = INT_RANGES[name];
    if (range && (!Number.isInteger(v) || v < range[0] || v > range[1])) {
      return this.typeError(`number ${String(v)}`, expr);
    }
    return v;
  }

  private custom(v: unknown, custom: string, expr: string): unknown {
    switch (custom) {
      case 'raw': return structuredClone(v);
      case 'quantity': {
        const err = quantityJsonError(jsonText(v));
        if (err !== undefined) throw new Abort(err);
        return storedQuantity(v);
      }
      case 'intOrString': {
        // IntOrString decodes a string as-is and anything else into an int32 with encoding/json;
        // that inner error has no context of its own and gets the outer field's on the way out.
        if (typeof v === 'string') return v;
        if (typeof v !== 'number') throw new Abort(this.contextual(jsonKind(v), 'int32'));
        if (!Number.isInteger(v) || v < INT_RANGES.int32![0] || v > INT_RANGES.int32![1]) {
          throw new Abort(this.contextual(`number ${String(v)}`, 'int32'));
        }
        return v;
      }
      case 'time':
      case 'duration': {
        if (typeof v !== 'string') throw new Abort(this.contextual(jsonKind(v), 'string'));
        const micro = expr.endsWith('MicroTime');
        const err = custom === 'time' ? rfc3339Error(v, micro) : durationError(v);
        if (err !== undefined) throw new Abort(err);
        return custom === 'time' ? storedTimeText(v, micro) : v;
      }
    }
    throw new Error(`decode: no decoder for ${expr}`);
  }

  /** typeError saves an UnmarshalTypeError for the current field and yields nothing for it. */
  private typeError(value: string, expr: string): undefined {
    this.saveError(this.contextual(value, displayType(expr.replace(/^\*+/, ''))));
    return undefined;
  }

  /**
   * mismatch is a value of the wrong JSON kind for a struct, slice or map: encoding/json's
   * type error, or the converter's own text (which ends decoding).
   */
  private mismatch(v: unknown, expr: string, converterText: string): undefined {
    if (this.converter) throw new Abort(converterText);
    return this.typeError(jsonKind(v), expr);
  }

  private contextual(value: string, type: string): string {
    // The converter hands custom types their JSON alone: their errors have no field context.
    return !this.converter && (this.fieldStack.length > 0 || this.struct !== undefined)
      ? unmarshalTypeError(value, type, this.struct, this.fieldStack.join('.'))
      : unmarshalTypeError(value, type);
  }

  private saveError(message: string): void {
    if (this.collect) this.allErrors.push(message);
    if (this.savedError === undefined) this.savedError = message;
  }

  private checkDuplicate(path: string): void {
    if (this.duplicates.has(path)) this.strictError(duplicateFieldError(path));
  }

  private strictError(message: string): void {
    if (!this.trackStrict || this.seenStrict.has(message) || this.strictErrors.length >= MAX_STRICT_ERRORS) return;
    this.seenStrict.add(message);
    this.strictErrors.push(message);
  }
}

/** UNCLEAN is cleanValue's answer for a body the bookkeeping decoder must see. */
const UNCLEAN = Symbol('unclean');

/**
 * cleanValue is Decoder.value for a body with nothing to report: every key a known field, every
 * value of its field's type, no duplicates. It visits keys in the body's own order (the result
 * keeps that order anyway), builds no paths or error context, and gives up with UNCLEAN at the
 * first thing Decoder would record (an unknown key, a type error, a custom type's failure), so
 * the decoder that words errors exactly runs only for those bodies.
 */
function cleanValue(v: unknown, expr: string): unknown {
  if (v === null) return zeroForNull(expr);
  const shape = shapeOf(expr);
  switch (shape.shape) {
    case 'struct': {
      if (!isObject(v)) return UNCLEAN;
      const fields = fieldsOf(shape.id);
      const omit = omitEmptyOf(shape.id);
      const out: Record<string, unknown> = {};
      for (const key in v) {
        const fieldType = fields.get(key);
        if (fieldType === undefined || !Object.hasOwn(v, key)) return UNCLEAN;
        const item = v[key];
        // A JSON null leaves a struct field at its zero value: omitted, as Decoder does.
        if (item === null && !isCustom(fieldType)) continue;
        const decoded = cleanValue(item, fieldType);
        if (decoded === UNCLEAN) return UNCLEAN;
        if (decoded !== undefined && !(omit.has(key) && isEmptyValue(decoded))) out[key] = decoded;
      }
      return out;
    }
    case 'map': {
      if (!isObject(v)) return UNCLEAN;
      const out: Record<string, unknown> = {};
      for (const key in v) {
        // "__proto__" takes Decoder's path, whose plain assignments this must not second-guess.
        if (key === '__proto__' || !Object.hasOwn(v, key)) return UNCLEAN;
        const decoded = cleanValue(v[key], shape.elem);
        if (decoded === UNCLEAN) return UNCLEAN;
        out[key] = decoded;
      }
      return out;
    }
    case 'slice': {
      if (shape.elem === 'byte' && typeof v === 'string') return stdBase64Error(v) === undefined ? reencodedStdBase64(v) : UNCLEAN;
      if (!Array.isArray(v)) return UNCLEAN;
      const out: unknown[] = new Array(v.length);
      for (let i = 0; i < v.length; i++) {
        const decoded = cleanValue(v[i], shape.elem);
        if (decoded === UNCLEAN) return UNCLEAN;
        out[i] = decoded;
      }
      return out;
    }
    case 'builtin': {
      const name = shape.name;
      if (name === 'string') return typeof v === 'string' ? v : UNCLEAN;
      if (name === 'bool') return typeof v === 'boolean' ? v : UNCLEAN;
      if (name === 'interface{}') return structuredClone(v);
      if (typeof v !== 'number') return UNCLEAN;
      const range = INT_RANGES[name];
      return range && (!Number.isInteger(v) || v < range[0] || v > range[1]) ? UNCLEAN : v;
    }
    case 'custom':
      switch (shape.custom) {
        case 'raw': return structuredClone(v);
        case 'quantity': return quantityJsonError(jsonText(v)) === undefined ? storedQuantity(v) : UNCLEAN;
        case 'intOrString':
          if (typeof v === 'string') return v;
          return typeof v === 'number' && Number.isInteger(v) && v >= INT_RANGES.int32![0] && v <= INT_RANGES.int32![1] ? v : UNCLEAN;
        case 'time': {
          const micro = shape.id.endsWith('MicroTime');
          return typeof v === 'string' && rfc3339Error(v, micro) === undefined ? storedTimeText(v, micro) : UNCLEAN;
        }
        case 'duration': return typeof v === 'string' && durationError(v) === undefined ? v : UNCLEAN;
      }
      return UNCLEAN;
  }
}

const fieldCache = new Map<string, ReadonlyMap<string, string>>();

/**
 * fieldsOf maps json name → type for a struct, with embedded inline structs' fields promoted.
 * Go's rule that a shallower field hides a deeper one of the same name is kept by letting the
 * first (outer) definition win.
 */
function fieldsOf(id: string): ReadonlyMap<string, string> {
  const cached = fieldCache.get(id);
  if (cached) return cached;
  const out = new Map<string, string>();
  const inline: GoField[] = [];
  const t = goType(id);
  if (t.k !== 's') throw new Error(`decode: ${id} is not a struct`);
  for (const f of t.f) {
    if (f[2] & FIELD_INLINE) inline.push(f);
    else out.set(f[0], f[1]);
  }
  for (const f of inline) {
    const inner = shapeOf(f[1]);
    if (inner.shape !== 'struct') continue;
    for (const [name, type] of fieldsOf(inner.id)) if (!out.has(name)) out.set(name, type);
  }
  fieldCache.set(id, out);
  return out;
}

const omitEmptyCache = new Map<string, ReadonlySet<string>>();

/**
 * omitEmptyOf names a struct's fields (its inlined structs' too) that encoding/json leaves out
 * when empty: omitempty, not a pointer, and of a kind that can be empty (string, bool, number,
 * slice, map; never a struct, which is why `resources: {}` stays).
 */
function omitEmptyOf(id: string): ReadonlySet<string> {
  const cached = omitEmptyCache.get(id);
  if (cached) return cached;
  const out = new Set<string>();
  const t = goType(id);
  if (t.k === 's') {
    for (const [name, type, flags] of t.f) {
      if (flags & FIELD_INLINE) {
        const inner = shapeOf(type);
        if (inner.shape === 'struct') for (const n of omitEmptyOf(inner.id)) out.add(n);
        continue;
      }
      if (!(flags & FIELD_OMITEMPTY) || type.startsWith('*')) continue;
      const shape = shapeOf(type);
      if (shape.shape === 'slice' || shape.shape === 'map' || shape.shape === 'builtin') out.add(name);
    }
  }
  omitEmptyCache.set(id, out);
  return out;
}

/**
 * isEmptyValue is encoding/json's test for omitempty on a decoded value: false, 0, "", and an
 * empty list or map (a []byte field's "" is its empty slice). The caller knows the field can be empty.
 */
function isEmptyValue(v: unknown): boolean {
  switch (typeof v) {
    case 'string': return v === '';
    case 'boolean': return !v;
    case 'number': return v === 0;
    case 'object':
      if (v === null) return false;
      if (Array.isArray(v)) return v.length === 0;
      for (const _ in v) return false;
      return true;
    default: return false;
  }
}

/** fieldOrder lists an object's keys in the struct's field order (the converter's walk), unknown keys last. */
function fieldOrder(v: Record<string, unknown>, fields: ReadonlyMap<string, string>): string[] {
  const known = [...fields.keys()].filter((k) => Object.hasOwn(v, k));
  return [...known, ...sortedKeys(v).filter((k) => !fields.has(k))];
}

/** goKind is the reflect.Kind of a JSON value in an unstructured map (integers are int64). */
function goKind(v: unknown): string {
  if (Array.isArray(v)) return 'slice';
  switch (typeof v) {
    case 'string': return 'string';
    case 'boolean': return 'bool';
    case 'number': return Number.isInteger(v) ? 'int64' : 'float64';
    default: return 'map';
  }
}

const INT_KINDS = new Set(['int', 'int8', 'int16', 'int32', 'int64', 'uint', 'uint8', 'uint16', 'uint32', 'uint64', 'byte']);

/**
 * convertBuiltin is the converter's simple-type rule (runtime/converter.go fromUnstructured):
 * an assignable or same-group convertible value is taken, a convertible one of another group
 * is `cannot convert <from> to <to>`, anything else `unrecognized type: <to>`.
 */
function convertBuiltin(v: unknown, name: string): unknown {
  const to = name === 'byte' ? 'uint8' : name;
  const from = goKind(v);
  if (to === 'string') {
    if (typeof v === 'string') return v;
    // Go converts an integer to a string (a rune), so the converter names the pair.
    if (from === 'int64') throw new Abort(cannotConvertError('int64', to));
  } else if (to === 'bool') {
    if (typeof v === 'boolean') return v;
  } else if (INT_KINDS.has(name)) {
    if (from === 'int64') return v;
    if (from === 'float64') throw new Abort(cannotConvertError('float64', to));
  } else if (to === 'float32' || to === 'float64') {
    if (typeof v === 'number') return v;
  }
  throw new Abort(unrecognizedTypeError(to));
}

function isCustom(expr: string): boolean {
  return shapeOf(expr).shape === 'custom';
}

/** zeroForNull is what a JSON null leaves in a slice element or map value of type `expr`. */
function zeroForNull(expr: string): unknown {
  if (expr.startsWith('*')) return null;
  const shape = shapeOf(expr);
  switch (shape.shape) {
    case 'builtin':
      if (shape.name === 'string') return '';
      if (shape.name === 'bool') return false;
      if (shape.name === 'interface{}') return null;
      return 0;
    case 'struct': return {};
    // A null Quantity (e.g. a ResourceList value) decodes to the zero Quantity, which
    // encodes as "0"; keeping null would reach quantity parsers that expect a string.
    case 'custom': return shape.custom === 'quantity' ? '0' : null;
    default: return null;
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** jsonText is the JSON text of a value as kubectl sends it (Go escapes <, > and & in strings). */
function jsonText(v: unknown): string {
  return JSON.stringify(v).replace(/[<>&]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`);
}

/** sortedKeys is the order kubectl's JSON body presents keys in (Go sorts map keys bytewise). */
function sortedKeys(v: Record<string, unknown>): string[] {
  return Object.keys(v).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** reorder puts the decoded keys back in the input's order. */
function reorder(input: Record<string, unknown>, decoded: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(input)) if (key in decoded) out[key] = decoded[key];
  return out;
}

function joinPath(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}
