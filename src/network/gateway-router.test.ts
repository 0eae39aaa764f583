import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/meta';
import { attaches, hostnameMatches, routeGateway, type GatewayRequest } from './gateway-router';

const gateway = (listeners: object[], ns = 'default'): KubeObject => ({
  apiVersion: 'gateway.networking.k8s.io/v1', kind: 'Gateway', metadata: { name: 'gw', namespace: ns, uid: 'g' }, spec: { gatewayClassName: 'nginx', listeners },
});
const route = (name: string, spec: object, ns = 'default', created = '2026-01-01T00:00:00Z'): KubeObject => ({
  apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute', metadata: { name, namespace: ns, uid: name, creationTimestamp: created }, spec: { parentRefs: [{ name: 'gw', namespace: 'default' }], ...spec },
});
const to = (svc: string) => ({ backendRefs: [{ name: svc, port: 80 }] });
const req = (path: string, headers: Record<string, string> = {}, host = 'shop.example.com'): GatewayRequest => ({ scheme: 'http', port: 80, host, path, method: 'GET', headers });
const where = (r: ReturnType<typeof routeGateway>) => (r.kind === 'backend' ? `${r.backend.name} ${r.path}` : `${r.status}${r.location ? ` ${r.location}` : ''}`);

describe('routeGateway', () => {
  const gw = gateway([{ name: 'http', port: 80, protocol: 'HTTP' }]);
  const shop = route('shop', {
    hostnames: ['shop.example.com'],
    rules: [
      { matches: [{ path: { type: 'PathPrefix', value: '/api' } }], ...to('api') },
      { matches: [{ path: { type: 'PathPrefix', value: '/' }, headers: [{ name: 'x-canary', value: 'true' }] }], ...to('canary') },
      { matches: [{ path: { type: 'Exact', value: '/api/login' } }], ...to('login') },
      to('web'),
    ],
  });
  // Precedence cases from the HTTPRouteRule documentation (gateway-api apis/v1/httproute_types.go).
  it.each([
    ['no match defaults to PathPrefix /', req('/shoes'), 'web /shoes'],
    ['a longer PathPrefix wins', req('/api/items'), 'api /api/items'],
    ['PathPrefix matches by element, not characters', req('/apix'), 'web /apix'],
    ['an Exact path beats any prefix', req('/api/login'), 'login /api/login'],
    ['more header matches win at equal path length', req('/', { 'x-canary': 'true' }), 'canary /'],
    ['a header value must match exactly', req('/', { 'x-canary': 'yes' }), 'web /'],
    ['a hostname outside the route gives 404', req('/', {}, 'other.example.com'), '404'],
  ])('%s', (_, r, want) => {
    expect(where(routeGateway(r, [gw], [shop]))).toBe(want);
  });

  it('listener hostnames and ports select the listener', () => {
    const g = gateway([{ name: 'web', port: 80, protocol: 'HTTP', hostname: '*.example.com' }]);
    const r = route('any', { rules: [to('web')] });
    expect(where(routeGateway(req('/'), [g], [r]))).toBe('web /');
    expect(where(routeGateway(req('/', {}, 'example.org'), [g], [r]))).toBe('404');
    expect(where(routeGateway({ ...req('/'), port: 8080 }, [g], [r]))).toBe('404');
    expect(hostnameMatches('*.example.com', 'a.b.example.com')).toBe(true);
  });

  it('allowedRoutes: a route in another namespace attaches only when the listener allows it', () => {
    const same = gateway([{ name: 'http', port: 80, protocol: 'HTTP' }]);
    const all = gateway([{ name: 'http', port: 80, protocol: 'HTTP', allowedRoutes: { namespaces: { from: 'All' } } }]);
    const foreign = route('foreign', { rules: [to('web')] }, 'team-a');
    expect(attaches(foreign, same, same.spec.listeners, () => ({}))).toBe(false);
    expect(attaches(foreign, all, all.spec.listeners, () => ({}))).toBe(true);
    const bySection = route('s', { parentRefs: [{ name: 'gw', sectionName: 'https' }] });
    expect(attaches(bySection, same, same.spec.listeners, () => ({}))).toBe(false);
  });

  it('RequestRedirect and URLRewrite filters', () => {
    const r = route('f', {
      rules: [
        { matches: [{ path: { type: 'PathPrefix', value: '/old' } }], filters: [{ type: 'RequestRedirect', requestRedirect: { path: { type: 'ReplacePrefixMatch', replacePrefixMatch: '/new' }, statusCode: 301 } }] },
        { matches: [{ path: { type: 'PathPrefix', value: '/secure' } }], filters: [{ type: 'RequestRedirect', requestRedirect: { scheme: 'https' } }] },
        { matches: [{ path: { type: 'PathPrefix', value: '/v1' } }], filters: [{ type: 'URLRewrite', urlRewrite: { path: { type: 'ReplacePrefixMatch', replacePrefixMatch: '/' } } }], ...to('api') },
      ],
    });
    expect(where(routeGateway(req('/old/a'), [gw], [r]))).toBe('301 http://shop.example.com/new/a');
    expect(where(routeGateway(req('/secure'), [gw], [r]))).toBe('302 https://shop.example.com/secure');
    expect(where(routeGateway(req('/v1/users'), [gw], [r]))).toBe('api /users');
  });

  it('weights: a zero weight is never chosen; the choice is stable for a request', () => {
    const r = route('w', { rules: [{ backendRefs: [{ name: 'a', port: 80, weight: 0 }, { name: 'b', port: 80, weight: 1 }] }] });
    for (const p of ['/1', '/2', '/3']) expect(where(routeGateway(req(p), [gw], [r]))).toBe(`b ${p}`);
    const split = route('s', { rules: [{ backendRefs: [{ name: 'a', port: 80, weight: 80 }, { name: 'b', port: 80, weight: 20 }] }] });
    const picks = Array.from({ length: 200 }, (_, i) => routeGateway(req(`/${i}`), [gw], [split])).map((x) => (x.kind === 'backend' ? x.backend.name : ''));
    expect(picks.filter((n) => n === 'a').length).toBeGreaterThan(130);
    expect(picks.filter((n) => n === 'b').length).toBeGreaterThan(20);
    expect(routeGateway(req('/7'), [gw], [split])).toEqual(routeGateway(req('/7'), [gw], [split]));
    const none = route('n', { rules: [{ backendRefs: [] }] });
    expect(where(routeGateway(req('/'), [gw], [none]))).toBe('500');
  });

  it('the oldest route wins a tie', () => {
    const older = route('older', { rules: [to('old')] }, 'default', '2026-01-01T00:00:00Z');
    const newer = route('newer', { rules: [to('new')] }, 'default', '2026-01-01T00:01:00Z');
    expect(where(routeGateway(req('/'), [gw], [newer, older]))).toBe('old /');
  });
});
