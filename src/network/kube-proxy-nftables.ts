/**
 * kube-proxy-nftables: the ruleset kube-proxy's nftables mode programs on one node — the
 * `kube-proxy` table of family ip: its base chains (filter-prerouting/input/forward/output at
 * priority -110, filter-output-post-dnat at -90, nat-prerouting/output at -100,
 * nat-postrouting at 100), the dispatch maps (service-ips, service-nodeports), the
 * no-endpoint-services/-nodeports verdict maps, cluster-ips and nodeport-ips sets,
 * firewall-ips for loadBalancerSourceRanges, and per Service port the
 * `service-`/`local-`/`external-`/`firewall-` chains and per endpoint the `endpoint-` chains
 * (and `affinity-` sets under ClientIP affinity), named `<8 characters of base32(sha256)>-ns/svc/proto/port`.
 * The text is kube-proxy's own transaction, one `add …` command a line, laid out as knftables
 * dumps a table (table; chains, sets and maps by name; then rules chain by chain; then set and
 * map elements) — the form upstream's proxier tests pin. `nft list table ip kube-proxy` prints
 * the same objects nested in braces.
 * Mirrors kubernetes pkg/proxy/nftables/proxier.go setupNFTables and syncProxyRules (v1.32).
 * kubemu: IPv4 single-stack, so only the `ip` table (no `ip6` one); Services are visited in
 * name order (kube-proxy walks a Go map); nodeport-ips holds the node's InternalIP (the
 * nftables mode's default --nodeport-addresses=primary); the "Drop traffic to unallocated
 * ClusterIPs" rule is left out, as v1.32 writes it only with the MultiCIDRServiceAllocator
 * feature gate (off by default) feeding it the ServiceCIDRs.
 */
import { categorize, chainHash, firewallSources, nodeInternalIP, proxiedPorts, usesFirewall, type Reader } from './kube-proxy-rules';
import type { SliceEndpoint } from './proxy';
import { DEFAULT_POD_NETWORK } from './ipam';

/** MASQUERADE_MARK is kube-proxy's --masquerade-bit 14 as "%#08x". */
const MASQUERADE_MARK = '0x4000';
const TABLE = 'ip kube-proxy';

/** CHAIN_BASE_MAX is knftables' 256-character name limit less the longest chain prefix (16). */
const CHAIN_BASE_MAX = 240;

/** hashAndTruncate prefixes name with the first 8 base32 characters of its sha256, cut to CHAIN_BASE_MAX with "..." (the hash keeps it unique). */
export function hashAndTruncate(name: string): string {
  const out = `${chainHash(name, 8)}-${name}`;
  return out.length > CHAIN_BASE_MAX ? `${out.slice(0, CHAIN_BASE_MAX - 3)}...` : out;
}

/** servicePortChainBase is "HASH-ns/svc/proto/portName", e.g. "ULMVA6XW-ns1/svc1/tcp/p80". */
export const servicePortChainBase = (ns: string, name: string, protocol: string, portName: string): string =>
  hashAndTruncate(`${ns}/${name}/${protocol}/${portName}`);

/** endpointChainBase is "HASH-ns/svc/proto/portName__ip/port" (an IPv6 address has its colons made dots). */
export const endpointChainBase = (ns: string, name: string, protocol: string, portName: string, ip: string, port: number): string =>
  hashAndTruncate(`${ns}/${name}/${protocol}/${portName}__${ip.replace(/:/g, '.')}/${port}`);

/** NftTable collects the objects of the kube-proxy table and prints them as knftables dumps them. */
class NftTable {
  private readonly chains = new Map<string, { spec?: string; rules: string[] }>();
  private readonly sets = new Map<string, { spec: string; elements: string[] }>();
  private readonly maps = new Map<string, { spec: string; elements: string[] }>();

