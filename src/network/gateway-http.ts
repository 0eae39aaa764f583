/**
 * gateway-http: a connection that lands on the Gateway API implementation's data plane (its
 * Service's ClusterIP and port, or a node's InternalIP and the Service's nodePort) and its
 * answer: the routed backend's response, a redirect, or nginx's pages (404 no route, 500 a
 * backendRef that cannot be used, 502 no endpoints or nothing listening).
 */
import type { KubeObject } from '../api/meta';
import { isPodReady } from '../api/pod-util';
import type { ApiClient } from '../apiserver/client';
import { nginxErrorPage } from './http-pages';
import { NGF_CONTROLLER_NAME, isNgfPod, isNgfService } from './gateway-names';
import { routeGateway } from './gateway-router';
import type { HttpAnswer, Serve } from './ingress-http';
import { backendFor } from './proxy';

type Api = Pick<ApiClient, 'tryGet' | 'list'>;

/** GatewayEntry is a connection that reaches the data plane: the Service port it came in on. */
export interface GatewayEntry { service: KubeObject; port: number; scheme: 'http' | 'https' }

const schemeOf = (p: { name?: string; port: number }): 'http' | 'https' => (p.name === 'https' || p.port === 443 ? 'https' : 'http');

/** gatewayEntryAt says whether ip:port reaches the data plane (ClusterIP:port or nodeIP:nodePort). */
export function gatewayEntryAt(ip: string, port: number, api: Api): GatewayEntry | undefined {
  const services = api.list({ kind: 'Service' }).filter(isNgfService);
  if (!services.length) return undefined;
  const isNode = api.list({ kind: 'Node' }).some((n) => (n.status?.addresses ?? []).some((a: { type: string; address: string }) => a.type === 'InternalIP' && a.address === ip));
  for (const svc of services) {
    for (const p of svc.spec?.ports ?? []) {
      if ((svc.spec?.clusterIP === ip && p.port === port) || (isNode && p.nodePort === port)) return { service: svc, port: p.port, scheme: schemeOf(p) };
    }
  }
  return undefined;
}

/** gatewayEntryFor is the entry when a name resolved to the data plane's Service. */
export function gatewayEntryFor(service: KubeObject, port: number): GatewayEntry | undefined {
  if (!isNgfService(service)) return undefined;
  const p = (service.spec?.ports ?? []).find((sp: { port: number }) => sp.port === port);
  return p ? { service, port: p.port, scheme: schemeOf(p) } : undefined;
}

/** dataPlaneReady says whether a ready data-plane pod stands behind the entry. */
export function dataPlaneReady(entry: GatewayEntry, api: Api): boolean {
  return api.list({ kind: 'Pod', namespace: entry.service.metadata.namespace }).some((p) => isNgfPod(p) && isPodReady(p) && !p.metadata.deletionTimestamp);
}

/** servedGateways are the Gateways whose class this implementation controls. */
export function servedGateways(api: Api): KubeObject[] {
  const ours = new Set(api.list({ kind: 'GatewayClass' }).filter((c) => c.spec?.controllerName === NGF_CONTROLLER_NAME).map((c) => c.metadata.name));
  return api.list({ kind: 'Gateway' }).filter((g) => ours.has(g.spec?.gatewayClassName) && !g.metadata.deletionTimestamp);
}

/** referenceGranted says whether a ReferenceGrant in toNs lets HTTPRoutes of fromNs reference the Service. */
export function referenceGranted(fromNs: string, toNs: string, service: string, api: Api): boolean {
  if (fromNs === toNs) return true;
  return api.list({ kind: 'ReferenceGrant', namespace: toNs }).some((g) =>
    (g.spec?.from ?? []).some((f: any) => f.group === 'gateway.networking.k8s.io' && f.kind === 'HTTPRoute' && f.namespace === fromNs)
    && (g.spec?.to ?? []).some((t: any) => (t.group ?? '') === '' && t.kind === 'Service' && (!t.name || t.name === service)));
}

/** gatewayRequest answers an HTTP request that reached the data plane. */
export function gatewayRequest(entry: GatewayEntry, req: { host: string; path: string; headers: Record<string, string> }, api: Api, serve: Serve): HttpAnswer {
  const labels = (ns: string) => api.tryGet({ kind: 'Namespace', name: ns })?.metadata.labels ?? {};
  const route = routeGateway({ scheme: entry.scheme, port: entry.port, method: 'GET', ...req }, servedGateways(api), api.list({ kind: 'HTTPRoute' }), labels);
  if (route.kind === 'page') return { status: route.status, body: nginxErrorPage(route.status), location: route.location };
  const b = route.backend;
  const service = b.kind === 'Service' && referenceGranted(route.route.metadata.namespace ?? 'default', b.namespace, b.name, api)
    ? api.tryGet({ kind: 'Service', namespace: b.namespace, name: b.name }) : undefined;
  if (!service || !b.port) return { status: 500, body: nginxErrorPage(500) };
  const backend = backendFor(service, service.spec?.clusterIP as string, b.port, api);
  const answer = backend?.pod && serve(backend.pod, backend.port, route.path);
  return answer ?? { status: 502, body: nginxErrorPage(502) };
}
