/**
 * proxy: where a connection to a Service lands, as kube-proxy programs it from the Service's
 * EndpointSlices — ClusterIP:port, <any node IP>:nodePort, an external or load-balancer IP —
 * to one endpoint (address and the target port its slice resolved for that pod), honouring
 * sessionAffinity and the internal/external traffic policies. A Service port with no
 * endpoints at all is REJECTed (the client sees "connection refused"); one whose Local policy
 * leaves no endpoint on the client's node DROPs the packet (the client times out).
 * Mirrors kubernetes pkg/proxy/topology.go CategorizeEndpoints and the filter rules of
 * pkg/proxy/iptables/proxier.go syncProxyRules.
 * kubemu: without session affinity the backend is drawn from the Rand the caller passes (the
 * first, by address, when none is given); ClientIP affinity picks by a hash of the client's
 * address, so a client keeps its backend for as long as the endpoints stay the same.
 */
import type { KubeObject } from '../api/meta';
import type { EndpointSlice } from '../api/types/kinds';
import type { ApiClient } from '../apiserver/client';
import { fnv32a } from '../api/fnv32a';
import { SERVICE_NAME_LABEL } from '../api/endpoint-slice-labels';
import type { Rand } from '../sim/rand';
import { inPodNetwork, podNetworkOf } from './ipam';
import { proxiedSourceRanges, sourceRangeContains } from '../api/load-balancer-source-ranges';


/** Backend is the pod a connection reaches and the port it reaches it on. */
export interface Backend { ip: string; port: number; pod?: KubeObject }

/** Client is where a connection comes from: the calling pod's address and node (for Local policies and affinity). */
export interface Client { ip?: string; nodeName?: string }

/** SliceEndpoint is one endpoint of a Service port, flattened from its slice. */
export interface SliceEndpoint {
  ip: string;
  port: number;
  nodeName?: string;
  ready: boolean;
  serving: boolean;
  terminating: boolean;
  targetRef?: { kind?: string; namespace?: string; name?: string };
}

type ApiReader = Pick<ApiClient, 'tryGet' | 'list'>;

/** Route is what kube-proxy does with a connection. */
export type Route =
  | { kind: 'backend'; service: KubeObject; backend: Backend }
  /** refused: the Service port has no endpoints (REJECT, icmp-port-unreachable). */
  | { kind: 'refused'; service: KubeObject }
  /** dropped: a Local traffic policy and no endpoint on this node (DROP: the client times out). */
  | { kind: 'dropped'; service: KubeObject }
  /** notService: no Service owns this address and port; the packet goes to whatever has the IP. */
  | { kind: 'notService' };

/** serviceSlices lists the EndpointSlices of a Service, by name. */
export function serviceSlices(service: KubeObject, api: Pick<ApiClient, 'list'>): EndpointSlice[] {
  return api.list({ kind: 'EndpointSlice', namespace: service.metadata.namespace, labelSelector: `${SERVICE_NAME_LABEL}=${service.metadata.name}` })
    .sort((a, b) => a.metadata.name!.localeCompare(b.metadata.name!));
}

/**
 * readyAddresses is a Service's ready endpoint addresses from its EndpointSlices, each once,
 * in slice order — what CoreDNS answers for a headless Service. An endpoint whose ready
 * condition is unset counts as ready, as the API documents.
 */
export function readyAddresses(service: KubeObject, api: Pick<ApiClient, 'list'>): string[] {
  const out = new Set<string>();
  for (const es of serviceSlices(service, api)) {
    for (const e of es.endpoints ?? []) if (e.conditions?.ready !== false) for (const a of e.addresses ?? []) out.add(a);
  }
  return [...out];
}

const ipKey = (ip: string): string => ip.split('.').map((p) => p.padStart(3, '0')).join('.');

