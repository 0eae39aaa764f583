/**
 * field-errors: builders for one validation cause, with the texts of apimachinery's
 * pkg/util/validation/field/errors.go ("Required value", "Invalid value: …", …).
 */
import type { StatusCause } from './errors';

/** goValue renders a value the way field errors print it: strings quoted, numbers and booleans bare. */
export function goValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

export const required = (field: string, detail = ''): StatusCause =>
  ({ field, message: detail ? `Required value: ${detail}` : 'Required value' });

export const invalidValue = (field: string, value: unknown, detail: string): StatusCause =>
  ({ field, message: `Invalid value: ${goValue(value)}${detail ? `: ${detail}` : ''}` });

export const notSupported = (field: string, value: unknown, supported: readonly string[]): StatusCause =>
  ({ field, message: `Unsupported value: ${goValue(value)}: supported values: ${supported.map((s) => JSON.stringify(s)).join(', ')}` });

export const duplicate = (field: string, value: unknown): StatusCause =>
  ({ field, message: `Duplicate value: ${goValue(value)}` });

export const forbiddenField = (field: string, detail: string): StatusCause => ({ field, message: `Forbidden: ${detail}` });

export const tooLong = (field: string, value: unknown, max: number): StatusCause =>
  ({ field, message: `Too long: may not be more than ${max} bytes` });

export const notFoundField = (field: string, value: unknown): StatusCause =>
  ({ field, message: `Not found: ${goValue(value)}` });

export const immutable = (field: string, value: unknown): StatusCause =>
  invalidValue(field, value, 'field is immutable');
