/**
 * usage-annotation: kubemu's check of the `kubemu.io/usage` annotation on pods and pod
 * templates. kubemu: the real API server accepts any annotation; kubemu owns this one, so a
 * profile that would be ignored is refused with its one-line reason instead.
 */
import type { StatusCause } from '../errors';
import { invalidValue } from '../field-errors';
import { USAGE_ANNOTATION, usageProfileError } from '../../api/usage-profile';

/** validateUsageAnnotation checks the annotation under a metadata.annotations path. */
export function validateUsageAnnotation(field: string, annotations: unknown): StatusCause[] {
  const text = (annotations as Record<string, unknown> | undefined)?.[USAGE_ANNOTATION];
  if (typeof text !== 'string') return [];
  const err = usageProfileError(text);
  return err ? [invalidValue(`${field}[${USAGE_ANNOTATION}]`, text, err)] : [];
}
