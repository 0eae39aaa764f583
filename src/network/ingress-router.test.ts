import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/meta';
import { hostMatches, pathMatches, routeIngress, type HttpRequest } from './ingress-router';

const svc = (name: string, number = 80) => ({ service: { name, port: { number } } });
const ing = (name: string, spec: object, annotations?: Record<string, string>, created = '2026-01-01T00:00:00Z'): KubeObject => ({
  apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', metadata: { name, namespace: 'default', creationTimestamp: created, ...(annotations ? { annotations } : {}) }, spec,
});
const rule = (host: string | undefined, paths: { path: string; pathType: string; to: string }[]) => ({
  ...(host ? { host } : {}), http: { paths: paths.map((p) => ({ path: p.path, pathType: p.pathType, backend: svc(p.to) })) },
});
const get = (host: string, path: string, scheme: 'http' | 'https' = 'http'): HttpRequest => ({ scheme, host, path });
const to = (r: ReturnType<typeof routeIngress>) => (r.kind === 'backend' ? `${r.backend.service.name} ${r.path}` : `${r.status}${r.location ? ` ${r.location}` : ''}`);

describe('routeIngress', () => {
  const shop = ing('shop', { rules: [rule('foo.example.com', [
    { path: '/', pathType: 'Prefix', to: 'web' },
    { path: '/api', pathType: 'Prefix', to: 'api' },
    { path: '/api/v2/', pathType: 'Prefix', to: 'api2' },
    { path: '/cart', pathType: 'Exact', to: 'cart' },
    { path: '/img', pathType: 'ImplementationSpecific', to: 'img' },
  ])] });
  // Cases from the Ingress API's documented path matching (kubernetes.io/docs/concepts/services-networking/ingress/#examples).
  it.each([
    ['Prefix / matches any path', 'foo.example.com', '/anything', 'web /anything'],
    ['Prefix /api matches /api', 'foo.example.com', '/api', 'api /api'],
    ['Prefix /api matches /api/ and below', 'foo.example.com', '/api/v1/users', 'api /api/v1/users'],
    ['Prefix matches by path element: /api does not match /apix', 'foo.example.com', '/apix', 'web /apix'],
    ['Prefix ignores a trailing slash: /api/v2/ matches /api/v2', 'foo.example.com', '/api/v2', 'api2 /api/v2'],
    ['longest prefix wins', 'foo.example.com', '/api/v2/x', 'api2 /api/v2/x'],
    ['Exact matches only the path itself', 'foo.example.com', '/cart', 'cart /cart'],
    ['Exact does not match a subpath', 'foo.example.com', '/cart/1', 'web /cart/1'],
    ['ImplementationSpecific is nginx\'s string prefix', 'foo.example.com', '/imgs', 'img /imgs'],
    ['the query string is not part of the path', 'foo.example.com', '/cart?x=1', 'cart /cart?x=1'],
    ['Host is matched case-insensitively, port ignored', 'FOO.example.com:31437', '/api', 'api /api'],
    ['an unknown host gets nginx\'s 404', 'bar.example.com', '/', '404'],
  ])('%s', (_, host, path, want) => {
    expect(to(routeIngress(get(host, path), [shop]))).toBe(want);
  });

  it('wildcard hosts match one label; exact hosts win over wildcards', () => {
    const ings = [ing('w', { rules: [rule('*.example.com', [{ path: '/', pathType: 'Prefix', to: 'wild' }])] }),
      ing('e', { rules: [rule('a.example.com', [{ path: '/', pathType: 'Prefix', to: 'exact' }])] })];
    expect(to(routeIngress(get('b.example.com', '/'), ings))).toBe('wild /');
    expect(to(routeIngress(get('a.example.com', '/'), ings))).toBe('exact /');
    expect(to(routeIngress(get('x.b.example.com', '/'), ings))).toBe('404');
    expect(hostMatches('*.example.com', 'example.com')).toBe(false);
  });

  it('rules without a host and defaultBackend-only Ingresses serve unknown hosts', () => {
    const ings = [ing('any', { rules: [rule(undefined, [{ path: '/shop', pathType: 'Prefix', to: 'shop' }])] }), ing('def', { defaultBackend: svc('fallback') })];
    expect(to(routeIngress(get('whatever', '/shop/1'), ings))).toBe('shop /shop/1');
    expect(to(routeIngress(get('whatever', '/other'), ings))).toBe('fallback /other');
  });

  it("an Ingress's defaultBackend serves its hosts' unmatched paths", () => {
    const one = ing('one', { defaultBackend: svc('fallback'), rules: [rule('foo.example.com', [{ path: '/a', pathType: 'Exact', to: 'a' }])] });
    expect(to(routeIngress(get('foo.example.com', '/b'), [one]))).toBe('fallback /b');
  });

  it('a TLS host redirects http to https with 308 unless ssl-redirect is false', () => {
    const spec = { tls: [{ hosts: ['foo.example.com'], secretName: 'foo-tls' }], rules: [rule('foo.example.com', [{ path: '/', pathType: 'Prefix', to: 'web' }])] };
    expect(to(routeIngress(get('foo.example.com', '/x'), [ing('t', spec)]))).toBe('308 https://foo.example.com/x');
    expect(to(routeIngress(get('foo.example.com', '/x', 'https'), [ing('t', spec)]))).toBe('web /x');
    expect(to(routeIngress(get('foo.example.com', '/x'), [ing('t', spec, { 'nginx.ingress.kubernetes.io/ssl-redirect': 'false' })]))).toBe('web /x');
  });

  it('rewrite-target rewrites with the regex path\'s groups', () => {
    const r = ing('r', { rules: [rule('foo.example.com', [{ path: '/app(/|$)(.*)', pathType: 'ImplementationSpecific', to: 'app' }])] }, { 'nginx.ingress.kubernetes.io/rewrite-target': '/$2' });
    expect(to(routeIngress(get('foo.example.com', '/app/users/1'), [r]))).toBe('app /users/1');
    expect(to(routeIngress(get('foo.example.com', '/app'), [r]))).toBe('app /');
    expect(to(routeIngress(get('foo.example.com', '/other'), [r]))).toBe('404');
  });

  it('the oldest Ingress wins a path two define', () => {
    const older = ing('older', { rules: [rule('foo.example.com', [{ path: '/', pathType: 'Prefix', to: 'old' }])] }, undefined, '2026-01-01T00:00:00Z');
    const newer = ing('newer', { rules: [rule('foo.example.com', [{ path: '/', pathType: 'Prefix', to: 'new' }])] }, undefined, '2026-01-01T00:01:00Z');
    expect(to(routeIngress(get('foo.example.com', '/'), [newer, older]))).toBe('old /');
  });

  it('pathMatches', () => {
    expect(pathMatches({ path: '/foo/', pathType: 'Prefix' }, '/foo', false)).toBe(true);
    expect(pathMatches({ path: '/foo', pathType: 'Prefix' }, '/foobar', false)).toBe(false);
    expect(pathMatches({ path: '/foo', pathType: 'ImplementationSpecific' }, '/foobar', false)).toBe(true);
  });
});
