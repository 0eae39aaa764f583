/**
 * gateway-router: where a Gateway API implementation sends an HTTP request — the listeners of
 * the Gateways on the port it arrived at (their hostname matching Host), the HTTPRoutes
 * attached to them (parentRefs, sectionName, port, allowedRoutes namespaces) whose hostnames
 * match, then the best rule match by the spec's precedence: an Exact path, the longest
 * PathPrefix (matched by path element), a method, the most header matches, the most query
 * matches, then the oldest route and rule order. Filters: RequestRedirect and URLRewrite
 * change the answer; RequestHeaderModifier and ResponseHeaderModifier are accepted (no
 * backend here echoes headers). Weighted backendRefs are chosen by a hash of the route and
 * request, so the same request always lands on the same backend.
 * Mirrors gateway-api apis/v1/httproute_types.go (HTTPRouteRule, HTTPRouteMatch precedence).
 */
import type { KubeObject } from '../api/meta';
import { fnv32a } from '../api/fnv32a';

/** GatewayRequest is an HTTP request reaching the gateway's data plane on port. */
export interface GatewayRequest { scheme: 'http' | 'https'; port: number; host: string; path: string; method: string; headers: Record<string, string> }

/** GatewayBackend is the chosen backendRef in its route's namespace. */
export interface GatewayBackend { namespace: string; name: string; port?: number; kind: string }

/** GatewayRoute is the router's decision: a backend (with the path it receives), a redirect, or an error page. */
export type GatewayRoute =
  | { kind: 'backend'; backend: GatewayBackend; path: string; route: KubeObject }
  | { kind: 'page'; status: number; location?: string };

interface Candidate { route: KubeObject; ruleIndex: number; rule: any; match: any; prefixLen: number; exact: boolean }

const lower = (s: string) => s.toLowerCase();

/** hostnameMatches says whether a (possibly `*.`-wildcard) hostname matches a request host. */
export function hostnameMatches(pattern: string, host: string): boolean {
  if (!pattern.startsWith('*.')) return lower(pattern) === host;
  const suffix = lower(pattern.slice(1));
  return host.endsWith(suffix) && host.length > suffix.length;
}

/** prefixMatches is PathPrefix matching by path element ("/foo" matches "/foo" and "/foo/bar", not "/foobar"). */
function prefixMatches(prefix: string, path: string): boolean {
  const p = prefix.length > 1 ? prefix.replace(/\/+$/, '') : prefix;
  return p === '/' || path === p || path.startsWith(`${p}/`);
}

function matchOf(m: any, req: GatewayRequest, path: string, query: URLSearchParams): { ok: boolean; prefixLen: number; exact: boolean } {
  const pm = m.path ?? { type: 'PathPrefix', value: '/' };
  const value: string = pm.value ?? '/';
  let ok = true;
  let prefixLen = 0;
  let exact = false;
  if (pm.type === 'Exact') { ok = path === value; exact = ok; } else if (pm.type === 'RegularExpression') {
    try { ok = new RegExp(`^(?:${value})$`).test(path); } catch { ok = false; }
    prefixLen = value.length;
  } else { ok = prefixMatches(value, path); prefixLen = value.length; }
  for (const h of m.headers ?? []) {
    const got = req.headers[lower(h.name)];
    if (got === undefined) { ok = false; continue; }
    if (h.type === 'RegularExpression') { try { ok &&= new RegExp(h.value).test(got); } catch { ok = false; } } else ok &&= got === h.value;
  }
  if (m.method && m.method !== req.method) ok = false;
  for (const q of m.queryParams ?? []) {
    const got = query.get(q.name);
    if (got === null) { ok = false; continue; }
    if (q.type === 'RegularExpression') { try { ok &&= new RegExp(q.value).test(got); } catch { ok = false; } } else ok &&= got === q.value;
  }
  return { ok, prefixLen, exact };
}

const age = (o: KubeObject) => Date.parse(o.metadata.creationTimestamp ?? '') || 0;

/** precedence orders two candidate matches as the HTTPRoute spec does (negative: a first). */
function precedence(a: Candidate, b: Candidate): number {
  if (a.exact !== b.exact) return a.exact ? -1 : 1;
  if (a.prefixLen !== b.prefixLen) return b.prefixLen - a.prefixLen;
  if (!!a.match.method !== !!b.match.method) return a.match.method ? -1 : 1;
  const ha = (a.match.headers ?? []).length; const hb = (b.match.headers ?? []).length;
  if (ha !== hb) return hb - ha;
  const qa = (a.match.queryParams ?? []).length; const qb = (b.match.queryParams ?? []).length;
  if (qa !== qb) return qb - qa;
  return age(a.route) - age(b.route)
    || `${a.route.metadata.namespace}/${a.route.metadata.name}`.localeCompare(`${b.route.metadata.namespace}/${b.route.metadata.name}`)
    || a.ruleIndex - b.ruleIndex;
}

/** listenersFor are a Gateway's listeners on port whose hostname (if any) matches host. */
function listenersFor(gw: KubeObject, port: number, host: string): any[] {
  return (gw.spec?.listeners ?? []).filter((l: any) => l.port === port && (!l.hostname || hostnameMatches(l.hostname, host)));
}

