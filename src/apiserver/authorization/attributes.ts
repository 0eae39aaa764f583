/**
 * attributes: one authorization question — who wants to do which verb to which resource
 * (or non-resource path) — and the 403 the API server answers when nobody allows it.
 */
import { ApiError } from '../errors';
import type { UserInfo } from './user-info';

/** Attributes are an authorizer's input (k8s.io/apiserver authorizer.AttributesRecord). */
export interface Attributes {
  user: UserInfo;
  verb: string;
  /** group is the API group, "" for core. */
  group: string;
  /** resource is the plural resource ("pods"); empty for a non-resource request. */
  resource: string;
  subresource?: string;
  /** namespace is empty for cluster-scoped resources and all-namespace lists. */
  namespace?: string;
  name?: string;
  /** path is the URL path of a non-resource request ("/healthz"). */
  path?: string;
}

/** Decision is an authorizer's answer; reason explains a denial (RBAC: missing roles). */
export interface Decision { allowed: boolean; reason: string }

/**
 * forbiddenMessage is the API server's text for a denied request.
 * Mirrors k8s.io/apiserver pkg/endpoints/handlers/responsewriters/errors.go forbiddenMessage.
 */
export function forbiddenMessage(a: Attributes): string {
  const user = `User "${a.user.name}"`;
  if (!a.resource) return `${user} cannot ${a.verb} path "${a.path ?? ''}"`;
  const resource = a.subresource ? `${a.resource}/${a.subresource}` : a.resource;
  const where = a.namespace ? `in the namespace "${a.namespace}"` : 'at the cluster scope';
  return `${user} cannot ${a.verb} resource "${resource}" in API group "${a.group}" ${where}`;
}

/**
 * forbiddenError is the 403 Status of a denied request: `pods "x" is forbidden: User …`, or
 * without a name `pods is forbidden: User …`; the authorizer's reason follows after ": ".
 * Mirrors responsewriters.Forbidden and apimachinery errors.NewForbidden.
 */
export function forbiddenError(a: Attributes, reason = ''): ApiError {
  const qualified = a.group ? `${a.resource}.${a.group}` : a.resource;
  const detail = reason ? `${forbiddenMessage(a)}: ${reason}` : forbiddenMessage(a);
  const message = a.name ? `${qualified} "${a.name}" is forbidden: ${detail}` : `${qualified} is forbidden: ${detail}`;
  return Object.assign(new ApiError('Forbidden', 403, message, { group: a.group, kind: a.resource, name: a.name }), { byAuthorizer: true });
}

/** deniedByAuthorizer tells an authorizer's 403 from admission's (the audit log's authorization decision). */
export function deniedByAuthorizer(e: unknown): boolean {
  return e instanceof ApiError && (e as ApiError & { byAuthorizer?: boolean }).byAuthorizer === true;
}
