/**
 * errors: the API layer's typed failures, with k8s.io/apimachinery's message formats
 * (pkg/api/errors/errors.go). Only cli/errors.ts turns them into text for the user.
 */
import type { GroupKind } from '../api/meta';

/** StatusReason: '' is apimachinery's StatusReasonUnknown (a server error that is not a Status, e.g. etcd's own). */
export type StatusReason = 'NotFound' | 'AlreadyExists' | 'Conflict' | 'Invalid' | 'BadRequest'
  | 'Forbidden' | 'MethodNotAllowed' | 'Expired' | 'Gone' | 'InternalError' | 'Timeout' | 'TooManyRequests'
  | 'RequestEntityTooLarge' | 'Unauthorized' | '';

/** StatusCause is one field error: field is the JSON path ("spec.replicas"), message the text after it. */
export interface StatusCause { field: string; message: string; reason?: string }

export interface ErrorDetails { group?: string; kind?: string; name?: string; causes?: StatusCause[] }

/** ApiError is a Status failure from the API layer: reason, HTTP code and the server's message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly reason: StatusReason,
    readonly code: number,
    message: string,
    readonly details: ErrorDetails = {},
  ) { super(message); }
}

/**
 * SelectorError is a list's 400 for a selector the server cannot use. Its message is the one
 * kubectl prints, its builder's "Unable to find … that match …: " before the server's words;
 * serverMessage is what the server itself answers (kubemu serve sends it, and kubectl adds the rest).
 */
export class SelectorError extends ApiError {
  constructor(message: string, readonly serverMessage: string) { super('BadRequest', 400, message); }
}

/** qualified names a resource as the server does in messages: "pods", "deployments.apps". */
function qualified(resource: string, group: string): string {
  return group ? `${resource}.${group}` : resource;
}

export const notFound = (group: string, resource: string, name: string): ApiError =>
  new ApiError('NotFound', 404, `${qualified(resource, group)} "${name}" not found`, { group, kind: resource, name });

export const alreadyExists = (group: string, resource: string, name: string): ApiError =>
  new ApiError('AlreadyExists', 409, `${qualified(resource, group)} "${name}" already exists`, { group, kind: resource, name });

/** CONFLICT_DETAIL is the usual detail of a stale-resourceVersion conflict. */
export const CONFLICT_DETAIL = 'the object has been modified; please apply your changes to the latest version and try again';

export const conflict = (group: string, resource: string, name: string, detail = CONFLICT_DETAIL): ApiError =>
  new ApiError('Conflict', 409, `Operation cannot be fulfilled on ${qualified(resource, group)} "${name}": ${detail}`,
    { group, kind: resource, name });

export const badRequest = (message: string): ApiError => new ApiError('BadRequest', 400, message);

/** RESOURCE_NOT_FOUND is the message of kube-apiserver's 404 for a path it serves nothing at. */
export const RESOURCE_NOT_FOUND = 'the server could not find the requested resource';

/**
 * noSuchPath is that 404. Its Status carries empty details, as kube-apiserver's does: kubectl
 * debug reads details.name of a 404 and would crash on none.
 */
export const noSuchPath = (): ApiError => new ApiError('NotFound', 404, RESOURCE_NOT_FOUND, {});

export const forbidden = (group: string, resource: string, name: string, reason: string): ApiError =>
  new ApiError('Forbidden', 403, `${qualified(resource, group)} "${name}" is forbidden: ${reason}`, { group, kind: resource, name });

export const methodNotAllowed = (action: string, resource: string): ApiError =>
  new ApiError('MethodNotAllowed', 405, `${action} is not supported on resources of kind "${resource}"`);

export const gone = (message: string): ApiError => new ApiError('Expired', 410, message);

/** ETCD_REQUEST_TOO_LARGE is etcd's refusal of a value over its request limit (rpctypes.ErrRequestTooLarge). */
export const ETCD_REQUEST_TOO_LARGE = 'etcdserver: request is too large';

/** etcdRequestTooLarge: kube-apiserver passes etcd's error through as a 500 with no reason (it is not a Status). */
export const etcdRequestTooLarge = (): ApiError => new ApiError('', 500, ETCD_REQUEST_TOO_LARGE);

export const internalError = (message: string): ApiError =>
  new ApiError('InternalError', 500, `Internal error occurred: ${message}`);

/** aggregate renders several messages as Go's utilerrors aggregate does: one as-is, several as "[a, b]". */
export function aggregate(messages: readonly string[]): string {
  return messages.length === 1 ? messages[0]! : `[${messages.join(', ')}]`;
}

/** invalid is a 422 with field causes: `Deployment.apps "web" is invalid: spec.replicas: Invalid value: …`. */
export function invalid(gk: GroupKind, name: string, causes: StatusCause[]): ApiError {
  const qk = gk.group ? `${gk.kind}.${gk.group}` : gk.kind;
  const text = aggregate(causes.map((c) => (c.field ? `${c.field}: ${c.message}` : c.message)));
  return new ApiError('Invalid', 422, `${qk} "${name}" is invalid: ${text}`, { group: gk.group, kind: gk.kind, name, causes });
}

/** CORRUPT_OBJECT_MESSAGE begins the message of the 500 a read of a corrupt object gets (apiserver/corrupt-object.ts). */
const CORRUPT_OBJECT_MESSAGE = internalError('StorageError: corrupt object,').message;
/** isCorruptObjectError says whether an error is the 500 a read of a corrupt object gets, which lists pass over. */
export const isCorruptObjectError = (e: unknown): e is ApiError => e instanceof ApiError && e.code === 500 && e.message.startsWith(CORRUPT_OBJECT_MESSAGE);
export const isNotFound = (e: unknown): e is ApiError => e instanceof ApiError && e.reason === 'NotFound';
export const isAlreadyExists = (e: unknown): e is ApiError => e instanceof ApiError && e.reason === 'AlreadyExists';
export const isConflict = (e: unknown): e is ApiError => e instanceof ApiError && e.reason === 'Conflict';
