/**
 * protobuf-body: request bodies in Kubernetes' protobuf encoding (application/vnd.kubernetes.protobuf),
 * which client-go's typed clients send — kubectl's `create configmap|deployment|…` and
 * `auth can-i` among them — turned into the JSON object the same request would have sent. The
 * envelope is apimachinery's runtime.Unknown behind the "k8s\0" magic; the object's message is
 * read with the Go struct layout the decoder already has (go-types.json) and each field's
 * protobuf number (protobuf-fields.json, generated from the same v1.32 sources). Fields Go's
 * JSON would omit (omitempty zero values) are left out, as in a JSON body.
 */
import type GoTypesData from '../../apiserver/schema/go-types.json';
import type ProtobufFieldsData from './protobuf-fields.json';
import { badRequest } from '../../apiserver/errors';

/** PROTOBUF_MEDIA_TYPE is the Content-Type of a protobuf body. */
export const PROTOBUF_MEDIA_TYPE = 'application/vnd.kubernetes.protobuf';

const MAGIC = Buffer.from([0x6b, 0x38, 0x73, 0x00]);

type GoType = { k: 's'; n: string; f: [string, string, number][] } | { k: 'n'; n: string; u: string } | { k: 'c'; n: string; c: string };

let schema: { types: Record<string, GoType>; kinds: string[]; numbers: Record<string, number[]> } | undefined;
function loadSchema(): NonNullable<typeof schema> {
  if (!schema) {
    const go = require('../../apiserver/schema/go-types.json') as typeof GoTypesData;
    const pb = require('./protobuf-fields.json') as typeof ProtobufFieldsData;
    schema = { types: go.types as unknown as Record<string, GoType>, kinds: go.kinds, numbers: pb.structs as Record<string, number[]> };
  }
  return schema;
}

/** Field is one wire field: its number, wire type and value (varint as bigint, length-delimited as bytes, fixed as bytes). */
interface Field { num: number; wire: number; varint?: bigint; bytes?: Buffer }

class Reader {
  pos = 0;
  constructor(readonly buf: Buffer) {}
  varint(): bigint {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      if (this.pos >= this.buf.length) throw new Error('truncated varint');
      const b = this.buf[this.pos++]!;
      result |= BigInt(b & 0x7f) << shift;
      if (!(b & 0x80)) return result;
      shift += 7n;
    }
  }
  take(n: number): Buffer {
    if (this.pos + n > this.buf.length) throw new Error('truncated field');
    const out = this.buf.subarray(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }
}

/** fields reads a message's fields in order. */
function fields(buf: Buffer): Field[] {
  const r = new Reader(buf);
  const out: Field[] = [];
  while (r.pos < buf.length) {
    const key = Number(r.varint());
    const num = key >>> 3;
    const wire = key & 7;
    if (wire === 0) out.push({ num, wire, varint: r.varint() });
    else if (wire === 2) out.push({ num, wire, bytes: r.take(Number(r.varint())) });
    else if (wire === 1) out.push({ num, wire, bytes: r.take(8) });
    else if (wire === 5) out.push({ num, wire, bytes: r.take(4) });
    else throw new Error(`unsupported wire type ${wire}`);
  }
  return out;
}

const str = (f: Field | undefined): string => f?.bytes?.toString('utf8') ?? '';
/** signed reads a varint as Go's int64 (two's complement). */
const signed = (v: bigint): number => Number(BigInt.asIntN(64, v));

const BUILTIN_INT = new Set(['int', 'int8', 'int16', 'int32', 'int64', 'uint', 'uint8', 'uint16', 'uint32', 'uint64']);

function rfc3339(seconds: number, nanos: number, micro: boolean): string {
  const iso = new Date(seconds * 1000).toISOString().slice(0, 19);
  return micro ? `${iso}.${String(Math.floor(nanos / 1000)).padStart(6, '0')}Z` : `${iso}Z`;
}

/** scalar decodes one field of a builtin Go type. */
function scalar(type: string, f: Field): unknown {
  if (type === 'string') return str(f);
  if (type === 'bool') return (f.varint ?? 0n) !== 0n;
  if (BUILTIN_INT.has(type)) return signed(f.varint ?? 0n);
  if (type === 'float64') return f.bytes!.readDoubleLE(0);
  if (type === 'float32') return f.bytes!.readFloatLE(0);
  if (type === '[]byte') return (f.bytes ?? Buffer.alloc(0)).toString('base64');
  throw new Error(`unsupported type ${type}`);
}

/** custom decodes a value type with its own protobuf message (Quantity, Time, IntOrString, raw JSON). */
function custom(kind: string, id: string, buf: Buffer): unknown {
  const fs = fields(buf);
  const at = (n: number) => fs.find((f) => f.num === n);
  switch (kind) {
    case 'quantity': return str(at(1));
    // A zero time is written as an empty message; Go reads it back as the zero time, which JSON writes as null.
    case 'time': return buf.length === 0 ? null : rfc3339(signed(at(1)?.varint ?? 0n), signed(at(2)?.varint ?? 0n), id.endsWith('MicroTime'));
    case 'intOrString': return signed(at(1)?.varint ?? 0n) === 1 ? str(at(3)) : signed(at(2)?.varint ?? 0n);
    case 'raw': {
      const raw = at(1)?.bytes;
      if (!raw || !raw.length) return undefined;
      try { return JSON.parse(raw.toString('utf8')); } catch { return undefined; }
    }
    default: return undefined;
  }
}

