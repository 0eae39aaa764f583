/**
 * kubernetes-zone: the records CoreDNS's kubernetes plugin serves from Services, their ready
 * endpoints and (with `pods insecure|verified`) pod addresses —
 *   A     <svc>.<ns>.svc.<zone>                 ClusterIPs; a headless Service's ready endpoints
 *   A     <hostname>.<svc>.<ns>.svc.<zone>      one endpoint (StatefulSet pods: web-0.nginx…)
 *   A     <a-b-c-d>.<ns>.pod.<zone>             the address spelt in the name
 *   CNAME <svc>.<ns>.svc.<zone>                 an ExternalName Service's externalName
 *   SRV   _<port>._<proto>.<svc>.<ns>.svc.<zone>
 *   PTR   <d.c.b.a>.in-addr.arpa                Service ClusterIPs, then endpoint addresses
 * Mirrors coredns/coredns plugin/kubernetes (parse.go parseRequest, kubernetes.go findServices
 * and findPods, reverse.go serviceRecordForIP) and plugin/backend_lookup.go (A, SRV weights).
 */
import type { KubeObject } from '../../api/meta';
import type { KubernetesPlugin } from './corefile';
import { isIPv4 } from './corefile';
import { addressOfReverse, type RecordType, type ResourceRecord } from './message';

/** EndpointAddress is one ready address of a Service with the ports its subset serves. */
export interface EndpointAddress {
  ip: string;
  /** hostname: the pod's spec.hostname when its subdomain names the Service. */
  hostname?: string;
  ports: { name?: string; port: number; protocol?: string }[];
}

/** ClusterView is what the plugin reads from the API (its informers' caches upstream). */
export interface ClusterView {
  service(namespace: string, name: string): KubeObject | undefined;
  namespaceExists(namespace: string): boolean;
  readyAddresses(service: KubeObject): EndpointAddress[];
  services(): KubeObject[];
  podsWithIP(ip: string): KubeObject[];
}

/** ZoneAnswer is the plugin's answer: records (empty is NODATA), or a name error. */
export type ZoneAnswer = { records: ResourceRecord[]; additional: ResourceRecord[] } | 'name-error';

/** Item is upstream's msg.Service: a target host (address or name), a port and the record's own name. */
interface Item { host: string; port: number; key: string }

/** endpointHostname is the name an endpoint answers to: its hostname, else its address with dashes. */
export function endpointHostname(a: EndpointAddress): string {
  return a.hostname || a.ip.replace(/\./g, '-');
}

const matchName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const matchPort = (rPort: string, pName: string, rProto: string, pProto: string) =>
  (rPort === '' || matchName(rPort, pName)) && (rProto === '' || matchName(rProto, pProto));

/** items are the plugin's matches for qname in zone; 'name-error' when the name does not exist. */
function items(qname: string, zone: string, k: KubernetesPlugin, view: ClusterView): Item[] | 'name-error' {
  const base = qname === zone ? '' : qname.slice(0, -(zone.length + 1));
  if (base === '' || base === 'svc' || base === 'pod') return [];
  const segs = base.split('.');
  const kind = segs.pop()!;
  if (kind !== 'svc' && kind !== 'pod') return 'name-error';
  const ns = segs.pop()!;
  if (!view.namespaceExists(ns)) return 'name-error';
  const name = segs.pop();
  if (name === undefined) return []; // a namespace that exists: NODATA
  const zoneName = zone.replace(/\.$/, '');
  if (kind === 'pod') {
    if (k.pods === 'disabled') return 'name-error';
    const ip = name.split('-').length === 4 && !name.includes('--') ? name.replace(/-/g, '.') : '';
    if (!isIPv4(ip)) return 'name-error';
    if (k.pods === 'verified' && !view.podsWithIP(ip).some((p) => p.metadata.namespace === ns)) return 'name-error';
    return [{ host: ip, port: 0, key: `${name}.${ns}.pod.${zoneName}` }];
  }
  let endpoint = '';
  let port = '';
  let proto = '';
  if (segs.length === 1) endpoint = segs[0]!;
  else if (segs.length === 2) { port = segs[0]!.replace(/^_/, ''); proto = segs[1]!.replace(/^_/, ''); }
  else if (segs.length > 2) return 'name-error';
  const svc = view.service(ns, name);
  if (!svc) return 'name-error';
  const svcName = svc.metadata.name!;
  if (svc.spec?.type === 'ExternalName') {
    const target: string = svc.spec.externalName ?? '';
    if (endpoint || port || proto || !target || isIPv4(target)) return 'name-error';
    return [{ host: target, port: 0, key: `${svcName}.${ns}.svc.${zoneName}` }];
  }
  const out: Item[] = [];
  if (svc.spec?.clusterIP === 'None' || endpoint) {
    for (const a of view.readyAddresses(svc)) {
      const host = endpointHostname(a);
      if (endpoint && !matchName(endpoint, host)) continue;
      // A port-less endpoint answers A queries (upstream's port -1 sentinel) but no SRV.
      const ports = a.ports.length ? a.ports : [{ name: '', port: -1, protocol: '' }];
      for (const p of ports) {
        if (!matchPort(port, p.name ?? '', proto, p.protocol ?? 'TCP')) continue;
        out.push({ host: a.ip, port: p.port, key: `${host}.${svcName}.${ns}.svc.${zoneName}` });
      }
    }
  } else {
    const ips: string[] = svc.spec?.clusterIPs ?? (svc.spec?.clusterIP ? [svc.spec.clusterIP] : []);
    for (const p of (svc.spec?.ports ?? []) as { name?: string; port: number; protocol?: string }[]) {
      if (!matchPort(port, p.name ?? '', proto, p.protocol ?? 'TCP')) continue;
      for (const ip of ips) out.push({ host: ip, port: p.port, key: `${svcName}.${ns}.svc.${zoneName}` });
    }
  }
  return out.length ? out : 'name-error';
}

