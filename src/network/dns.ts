/**
 * dns: cluster DNS as a pod reaches it — the kube-dns Service (10.96.0.10) in front of the
 * CoreDNS pods, configured by the kube-system/coredns ConfigMap's Corefile. A query is
 * answered only while the Service has a ready endpoint (CoreDNS scaled to 0, or no CoreDNS
 * pod Ready, and queries time out); the answer is CoreDNS's (dns/server.ts) over the
 * Services, endpoints and pods of the API.
 * kubemu: the cluster has no internet: names outside the cluster's zones answer NXDOMAIN
 * unless a Corefile `hosts` or `rewrite` stanza says otherwise; only IPv4 records exist.
 */
import type { KubeObject } from '../api/meta';
import type { ApiClient } from '../apiserver/client';
import { CorefileError, DEFAULT_COREFILE, parseCorefile, type Corefile } from './dns/corefile';
import type { ClusterView, EndpointAddress } from './dns/kubernetes-zone';
import { reply, type DnsReply, type RecordType } from './dns/message';
import { serveQuery } from './dns/server';
import { libcCandidates, type ResolvConf } from './dns/stub-resolver';
import { serviceSlices } from './proxy';

/** CLUSTER_DOMAIN is kubeadm's default cluster domain. */
export const CLUSTER_DOMAIN = 'cluster.local';
/** CLUSTER_DNS_IP is the kube-dns Service's address (the pod's nameserver). */
export const CLUSTER_DNS_IP = '10.96.0.10';
/** DNS_NAMESPACE, DNS_SERVICE and COREFILE_CONFIGMAP name kubeadm's CoreDNS objects. */
export const DNS_NAMESPACE = 'kube-system';
export const DNS_SERVICE = 'kube-dns';
export const COREFILE_CONFIGMAP = 'coredns';

/** CLUSTER_FIRST_RESOLV_CONF is a ClusterFirst pod's resolver in namespace ns. */
export function clusterFirstResolvConf(ns: string): ResolvConf {
  return { nameservers: [CLUSTER_DNS_IP], search: [`${ns}.svc.${CLUSTER_DOMAIN}`, `svc.${CLUSTER_DOMAIN}`, CLUSTER_DOMAIN], ndots: 5 };
}

type Api = Pick<ApiClient, 'tryGet' | 'list'>;

/**
 * readyAddresses are a Service's ready endpoint addresses with their ports — the one place
 * DNS reads endpoints. CoreDNS 1.11 (v1.32's) watches EndpointSlices, not Endpoints: each
 * IPv4/IPv6 slice of the Service is one set of addresses with that slice's ports; an
 * endpoint whose ready condition is false is skipped (unset counts as ready, as the API
 * documents), and its hostname is the slice's (the pod's spec.hostname when its subdomain
 * names the Service, as the endpointslice controller sets it).
 * Mirrors coredns plugin/kubernetes/object/endpoint.go EndpointSliceToEndpoints.
 */
export function readyAddresses(service: KubeObject, api: Pick<ApiClient, 'list'>): EndpointAddress[] {
  const out: EndpointAddress[] = [];
  for (const es of serviceSlices(service, api)) {
    if (es.addressType === 'FQDN') continue;
    const ports = ((es.ports ?? []) as { name?: string | null; port?: number | null; protocol?: string }[])
      .map((p) => ({ name: p.name ?? '', port: p.port ?? -1, protocol: p.protocol ?? 'TCP' }));
    for (const e of (es.endpoints ?? []) as { addresses?: string[]; hostname?: string; conditions?: { ready?: boolean } }[]) {
      if (e.conditions?.ready === false) continue;
      for (const ip of e.addresses ?? []) out.push({ ip, ...(e.hostname ? { hostname: e.hostname } : {}), ports });
    }
  }
  return out;
}

/** clusterView is what CoreDNS's kubernetes plugin reads, over the API. */
function clusterView(api: Api): ClusterView {
  let services: KubeObject[] | undefined;
  return {
    service: (namespace, name) => api.tryGet({ kind: 'Service', namespace, name }),
    namespaceExists: (name) => !!api.tryGet({ kind: 'Namespace', name }),
    readyAddresses: (svc) => readyAddresses(svc, api),
    services: () => (services ??= api.list({ kind: 'Service' })),
    podsWithIP: (ip) => api.list({ kind: 'Pod' }).filter((p) => p.status?.podIP === ip),
  };
}

/** CorefileState is the configuration CoreDNS serves, and why the ConfigMap's was not loaded. */
export interface CorefileState { corefile: Corefile; error?: string }

/**
 * clusterCorefile is the Corefile CoreDNS serves. kubemu: an edit takes effect at once (CoreDNS's
 * reload plugin picks it up within its interval); one that does not load is reported and
 * kubeadm's default is served, as a reloading CoreDNS keeps its last good configuration.
 */
