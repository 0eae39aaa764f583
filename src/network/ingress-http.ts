/**
 * ingress-http: a connection that lands on an ingress controller — which connections do
 * (the controller Service's ClusterIP and port, or any node's InternalIP and the Service's
 * nodePort, as kube-proxy forwards them), and the response: the routed backend's answer, or
 * nginx's pages (404 no rule, 503 no endpoints, 502 nothing listening, 504 backend's node
 * unreachable, 308 to https).
 */
import type { KubeObject } from '../api/meta';
import { isPodReady } from '../api/pod-util';
import type { ApiClient } from '../apiserver/client';
import { nodeReachable } from './cni';
import { nginxErrorPage } from './http-pages';
import { isIngressNginxPod, isIngressNginxService, isNginxIngress } from './ingress-nginx-names';
import { routeIngress, type HttpRequest, type IngressBackend } from './ingress-router';
import { backendFor } from './proxy';

type Api = Pick<ApiClient, 'tryGet' | 'list'>;

/** IngressEntry is a connection that reaches the controller, and whether it speaks TLS there. */
export interface IngressEntry { service: KubeObject; scheme: 'http' | 'https' }

/** HttpAnswer is an HTTP response as a client sees it. */
export interface HttpAnswer { status: number; body: string; location?: string }

/** Serve is what a pod answers on a port for a path (the container's server), undefined if nothing listens. */
export type Serve = (pod: KubeObject, port: number, path: string) => { body: string; status: number } | undefined;

const schemeOf = (p: { name?: string; port: number; appProtocol?: string }): 'http' | 'https' =>
  (p.appProtocol === 'https' || p.name === 'https' || p.port === 443 ? 'https' : 'http');

/** ingressEntryAt says whether a connection to ip:port reaches an ingress controller (ClusterIP:port or nodeIP:nodePort). */
export function ingressEntryAt(ip: string, port: number, api: Api): IngressEntry | undefined {
  const services = api.list({ kind: 'Service' }).filter(isIngressNginxService);
  if (!services.length) return undefined;
  const isNode = api.list({ kind: 'Node' }).some((n) => (n.status?.addresses ?? []).some((a: { type: string; address: string }) => a.type === 'InternalIP' && a.address === ip));
  for (const svc of services) {
    for (const p of svc.spec?.ports ?? []) {
      if ((svc.spec?.clusterIP === ip && p.port === port) || (isNode && p.nodePort === port)) return { service: svc, scheme: schemeOf(p) };
    }
  }
  return undefined;
}

/** ingressEntryFor is the entry when a name resolved to the controller's Service. */
export function ingressEntryFor(service: KubeObject, port: number): IngressEntry | undefined {
  if (!isIngressNginxService(service)) return undefined;
  const p = (service.spec?.ports ?? []).find((sp: { port: number }) => sp.port === port);
  return p ? { service, scheme: schemeOf(p) } : undefined;
}

/** controllerReady says whether a ready controller pod stands behind the entry (else kube-proxy refuses the connection). */
export function controllerReady(entry: IngressEntry, api: Api): boolean {
  return api.list({ kind: 'Pod', namespace: entry.service.metadata.namespace }).some((p) => isIngressNginxPod(p) && isPodReady(p) && !p.metadata.deletionTimestamp);
}

/** resolveBackend finds the Service port an Ingress backend names; undefined when the Service or port is missing. */
function resolveBackend(b: IngressBackend, api: Api): { service: KubeObject; port: number } | undefined {
  const service = api.tryGet({ kind: 'Service', namespace: b.namespace, name: b.service.name });
  if (!service) return undefined;
  const p = (service.spec?.ports ?? []).find((sp: { name?: string; port: number }) => (b.service.port.name ? sp.name === b.service.port.name : sp.port === b.service.port.number));
  return p ? { service, port: p.port } : undefined;
}

/** ingressRequest answers an HTTP request that reached the controller. */
export function ingressRequest(req: HttpRequest, api: Api, serve: Serve): HttpAnswer {
  const classOf = (name: string) => api.tryGet({ kind: 'IngressClass', name });
  const ingresses = api.list({ kind: 'Ingress' }).filter((i) => !i.metadata.deletionTimestamp && isNginxIngress(i, classOf));
  const route = routeIngress(req, ingresses);
  if (route.kind === 'page') return { status: route.status, body: nginxErrorPage(route.status), location: route.location };
  const target = resolveBackend(route.backend, api);
  const backend = target && backendFor(target.service, target.service.spec?.clusterIP, target.port, api);
  if (!backend) return { status: 503, body: nginxErrorPage(503) };
  const node = backend.pod?.spec?.nodeName ? api.tryGet({ kind: 'Node', name: backend.pod.spec.nodeName }) : undefined;
  if (backend.pod && !nodeReachable(node)) return { status: 504, body: nginxErrorPage(504) };
  const answer = backend.pod && serve(backend.pod, backend.port, route.path);
  if (!answer) return { status: 502, body: nginxErrorPage(502) };
  return answer;
}
