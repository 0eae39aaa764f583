/**
 * server: one query through CoreDNS as the Corefile configures it — the server block whose
 * zone matches the name, then its plugins in CoreDNS's fixed order (plugin.cfg), not the
 * Corefile's: rewrite → hosts → kubernetes → forward.
 * kubemu: the cluster has no internet, so whatever `forward` would send upstream answers
 * NXDOMAIN (not authoritative), as an upstream resolver answers a name that does not
 * exist; a block with no plugin left to ask answers SERVFAIL, as CoreDNS does.
 */
import type { Corefile, HostsPlugin, RewriteRule, ServerBlock } from './corefile';
import { fqdn } from './corefile';
import { kubernetesAnswer, type ClusterView } from './kubernetes-zone';
import { addressOfReverse, reply, type DnsReply, type RecordType, type ResourceRecord } from './message';

/** inZone says whether name (with its trailing dot) lies in zone. */
export function inZone(name: string, zone: string): boolean {
  return zone === '.' || name === zone || name.endsWith(`.${zone}`);
}

/** longestZone is the most specific of zones holding name, if any. */
function longestZone(name: string, zones: string[]): string | undefined {
  return zones.filter((z) => inZone(name, z)).sort((a, b) => b.length - a.length)[0];
}

function fallsThrough(fallthrough: string[] | undefined, name: string): boolean {
  return !!fallthrough && (fallthrough.length === 0 || fallthrough.some((z) => inZone(name, z)));
}

/** rewriteName applies the first rule matching name ("stop" is the plugin's default mode). */
function rewriteName(name: string, rules: RewriteRule[]): { name: string; rule?: RewriteRule } {
  for (const r of rules) {
    const from = r.match === 'regex' ? r.from : fqdn(r.from);
    const to = r.match === 'regex' ? r.to : fqdn(r.to);
    const bare = name.replace(/\.$/, '');
    switch (r.match) {
      case 'exact': if (name === from) return { name: to, rule: r }; break;
      case 'prefix': if (name.startsWith(r.from)) return { name: fqdn(r.to + name.slice(r.from.length)), rule: r }; break;
      case 'suffix': {
        const suffix = r.from.replace(/\.$/, '');
        if (bare.endsWith(suffix)) return { name: fqdn(bare.slice(0, bare.length - suffix.length) + r.to.replace(/\.$/, '')), rule: r };
        break;
      }
      case 'substring': if (bare.includes(r.from)) return { name: fqdn(bare.replace(r.from, r.to)), rule: r }; break;
      case 'regex': {
        let re: RegExp;
        try { re = new RegExp(from, 'i'); } catch { break; }
        const m = re.exec(name) ?? re.exec(bare);
        if (m) return { name: fqdn(to.replace(/\{(\d+)\}/g, (_, n: string) => m[Number(n)] ?? '')), rule: r };
        break;
      }
    }
  }
  return { name };
}

/** hostsAnswer is the hosts plugin: its entries, or undefined to go on to the next plugin. */
function hostsAnswer(name: string, qtype: RecordType, h: HostsPlugin): DnsReply | undefined {
  if (!longestZone(name, h.zones)) return undefined;
  const records: ResourceRecord[] = [];
  let exists = false;
  const ptrOf = addressOfReverse(name);
  for (const e of h.entries) {
    if (ptrOf && !h.noReverse && e.ip === ptrOf) {
      exists = true;
      if (qtype === 'PTR') for (const n of e.names) records.push({ name, type: 'PTR', ttl: h.ttl, data: n });
    }
    if (!e.names.includes(name)) continue;
    exists = true;
    const v4 = !e.ip.includes(':');
    if ((qtype === 'A' && v4) || (qtype === 'AAAA' && !v4)) records.push({ name, type: qtype, ttl: h.ttl, data: e.ip });
  }
  if (records.length || exists) return reply('NOERROR', true, records);
  return fallsThrough(h.fallthrough, name) ? undefined : reply('NXDOMAIN', true);
}

/** blockAnswer runs one server block's plugins for name. */
function blockAnswer(name: string, qtype: RecordType, block: ServerBlock, view: ClusterView, corefile: Corefile, depth: number): DnsReply {
  if (block.hosts) {
    const r = hostsAnswer(name, qtype, block.hosts);
    if (r) return r;
  }
  const k = block.kubernetes;
  const zone = k && longestZone(name, k.zones);
  if (k && zone) {
    const external = (target: string, type: RecordType): ResourceRecord[] =>
      depth < 4 ? serveQuery(target, type, corefile, view, depth + 1).answers : [];
    const ans = kubernetesAnswer(name, qtype, zone, k, view, external);
    if (ans !== 'name-error') return reply('NOERROR', true, ans.records, ans.additional);
    if (!fallsThrough(k.fallthrough, name)) return reply('NXDOMAIN', true);
  }
  if (block.forward && inZone(name, block.forward.from)) return reply('NXDOMAIN', false);
  return reply('SERVFAIL', false);
}

/**
 * serveQuery answers name (any case, with or without its trailing dot) of type qtype as the
 * CoreDNS that corefile configures, over the cluster that view reads.
 */
export function serveQuery(name: string, qtype: RecordType, corefile: Corefile, view: ClusterView, depth = 0): DnsReply {
  const asked = fqdn(name);
  const block = corefile.blocks
    .map((b) => ({ b, zone: longestZone(asked, b.zones) }))
    .filter((x) => x.zone)
    .sort((x, y) => y.zone!.length - x.zone!.length)[0]?.b;
  if (!block) return reply('REFUSED', false);
  const rewritten = rewriteName(asked, block.rewrites);
  const r = blockAnswer(rewritten.name, qtype, block, view, corefile, depth);
  if (!rewritten.rule?.answerName || rewritten.name === asked) return r;
  const back = (rr: ResourceRecord): ResourceRecord => (rr.name === rewritten.name ? { ...rr, name: asked } : rr);
  return { ...r, answers: r.answers.map(back), additional: r.additional.map(back) };
}