  chain(name: string, spec?: string): void { if (!this.chains.has(name)) this.chains.set(name, { spec, rules: [] }); }
  rule(chain: string, rule: string): void { this.chain(chain); this.chains.get(chain)!.rules.push(rule); }
  set(name: string, spec: string): void { if (!this.sets.has(name)) this.sets.set(name, { spec, elements: [] }); }
  map(name: string, spec: string): void { this.maps.set(name, { spec, elements: [] }); }
  /** element adds a set or map element once per key, as kube-proxy's element storage does (a ClusterIP serves several ports). */
  element(container: string, element: string): void {
    const elements = (this.sets.get(container) ?? this.maps.get(container)!).elements;
    const key = (e: string) => e.split(/ comment | : /)[0];
    if (!elements.some((e) => key(e) === key(element))) elements.push(element);
  }

  render(): string {
    const byName = <V>(m: Map<string, V>) => [...m.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const lines = [`add table ${TABLE} { comment "rules for kube-proxy" ; }`];
    for (const c of byName(this.chains)) lines.push(`add chain ${TABLE} ${c}${this.chains.get(c)!.spec ? ` { ${this.chains.get(c)!.spec} ; }` : ''}`);
    for (const s of byName(this.sets)) lines.push(`add set ${TABLE} ${s} { ${this.sets.get(s)!.spec} ; }`);
    for (const m of byName(this.maps)) lines.push(`add map ${TABLE} ${m} { ${this.maps.get(m)!.spec} ; }`);
    for (const c of byName(this.chains)) for (const r of this.chains.get(c)!.rules) lines.push(`add rule ${TABLE} ${c} ${r}`);
    for (const s of byName(this.sets)) for (const e of this.sets.get(s)!.elements) lines.push(`add element ${TABLE} ${s} { ${e} }`);
    for (const m of byName(this.maps)) for (const e of this.maps.get(m)!.elements) lines.push(`add element ${TABLE} ${m} { ${e} }`);
    return lines.map((l) => `${l}\n`).join('');
  }
}

/** setupTable is setupNFTables: the base chains, the jumps into kube-proxy's own chains, and the empty sets and maps. */
function setupTable(t: NftTable, nodeIP: string | undefined): void {
  const base: Array<[string, string, string, number]> = [
    ['filter-prerouting', 'filter', 'prerouting', -110], ['filter-input', 'filter', 'input', -110],
    ['filter-forward', 'filter', 'forward', -110], ['filter-output', 'filter', 'output', -110],
    ['filter-output-post-dnat', 'filter', 'output', -90], ['nat-prerouting', 'nat', 'prerouting', -100],
    ['nat-output', 'nat', 'output', -100], ['nat-postrouting', 'nat', 'postrouting', 100],
  ];
  for (const [name, type, hook, priority] of base) t.chain(name, `type ${type} hook ${hook} priority ${priority}`);
  // The "no endpoints" REJECT cannot run in prerouting on older kernels, so it hangs off input/forward/output.
  const jumps: Array<[string, string, string]> = [
    ['nodeport-endpoints-check', 'filter-input', 'ct state new '], ['service-endpoints-check', 'filter-input', 'ct state new '],
    ['service-endpoints-check', 'filter-forward', 'ct state new '], ['service-endpoints-check', 'filter-output', 'ct state new '],
    ['firewall-check', 'filter-prerouting', 'ct state new '], ['firewall-check', 'filter-output', 'ct state new '],
    ['services', 'nat-output', ''], ['services', 'nat-prerouting', ''], ['masquerading', 'nat-postrouting', ''],
    ['cluster-ips-check', 'filter-forward', 'ct state new '], ['cluster-ips-check', 'filter-output-post-dnat', 'ct state new '],
  ];
  for (const [dst, src, extra] of jumps) { t.chain(dst); t.rule(src, `${extra}jump ${dst}`); }
  t.chain('mark-for-masquerade');
  t.rule('mark-for-masquerade', `mark set mark or ${MASQUERADE_MARK}`);
  t.rule('masquerading', `mark and ${MASQUERADE_MARK} == 0 return`);
  t.rule('masquerading', `mark set mark xor ${MASQUERADE_MARK}`);
  t.rule('masquerading', 'masquerade fully-random');
  t.set('cluster-ips', 'type ipv4_addr ; comment "Active ClusterIPs"');
  t.rule('cluster-ips-check', 'ip daddr @cluster-ips reject comment "Reject traffic to invalid ports of ClusterIPs"');
  t.set('nodeport-ips', 'type ipv4_addr ; comment "IPs that accept NodePort traffic"');
  if (nodeIP) t.element('nodeport-ips', nodeIP);
  t.map('no-endpoint-services', 'type ipv4_addr . inet_proto . inet_service : verdict ; comment "vmap to drop or reject packets to services with no endpoints"');
  t.map('no-endpoint-nodeports', 'type inet_proto . inet_service : verdict ; comment "vmap to drop or reject packets to service nodeports with no endpoints"');
  t.chain('reject-chain', 'comment "helper for @no-endpoint-services / @no-endpoint-nodeports"');
  t.rule('reject-chain', 'reject');
  t.rule('service-endpoints-check', 'ip daddr . meta l4proto . th dport vmap @no-endpoint-services');
  t.rule('nodeport-endpoints-check', 'ip daddr @nodeport-ips meta l4proto . th dport vmap @no-endpoint-nodeports');
  t.map('firewall-ips', 'type ipv4_addr . inet_proto . inet_service : verdict ; comment "destinations that are subject to LoadBalancerSourceRanges"');
  t.rule('firewall-check', 'ip daddr . meta l4proto . th dport vmap @firewall-ips');
  t.map('service-ips', 'type ipv4_addr . inet_proto . inet_service : verdict ; comment "ClusterIP, ExternalIP and LoadBalancer IP traffic"');
  t.map('service-nodeports', 'type inet_proto . inet_service : verdict ; comment "NodePort traffic"');
  t.rule('services', 'ip daddr . meta l4proto . th dport vmap @service-ips');
  t.rule('services', 'ip daddr @nodeport-ips meta l4proto . th dport vmap @service-nodeports');
}

/** nftablesRules renders the kube-proxy table kube-proxy's nftables mode programs on node. */
export function nftablesRules(api: Reader, node: string, clusterCIDR = DEFAULT_POD_NETWORK): string {
  const t = new NftTable();
  const nodeIP = nodeInternalIP(api, node);
  setupTable(t, nodeIP);

  for (const sp of proxiedPorts(api)) {
    const { protocol: p } = sp;
    const ns = sp.svc.metadata.namespace!;
    const name = sp.svc.metadata.name!;
    const portName = sp.spn.includes(':') ? sp.spn.slice(sp.spn.indexOf(':') + 1) : '';
    const chainBase = servicePortChainBase(ns, name, p, portName);
    const epBase = (e: SliceEndpoint) => endpointChainBase(ns, name, p, portName, e.ip, e.port);
    const cat = categorize(sp, node);
    const accessible = !!sp.nodePort || sp.externalIPs.length > 0 || sp.lbIPs.length > 0;
    const hasEndpoints = cat.hasAny;
    const clusterChain = `service-${chainBase}`;
    const localChain = `local-${chainBase}`;
    const externalChain = `external-${chainBase}`;
    const fwChain = `firewall-${chainBase}`;
    const usesCluster = cat.cluster.length > 0 && (!sp.internalLocal || accessible);
    const usesLocal = cat.local.length > 0 && (sp.internalLocal || (sp.externalLocal && accessible));
    const internalChain = sp.internalLocal ? localChain : clusterChain;
    const hasInternal = hasEndpoints && (!sp.internalLocal || cat.local.length > 0);
    const externalPolicyChain = sp.externalLocal ? localChain : clusterChain;
    const hasExternal = hasEndpoints && (!sp.externalLocal || cat.local.length > 0);
    const usesExternal = hasEndpoints && accessible;
    const usesFW = usesFirewall(sp);
    const affinity = sp.affinitySeconds !== undefined;
    // A Service with no endpoints at all is REJECTed; a Local policy with none on this node DROPs.
    const filterVerdict = hasEndpoints ? 'drop' : 'goto reject-chain';
    const key = (ip: string) => `${ip} . ${p} . ${sp.port}`;
    const comment = `comment "${sp.spn}"`;

    for (const e of cat.reachable) t.chain(`endpoint-${epBase(e)}`);
    if (usesCluster) t.chain(clusterChain);
    if (usesLocal) t.chain(localChain);
    if (usesExternal) t.chain(externalChain);
    if (usesFW) t.chain(fwChain);

    t.element('cluster-ips', sp.clusterIP);
    if (hasInternal) t.element('service-ips', `${key(sp.clusterIP)} : goto ${internalChain}`);
    else t.element('no-endpoint-services', `${key(sp.clusterIP)} ${comment} : ${filterVerdict}`);
    for (const ip of sp.externalIPs) {
      if (hasEndpoints) t.element('service-ips', `${key(ip)} : goto ${externalChain}`);
      if (!hasExternal) t.element('no-endpoint-services', `${key(ip)} ${comment} : ${filterVerdict}`);
    }
    for (const ip of sp.lbIPs) {
      if (hasEndpoints) t.element('service-ips', `${key(ip)} : goto ${externalChain}`);
      if (usesFW) t.element('firewall-ips', `${key(ip)} : goto ${fwChain}`);
    }
    if (!hasExternal) for (const ip of sp.lbIPs) t.element('no-endpoint-services', `${key(ip)} ${comment} : ${filterVerdict}`);
    if (sp.nodePort) {
      // Node ports are not subject to loadBalancerSourceRanges.
      if (hasEndpoints) t.element('service-nodeports', `${p} . ${sp.nodePort} : goto ${externalChain}`);
      if (!hasExternal) t.element('no-endpoint-nodeports', `${p} . ${sp.nodePort} ${comment} : ${filterVerdict}`);
    }

    // Off-cluster traffic to the ClusterIP is masqueraded: the reply may leave through another node.
    if (hasInternal) t.rule(internalChain, `ip daddr ${sp.clusterIP} ${p} dport ${sp.port} ip saddr != ${clusterCIDR} jump mark-for-masquerade`);
    if (usesExternal) {
      if (!sp.externalLocal) {
        t.rule(externalChain, 'jump mark-for-masquerade');
      } else {
        t.rule(externalChain, `ip saddr ${clusterCIDR} goto ${clusterChain} comment "short-circuit pod traffic"`);
        t.rule(externalChain, 'fib saddr type local jump mark-for-masquerade comment "masquerade local traffic"');
        t.rule(externalChain, `fib saddr type local goto ${clusterChain} comment "short-circuit local traffic"`);
      }
      if (hasExternal) t.rule(externalChain, `goto ${externalPolicyChain}`);
    }
    if (usesFW) t.rule(fwChain, `ip saddr != { ${firewallSources(sp, nodeIP).join(' , ')} } drop`);
    if (affinity) {
      for (const e of cat.reachable) t.set(`affinity-${epBase(e)}`, `type ipv4_addr ; flags dynamic,timeout ; timeout ${sp.affinitySeconds}s`);
    }
    const toEndpoints = (chain: string, eps: SliceEndpoint[]) => {
      if (affinity) for (const e of eps) t.rule(chain, `ip saddr @affinity-${epBase(e)} goto endpoint-${epBase(e)}`);
      t.rule(chain, `numgen random mod ${eps.length} vmap { ${eps.map((e, i) => `${i} : goto endpoint-${epBase(e)}`).join(' , ')} }`);
    };
    if (usesCluster) toEndpoints(clusterChain, cat.cluster);
    if (usesLocal) toEndpoints(localChain, cat.local);
    for (const e of cat.reachable) {
      const chain = `endpoint-${epBase(e)}`;
      t.rule(chain, `ip saddr ${e.ip} jump mark-for-masquerade`);
      if (affinity) t.rule(chain, `update @affinity-${epBase(e)} { ip saddr }`);
      t.rule(chain, `meta l4proto ${p} dnat to ${e.ip}:${e.port}`);
    }
  }
  return t.render();
}
