/**
 * resource-path: a resource request's URL as kube-apiserver's RequestInfoFactory reads it —
 * /api/v1/… or /apis/<group>/<version>/…, then an optional namespaces/<ns>, the resource, an
 * optional name and subresource. /api/v1/namespaces/<name>[/<subresource>] is the Namespace
 * itself.
 */

/** ResourcePath is a parsed resource URL. */
export interface ResourcePath {
  group: string;
  version: string;
  namespace?: string;
  resource: string;
  name?: string;
  subresource?: string;
}

/** parseResourcePath reads a path (without query); undefined when it is not a resource request. */
export function parseResourcePath(pathname: string): ResourcePath | undefined {
  const parts = pathname.split('/').filter((p) => p !== '').map(decodeURIComponent);
  let group = '';
  let rest: string[];
  if (parts[0] === 'api' && parts.length >= 3) { rest = parts.slice(2); }
  else if (parts[0] === 'apis' && parts.length >= 4) { group = parts[1]!; rest = parts.slice(3); }
  else return undefined;
  const version = parts[0] === 'api' ? parts[1]! : parts[2]!;
  let namespace: string | undefined;
  // namespaces/<ns>/<resource>… is a namespaced request; namespaces, namespaces/<name> and
  // namespaces/<name>/<status|finalize> are the Namespace resource.
  if (rest[0] === 'namespaces' && rest.length >= 3 && !(rest.length === 3 && ['status', 'finalize'].includes(rest[2]!))) {
    namespace = rest[1];
    rest = rest.slice(2);
  }
  const [resource, name, subresource, ...extra] = rest;
  if (!resource || extra.length) return undefined;
  return { group, version, namespace, resource, name, subresource };
}
