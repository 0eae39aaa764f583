/**
 * kube-proxy-rules: the rules kube-proxy would program on one node, rendered as the node's own
 * tools print them — `iptables-save` for the iptables mode (KUBE-SERVICES → KUBE-SVC-… →
 * KUBE-SEP-…, KUBE-EXT-/KUBE-SVL- for external and Local traffic, KUBE-NODEPORTS,
 * KUBE-MARK-MASQ, and the filter table's REJECT/DROP for ports without endpoints) and
 * `ipvsadm -Ln` for the ipvs mode. Chain names use upstream's hashing, so they are the names
 * a real node shows for the same Service.
 * Mirrors kubernetes pkg/proxy/iptables/proxier.go syncProxyRules (v1.32) and
 * pkg/proxy/ipvs/proxier.go; rules appear in iptables-save's normalised argument order, with
 * the probability iptables stores (a 31-bit fraction) rather than the text kube-proxy wrote.
 * kubemu: Services are visited in name order (kube-proxy walks a Go map). The nftables mode
 * is kube-proxy-nftables.ts, over the same Service ports and endpoint categories.
 */
import { createHash } from 'node:crypto';
import type { KubeObject } from '../api/meta';
import type { ApiClient } from '../apiserver/client';
import { portEndpoints, type SliceEndpoint } from './proxy';
import { proxiedSourceRanges, sourceRangeContains, type SourceRange } from '../api/load-balancer-source-ranges';
import { DEFAULT_POD_NETWORK } from './ipam';
import { base32 } from '../api/go-base32';

/** NODEPORTS_COMMENT is the comment of KUBE-SERVICES' last rule. */
export const NODEPORTS_COMMENT = 'kubernetes service nodeports; NOTE: this must be the last rule in this chain';

/** chainHash is kube-proxy's chain-name hash: sha256 of s in base32, its first n characters (16 for iptables, 8 for nftables). */
export const chainHash = (s: string, n: number): string => base32(createHash('sha256').update(s).digest()).slice(0, n);

const hash16 = (s: string): string => chainHash(s, 16);

/** servicePortName is proxy.ServicePortName.String(): "ns/name" plus ":port" when the port is named. */
export const servicePortName = (ns: string, name: string, port?: string): string => `${ns}/${name}${port ? `:${port}` : ''}`;

/** serviceChain is a per-service-port chain: KUBE-SVC-, KUBE-SVL-, KUBE-EXT- or KUBE-FW- and sha256(name + protocol) in base32. */
export const serviceChain = (prefix: 'KUBE-SVC-' | 'KUBE-SVL-' | 'KUBE-EXT-' | 'KUBE-FW-', spn: string, protocol: string): string =>
  `${prefix}${hash16(spn + protocol.toLowerCase())}`;

/** endpointChain is servicePortEndpointChainName: KUBE-SEP- and sha256(name + protocol + "ip:port") in base32. */
export const endpointChain = (spn: string, protocol: string, endpoint: string): string =>
  `KUBE-SEP-${hash16(spn + protocol.toLowerCase() + endpoint)}`;

/** kubeProxyProbability is computeProbability: 1/n as "%0.10f", the text kube-proxy hands iptables-restore. */
export const kubeProxyProbability = (n: number): string => (1 / n).toFixed(10);

/** savedProbability is how iptables-save prints that probability: stored as a fraction of 2^31, printed "%.11f". */
export function savedProbability(n: number): string {
  const stored = Math.round(Number(kubeProxyProbability(n)) * 0x80000000);
  return (stored / 0x80000000).toFixed(11);
}

/** ProxiedPort is one Service port as kube-proxy sees it on a node. */
export interface ProxiedPort {
  svc: KubeObject;
  spn: string;
  protocol: string;
  clusterIP: string;
  port: number;
  nodePort?: number;
  externalIPs: string[];
  lbIPs: string[];
  healthCheckNodePort?: number;
  /** sourceRanges: spec.loadBalancerSourceRanges as kube-proxy reads them (the field's IPv4 ranges). */
  sourceRanges: SourceRange[];
  affinitySeconds?: number;
  internalLocal: boolean;
  externalLocal: boolean;
  all: SliceEndpoint[];
}

