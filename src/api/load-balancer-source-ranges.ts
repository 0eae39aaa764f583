/**
 * load-balancer-source-ranges: the client ranges a LoadBalancer Service admits — its
 * spec.loadBalancerSourceRanges, else the legacy `service.beta.kubernetes.io/load-balancer-source-ranges`
 * annotation (comma-separated). Both the API server (validation) and kube-proxy (firewall
 * chains) read them through this one helper.
 * Mirrors kubernetes pkg/api/service/util.go GetLoadBalancerSourceRanges and k8s.io/utils/net
 * ParseCIDRSloppy (entries are trimmed; IPv4 octets may carry leading zeros).
 */

/** SOURCE_RANGES_ANNOTATION is the annotation that predates the field. */
export const SOURCE_RANGES_ANNOTATION = 'service.beta.kubernetes.io/load-balancer-source-ranges';

/** SourceRange is one parsed range: its family, first address (as bytes) and prefix length; text is the canonical "a.b.c.d/n". */
export interface SourceRange { family: 4 | 6; bytes: number[]; bits: number; text: string }

function parseIPv4Sloppy(s: string): number[] | undefined {
  const parts = s.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return undefined;
  return parts.map(Number);
}

function parseIPv6(s: string): number[] | undefined {
  if (!/^[0-9a-fA-F:.]+$/.test(s) || (s.match(/::/g) ?? []).length > 1) return undefined;
  const [head, tail] = s.includes('::') ? s.split('::') as [string, string] : [s, undefined];
  const groups = (part: string): number[] | undefined => {
    if (part === '') return [];
    const out: number[] = [];
    const items = part.split(':');
    for (const [i, g] of items.entries()) {
      if (i === items.length - 1 && g.includes('.')) {
        const v4 = parseIPv4Sloppy(g);
        if (!v4) return undefined;
        out.push(v4[0]! * 256 + v4[1]!, v4[2]! * 256 + v4[3]!);
      } else if (/^[0-9a-fA-F]{1,4}$/.test(g)) out.push(parseInt(g, 16));
      else return undefined;
    }
    return out;
  };
  const h = groups(head);
  const t = tail === undefined ? [] : groups(tail);
  if (!h || !t) return undefined;
  const fill = 8 - h.length - t.length;
  if (tail === undefined ? fill !== 0 : fill < 1) return undefined;
  return [...h, ...Array(fill).fill(0), ...t].flatMap((g) => [g >> 8, g & 255]);
}

/** parseSourceRange parses "addr/len" as ParseCIDRSloppy does; undefined when it is not a CIDR. */
export function parseSourceRange(cidr: string): SourceRange | undefined {
  const m = /^([^/]+)\/(\d{1,3})$/.exec(cidr);
  if (!m) return undefined;
  const v4 = parseIPv4Sloppy(m[1]!);
  const addr = v4 ?? parseIPv6(m[1]!);
  const bits = Number(m[2]);
  if (!addr || bits > addr.length * 8) return undefined;
  // The network address: host bits cleared, as net.IPNet holds it.
  const bytes = addr.map((b, i) => {
    const keep = Math.max(0, Math.min(8, bits - i * 8));
    return b & (0xff << (8 - keep)) & 0xff;
  });
  const text = v4 ? `${bytes.join('.')}/${bits}` : `${ipv6Text(bytes)}/${bits}`;
  return { family: v4 ? 4 : 6, bytes, bits, text };
}

/** ipv6Text prints 16 bytes as Go's net.IP.String does (RFC 5952: the longest zero run, of two or more groups, as ::). */
function ipv6Text(bytes: number[]): string {
  const groups = Array.from({ length: 8 }, (_, i) => (bytes[2 * i]! << 8) | bytes[2 * i + 1]!);
  let best = -1;
  let bestLen = 1;
  for (let i = 0; i < 8;) {
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen) { best = i; bestLen = j - i; }
    i = j === i ? i + 1 : j;
  }
  const hex = (gs: number[]) => gs.map((g) => g.toString(16)).join(':');
  return best < 0 ? hex(groups) : `${hex(groups.slice(0, best))}::${hex(groups.slice(best + bestLen))}`;
}

/** sourceRangeContains reports whether the address (IPv4 or IPv6 text) is inside the range. */
export function sourceRangeContains(range: SourceRange, ip: string): boolean {
  const addr = range.family === 4 ? parseIPv4Sloppy(ip) : parseIPv6(ip);
  if (!addr) return false;
  for (let i = 0; i < addr.length; i++) {
    const keep = Math.max(0, Math.min(8, range.bits - i * 8));
    const mask = (0xff << (8 - keep)) & 0xff;
    if ((addr[i]! & mask) !== range.bytes[i]) return false;
  }
  return true;
}

/** SourceRanges is GetLoadBalancerSourceRanges' answer: the parsed ranges, or the first entry that is not a CIDR. */
export type SourceRanges = { ranges: SourceRange[]; invalid?: undefined } | { ranges?: undefined; invalid: string };

/**
 * loadBalancerSourceRanges reads a Service's admitted client ranges: the field when set, else
 * the annotation; none at all means every client is admitted (an empty list).
 */
export function loadBalancerSourceRanges(svc: { metadata?: { annotations?: Record<string, string> }; spec?: { loadBalancerSourceRanges?: string[] } }): SourceRanges {
  const field = svc.spec?.loadBalancerSourceRanges ?? [];
  const annotation = svc.metadata?.annotations?.[SOURCE_RANGES_ANNOTATION];
  const specs = field.length > 0 ? field.map((s) => String(s).trim())
    : annotation?.trim() ? annotation.trim().split(',').map((s) => s.trim()) : [];
  const ranges: SourceRange[] = [];
  for (const s of specs) {
    const r = parseSourceRange(s);
    if (!r) return { invalid: s };
    ranges.push(r);
  }
  return { ranges };
}

/**
 * proxiedSourceRanges are the ranges kube-proxy programs: the field only (kube-proxy never
 * reads the annotation), trimmed, of the given family; entries that do not parse are skipped,
 * as pkg/proxy's MapCIDRsByIPFamily does.
 */
export function proxiedSourceRanges(svc: { spec?: { loadBalancerSourceRanges?: string[] } }, family: 4 | 6 = 4): SourceRange[] {
  return (svc.spec?.loadBalancerSourceRanges ?? []).flatMap((s) => {
    const r = parseSourceRange(String(s).trim());
    return r && r.family === family ? [r] : [];
  });
}
