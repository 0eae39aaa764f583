/**
 * message: a DNS reply as the tools read it — the response code, the authoritative-answer
 * flag, and the answer and additional records in presentation form (names fully qualified,
 * with their trailing dot).
 */

/** RecordType is a query or record type kubemu answers (others get NODATA or NXDOMAIN). */
export type RecordType = 'A' | 'AAAA' | 'CNAME' | 'SRV' | 'PTR' | 'TXT' | 'MX' | 'NS' | 'SOA' | 'ANY';

/** RECORD_TYPES lists the types a tool may ask for by name. */
export const RECORD_TYPES: readonly RecordType[] = ['A', 'AAAA', 'CNAME', 'SRV', 'PTR', 'TXT', 'MX', 'NS', 'SOA', 'ANY'];

/** ResourceRecord is one record: data is the address (A), target (CNAME, PTR) or "prio weight port target" (SRV). */
export interface ResourceRecord { name: string; type: RecordType; ttl: number; data: string }

/** Rcode is the reply's response code by its mnemonic. */
export type Rcode = 'NOERROR' | 'SERVFAIL' | 'NXDOMAIN' | 'REFUSED';

/** DnsReply is one answered query. */
export interface DnsReply { rcode: Rcode; aa: boolean; answers: ResourceRecord[]; additional: ResourceRecord[] }

/** reply builds a DnsReply. */
export function reply(rcode: Rcode, aa: boolean, answers: ResourceRecord[] = [], additional: ResourceRecord[] = []): DnsReply {
  return { rcode, aa, answers, additional };
}

/** reverseName is the in-addr.arpa name of an IPv4 address: 10.96.0.1 → 1.0.96.10.in-addr.arpa. */
export function reverseName(ip: string): string {
  return `${ip.split('.').reverse().join('.')}.in-addr.arpa`;
}

/** addressOfReverse is the IPv4 address an in-addr.arpa name stands for, if it names a whole one. */
export function addressOfReverse(name: string): string | undefined {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.in-addr\.arpa\.?$/i.exec(name);
  return m ? [m[4], m[3], m[2], m[1]].join('.') : undefined;
}