export type Reader = Pick<ApiClient, 'list' | 'tryGet'>;

/** nodeInternalIP is the node's InternalIP, kube-proxy's --bind-address / nodeIP. */
export function nodeInternalIP(api: Reader, node: string): string | undefined {
  return (api.tryGet({ kind: 'Node', name: node })?.status?.addresses ?? []).find((a: { type: string }) => a.type === 'InternalIP')?.address;
}

/** usesFirewall: kube-proxy filters the Service port's load-balancer IPs by source (usesFWChain). */
export const usesFirewall = (sp: ProxiedPort): boolean => sp.lbIPs.length > 0 && sp.sourceRanges.length > 0;

/**
 * firewallSources are the sources a firewall chain admits: the ranges, plus the LB IPs
 * themselves when a range holds the node's address (a VIP that loops back through the node).
 */
export function firewallSources(sp: ProxiedPort, nodeIP: string | undefined): string[] {
  const out = sp.sourceRanges.map((r) => r.text);
  if (nodeIP && sp.sourceRanges.some((r) => sourceRangeContains(r, nodeIP))) out.push(...sp.lbIPs);
  return out;
}

/** proxiedPorts lists the ports of every Service with a ClusterIP, sorted by service port name. */
export function proxiedPorts(api: Reader): ProxiedPort[] {
  const out: ProxiedPort[] = [];
  for (const svc of api.list({ kind: 'Service' })) {
    const spec = svc.spec ?? {};
    const clusterIP: string | undefined = spec.clusterIP;
    if (!clusterIP || clusterIP === 'None' || spec.type === 'ExternalName') continue;
    for (const p of spec.ports ?? []) {
      out.push({
        svc, spn: servicePortName(svc.metadata.namespace!, svc.metadata.name!, p.name), protocol: (p.protocol ?? 'TCP').toLowerCase(),
        clusterIP, port: p.port, nodePort: p.nodePort || undefined,
        externalIPs: spec.externalIPs ?? [],
        lbIPs: (svc.status?.loadBalancer?.ingress ?? []).map((i: { ip?: string }) => i.ip).filter((ip: string | undefined): ip is string => Boolean(ip)),
        healthCheckNodePort: spec.healthCheckNodePort,
        sourceRanges: proxiedSourceRanges(svc),
        affinitySeconds: spec.sessionAffinity === 'ClientIP' ? spec.sessionAffinityConfig?.clientIP?.timeoutSeconds ?? 10800 : undefined,
        internalLocal: spec.internalTrafficPolicy === 'Local',
        externalLocal: spec.externalTrafficPolicy === 'Local',
        all: portEndpoints(svc, p, api),
      });
    }
  }
  return out.sort((a, b) => (a.spn + a.protocol < b.spn + b.protocol ? -1 : a.spn + a.protocol > b.spn + b.protocol ? 1 : 0));
}

const epString = (e: SliceEndpoint): string => `${e.ip}:${e.port}`;
const byEndpoint = (a: SliceEndpoint, b: SliceEndpoint): number => (epString(a) < epString(b) ? -1 : epString(a) > epString(b) ? 1 : 0);

/** Categorized is CategorizeEndpoints' answer for one port on one node. */
export interface Categorized { cluster: SliceEndpoint[]; local: SliceEndpoint[]; reachable: SliceEndpoint[]; hasAny: boolean }