/** reverseItems are the PTR targets of an address: a Service's ClusterIP first, else endpoints carrying it. */
function reverseItems(ip: string, k: KubernetesPlugin, view: ClusterView): string[] {
  const zone = k.zones.find((z) => !z.endsWith('.arpa.'))?.replace(/\.$/, '') ?? 'cluster.local';
  const services = view.services();
  for (const s of services) {
    const ips: string[] = s.spec?.clusterIPs ?? [s.spec?.clusterIP];
    if (ips.includes(ip)) return [`${s.metadata.name}.${s.metadata.namespace}.svc.${zone}.`];
  }
  const out: string[] = [];
  for (const s of services) {
    for (const a of view.readyAddresses(s)) if (a.ip === ip) out.push(`${endpointHostname(a)}.${s.metadata.name}.${s.metadata.namespace}.svc.${zone}.`);
  }
  return [...new Set(out)];
}

/**
 * kubernetesAnswer answers qname (lower case, with its trailing dot) of type qtype in zone.
 * `external` resolves a CNAME target outside the zone through the rest of the server, as
 * upstream's `b.Lookup` does; its records follow the CNAME when it has any.
 */
export function kubernetesAnswer(qname: string, qtype: RecordType, zone: string, k: KubernetesPlugin, view: ClusterView,
  external: (name: string, type: RecordType) => ResourceRecord[], depth = 0): ZoneAnswer {
  const ttl = k.ttl;
  if (qtype === 'PTR') {
    const ip = addressOfReverse(qname);
    if (!zone.endsWith('.arpa.')) {
      const found = items(qname, zone, k, view);
      return found === 'name-error' ? found : { records: [], additional: [] };
    }
    const targets = ip ? reverseItems(ip, k, view) : [];
    if (!targets.length) return 'name-error';
    return { records: targets.map((t) => ({ name: qname, type: 'PTR', ttl, data: t })), additional: [] };
  }
  if (zone.endsWith('.arpa.')) return 'name-error';
  const found = items(qname, zone, k, view);
  if (found === 'name-error') return found;
  const records: ResourceRecord[] = [];
  const additional: ResourceRecord[] = [];
  if (qtype === 'A' || qtype === 'AAAA' || qtype === 'CNAME' || qtype === 'ANY') {
    const seen = new Set<string>();
    for (const it of found) {
      if (isIPv4(it.host)) {
        if ((qtype === 'A' || qtype === 'ANY') && !seen.has(it.host)) { seen.add(it.host); records.push({ name: qname, type: 'A', ttl, data: it.host }); }
        continue;
      }
      const target = `${it.host.toLowerCase().replace(/\.$/, '')}.`;
      const cname: ResourceRecord = { name: qname, type: 'CNAME', ttl, data: target };
      if (qtype === 'CNAME' || target === qname) { if (target !== qname) records.push(cname); continue; }
      if (target.endsWith(`.${zone}`) && depth < 7) {
        const next = kubernetesAnswer(target, qtype, zone, k, view, external, depth + 1);
        if (next !== 'name-error' && next.records.length) records.push(cname, ...next.records);
        continue;
      }
      records.push(cname, ...external(target, qtype));
    }
    return { records, additional };
  }
  if (qtype === 'SRV') {
    const total = found.length * 100;
    const seen = new Set<string>();
    for (const it of found) {
      if (it.port === -1 || !isIPv4(it.host)) continue;
      const weight = Math.max(1, Math.floor((100 / total) * 100));
      const target = `${it.key}.`;
      if (seen.has(`${target}:${it.port}`)) continue;
      seen.add(`${target}:${it.port}`);
      records.push({ name: qname, type: 'SRV', ttl, data: `0 ${weight} ${it.port} ${target}` });
      if (!additional.some((a) => a.name === target && a.data === it.host)) additional.push({ name: target, type: 'A', ttl, data: it.host });
    }
    return { records, additional };
  }
  return { records: [], additional: [] };
}
