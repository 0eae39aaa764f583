/**
 * network-policy-ipblock: whether an address is inside a NetworkPolicy peer's ipBlock — its
 * cidr and none of its except ranges (networking/v1 IPBlock).
 * kubemu: IPv4 only (the emulated pod and service networks are IPv4); an IPv6 block or
 * address matches nothing.
 */

/** parseIPv4 parses a dotted quad into a 32-bit unsigned number; undefined when it is not one. */
export function parseIPv4(ip: string): number | undefined {
  const parts = ip.split('.');
  if (parts.length !== 4) return undefined;
  let n = 0;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p)) return undefined;
    const b = Number(p);
    if (b > 255) return undefined;
    n = n * 256 + b;
  }
  return n;
}

/** Cidr is a parsed IPv4 prefix: its first address and mask length. */
export interface Cidr { base: number; bits: number }

/** parseCidr parses "a.b.c.d/n" (a bare address is a /32); undefined when malformed. */
export function parseCidr(cidr: string): Cidr | undefined {
  const [addr, len] = cidr.split('/');
  const ip = parseIPv4(addr ?? '');
  const bits = len === undefined ? 32 : Number(len);
  if (ip === undefined || !Number.isInteger(bits) || bits < 0 || bits > 32) return undefined;
  return { base: bits === 0 ? 0 : ip - (ip % 2 ** (32 - bits)), bits };
}

/** cidrContains reports whether the parsed address is inside the prefix. */
export function cidrContains(c: Cidr, ip: number): boolean {
  const size = 2 ** (32 - c.bits);
  return ip >= c.base && ip < c.base + size;
}

/** IpBlock is a compiled networking/v1 IPBlock. */
export interface IpBlock { cidr?: Cidr; except: Cidr[] }

/** compileIpBlock parses an ipBlock once, so matching does no string work. */
export function compileIpBlock(block: { cidr?: string; except?: string[] }): IpBlock {
  return {
    cidr: block.cidr ? parseCidr(block.cidr) : undefined,
    except: (block.except ?? []).map(parseCidr).filter((c): c is Cidr => !!c),
  };
}

/** ipBlockMatches reports whether ip is in the block's cidr and in none of its excepts. */
export function ipBlockMatches(block: IpBlock, ip: string | undefined): boolean {
  const n = ip === undefined ? undefined : parseIPv4(ip);
  if (n === undefined || !block.cidr || !cidrContains(block.cidr, n)) return false;
  return !block.except.some((e) => cidrContains(e, n));
}