/** categorize is pkg/proxy/topology.go CategorizeEndpoints with topology hints off. */
export function categorize(sp: ProxiedPort, node: string): Categorized {
  const accessible = !!sp.nodePort || sp.externalIPs.length > 0 || sp.lbIPs.length > 0;
  const usesCluster = !sp.internalLocal || accessible;
  const usesLocal = sp.internalLocal || (sp.externalLocal && accessible);
  const usable = (eps: SliceEndpoint[]) => {
    const ready = eps.filter((e) => e.ready);
    return (ready.length ? ready : eps.filter((e) => e.serving && e.terminating)).sort(byEndpoint);
  };
  const cluster = usesCluster ? usable(sp.all) : [];
  if (!usesLocal) return { cluster, local: [], reachable: cluster, hasAny: cluster.length > 0 };
  const local = usable(sp.all.filter((e) => e.nodeName === node));
  const hasAny = sp.all.some((e) => e.ready || (e.serving && e.terminating));
  const reachable = usesCluster ? [...new Map([...cluster, ...local].map((e) => [epString(e), e])).values()].sort(byEndpoint) : local;
  return { cluster, local, reachable, hasAny };
}

/** Table collects one iptables table's chains and rules in the order iptables-save prints them. */
class Table {
  private readonly rules = new Map<string, string[]>();
  constructor(private readonly builtins: string[], fixed: string[]) {
    for (const c of [...builtins, ...fixed]) this.rules.set(c, []);
  }
  chain(name: string): void { if (!this.rules.has(name)) this.rules.set(name, []); }
  add(chain: string, rule: string): void { this.chain(chain); this.rules.get(chain)!.push(`-A ${chain} ${rule}`); }
  render(name: string): string {
    const users = [...this.rules.keys()].filter((c) => !this.builtins.includes(c)).sort();
    const order = [...this.builtins, ...users];
    const lines = [`*${name}`, ...this.builtins.map((c) => `:${c} ACCEPT [0:0]`), ...users.map((c) => `:${c} - [0:0]`)];
    for (const c of order) lines.push(...this.rules.get(c)!);
    lines.push('COMMIT');
    return lines.map((l) => `${l}\n`).join('');
  }
}

const q = (s: string): string => `"${s}"`;

