/**
 * status: failures as kube-apiserver writes them — a metav1.Status with the reason, code,
 * details and field causes of the API layer's ApiError, so clients print their usual messages.
 */
import { ApiError, SelectorError, type StatusCause, noSuchPath } from '../../apiserver/errors';

/** CAUSE_TYPES maps a field error's text to its CauseType (field.ErrorType's Type). */
const CAUSE_TYPES: readonly (readonly [string, string])[] = [
  ['Invalid value', 'FieldValueInvalid'], ['Required value', 'FieldValueRequired'], ['Unsupported value', 'FieldValueNotSupported'],
  ['Duplicate value', 'FieldValueDuplicate'], ['Forbidden', 'FieldValueForbidden'], ['Too long', 'FieldValueTooLong'],
  ['Too many', 'FieldValueTooMany'], ['Not found', 'FieldValueNotFound'], ['Internal error', 'InternalError'],
];

function cause(c: StatusCause): Record<string, string> {
  const type = c.reason ?? CAUSE_TYPES.find(([prefix]) => c.message.startsWith(prefix))?.[1] ?? 'FieldValueInvalid';
  return { reason: type, message: c.message, field: c.field };
}

/**
 * DetailedStatusError is a failure whose Status carries what the API layer's errors do not:
 * typed causes, a retry delay, or a continue token (a list's 410 after compaction).
 */
export class DetailedStatusError extends ApiError {
  constructor(reason: ApiError['reason'], code: number, message: string,
    readonly extra: { causes?: { reason: string; message: string }[]; retryAfterSeconds?: number; continue?: string }) {
    super(reason, code, message);
  }
}

/** Status is a metav1.Status body with its HTTP code. */
export interface StatusBody { code: number; body: Record<string, unknown> }

/** WarnedRefusal is a request refused after it made warnings: both are answered (the warnings as headers). */
export class WarnedRefusal extends Error {
  constructor(readonly error: ApiError, readonly warnings: readonly string[]) { super(error.message); }
}

/** statusOf turns an ApiError into the Status kube-apiserver answers with. */
export function statusOf(e: ApiError): StatusBody {
  const d = e.details;
  const details: Record<string, unknown> = {};
  if (d.name) details.name = d.name;
  if (d.group) details.group = d.group;
  if (d.kind) details.kind = d.kind;
  if (d.causes?.length) details.causes = d.causes.map(cause);
  const extra = e instanceof DetailedStatusError ? e.extra : {};
  if (extra.causes) details.causes = extra.causes;
  if (extra.retryAfterSeconds) details.retryAfterSeconds = extra.retryAfterSeconds;
  return {
    code: e.code,
    body: {
      kind: 'Status', apiVersion: 'v1', metadata: extra.continue ? { continue: extra.continue } : {}, status: 'Failure',
      message: e instanceof SelectorError ? e.serverMessage : e.message,
      ...(e.reason ? { reason: e.reason } : {}),
      ...(Object.keys(details).length ? { details } : {}),
      code: e.code,
    },
  };
}

/**
 * asSent is a failure as a client reads it from the Status the server sends: a SelectorError
 * with the server's own words (kubectl's builder adds its "Unable to find …" only to its own lists).
 */
export function asSent(e: unknown): unknown {
  return e instanceof SelectorError ? new ApiError(e.reason, e.code, e.serverMessage, e.details) : e;
}

/** successStatus is what a delete answers when the object is gone at once and no body is wanted (collections). */
export function successStatus(details: Record<string, unknown>): Record<string, unknown> {
  return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', details };
}

export { noSuchPath };

/** notFoundPath is the 404 for a path no handler serves. */
export function notFoundPath(): StatusBody {
  return statusOf(noSuchPath());
}

/** internal turns a failure that is not an ApiError into the 500 kube-apiserver would send. */
export function internal(e: unknown): StatusBody {
  return statusOf(new ApiError('InternalError', 500, `Internal error occurred: ${(e as Error)?.message ?? String(e)}`));
}
