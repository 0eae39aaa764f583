/**
 * ingress-router: where ingress-nginx sends a request — the server chosen by Host (exact,
 * then `*.` wildcard of one label, then the catch-all for rules without a host), the location
 * by path (Exact first, then the longest matching path; Prefix matches by path element,
 * ImplementationSpecific as nginx's plain string prefix, regular expressions when an Ingress
 * of the server has use-regex or rewrite-target), then the Ingress's defaultBackend, then
 * nginx's 404. A host listed under spec.tls is redirected from http to https (308), as
 * ingress-nginx's ssl-redirect does by default.
 * Mirrors kubernetes/ingress-nginx internal/ingress/controller (servers, locations) and its
 * nginx.tmpl location ordering.
 * kubemu: no canary, auth, rate-limit or snippet annotations; only rewrite-target, use-regex
 * and ssl-redirect are read.
 */
import type { KubeObject } from '../api/meta';

/** HttpRequest is what reaches the ingress controller: scheme, Host header and URI path. */
export interface HttpRequest { scheme: 'http' | 'https'; host: string; path: string }

/** IngressBackend is an Ingress backend (spec.defaultBackend or a path's) in its Ingress's namespace. */
export interface IngressBackend { namespace: string; service: { name: string; port: { number?: number; name?: string } } }

/** IngressRoute is the router's decision: a backend with the path it receives, or a page of nginx's own. */
export type IngressRoute =
  | { kind: 'backend'; backend: IngressBackend; path: string }
  | { kind: 'page'; status: number; location?: string };

/** The ingress-nginx annotations the router reads: rewrite-target, use-regex and ssl-redirect. */
export const ANNOTATION_REWRITE_TARGET = 'nginx.ingress.kubernetes.io/rewrite-target';
export const ANNOTATION_USE_REGEX = 'nginx.ingress.kubernetes.io/use-regex';
export const ANNOTATION_SSL_REDIRECT = 'nginx.ingress.kubernetes.io/ssl-redirect';

interface Location { path: string; pathType: string; backend: IngressBackend; ingress: KubeObject }

/** hostMatches says whether a rule host (possibly `*.domain`) matches a request host. */
export function hostMatches(ruleHost: string, host: string): boolean {
  if (!ruleHost.startsWith('*.')) return ruleHost === host;
  const suffix = ruleHost.slice(1);
  return host.endsWith(suffix) && !host.slice(0, -suffix.length).includes('.') && host.length > suffix.length;
}

/** pathMatches says whether a location's path matches a request path (regex: nginx's case-insensitive ~*). */
export function pathMatches(loc: { path: string; pathType: string }, uri: string, regex: boolean): boolean {
  const p = loc.path || '/';
  if (loc.pathType === 'Exact') return uri === p;
  if (regex) {
    try { return new RegExp(`^${p}`, 'i').test(uri); } catch { return false; }
  }
  if (loc.pathType === 'Prefix') {
    const base = p.length > 1 ? p.replace(/\/+$/, '') : p;
    return base === '/' || uri === base || uri.startsWith(`${base}/`);
  }
  return uri.startsWith(p);
}

function backendOf(ing: KubeObject, b: any): IngressBackend | undefined {
  if (!b?.service?.name) return undefined;
  return { namespace: ing.metadata.namespace ?? 'default', service: { name: b.service.name, port: { ...b.service.port } } };
}

const byAge = (a: KubeObject, b: KubeObject) => (Date.parse(a.metadata.creationTimestamp ?? '') || 0) - (Date.parse(b.metadata.creationTimestamp ?? '') || 0)
  || `${a.metadata.namespace}/${a.metadata.name}`.localeCompare(`${b.metadata.namespace}/${b.metadata.name}`);

const usesRegex = (ing: KubeObject) => ing.metadata.annotations?.[ANNOTATION_USE_REGEX] === 'true' || !!ing.metadata.annotations?.[ANNOTATION_REWRITE_TARGET];

/** rewrite applies an Ingress's rewrite-target to a path matched by the location's regex ($1… are its groups). */
function rewrite(ing: KubeObject, loc: Location, uri: string): string {
  const target = ing.metadata.annotations?.[ANNOTATION_REWRITE_TARGET];
  if (!target) return uri;
  const m = new RegExp(`^${loc.path}`, 'i').exec(uri);
  if (!m) return target;
  return target.replace(/\$(\d)/g, (_, i: string) => m[Number(i)] ?? '') || '/';
}

/** routeIngress routes a request through the Ingresses ingress-nginx serves. */
export function routeIngress(req: HttpRequest, ingresses: readonly KubeObject[]): IngressRoute {
  const host = req.host.toLowerCase().replace(/:\d+$/, '');
  const uri = req.path.split('?')[0] || '/';
  const sorted = [...ingresses].sort(byAge);
  const hosts = new Set<string>();
  for (const ing of sorted) for (const r of ing.spec?.rules ?? []) if (r.host) hosts.add(String(r.host).toLowerCase());
  const server = hosts.has(host) ? host : [...hosts].filter((h) => h.startsWith('*.') && hostMatches(h, host)).sort((a, b) => b.length - a.length)[0] ?? '';

  const locations: Location[] = [];
  const members: KubeObject[] = [];
  for (const ing of sorted) {
    let member = false;
    for (const r of ing.spec?.rules ?? []) {
      if ((r.host ? String(r.host).toLowerCase() : '') !== server) continue;
      member = true;
      for (const p of r.http?.paths ?? []) {
        const backend = backendOf(ing, p.backend);
        if (backend) locations.push({ path: p.path ?? '/', pathType: p.pathType ?? 'ImplementationSpecific', backend, ingress: ing });
      }
    }
    // An Ingress of only a defaultBackend is the catch-all server's.
    if (member || (!server && !(ing.spec?.rules ?? []).length && ing.spec?.defaultBackend)) members.push(ing);
  }

  const tls = server !== '' && members.some((ing) => (ing.spec?.tls ?? []).some((t: { hosts?: string[] }) => (t.hosts ?? []).map((h) => h.toLowerCase()).includes(server))
    && ing.metadata.annotations?.[ANNOTATION_SSL_REDIRECT] !== 'false');
  if (req.scheme === 'http' && tls) return { kind: 'page', status: 308, location: `https://${host}${req.path}` };

  const regex = members.some(usesRegex);
  const exact = locations.find((l) => l.pathType === 'Exact' && l.path === uri);
  const ordered = [...locations].filter((l) => l.pathType !== 'Exact').sort((a, b) => b.path.length - a.path.length);
  const hit = exact ?? ordered.find((l) => pathMatches(l, uri, regex));
  if (hit) return { kind: 'backend', backend: hit.backend, path: usesRegex(hit.ingress) ? rewrite(hit.ingress, hit, uri) : req.path };
  for (const ing of members) {
    const def = backendOf(ing, ing.spec?.defaultBackend);
    if (def) return { kind: 'backend', backend: def, path: req.path };
  }
  return { kind: 'page', status: 404 };
}