/** portEndpoints flattens the slices' endpoints for one Service port (matched by port name, as kube-proxy does). */
export function portEndpoints(service: KubeObject, svcPort: { name?: string }, api: Pick<ApiClient, 'list'>): SliceEndpoint[] {
  const name = svcPort.name ?? '';
  const out: SliceEndpoint[] = [];
  const seen = new Set<string>();
  for (const es of serviceSlices(service, api)) {
    const p = (es.ports ?? []).find((x: { name?: string }) => (x.name ?? '') === name);
    if (!p || typeof p.port !== 'number') continue;
    for (const e of es.endpoints ?? []) {
      const ip = e.addresses?.[0];
      if (!ip || seen.has(`${ip}:${p.port}`)) continue;
      seen.add(`${ip}:${p.port}`);
      const ready = e.conditions?.ready !== false;
      out.push({
        ip, port: p.port, nodeName: e.nodeName, ready,
        serving: e.conditions?.serving ?? ready, terminating: e.conditions?.terminating ?? false, targetRef: e.targetRef,
      });
    }
  }
  return out.sort((a, b) => ipKey(a.ip).localeCompare(ipKey(b.ip)) || a.port - b.port);
}

/**
 * usableEndpoints is CategorizeEndpoints' choice for one policy: the ready endpoints or, when
 * none is ready, the serving terminating ones (so a rollout's last pods still answer), limited
 * to the client's node under a Local policy.
 */
export function usableEndpoints(all: SliceEndpoint[], local: boolean, nodeName?: string): SliceEndpoint[] {
  const scoped = local ? all.filter((e) => e.nodeName !== undefined && e.nodeName === nodeName) : all;
  const ready = scoped.filter((e) => e.ready);
  if (ready.length) return ready;
  return scoped.filter((e) => e.serving && e.terminating);
}

/** pick chooses one endpoint: by client address under ClientIP affinity, else by rand, else the first. */
function pick(service: KubeObject, eps: SliceEndpoint[], client: Client, rand?: Rand): SliceEndpoint {
  if (service.spec?.sessionAffinity === 'ClientIP' && client.ip) return eps[fnv32a(client.ip) % eps.length]!;
  return eps[rand && eps.length > 1 ? rand.int(eps.length) : 0]!;
}

function toBackend(e: SliceEndpoint, api: ApiReader, ns: string): Backend {
  const ref = e.targetRef;
  const pod = ref?.kind === 'Pod' && ref.name ? api.tryGet({ kind: 'Pod', namespace: ref.namespace ?? ns, name: ref.name }) : undefined;
  return { ip: e.ip, port: e.port, pod };
}

/**
 * TrafficKind says which policy a connection meets: internal (ClusterIP, internalTrafficPolicy),
 * external (node port from outside, externalTrafficPolicy) or cluster (short-circuited to every
 * endpoint, as the KUBE-EXT chain does for pods and the node itself).
 */
export type TrafficKind = 'internal' | 'external' | 'cluster';

/** routeServicePort sends a connection to one Service port under the policy its kind of traffic meets. */
export function routeServicePort(service: KubeObject, svcPort: { name?: string }, traffic: TrafficKind, client: Client, api: ApiReader, rand?: Rand): Route {
  const all = portEndpoints(service, svcPort, api);
  const cluster = usableEndpoints(all, false);
  if (cluster.length === 0) return { kind: 'refused', service };
  const policy = traffic === 'external' ? service.spec?.externalTrafficPolicy : traffic === 'internal' ? service.spec?.internalTrafficPolicy : 'Cluster';
  const eps = policy === 'Local' ? usableEndpoints(all, true, client.nodeName) : cluster;
  if (eps.length === 0) return { kind: 'dropped', service };
  return { kind: 'backend', service, backend: toBackend(pick(service, eps, client, rand), api, service.metadata.namespace!) };
}

/** isPodAddress: the address is in the pod network (kube-proxy's local-traffic detector, --cluster-cidr). */
function isPodAddress(ip: string | undefined, api: ApiReader): boolean {
  return inPodNetwork(ip, podNetworkOf(api));
}

/** nodeAddresses lists every node's InternalIP with the node's name. */
export function nodeAddresses(api: Pick<ApiClient, 'list'>): Map<string, string> {
  const out = new Map<string, string>();
  for (const n of api.list({ kind: 'Node' })) {
    for (const a of n.status?.addresses ?? []) if (a.type === 'InternalIP') out.set(a.address, n.metadata.name!);
  }
  return out;
}

/**
 * firewalled: the connection goes to a load-balancer IP of a Service with
 * spec.loadBalancerSourceRanges and its source is outside every range — kube-proxy's KUBE-FW
 * chain (nftables: firewall-check) lets it fall through to a DROP. Node ports and external IPs
 * are not subject to the ranges.
 * kubemu: a client without an address is not judged.
 */
