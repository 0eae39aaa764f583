/**
 * field-rules: validation helpers shared by strategies that the shared field-errors module
 * does not have — numeric ranges, label maps, selectors — each returning StatusCauses with
 * apimachinery's texts.
 */
import type { StatusCause } from '../errors';
import { invalidValue, required, notSupported } from '../field-errors';
import { validateLabelKey, validateLabelValue } from './names';

/** NEGATIVE_ERROR is apimachinery's IsNegativeErrorMsg. */
export const NEGATIVE_ERROR = 'must be greater than or equal to 0';
/** POSITIVE_ERROR is the message for fields that must be > 0. */
export const POSITIVE_ERROR = 'must be greater than zero';

/** inclusiveRangeError is apimachinery's InclusiveRangeError text. */
export const inclusiveRangeError = (lo: number, hi: number): string => `must be between ${lo} and ${hi}, inclusive`;

/** nonNegative reports a number below zero (absent values pass). */
export function nonNegative(field: string, v: unknown): StatusCause[] {
  return typeof v === 'number' && v < 0 ? [invalidValue(field, v, NEGATIVE_ERROR)] : [];
}

/** positive reports a number that is not > 0 (absent values pass). */
export function positive(field: string, v: unknown, msg = POSITIVE_ERROR): StatusCause[] {
  return typeof v === 'number' && v <= 0 ? [invalidValue(field, v, msg)] : [];
}

/** portNumber checks 1..65535 (IsValidPortNum). */
export function portNumber(field: string, v: unknown): StatusCause[] {
  return typeof v === 'number' && (v < 1 || v > 65535 || !Number.isInteger(v)) ? [invalidValue(field, v, inclusiveRangeError(1, 65535))] : [];
}

/** labelMap validates label keys and values under one field path (ValidateLabels). */
export function labelMap(field: string, labels: Record<string, unknown> | undefined | null): StatusCause[] {
  const out: StatusCause[] = [];
  for (const [k, v] of Object.entries(labels ?? {})) {
    for (const m of validateLabelKey(k)) out.push(invalidValue(field, k, m));
    for (const m of validateLabelValue(String(v ?? ''))) out.push(invalidValue(field, v, m));
  }
  return out;
}

/** SELECTOR_OPERATORS are the operators of a structured label selector, in upstream order. */
export const SELECTOR_OPERATORS = ['In', 'NotIn', 'Exists', 'DoesNotExist'] as const;

/** labelSelector validates a metav1.LabelSelector (ValidateLabelSelector). */
export function labelSelector(field: string, sel: any): StatusCause[] {
  if (sel === undefined || sel === null) return [];
  const out: StatusCause[] = [];
  (sel.matchExpressions ?? []).forEach((req: any, i: number) => {
    const p = `${field}.matchExpressions[${i}]`;
    const values = req?.values ?? [];
    switch (req?.operator) {
      case 'In': case 'NotIn':
        if (values.length === 0) out.push(required(`${p}.values`, 'must be specified when `operator` is \'In\' or \'NotIn\''));
        break;
      case 'Exists': case 'DoesNotExist':
        if (values.length > 0) out.push({ field: `${p}.values`, message: 'Forbidden: may not be specified when `operator` is \'Exists\' or \'DoesNotExist\'' });
        break;
      default:
        out.push(invalidValue(`${p}.operator`, req?.operator, 'not a valid selector operator'));
    }
    for (const m of validateLabelKey(String(req?.key ?? ''))) out.push(invalidValue(`${p}.key`, req?.key, m));
  });
  out.push(...labelMap(`${field}.matchLabels`, sel.matchLabels));
  return out;
}

/** oneOf reports a value outside the supported list (absent values pass). */
export function oneOf(field: string, v: unknown, supported: readonly string[]): StatusCause[] {
  return v !== undefined && v !== null && !supported.includes(v as string) ? [notSupported(field, v, supported)] : [];
}
