/**
 * object-fields: an object seen as its JSON map of top-level fields, for the code that serves
 * any kind by field name (the generic describer, custom resources, decode) instead of reading
 * a kind's typed fields.
 */
import type { KubeObject } from './meta';

/** objectFields views obj as a field-name → value map (the same object, not a copy). */
export function objectFields(obj: KubeObject): Record<string, unknown> {
  return obj as unknown as Record<string, unknown>;
}

/**
 * objectFromFields is the converse view, for a JSON map the decoder has vouched for as an
 * object (or is handing back with the error it found in it).
 */
export function objectFromFields(fields: Record<string, unknown>): KubeObject {
  return fields as unknown as KubeObject;
}
