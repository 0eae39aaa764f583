/**
 * ipv4: dotted-quad addresses and prefixes as numbers, for the allocators, the pod network and
 * NetworkPolicy's ipBlocks (kubemu's networks are IPv4).
 */

/** ipToNumber parses a dotted IPv4 address into a 32-bit unsigned number; undefined for anything else. */
export function ipToNumber(ip: string): number | undefined {
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

/** ipToString writes a 32-bit unsigned number as a dotted IPv4 address. */
export function ipToString(n: number): string {
  return [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}

/** Cidr is a parsed IPv4 prefix: its first address and mask length. */
export interface Cidr { base: number; bits: number }

/** parseCidr parses "a.b.c.d/n" (a bare address is a /32), host bits cleared; undefined when malformed. */
export function parseCidr(cidr: string): Cidr | undefined {
  const [addr, len] = cidr.split('/');
  const ip = ipToNumber(addr ?? '');
  const bits = len === undefined ? 32 : Number(len);
  if (ip === undefined || !Number.isInteger(bits) || bits < 0 || bits > 32) return undefined;
  return { base: bits === 0 ? 0 : ip - (ip % 2 ** (32 - bits)), bits };
}

/** cidrContains reports whether the parsed address is inside the prefix. */
export function cidrContains(c: Cidr, ip: number): boolean {
  return ip >= c.base && ip < c.base + 2 ** (32 - c.bits);
}
