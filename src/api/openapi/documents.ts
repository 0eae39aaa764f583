/**
 * documents: the OpenAPI v3 documents the API server publishes — the built-in kinds' schemas
 * (schemas.json, generated from the v1.32 Go types by scripts/gen-openapi-schemas.mjs, read
 * only when a document is asked for) and, for each CustomResourceDefinition version, its
 * openAPIV3Schema with apiVersion, kind and metadata filled in as the apiextensions
 * server's builder does.
 */
import type { KubeObject } from '../meta';
import type { OpenAPIDocument, Schema } from './document';
import type SchemasData from './schemas.json';

const OBJECT_META = 'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta';
const API_VERSION_DOC = 'APIVersion defines the versioned schema of this representation of an object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources';
const KIND_DOC = 'Kind is a string value representing the REST resource this object represents. Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds';
const METADATA_DOC = "Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata";

let builtin: Record<string, Schema> | undefined;
/** builtinSchemas are the built-in kinds' component schemas, keyed by definition name. */
export function builtinSchemas(): Record<string, Schema> {
  builtin ??= (require('./schemas.json') as typeof SchemasData).schemas as Record<string, Schema>;
  return builtin;
}

/** crdDefinitionName is upstream's name for a custom kind's schema: the group reversed, version, kind. */
export function crdDefinitionName(group: string, version: string, kind: string): string {
  return [...group.split('.').reverse(), version, kind].join('.');
}

/** crdSchemas are the component schemas one CRD contributes, one per served version with a schema. */
export function crdSchemas(crd: KubeObject): Record<string, Schema> {
  const out: Record<string, Schema> = {};
  const group: string = crd.spec?.group ?? '';
  const kind: string = crd.spec?.names?.kind ?? '';
  for (const v of crd.spec?.versions ?? []) {
    if (v.served === false) continue;
    const base: Schema = structuredClone(v.schema?.openAPIV3Schema ?? { type: 'object' });
    const properties = { ...base.properties };
    properties.apiVersion = { description: API_VERSION_DOC, type: 'string' };
    properties.kind = { description: KIND_DOC, type: 'string' };
    properties.metadata = { description: METADATA_DOC, allOf: [{ $ref: `#/components/schemas/${OBJECT_META}` }] };
    out[crdDefinitionName(group, v.name, kind)] = {
      ...base, type: base.type ?? 'object', properties, 'x-kubernetes-group-version-kind': [{ group, version: v.name, kind }],
    };
  }
  return out;
}

/** openAPIDocument is one document holding the built-in schemas and those of the given CRDs. */
export function openAPIDocument(crds: readonly KubeObject[] = []): OpenAPIDocument {
  const schemas = { ...builtinSchemas() };
  for (const crd of crds) Object.assign(schemas, crdSchemas(crd));
  return { openapi: '3.0.0', components: { schemas } };
}