/** iptablesRules renders the nat and filter tables kube-proxy programs on node, as iptables-save prints them. */
export function iptablesRules(api: Reader, node: string, clusterCIDR = DEFAULT_POD_NETWORK): string {
  const nodeIP = nodeInternalIP(api, node);
  const nat = new Table(['PREROUTING', 'INPUT', 'OUTPUT', 'POSTROUTING'], ['KUBE-MARK-MASQ', 'KUBE-NODEPORTS', 'KUBE-POSTROUTING', 'KUBE-PROXY-CANARY', 'KUBE-SERVICES']);
  const filter = new Table(['INPUT', 'FORWARD', 'OUTPUT'], ['KUBE-EXTERNAL-SERVICES', 'KUBE-FORWARD', 'KUBE-NODEPORTS', 'KUBE-PROXY-CANARY', 'KUBE-PROXY-FIREWALL', 'KUBE-SERVICES']);
  nat.add('PREROUTING', `-m comment --comment ${q('kubernetes service portals')} -j KUBE-SERVICES`);
  nat.add('OUTPUT', `-m comment --comment ${q('kubernetes service portals')} -j KUBE-SERVICES`);
  nat.add('POSTROUTING', `-m comment --comment ${q('kubernetes postrouting rules')} -j KUBE-POSTROUTING`);
  nat.add('KUBE-MARK-MASQ', '-j MARK --set-xmark 0x4000/0x4000');
  nat.add('KUBE-POSTROUTING', '-m mark ! --mark 0x4000/0x4000 -j RETURN');
  nat.add('KUBE-POSTROUTING', '-j MARK --set-xmark 0x4000/0x0');
  nat.add('KUBE-POSTROUTING', `-m comment --comment ${q('kubernetes service traffic requiring SNAT')} -j MASQUERADE --random-fully`);
  const fwJump = `-m conntrack --ctstate NEW -m comment --comment ${q('kubernetes load balancer firewall')} -j KUBE-PROXY-FIREWALL`;
  filter.add('INPUT', fwJump);
  filter.add('INPUT', `-m comment --comment ${q('kubernetes health check service ports')} -j KUBE-NODEPORTS`);
  filter.add('INPUT', `-m conntrack --ctstate NEW -m comment --comment ${q('kubernetes externally-visible service portals')} -j KUBE-EXTERNAL-SERVICES`);
  filter.add('FORWARD', fwJump);
  filter.add('FORWARD', `-m comment --comment ${q('kubernetes forwarding rules')} -j KUBE-FORWARD`);
  filter.add('FORWARD', `-m conntrack --ctstate NEW -m comment --comment ${q('kubernetes service portals')} -j KUBE-SERVICES`);
  filter.add('FORWARD', `-m conntrack --ctstate NEW -m comment --comment ${q('kubernetes externally-visible service portals')} -j KUBE-EXTERNAL-SERVICES`);
  filter.add('OUTPUT', fwJump);
  filter.add('OUTPUT', `-m conntrack --ctstate NEW -m comment --comment ${q('kubernetes service portals')} -j KUBE-SERVICES`);
  filter.add('KUBE-FORWARD', '-m conntrack --ctstate INVALID -j DROP');
  filter.add('KUBE-FORWARD', `-m comment --comment ${q('kubernetes forwarding rules')} -m mark --mark 0x4000/0x4000 -j ACCEPT`);
  filter.add('KUBE-FORWARD', `-m comment --comment ${q('kubernetes forwarding conntrack rule')} -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT`);

  for (const sp of proxiedPorts(api)) {
    const { spn, protocol: p } = sp;
    const cat = categorize(sp, node);
    const svcChain = serviceChain('KUBE-SVC-', spn, p);
    const svlChain = serviceChain('KUBE-SVL-', spn, p);
    const extChain = serviceChain('KUBE-EXT-', spn, p);
    const internalChain = sp.internalLocal ? svlChain : svcChain;
    const externalPolicyChain = sp.externalLocal ? svlChain : svcChain;
    const accessible = !!sp.nodePort || sp.externalIPs.length > 0 || sp.lbIPs.length > 0;
    const hasEndpoints = cat.hasAny;
    const hasInternal = hasEndpoints && (!sp.internalLocal || cat.local.length > 0);
    const hasExternal = hasEndpoints && (!sp.externalLocal || cat.local.length > 0);
    const usesExt = hasEndpoints && accessible;
    const filterTarget = (has: boolean) => (!hasEndpoints ? '-j REJECT --reject-with icmp-port-unreachable' : has ? '' : '-j DROP');
    const filterComment = q(`${spn} has ${hasEndpoints ? 'no local endpoints' : 'no endpoints'}`);
    const dport = `-m ${p} --dport ${sp.port}`;

    if (hasInternal) nat.add('KUBE-SERVICES', `-d ${sp.clusterIP}/32 -p ${p} -m comment --comment ${q(`${spn} cluster IP`)} ${dport} -j ${internalChain}`);
    else filter.add('KUBE-SERVICES', `-d ${sp.clusterIP}/32 -p ${p} -m comment --comment ${filterComment} ${dport} ${filterTarget(false)}`);
    for (const ip of sp.externalIPs) {
      if (hasEndpoints) nat.add('KUBE-SERVICES', `-d ${ip}/32 -p ${p} -m comment --comment ${q(`${spn} external IP`)} ${dport} -j ${extChain}`);
      if (!hasExternal) filter.add('KUBE-EXTERNAL-SERVICES', `-d ${ip}/32 -p ${p} -m comment --comment ${filterComment} ${dport} ${filterTarget(false)}`);
    }
    const fwChain = serviceChain('KUBE-FW-', spn, p);
    const usesFW = hasEndpoints && usesFirewall(sp);
    for (const ip of sp.lbIPs) {
      if (hasEndpoints) nat.add('KUBE-SERVICES', `-d ${ip}/32 -p ${p} -m comment --comment ${q(`${spn} loadbalancer IP`)} ${dport} -j ${usesFW ? fwChain : extChain}`);
      if (usesFW) filter.add('KUBE-PROXY-FIREWALL', `-d ${ip}/32 -p ${p} -m comment --comment ${q(`${spn} traffic not accepted by ${fwChain}`)} ${dport} -j DROP`);
    }
    if (usesFW) {
      // What falls off the end of the firewall chain was not DNATed, so KUBE-PROXY-FIREWALL drops it.
      for (const src of firewallSources(sp, nodeIP)) nat.add(fwChain, `-s ${src.includes('/') ? src : `${src}/32`} -m comment --comment ${q(`${spn} loadbalancer IP`)} -j ${extChain}`);
      nat.add(fwChain, `-m comment --comment ${q(`other traffic to ${spn} will be dropped by KUBE-PROXY-FIREWALL`)}`);
    }
    if (!hasExternal) for (const ip of sp.lbIPs) filter.add('KUBE-EXTERNAL-SERVICES', `-d ${ip}/32 -p ${p} -m comment --comment ${filterComment} ${dport} ${filterTarget(false)}`);
    if (sp.nodePort) {
      if (hasEndpoints) nat.add('KUBE-NODEPORTS', `-p ${p} -m comment --comment ${q(spn)} -m ${p} --dport ${sp.nodePort} -j ${extChain}`);
      if (!hasExternal) filter.add('KUBE-EXTERNAL-SERVICES', `-p ${p} -m comment --comment ${filterComment} -m addrtype --dst-type LOCAL -m ${p} --dport ${sp.nodePort} ${filterTarget(false)}`);
    }
    if (sp.healthCheckNodePort) {
      filter.add('KUBE-NODEPORTS', `-p tcp -m comment --comment ${q(`${spn} health check node port`)} -m tcp --dport ${sp.healthCheckNodePort} -j ACCEPT`);
    }
    // Off-cluster traffic to the ClusterIP is masqueraded: the reply may leave through another node.
    if (hasInternal) nat.add(internalChain, `! -s ${clusterCIDR} -d ${sp.clusterIP}/32 -p ${p} -m comment --comment ${q(`${spn} cluster IP`)} ${dport} -j KUBE-MARK-MASQ`);
    if (usesExt) {
      if (!sp.externalLocal) {
        nat.add(extChain, `-m comment --comment ${q(`masquerade traffic for ${spn} external destinations`)} -j KUBE-MARK-MASQ`);
      } else {
        // Pods and the node itself reach a Local Service's external address through the cluster-wide chain.
        nat.add(extChain, `-s ${clusterCIDR} -m comment --comment ${q(`pod traffic for ${spn} external destinations`)} -j ${svcChain}`);
        nat.add(extChain, `-m comment --comment ${q(`masquerade LOCAL traffic for ${spn} external destinations`)} -m addrtype --src-type LOCAL -j KUBE-MARK-MASQ`);
        nat.add(extChain, `-m comment --comment ${q(`route LOCAL traffic for ${spn} external destinations`)} -m addrtype --src-type LOCAL -j ${svcChain}`);
      }
      if (hasExternal) nat.add(extChain, `-j ${externalPolicyChain}`);
    }
    const toEndpoints = (chain: string, eps: SliceEndpoint[]) => {
      nat.chain(chain);
      if (sp.affinitySeconds !== undefined) {
        for (const e of eps) {
          const sep = endpointChain(spn, p, epString(e));
          nat.add(chain, `-m comment --comment ${q(`${spn} -> ${epString(e)}`)} -m recent --rcheck --seconds ${sp.affinitySeconds} --reap --name ${sep} --mask 255.255.255.255 --rsource -j ${sep}`);
        }
      }
      eps.forEach((e, i) => {
        const stat = i < eps.length - 1 ? ` -m statistic --mode random --probability ${savedProbability(eps.length - i)}` : '';
        nat.add(chain, `-m comment --comment ${q(`${spn} -> ${epString(e)}`)}${stat} -j ${endpointChain(spn, p, epString(e))}`);
      });
    };
    if (cat.cluster.length > 0 && (!sp.internalLocal || accessible)) toEndpoints(svcChain, cat.cluster);
    if (cat.local.length > 0) toEndpoints(svlChain, cat.local);
    for (const e of cat.reachable) {
      const sep = endpointChain(spn, p, epString(e));
      nat.add(sep, `-s ${e.ip}/32 -m comment --comment ${q(spn)} -j KUBE-MARK-MASQ`);
      const recent = sp.affinitySeconds !== undefined ? ` -m recent --set --name ${sep} --mask 255.255.255.255 --rsource` : '';
      nat.add(sep, `-p ${p} -m comment --comment ${q(spn)}${recent} -m ${p} -j DNAT --to-destination ${epString(e)}`);
    }
  }
  nat.add('KUBE-SERVICES', `-m comment --comment ${q(NODEPORTS_COMMENT)} -m addrtype --dst-type LOCAL -j KUBE-NODEPORTS`);
  return filter.render('filter') + nat.render('nat');
}