export function firewalled(svc: KubeObject, ip: string, client: Client): boolean {
  const lbIPs = (svc.status?.loadBalancer?.ingress ?? []).map((i: { ip?: string }) => i.ip);
  if (!lbIPs.includes(ip) || !client.ip) return false;
  const ranges = proxiedSourceRanges(svc);
  if (ranges.length === 0) return false;
  return !ranges.some((r) => sourceRangeContains(r, client.ip!));
}

/**
 * routeConnection is what a TCP connection to ip:port meets: a Service's ClusterIP, a node
 * port on any node's address (reachable on every node, as kube-proxy opens it on all of them),
 * or an external/load-balancer IP — else notService.
 */
export function routeConnection(ip: string, port: number, client: Client, api: ApiReader, rand?: Rand): Route {
  const services = api.list({ kind: 'Service' });
  for (const svc of services) {
    const ips: string[] = svc.spec?.clusterIPs ?? (svc.spec?.clusterIP ? [svc.spec.clusterIP] : []);
    if (!ips.includes(ip)) continue;
    const sp = (svc.spec?.ports ?? []).find((p: { port: number; protocol?: string }) => p.port === port && (p.protocol ?? 'TCP') === 'TCP');
    // kube-proxy programs only the Service's ports: another port on a ClusterIP answers nothing (REJECT on the filter table).
    if (!sp) return { kind: 'refused', service: svc };
    return routeServicePort(svc, sp, 'internal', client, api, rand);
  }
  const nodes = nodeAddresses(api);
  if (nodes.has(ip)) {
    // A node port is external traffic arriving at that node. Pods (sources in the pod network) and
    // the node itself are short-circuited to the cluster-wide endpoints by the KUBE-EXT chain;
    // only a client outside both meets a Local policy's "no local endpoints" drop.
    const shortCircuit = isPodAddress(client.ip, api) || client.ip === ip;
    const at: Client = { ...client, nodeName: nodes.get(ip) };
    for (const svc of services) {
      const sp = (svc.spec?.ports ?? []).find((p: { nodePort?: number; protocol?: string }) => p.nodePort === port && (p.protocol ?? 'TCP') === 'TCP');
      if (sp && (svc.spec?.type === 'NodePort' || svc.spec?.type === 'LoadBalancer')) return routeServicePort(svc, sp, shortCircuit ? 'cluster' : 'external', at, api, rand);
    }
    return { kind: 'notService' };
  }
  for (const svc of services) {
    const external: string[] = [...(svc.spec?.externalIPs ?? []), ...(svc.status?.loadBalancer?.ingress ?? []).map((i: { ip?: string }) => i.ip).filter((ip: string | undefined): ip is string => Boolean(ip))];
    if (!external.includes(ip)) continue;
    const sp = (svc.spec?.ports ?? []).find((p: { port: number; protocol?: string }) => p.port === port && (p.protocol ?? 'TCP') === 'TCP');
    if (!sp) return { kind: 'refused', service: svc };
    // kubemu: a load balancer health-checks the nodes and sends only to those with a local endpoint, so any endpoint answers.
    const route = routeServicePort(svc, sp, 'cluster', client, api, rand);
    // iptables mode (the default) has a firewall chain only while the Service has endpoints; without any it REJECTs.
    return route.kind !== 'refused' && firewalled(svc, ip, client) ? { kind: 'dropped', service: svc } : route;
  }
  return { kind: 'notService' };
}

/**
 * backendFor picks the endpoint behind service:port; undefined when there is none (the
 * connection fails). A headless Service's address is the endpoint itself.
 */
export function backendFor(service: KubeObject, address: string, port: number, api: ApiReader, client: Client = {}, rand?: Rand): Backend | undefined {
  if (service.spec?.clusterIP === 'None') {
    // No proxying: the client connects to the pod's address and port directly.
    for (const es of serviceSlices(service, api)) {
      for (const e of es.endpoints ?? []) {
        if (!(e.addresses ?? []).includes(address)) continue;
        const ref = e.targetRef;
        const pod = ref?.kind === 'Pod' ? api.tryGet({ kind: 'Pod', namespace: ref.namespace ?? service.metadata.namespace, name: ref.name as string }) : undefined;
        return { ip: address, port, pod };
      }
    }
    return undefined;
  }
  const r = routeConnection(address, port, client, api, rand);
  return r.kind === 'backend' ? r.backend : undefined;
}