/** isStruct: Go's omitempty never leaves out a struct value (Time, Quantity, a nested spec). */
function isStruct(type: string): boolean {
  const t = loadSchema().types[type];
  return !!t && (t.k === 's' || t.k === 'c');
}

function isZero(v: unknown): boolean {
  return v === undefined || v === null || v === '' || v === 0 || v === false
    || (Array.isArray(v) && !v.length) || (typeof v === 'object' && v !== null && !Array.isArray(v) && !Object.keys(v).length);
}

/** value decodes the fields of one Go-typed field (all its occurrences: repeated and map fields come as several). */
function value(type: string, occurrences: Field[]): unknown {
  const s = loadSchema();
  if (type.startsWith('*')) return value(type.slice(1), occurrences);
  if (type === '[]byte') return occurrences.length ? scalar(type, occurrences[occurrences.length - 1]!) : undefined;
  if (type.startsWith('[]')) {
    const elem = type.slice(2);
    const out: unknown[] = [];
    for (const f of occurrences) {
      // A packed repeated scalar comes as one length-delimited field of varints.
      if (f.wire === 2 && BUILTIN_INT.has(elem)) {
        const r = new Reader(f.bytes!);
        while (r.pos < f.bytes!.length) out.push(signed(r.varint()));
      } else out.push(value(elem, [f]));
    }
    return out;
  }
  const map = /^map\[([^\]]+)\](.+)$/.exec(type);
  if (map) {
    const out: Record<string, unknown> = {};
    for (const f of occurrences) {
      const entry = fields(f.bytes!);
      const k = entry.find((e) => e.num === 1);
      const v = entry.filter((e) => e.num === 2);
      // A key's type may be named (ResourceName, a ResourceList's keys): value resolves it to its string.
      out[String(k ? value(map[1]!, [k]) : '')] = v.length ? value(map[2]!, v) : zeroOf(map[2]!);
    }
    return out;
  }
  const last = occurrences[occurrences.length - 1];
  if (!last) return undefined;
  const t = s.types[type];
  if (!t) return scalar(type, last);
  if (t.k === 'n') return value(t.u, occurrences);
  if (t.k === 'c') return custom(t.c, type, last.bytes ?? Buffer.alloc(0));
  return message(type, last.bytes ?? Buffer.alloc(0));
}

function zeroOf(type: string): unknown {
  if (type === 'string') return '';
  if (type === '[]byte') return '';
  if (BUILTIN_INT.has(type)) return 0;
  return undefined;
}

/** message decodes a struct's message into its JSON object; inline (embedded) structs' fields are merged in. */
function message(id: string, buf: Buffer): Record<string, unknown> {
  const s = loadSchema();
  const t = s.types[id];
  if (!t || t.k !== 's') throw new Error(`not a struct: ${id}`);
  const numbers = s.numbers[id] ?? [];
  const byNum = new Map<number, Field[]>();
  for (const f of fields(buf)) byNum.set(f.num, [...(byNum.get(f.num) ?? []), f]);
  const out: Record<string, unknown> = {};
  t.f.forEach(([name, type, flags], i) => {
    const num = numbers[i];
    if (!num) return;
    const occ = byNum.get(num);
    if (!occ) return;
    const v = value(type, occ);
    if (flags & 2) { if (v && typeof v === 'object') Object.assign(out, v); return; }
    if (v === undefined) return;
    // Go's JSON leaves out omitempty zero values, except structs; a pointer is written whenever it is set.
    if ((flags & 1) && !type.startsWith('*') && !isStruct(type) && isZero(v)) return;
    out[name] = v;
  });
  return out;
}

/** kindId finds the struct of apiVersion and kind ("apps/v1" Deployment → apps/v1.Deployment). */
function kindId(apiVersion: string, kind: string): string | undefined {
  const slash = apiVersion.indexOf('/');
  const group = slash < 0 ? 'core' : apiVersion.slice(0, slash).split('.')[0]!;
  const version = slash < 0 ? apiVersion : apiVersion.slice(slash + 1);
  const id = `${group}/${version}.${kind}`;
  return loadSchema().types[id] ? id : undefined;
}

/** decodeProtobufBody turns a protobuf request body into the JSON object it encodes; 415 when it is not one kubemu can read. */
export function decodeProtobufBody(body: Buffer): Record<string, unknown> {
  if (!body.subarray(0, 4).equals(MAGIC)) throw badRequest('provided object is not a protobuf-encoded Kubernetes object');
  try {
    const unknown = fields(body.subarray(4));
    const typeMeta = fields(unknown.find((f) => f.num === 1)?.bytes ?? Buffer.alloc(0));
    const apiVersion = str(typeMeta.find((f) => f.num === 1));
    const kind = str(typeMeta.find((f) => f.num === 2));
    const id = kindId(apiVersion, kind);
    if (!id) throw badRequest(`no kind "${kind}" is registered for version "${apiVersion}" in scheme "pkg/runtime/scheme.go:100"`);
    const raw = unknown.find((f) => f.num === 2)?.bytes ?? Buffer.alloc(0);
    return { apiVersion, kind, ...message(id, raw) };
  } catch (e) {
    if ((e as Error).name === 'ApiError') throw e;
    throw badRequest(`error decoding request body: ${(e as Error).message}`);
  }
}
