/**
 * daemonset-template-generation: apps/v1 has no field for a DaemonSet's internal
 * spec.templateGeneration, so its conversion keeps it in an annotation. The API server writes
 * it (1 on create, one more at each change of the pod template; a client cannot change it) and
 * the DaemonSet controller labels its pods with it (pod-template-generation).
 */
/** DEPRECATED_TEMPLATE_GENERATION is the annotation (appsv1.DeprecatedTemplateGeneration). */
export const DEPRECATED_TEMPLATE_GENERATION = 'deprecated.daemonset.template.generation';

const INT64_MAX = (1n << 63n) - 1n;

/** parseTemplateGeneration is strconv.ParseInt(value, 10, 64): the number, or Go's reason for refusing it. */
export function parseTemplateGeneration(value: string): { generation: bigint } | { error: 'invalid syntax' | 'value out of range' } {
  if (!/^[+-]?[0-9]+$/.test(value)) return { error: 'invalid syntax' };
  const n = BigInt(value);
  if (n > INT64_MAX || n < -INT64_MAX - 1n) return { error: 'value out of range' };
  return { generation: n };
}

/** templateGenerationOf is a DaemonSet's template generation (GetTemplateGeneration): undefined without a readable annotation. */
export function templateGenerationOf(ds: { metadata: { annotations?: Record<string, string> } }): bigint | undefined {
  const value = ds.metadata.annotations?.[DEPRECATED_TEMPLATE_GENERATION];
  if (typeof value !== 'string') return undefined;
  const parsed = parseTemplateGeneration(value);
  return 'generation' in parsed ? parsed.generation : undefined;
}
