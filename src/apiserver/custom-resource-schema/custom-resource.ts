/**
 * custom-resource: the custom-resource handler's schema steps on a write. decode prunes the
 * fields the schema does not declare (refused under Strict as `strict decoding error: unknown
 * field "spec.foo"`, warned under Warn, dropped silently otherwise) and fills defaults;
 * validate checks the schema, then the x-kubernetes-validations rules unless a type or enum
 * error already makes them meaningless.
 */
import type { KubeObject } from '../../api/meta';
import { objectFields } from '../../api/object-fields';
import { badRequest, type StatusCause } from '../errors';
import { cannotBeHandled, STRICT_DECODING_PREFIX, type FieldValidation } from '../decode';
import { applyDefaults } from './defaults';
import { pruneUnknownFields } from './prune';
import { RULES_NOT_CHECKED, validateRules } from './validation-rules';
import { validateAgainstSchema } from './validate';
import type { JSONSchemaProps } from './schema';

/** decodeCustomResource prunes and defaults obj in place under schema; throws 400 under Strict for unknown fields. */
export function decodeCustomResource(obj: KubeObject, schema: JSONSchemaProps, validation: FieldValidation | undefined, warn?: (text: string) => void): KubeObject {
  const unknown = pruneUnknownFields(objectFields(obj), schema);
  if (unknown.length && validation === 'Strict') {
    const version = String(obj.apiVersion ?? '').split('/').pop() ?? '';
    throw badRequest(cannotBeHandled(obj.kind, version, STRICT_DECODING_PREFIX + unknown.map((p) => `unknown field ${JSON.stringify(p)}`).join(', ')));
  }
  if (validation === 'Warn') for (const p of unknown) warn?.(`unknown field ${JSON.stringify(p)}`);
  applyDefaults(obj, schema);
  return obj;
}

/** validateCustomResource is the schema's and the rules' field errors for obj (old: the stored object, on update). */
export function validateCustomResource(obj: KubeObject, schema: JSONSchemaProps, old?: KubeObject): StatusCause[] {
  const causes = validateAgainstSchema(obj, schema);
  if (!hasRules(schema)) return causes;
  const blocking = causes.some((c) => c.message.startsWith('Unsupported value') || / in body must be of type /.test(c.message));
  if (blocking) return [...causes, RULES_NOT_CHECKED];
  return [...causes, ...validateRules(celView(obj), schema, old ? celView(old) : undefined)];
}

/** celView is the object as rules see it: of metadata, only name and generateName. */
function celView(obj: KubeObject): Record<string, unknown> {
  const { name, generateName } = obj.metadata ?? {};
  return { ...obj, metadata: { ...(name !== undefined ? { name } : {}), ...(generateName !== undefined ? { generateName } : {}) } };
}

function hasRules(s: JSONSchemaProps | undefined): boolean {
  if (!s) return false;
  if (s['x-kubernetes-validations']?.length) return true;
  const additional = typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined;
  return Object.values(s.properties ?? {}).some(hasRules) || hasRules(s.items) || hasRules(additional);
}
