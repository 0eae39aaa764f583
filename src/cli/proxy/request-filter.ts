/**
 * request-filter: `kubectl proxy`'s request filter and API prefix, as pure functions — which
 * requests the proxy forwards (reject paths and methods first, then accept paths and hosts), and
 * the path the API server sees once the prefix is stripped.
 * Mirrors kubernetes/kubectl pkg/proxy/proxy_server.go (v0.32): FilterServer.accept,
 * MakeRegexpArray and stripLeaveSlash.
 */

/** The filter's defaults, kubectl's own: loopback hosts only, and no exec or attach through the proxy. */
export const DEFAULT_ACCEPT_HOSTS = '^localhost$,^127\\.0\\.0\\.1$,^\\[::1\\]$';
export const DEFAULT_ACCEPT_PATHS = '^.*';
export const DEFAULT_REJECT_PATHS = '^/api/.*/pods/.*/exec,^/api/.*/pods/.*/attach';
export const DEFAULT_REJECT_METHODS = '^$';

/** RequestFilter is the compiled flag values; undefined fields are --disable-filter. */
export interface RequestFilter { acceptHosts: RegExp[]; acceptPaths: RegExp[]; rejectPaths: RegExp[]; rejectMethods: RegExp[] }

/** regexpList is MakeRegexpArray: comma-separated expressions, none for an empty flag. */
export function regexpList(text: string): RegExp[] {
  if (text === '') return [];
  return text.split(',').map((part) => {
    try {
      return new RegExp(part);
    } catch (e) {
      throw new Error(`error parsing regexp: ${(e as Error).message.replace(/^Invalid regular expression: /, '')}`);
    }
  });
}

const matchesAny = (text: string, list: RegExp[]): boolean => list.some((re) => re.test(text));

/**
 * hostOf is the filter's extractHost: net.SplitHostPort's host of a Host header, or the header as
 * it is where SplitHostPort fails (no port: "localhost", "[::1]"; too many colons: "::1").
 */
export function hostOf(hostHeader: string | undefined): string {
  const h = hostHeader ?? '';
  const bracket = /^\[([^\]]*)\]:[^:]*$/.exec(h);
  if (bracket) return bracket[1]!;
  const colon = h.lastIndexOf(':');
  if (colon < 0 || h.indexOf(':') !== colon || h.startsWith('[')) return h;
  return h.slice(0, colon);
}

/** accepts is FilterServer.accept: a rejected path or method loses; otherwise both path and host must be accepted. */
export function accepts(f: RequestFilter, method: string, path: string, host: string): boolean {
  if (matchesAny(path, f.rejectPaths) || matchesAny(method, f.rejectMethods)) return false;
  return matchesAny(path, f.acceptPaths) && matchesAny(host, f.acceptHosts);
}

/** mountPrefix is a prefix as the proxy mounts it (--api-prefix, --www-prefix): always ending in a slash. */
export function mountPrefix(flag: string): string {
  return flag.endsWith('/') ? flag : `${flag}/`;
}

/**
 * apiPath is the path forwarded for a request path under prefix, or undefined when the request
 * is outside it (404). A prefix under /api is forwarded as is; any other is stripped, leaving a
 * leading slash (stripLeaveSlash).
 */
export function apiPath(prefix: string, path: string): string | undefined {
  if (!path.startsWith(prefix)) return undefined;
  if (prefix.startsWith('/api')) return path;
  const rest = path.slice(prefix.length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}
