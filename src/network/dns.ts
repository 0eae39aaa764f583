/**
 * dns: cluster DNS as CoreDNS answers a pod — `<svc>.<ns>.svc.cluster.local` (and the short
 * forms the pod's search path completes) resolve to the Service's ClusterIP, or to its ready
 * endpoints' addresses for a headless Service.
 * kubemu: only Service names resolve (no pod A records, no external names outside the cluster).
 */
import type { KubeObject } from '../api/meta';
import type { ApiClient } from '../apiserver/client';

/** CLUSTER_DOMAIN is kubeadm's default cluster domain. */
export const CLUSTER_DOMAIN = 'cluster.local';
/** CLUSTER_DNS_IP is the kube-dns Service's address (the pod's nameserver). */
export const CLUSTER_DNS_IP = '10.96.0.10';

/** DnsAnswer is a resolved name: its FQDN, addresses and the Service behind it. */
export interface DnsAnswer { fqdn: string; addresses: string[]; service: KubeObject }

/** candidates expands a name through a pod's search path (<ns>.svc.cluster.local, svc.cluster.local, cluster.local). */
function candidates(name: string, namespace: string): string[] {
  const n = name.replace(/\.$/, '');
  if (name.endsWith('.')) return [n];
  return [`${n}.${namespace}.svc.${CLUSTER_DOMAIN}`, `${n}.svc.${CLUSTER_DOMAIN}`, `${n}.${CLUSTER_DOMAIN}`, n];
}

/** resolve looks a name up as a pod in namespace would; undefined is NXDOMAIN. */
export function resolve(name: string, namespace: string, api: Pick<ApiClient, 'tryGet'>): DnsAnswer | undefined {
  for (const fqdn of candidates(name.toLowerCase(), namespace)) {
    const m = new RegExp(`^([a-z0-9-]+)\\.([a-z0-9-]+)\\.svc\\.${CLUSTER_DOMAIN.replace('.', '\\.')}$`).exec(fqdn);
    if (!m) continue;
    const svc = api.tryGet({ kind: 'Service', namespace: m[2]!, name: m[1]! });
    if (!svc) continue;
    const ip = svc.spec?.clusterIP;
    if (ip && ip !== 'None') return { fqdn, addresses: [ip], service: svc };
    const ep = api.tryGet({ kind: 'Endpoints', namespace: m[2]!, name: m[1]! });
    const addresses = (ep?.subsets ?? []).flatMap((s: { addresses?: { ip: string }[] }) => (s.addresses ?? []).map((a) => a.ip));
    if (addresses.length) return { fqdn, addresses, service: svc };
  }
  return undefined;
}