const IPVS_PROTOCOLS: Record<string, number> = { tcp: 6, udp: 17, sctp: 132 };
const ipNum = (ip: string): number => ip.split('.').reduce((n, o) => n * 256 + Number(o), 0);

/** ipvsRules renders the virtual servers kube-proxy's ipvs mode programs on node, as `ipvsadm -Ln` prints them. */
export function ipvsRules(api: Reader, node: string): string {
  // Node ports are bound on this node's own addresses.
  const self = api.tryGet({ kind: 'Node', name: node });
  const nodeIPs: string[] = (self?.status?.addresses ?? []).filter((a: { type: string }) => a.type === 'InternalIP').map((a: { address: string }) => a.address);
  const servers: Array<{ proto: string; ip: string; port: number; persistent?: number; dests: SliceEndpoint[] }> = [];
  for (const sp of proxiedPorts(api)) {
    const cat = categorize(sp, node);
    const internal = sp.internalLocal ? cat.local : cat.cluster;
    const external = sp.externalLocal ? cat.local : cat.cluster;
    const add = (ip: string, port: number, dests: SliceEndpoint[]) =>
      servers.push({ proto: sp.protocol, ip, port, persistent: sp.affinitySeconds, dests });
    add(sp.clusterIP, sp.port, internal);
    for (const ip of [...sp.externalIPs, ...sp.lbIPs]) add(ip, sp.port, external);
    if (sp.nodePort) for (const ip of nodeIPs) add(ip, sp.nodePort, external);
  }
  // ipvsadm sorts virtual servers by protocol, address and port, and real servers by address and port.
  servers.sort((a, b) => IPVS_PROTOCOLS[a.proto]! - IPVS_PROTOCOLS[b.proto]! || ipNum(a.ip) - ipNum(b.ip) || a.port - b.port);
  const lines = [
    'IP Virtual Server version 1.2.1 (size=4096)',
    'Prot LocalAddress:Port Scheduler Flags',
    '  -> RemoteAddress:Port           Forward Weight ActiveConn InActConn',
  ];
  for (const s of servers) {
    lines.push(`${s.proto.toUpperCase()}  ${s.ip}:${s.port} rr${s.persistent !== undefined ? ` persistent ${s.persistent}` : ''}`);
    for (const d of [...s.dests].sort((a, b) => ipNum(a.ip) - ipNum(b.ip) || a.port - b.port)) {
      lines.push(`  -> ${`${d.ip}:${d.port}`.padEnd(28)} ${'Masq'.padEnd(7)} ${'1'.padEnd(6)} ${'0'.padEnd(10)} ${'0'.padEnd(10)}`);
    }
  }
  return lines.map((l) => `${l}\n`).join('');
}
