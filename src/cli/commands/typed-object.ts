/**
 * typed-object: what an object looks like after kubectl decoded it into its Go struct and
 * encoded it again — fields in struct order, zero values of non-omitempty fields filled in
 * (`creationTimestamp: null`, `strategy: {}`, `resources: {}`, `status: {}`), empty
 * omitempty fields and unknown fields dropped. `kubectl set … --local -o yaml|json` prints
 * objects in this form.
 */
import type { KubeObject } from '../../api/meta';
import { parseApiVersion } from '../../api/registry';
import { FIELD_INLINE, FIELD_OMITEMPTY, kindTypeId, shapeOf, type GoType } from '../../apiserver/schema/go-types';

type Struct = Extract<GoType, { k: 's' }>;
type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function zeroCustom(c: string): unknown {
  switch (c) {
    case 'quantity': return '0';
    case 'intOrString': return 0;
    case 'duration': return '0s';
    default: return null;
  }
}

function isEmptyValue(v: unknown): boolean {
  if (v === '' || v === 0 || v === false || v === null) return true;
  if (Array.isArray(v)) return v.length === 0;
  return false;
}

function encodeStruct(v: Obj, t: Struct, out: Obj = {}): Obj {
  for (const [json, type, flags] of t.f) {
    if (flags & FIELD_INLINE) {
      const s = shapeOf(type);
      if (s.shape === 'struct') encodeStruct(v, s.type, out);
      continue;
    }
    const omit = (flags & FIELD_OMITEMPTY) !== 0;
    const raw = v[json];
    const shape = shapeOf(type);
    if (raw !== undefined && raw !== null) {
      const enc = encodeValue(raw, type);
      // encoding/json's omitempty skips empty scalars, slices and maps, but never a struct value.
      if (omit && !type.startsWith('*') && shape.shape !== 'struct' && shape.shape !== 'custom'
        && (isEmptyValue(enc) || (shape.shape === 'map' && isObj(enc) && !Object.keys(enc).length))) continue;
      out[json] = enc;
      continue;
    }
    if (type.startsWith('*')) { if (!omit) out[json] = null; continue; }
    switch (shape.shape) {
      case 'struct': out[json] = encodeStruct({}, shape.type); break;
      case 'custom': out[json] = zeroCustom(shape.custom); break;
      case 'builtin':
        if (!omit) out[json] = shape.name === 'string' ? '' : shape.name === 'bool' ? false : shape.name === 'interface{}' ? null : 0;
        break;
      default: if (!omit) out[json] = null;
    }
  }
  return out;
}

function encodeValue(v: unknown, type: string): unknown {
  const shape = shapeOf(type);
  switch (shape.shape) {
    case 'struct': return isObj(v) ? encodeStruct(v, shape.type) : v;
    case 'slice': return Array.isArray(v) && shape.elem !== 'byte' ? v.map((x) => encodeValue(x, shape.elem)) : v;
    case 'map': {
      if (!isObj(v)) return v;
      const out: Obj = {};
      for (const k of Object.keys(v).sort()) out[k] = encodeValue(v[k], shape.elem);
      return out;
    }
    default: return v;
  }
}

/** toTypedObject round-trips obj through its Go struct; kinds without a layout come back unchanged. */
export function toTypedObject(obj: KubeObject): KubeObject {
  const { group, version } = parseApiVersion(String(obj.apiVersion ?? ''));
  const id = kindTypeId(group, version, String(obj.kind ?? ''));
  if (!id) return obj;
  const shape = shapeOf(id);
  if (shape.shape !== 'struct') return obj;
  return encodeStruct(obj as unknown as Obj, shape.type) as unknown as KubeObject;
}
