/**
 * document: the part of an OpenAPI v3 document kubemu reads and serves — component schemas,
 * referenced as `#/components/schemas/<name>`, kinds tagged with x-kubernetes-group-version-kind.
 */

/** GroupVersionKind as the extension spells it. */
export interface GVK { group: string; version: string; kind: string }

/** Schema is one OpenAPI v3 schema object (the fields kubemu uses). */
export interface Schema {
  description?: string;
  type?: string;
  format?: string;
  $ref?: string;
  allOf?: Schema[];
  oneOf?: Schema[];
  items?: Schema;
  additionalProperties?: Schema | boolean;
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
  'x-kubernetes-group-version-kind'?: GVK[];
  'x-kubernetes-preserve-unknown-fields'?: boolean;
}

/** OpenAPIDocument is an /openapi/v3/<group-version> document. */
export interface OpenAPIDocument {
  openapi?: string;
  paths?: Record<string, unknown>;
  components: { schemas: Record<string, Schema> };
}

/** resolveRef follows a local reference ("#/components/schemas/X"); undefined when it is not one or is dangling. */
export function resolveRef(ref: string | undefined, doc: OpenAPIDocument): Schema | undefined {
  if (!ref?.startsWith('#/')) return undefined;
  let cur: unknown = doc;
  for (const part of ref.slice(2).split('/')) {
    if (!part) continue;
    if (typeof cur !== 'object' || cur === null) return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return typeof cur === 'object' && cur !== null ? (cur as Schema) : undefined;
}

/** schemaForKind finds the schema tagged with gvk (first by name, as a template ranging over the map would). */
export function schemaForKind(doc: OpenAPIDocument, gvk: GVK): Schema | undefined {
  for (const name of Object.keys(doc.components.schemas).sort()) {
    const s = doc.components.schemas[name]!;
    if (s['x-kubernetes-group-version-kind']?.some((g) => g.group === gvk.group && g.version === gvk.version && g.kind === gvk.kind)) return s;
  }
  return undefined;
}
