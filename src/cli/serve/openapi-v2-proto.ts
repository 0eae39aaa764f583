/**
 * openapi-v2-proto: an OpenAPI v2 (swagger) document as kube-apiserver serves /openapi/v2 to
 * kubectl — gnostic's openapi_v2.Document in protobuf — made from kubemu's v3 component
 * schemas (refs to #/definitions/, v3's allOf-wrapped refs unwrapped). The real kubectl reads
 * it for `explain -o plaintext-openapiv2` and for its client-side validation (a List's items).
 * Only the fields those read are encoded; field numbers are gnostic's OpenAPIv2.proto.
 */
import type { OpenAPIDocument, Schema } from '../../api/openapi/document';

type V2 = Record<string, unknown>;

/** toV2 converts one v3 schema: `allOf: [{$ref}]` becomes the $ref, refs point at definitions. */
export function toV2(s: Schema): V2 {
  const out: V2 = {};
  const ref = s.$ref ?? (s.allOf?.length === 1 ? s.allOf[0]!.$ref : undefined);
  if (ref) out.$ref = ref.replace('#/components/schemas/', '#/definitions/');
  if (s.description !== undefined) out.description = s.description;
  // v2 has no oneOf: kube-apiserver publishes IntOrString and Quantity as strings.
  if (!ref && (s.type || s.oneOf?.length)) out.type = s.type ?? 'string';
  if (s.format) out.format = s.format;
  if (s.items) out.items = toV2(s.items);
  if (s.properties) out.properties = Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, toV2(v)]));
  if (s.additionalProperties !== undefined) out.additionalProperties = typeof s.additionalProperties === 'boolean' ? s.additionalProperties : toV2(s.additionalProperties);
  if (s.required) out.required = s.required;
  if (s['x-kubernetes-group-version-kind']) out['x-kubernetes-group-version-kind'] = s['x-kubernetes-group-version-kind'];
  return out;
}

class Writer {
  private parts: Buffer[] = [];
  private varint(n: number) { const b: number[] = []; while (n > 127) { b.push((n & 127) | 128); n = Math.floor(n / 128); } b.push(n); this.parts.push(Buffer.from(b)); }
  bytes(field: number, data: Buffer) { this.varint((field << 3) | 2); this.varint(data.length); this.parts.push(data); return this; }
  string(field: number, s: string | undefined) { if (s) this.bytes(field, Buffer.from(s, 'utf8')); return this; }
  bool(field: number, v: boolean) { this.varint(field << 3); this.varint(v ? 1 : 0); return this; }
  message(field: number, w: Writer) { return this.bytes(field, w.done()); }
  done() { return Buffer.concat(this.parts); }
}

const yamlOf = (v: unknown) => JSON.stringify(v); // JSON is YAML: gnostic reads the Any's yaml text

function schemaMsg(s: V2): Writer {
  const w = new Writer();
  w.string(1, s.$ref as string | undefined).string(2, s.format as string | undefined).string(4, s.description as string | undefined);
  for (const r of (s.required as string[] | undefined) ?? []) w.string(19, r);
  const ap = s.additionalProperties;
  if (ap !== undefined) w.message(21, typeof ap === 'boolean' ? new Writer().bool(2, ap) : new Writer().message(1, schemaMsg(ap as V2)));
  if (s.type) w.message(22, new Writer().string(1, s.type as string));
  if (s.items) w.message(23, new Writer().message(1, schemaMsg(s.items as V2)));
  if (s.properties) {
    const props = new Writer();
    for (const [k, v] of Object.entries(s.properties as Record<string, V2>)) props.message(1, new Writer().string(1, k).message(2, schemaMsg(v)));
    w.message(25, props);
  }
  const gvk = s['x-kubernetes-group-version-kind'];
  if (gvk) w.message(31, new Writer().string(1, 'x-kubernetes-group-version-kind').message(2, new Writer().string(2, yamlOf(gvk))));
  return w;
}

/** openAPIV2Proto encodes the v3 document's schemas as /openapi/v2's protobuf body. */
export function openAPIV2Proto(doc: OpenAPIDocument): Buffer {
  const defs = new Writer();
  for (const [name, s] of Object.entries(doc.components.schemas)) defs.message(1, new Writer().string(1, name).message(2, schemaMsg(toV2(s))));
  return new Writer().string(1, '2.0').message(2, new Writer().string(1, 'Kubernetes').string(2, 'v1.32.2')).message(8, new Writer()).message(9, defs).done();
}
