/**
 * defaults: structural defaulting of a custom resource (apiextensions-apiserver's defaulting
 * algorithm): a property that is absent, or null where the schema does not allow null, takes
 * its schema's default; objects, maps and list items are walked below.
 */
import { isMap, type JSONSchemaProps } from './schema';

/** applyDefaults fills schema defaults into value in place. */
export function applyDefaults(value: unknown, schema: JSONSchemaProps | undefined): void {
  if (!schema) return;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      if (value[i] === null && schema.items?.default !== undefined && !schema.items.nullable) value[i] = structuredClone(schema.items.default);
      applyDefaults(value[i], schema.items);
    }
    return;
  }
  if (!isMap(value)) return;
  for (const [key, prop] of Object.entries(schema.properties ?? {})) {
    if (prop.default !== undefined && (!(key in value) || (value[key] === null && !prop.nullable))) value[key] = structuredClone(prop.default);
  }
  const additional = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
  for (const [key, v] of Object.entries(value)) applyDefaults(v, schema.properties?.[key] ?? additional);
}
