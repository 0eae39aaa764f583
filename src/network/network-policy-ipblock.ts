/**
 * network-policy-ipblock: whether an address is inside a NetworkPolicy peer's ipBlock — its
 * cidr and none of its except ranges (networking/v1 IPBlock).
 * kubemu: IPv4 only (the emulated pod and service networks are IPv4); an IPv6 block or
 * address matches nothing.
 */
import { cidrContains, ipToNumber, parseCidr, type Cidr } from '../api/ipv4';

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
  const n = ip === undefined ? undefined : ipToNumber(ip);
  if (n === undefined || !block.cidr || !cidrContains(block.cidr, n)) return false;
  return !block.except.some((e) => cidrContains(e, n));
}