/** attaches says whether a route's parentRefs attach it to one of the gateway's listeners. */
export function attaches(route: KubeObject, gw: KubeObject, listeners: readonly any[], namespaceLabels: (ns: string) => Record<string, string>): boolean {
  const routeNs = route.metadata.namespace ?? 'default';
  return (route.spec?.parentRefs ?? []).some((p: any) => {
    if ((p.kind ?? 'Gateway') !== 'Gateway' || p.name !== gw.metadata.name || (p.namespace ?? routeNs) !== gw.metadata.namespace) return false;
    return listeners.some((l) => {
      if (p.sectionName && p.sectionName !== l.name) return false;
      if (p.port && p.port !== l.port) return false;
      const from = l.allowedRoutes?.namespaces?.from ?? 'Same';
      if (from === 'Same') return routeNs === gw.metadata.namespace;
      if (from === 'Selector') {
        const want: Record<string, string> = l.allowedRoutes?.namespaces?.selector?.matchLabels ?? {};
        const have = namespaceLabels(routeNs);
        return Object.entries(want).every(([k, v]) => have[k] === v);
      }
      return true;
    });
  });
}

function pickBackend(route: KubeObject, ruleIndex: number, rule: any, req: GatewayRequest): any | undefined {
  const refs: any[] = (rule.backendRefs ?? []).filter((b: any) => (b.weight ?? 1) > 0);
  const total = refs.reduce((n, b) => n + (b.weight ?? 1), 0);
  if (!total) return undefined;
  // kubemu: deterministic instead of nginx's per-request round robin (a seeded hash of the route and request).
  let at = fnv32a(`${route.metadata.uid ?? route.metadata.name}/${ruleIndex}/${req.host}${req.path}`) % total;
  for (const b of refs) { at -= b.weight ?? 1; if (at < 0) return b; }
  return refs[refs.length - 1];
}

/** redirectLocation builds a RequestRedirect filter's Location header. */
function redirectLocation(f: any, req: GatewayRequest, path: string, matched: Candidate): string {
  const scheme = f.scheme ?? req.scheme;
  const host = f.hostname ?? req.host;
  const defaultPort = scheme === 'https' ? 443 : 80;
  const port = f.port ?? (f.scheme ? defaultPort : req.port);
  let newPath = path;
  if (f.path?.type === 'ReplaceFullPath') newPath = f.path.replaceFullPath ?? '/';
  if (f.path?.type === 'ReplacePrefixMatch') newPath = replacePrefix(path, matched, f.path.replacePrefixMatch ?? '/');
  return `${scheme}://${host}${port === defaultPort ? '' : `:${port}`}${newPath}`;
}

function replacePrefix(path: string, matched: Candidate, replacement: string): string {
  const prefix: string = matched.match.path?.value ?? '/';
  const rest = path.slice(prefix.replace(/\/+$/, '').length);
  const joined = `${replacement.replace(/\/+$/, '')}${rest}`;
  return joined.startsWith('/') ? joined : `/${joined}`;
}

/** routeGateway routes a request through the Gateways and HTTPRoutes of one implementation. */
export function routeGateway(req: GatewayRequest, gateways: readonly KubeObject[], routes: readonly KubeObject[], namespaceLabels: (ns: string) => Record<string, string> = () => ({})): GatewayRoute {
  const host = lower(req.host.replace(/:\d+$/, ''));
  const [rawPath, rawQuery] = [req.path.split('?')[0] || '/', req.path.split('?')[1] ?? ''];
  const query = new URLSearchParams(rawQuery);
  const candidates: Candidate[] = [];
  for (const gw of gateways) {
    const listeners = listenersFor(gw, req.port, host);
    if (!listeners.length) continue;
    for (const route of routes) {
      if (!attaches(route, gw, listeners, namespaceLabels)) continue;
      const hostnames: string[] = route.spec?.hostnames ?? [];
      if (hostnames.length && !hostnames.some((h) => hostnameMatches(h, host))) continue;
      (route.spec?.rules ?? [{}]).forEach((rule: any, ruleIndex: number) => {
        for (const match of rule.matches?.length ? rule.matches : [{}]) {
          const m = matchOf(match, { ...req, host }, rawPath, query);
          if (m.ok) candidates.push({ route, ruleIndex, rule, match, prefixLen: m.prefixLen, exact: m.exact });
        }
      });
    }
  }
  if (!candidates.length) return { kind: 'page', status: 404 };
  const best = candidates.sort(precedence)[0]!;
  const filters: any[] = best.rule.filters ?? [];
  const redirect = filters.find((f) => f.type === 'RequestRedirect')?.requestRedirect;
  if (redirect) return { kind: 'page', status: redirect.statusCode ?? 302, location: redirectLocation(redirect, { ...req, host }, rawPath, best) };
  const rewrite = filters.find((f) => f.type === 'URLRewrite')?.urlRewrite;
  let path = req.path;
  if (rewrite?.path?.type === 'ReplaceFullPath') path = rewrite.path.replaceFullPath ?? '/';
  if (rewrite?.path?.type === 'ReplacePrefixMatch') path = replacePrefix(rawPath, best, rewrite.path.replacePrefixMatch ?? '/');
  const ref = pickBackend(best.route, best.ruleIndex, best.rule, req);
  // A rule with no usable backendRef answers 500, as the spec requires.
  if (!ref) return { kind: 'page', status: 500 };
  return {
    kind: 'backend', route: best.route, path,
    backend: { namespace: ref.namespace ?? best.route.metadata.namespace ?? 'default', name: ref.name, port: ref.port, kind: ref.kind ?? 'Service' },
  };
}
