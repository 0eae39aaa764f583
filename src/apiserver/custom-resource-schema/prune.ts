/**
 * prune: drops the fields a structural schema does not declare, as the custom-resource
 * handler does on every write (apiextensions-apiserver's pruning), and returns their paths —
 * what strict field validation reports as `unknown field "spec.foo"`. apiVersion, kind and
 * metadata stay at the root and in embedded resources; x-kubernetes-preserve-unknown-fields
 * keeps a subtree as sent.
 */
import { childPath, indexPath, isMap, type JSONSchemaProps } from './schema';

const ROOT_FIELDS = new Set(['apiVersion', 'kind', 'metadata']);

/** pruneUnknownFields removes undeclared fields from obj in place; returns their paths, sorted. */
export function pruneUnknownFields(obj: Record<string, unknown>, schema: JSONSchemaProps): string[] {
  const pruned: string[] = [];
  pruneObject(obj, schema, '', true, pruned);
  return pruned.sort();
}

function prune(value: unknown, schema: JSONSchemaProps | undefined, path: string, pruned: string[]): void {
  if (!schema) return;
  if (isMap(value)) pruneObject(value, schema, path, !!schema['x-kubernetes-embedded-resource'], pruned);
  else if (Array.isArray(value)) value.forEach((item, i) => prune(item, schema.items, indexPath(path, i), pruned));
}

function pruneObject(obj: Record<string, unknown>, schema: JSONSchemaProps, path: string, resource: boolean, pruned: string[]): void {
  const preserve = !!schema['x-kubernetes-preserve-unknown-fields'];
  const additional = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
  for (const key of Object.keys(obj)) {
    if (resource && ROOT_FIELDS.has(key)) continue;
    const declared = schema.properties?.[key] ?? additional;
    if (declared) {
      prune(obj[key], declared, childPath(path, key), pruned);
    } else if (!preserve && schema.additionalProperties !== true) {
      pruned.push(childPath(path, key));
      delete obj[key];
    }
  }
}