export function clusterCorefile(api: Pick<ApiClient, 'tryGet'>): CorefileState {
  const cm = api.tryGet({ kind: 'ConfigMap', namespace: DNS_NAMESPACE, name: COREFILE_CONFIGMAP });
  const text: string | undefined = cm?.data?.Corefile;
  if (text === undefined) return { corefile: DEFAULT_COREFILE };
  try {
    return { corefile: parseCorefile(text) };
  } catch (e) {
    if (e instanceof CorefileError) return { corefile: DEFAULT_COREFILE, error: e.message };
    throw e;
  }
}

/**
 * Reach says whether the calling pod's packets get to address:port (a NetworkPolicy egress
 * rule, or the CoreDNS pod's ingress, may drop them); absent, everything is reachable.
 */
export type Reach = (address: string, port: number, protocol: 'UDP' | 'TCP') => boolean;

/**
 * NoAnswer is why a query gets no reply: 'refused' — sent to the kube-dns Service while it
 * has no ready endpoint, which kube-proxy (iptables) REJECTs with ICMP port unreachable;
 * 'timeout' — dropped (a NetworkPolicy, an address nobody serves DNS on).
 */
export type NoAnswer = 'refused' | 'timeout';

/**
 * dnsPath is what becomes of a query sent to ip: a CoreDNS answers it (the kube-dns Service's
 * address, or a ready CoreDNS endpoint's own, reachable on 53/UDP), or NoAnswer.
 */
export function dnsPath(ip: string, api: Pick<ApiClient, 'tryGet' | 'list'>, reach?: Reach): 'served' | NoAnswer {
  const svc = api.tryGet({ kind: 'Service', namespace: DNS_NAMESPACE, name: DNS_SERVICE });
  if (!svc) return 'timeout';
  const addresses = readyAddresses(svc, api);
  const reachable = addresses.filter((a) => !reach || reach(a.ip, 53, 'UDP'));
  const ips: (string | undefined)[] = svc.spec?.clusterIPs ?? [svc.spec?.clusterIP];
  if (ips.includes(ip)) {
    if (!addresses.length) return 'refused';
    return reachable.length ? 'served' : 'timeout';
  }
  return reachable.some((a) => a.ip === ip) ? 'served' : 'timeout';
}

/** servesDns says whether a query sent to ip gets CoreDNS's answer. */
export function servesDns(ip: string, api: Pick<ApiClient, 'tryGet' | 'list'>, reach?: Reach): boolean {
  return dnsPath(ip, api, reach) === 'served';
}

/** queryCluster sends one query to server: CoreDNS's reply, or why there is none. */
export function queryCluster(server: string, name: string, type: RecordType, api: Api, reach?: Reach): DnsReply | NoAnswer {
  const path = dnsPath(server, api, reach);
  if (path !== 'served') return path;
  return serveQuery(name, type, clusterCorefile(api).corefile, clusterView(api));
}

/** upstreamReply is what a resolver outside the cluster answers: kubemu has no internet, so NXDOMAIN. */
export function upstreamReply(): DnsReply {
  return reply('NXDOMAIN', false);
}

/** DnsAnswer is a resolved name: the name that answered, its addresses, and the Service behind it if any. */
export interface DnsAnswer { fqdn: string; addresses: string[]; service?: KubeObject }

/**
 * resolve looks name up as getaddrinfo does in a pod of namespace (or with conf, a pod's own
 * resolv.conf): the search list, then A records; undefined when it does not resolve or cluster
 * DNS does not answer.
 */
export function resolve(name: string, namespace: string, api: Api, conf: ResolvConf = clusterFirstResolvConf(namespace), reach?: Reach): DnsAnswer | undefined {
  const server = conf.nameservers[0];
  if (!server) return undefined;
  for (const candidate of libcCandidates(name.toLowerCase(), conf)) {
    const r = queryCluster(server, candidate, 'A', api, reach);
    if (r === 'timeout' || r === 'refused') return undefined;
    const addresses = r.answers.filter((a) => a.type === 'A').map((a) => a.data);
    if (r.rcode !== 'NOERROR' || !addresses.length) continue;
    return { fqdn: candidate.replace(/\.$/, ''), addresses, service: serviceBehind(addresses[0]!, api) };
  }
  return undefined;
}

/** serviceBehind is the Service an address belongs to: its ClusterIP, or a ready endpoint of a headless Service. */
function serviceBehind(ip: string, api: Api): KubeObject | undefined {
  const services = api.list({ kind: 'Service' });
  return services.find((s) => (s.spec?.clusterIPs ?? [s.spec?.clusterIP]).includes(ip))
    ?? services.find((s) => s.spec?.clusterIP === 'None' && readyAddresses(s, api).some((a) => a.ip === ip));
}
