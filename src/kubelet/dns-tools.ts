/**
 * dns-tools: what the DNS clients print inside a pod — busybox's nslookup (busybox, alpine),
 * bind's nslookup, dig and host (dnsutils images), and libc's `getent hosts` — each asking
 * the nameserver and search path of the pod's /etc/resolv.conf, the way that client walks it
 * (network/dns/stub-resolver.ts).
 * Mirrors busybox 1.36.1 networking/nslookup.c, bind 9.9 (Debian jessie, the
 * jessie-dnsutils image) bin/dig/{nslookup,dig,host}.c and glibc nss/getent.c.
 * kubemu: queries are answered in the order sent (a real client prints replies as they
 * arrive); when no server answers, the tools print their timeout line at once.
 */
import type { KubeObject } from '../api/meta';
import type { ApiClient } from '../apiserver/client';
import { clusterFirstResolvConf, queryCluster, upstreamReply, type NoAnswer, type Reach } from '../network/dns';
import { isIPv4 } from '../network/dns/corefile';
import { RECORD_TYPES, reverseName, type DnsReply, type RecordType, type ResourceRecord } from '../network/dns/message';
import { busyboxCandidates, libcCandidates, parseResolvConf, type ResolvConf } from '../network/dns/stub-resolver';
import { NODE_NAMESERVER, hostsFile, resolvConf } from './standard-files';

/** ToolOutput is a finished command: its output streams and exit code. */
export interface ToolOutput { stdout: string; stderr: string; code: number }

/** DnsToolContext is the calling pod (for its resolv.conf and /etc/hosts), the API, and what the pod may reach. */
export interface DnsToolContext { namespace: string; pod?: KubeObject; api: Pick<ApiClient, 'tryGet' | 'list'>; nowMs?: number; reach?: Reach }

/** NO_SERVERS is what nslookup, dig and host print when no nameserver answers. */
export const NO_SERVERS = ';; connection timed out; no servers could be reached';

/** BUSYBOX_NSLOOKUP_USAGE is busybox 1.36.1's usage text (stderr, exit 1). */
export const BUSYBOX_NSLOOKUP_USAGE = 'BusyBox v1.36.1 (2023-05-18 22:34:17 UTC) multi-call binary.\n\nUsage: nslookup [-type=QUERY_TYPE] [-debug] HOST [DNS_SERVER]\n\n'
  + 'Query DNS about HOST\n\nQUERY_TYPE: soa,ns,a,aaaa,cname,mx,txt,ptr,srv,any\n';

/** DIG_VERSION is the dig of registry.k8s.io/e2e-test-images/jessie-dnsutils. */
/** BUSYBOX_128_NSLOOKUP_USAGE is busybox 1.28's nslookup usage text. */
export const BUSYBOX_128_NSLOOKUP_USAGE = 'BusyBox v1.28.4 (2018-05-22 17:00:17 UTC) multi-call binary.\n\nUsage: nslookup [HOST] [SERVER]\n\nQuery the nameserver for the IP address of the given HOST\noptionally using a specified DNS server\n';
export const DIG_VERSION = '9.9.5-9+deb8u19-Debian';

type Reply = DnsReply | NoAnswer;

/** answered narrows a Reply to a reply. */
const answered = (r: Reply): r is DnsReply => typeof r !== 'string';

/** confOf is the pod's resolv.conf as its runtime wrote it (ClusterFirst in namespace when no pod is known). */
function confOf(ctx: DnsToolContext): ResolvConf {
  return ctx.pod ? parseResolvConf(resolvConf(ctx.pod)) : clusterFirstResolvConf(ctx.namespace);
}

/** ask sends one query to server: cluster DNS, the node's resolver (kubemu: no internet), or nobody. */
function ask(server: string, name: string, type: RecordType, ctx: DnsToolContext): Reply {
  if (server === NODE_NAMESERVER) return upstreamReply();
  return queryCluster(server, name, type, ctx.api, ctx.reach);
}

const bare = (name: string) => name.replace(/\.$/, '');
const ok = (stdout: string, code = 0): ToolOutput => ({ stdout, stderr: '', code });
/** recordType is the type a tool's argument names, if any. */
const recordType = (word: string | undefined): RecordType | undefined => RECORD_TYPES.find((t) => t === (word ?? '').toUpperCase());

/** busyboxRecord is one answer line of busybox nslookup's parse_reply. */
function busyboxRecord(rr: ResourceRecord): string {
  switch (rr.type) {
    case 'A': case 'AAAA': return `Name:\t${bare(rr.name)}\nAddress: ${rr.data}\n`;
    case 'CNAME': return `${bare(rr.name)}\tcanonical name = ${bare(rr.data)}\n`;
    case 'PTR': return `${bare(rr.name)}\tname = ${bare(rr.data)}\n`;
    case 'SRV': {
      const [p, w, port, target] = rr.data.split(' ');
      return `${bare(rr.name)}\tservice = ${p} ${w} ${port} ${bare(target!)}\n`;
    }
    default: return '';
  }
}

/** busyboxNslookup is busybox 1.36.1's nslookup: A and AAAA for every search candidate, each reply printed. */
export function busyboxNslookup(args: string[], ctx: DnsToolContext): ToolOutput {
  const types: RecordType[] = [];
  let i = 0;
  for (; i < args.length && args[i]!.startsWith('-'); i++) {
    const [opt, val = ''] = args[i]!.slice(1).split(/=(.*)/s);
    if (opt === 'type' || opt === 'querytype') {
      const t = recordType(val);
      if (!t) return { stdout: '', stderr: `nslookup: invalid query type "${val}"\n`, code: 1 };
      if (!types.includes(t)) types.push(t);
    } else if (!['port', 'retry', 'debug', 't', 'timeout'].includes(opt!)) return { stdout: '', stderr: BUSYBOX_NSLOOKUP_USAGE, code: 1 };
  }
  const [host, serverArg, extra] = args.slice(i);
  if (!host || extra !== undefined) return { stdout: '', stderr: BUSYBOX_NSLOOKUP_USAGE, code: 1 };
  // Given a server, busybox does not read resolv.conf at all: no search list either.
  const conf = serverArg ? { nameservers: [serverArg], search: [], ndots: 1 } : confOf(ctx);
  const server = conf.nameservers[0] ?? '127.0.0.1';
  const queries: { name: string; type: RecordType }[] = [];
  if (!types.length && isIPv4(host)) queries.push({ name: reverseName(host), type: 'PTR' });
  else {
    // Types go in busybox's qtypes table order, each over the whole search list; a PTR type
    // asks the name as given (no in-addr.arpa conversion, no search).
    const order: RecordType[] = ['SOA', 'NS', 'A', 'AAAA', 'CNAME', 'MX', 'TXT', 'SRV', 'PTR', 'ANY'];
    const wanted = types.length ? order.filter((t) => types.includes(t)) : ['A', 'AAAA'] as RecordType[];
    for (const type of wanted) {
      const names = type === 'PTR' ? [host] : busyboxCandidates(host, conf);
      for (const name of names) queries.push({ name, type });
    }
  }
  let out = '';
  let code = 0;
  for (const q of queries) {
    const r = ask(server, q.name, q.type, ctx);
    if (r === 'refused') {
      // ICMP port unreachable fails the next write on the connected socket (so busybox gives
      // up at once), or, with a single query, each read until the 5 s timeout (two tries).
      const why = queries.length > 1 ? `nslookup: write to '${server}': Connection refused\n` : 'nslookup: read: Connection refused\n'.repeat(2);
      return { stdout: `${NO_SERVERS}\n\n`, stderr: why, code: 1 };
    }
    if (r === 'timeout') return ok(`${NO_SERVERS}\n\n`, 1);
    if (!out) out = `Server:\t\t${server}\nAddress:\t${server}:53\n\n`;
    if (r.rcode !== 'NOERROR') { out += `** server can't find ${q.name}: ${r.rcode}\n`; code = 1; }
    else out += (r.aa ? '' : 'Non-authoritative answer:\n') + r.answers.map(busyboxRecord).join('');
    out += '\n';
  }
  return ok(out, code);
}

/**
 * busyboxLegacyNslookup is busybox 1.28's nslookup, from before busybox had its own DNS client
 * (the tag the Kubernetes docs debug DNS with): the server and then the name, each looked up
 * through libc (getaddrinfo: the pod's search list) and printed with a numbered address and
 * that address's reverse name; a name that does not resolve gets "can't resolve" on stderr.
 */
export function busyboxLegacyNslookup(args: string[], ctx: DnsToolContext): ToolOutput {
  const [host, serverArg] = args.filter((a) => !a.startsWith('-'));
  if (!host) return { stdout: '', stderr: BUSYBOX_128_NSLOOKUP_USAGE, code: 1 };
  const base = confOf(ctx);
  const conf = serverArg ? { ...base, nameservers: [serverArg] } : base;
  const server = conf.nameservers[0] ?? '127.0.0.1';
  const reverse = (ip: string): string | undefined => {
    const { reply } = searchLookup(reverseName(ip), 'PTR', server, conf, ctx, { libc: true });
    return answered(reply) && reply.rcode === 'NOERROR' && reply.answers[0] ? bare(reply.answers[0].data) : undefined;
  };
  const block = (header: string, name: string, ips: string[]): string => `${header.padEnd(10)} ${name}\n${ips.map((ip, i) => {
    const rev = reverse(ip);
    return `Address ${i + 1}: ${ip}${rev ? ` ${rev}` : ''}\n`;
  }).join('')}\n`;
  let out = block('Server:', server, [server]);
  let ips: string[] = [];
  if (isIPv4(host)) ips = [host];
  else {
    const { reply } = searchLookup(host, 'A', server, conf, ctx, { libc: true });
    if (answered(reply) && reply.rcode === 'NOERROR') ips = reply.answers.filter((a) => a.type === 'A').map((a) => a.data);
  }
  if (!ips.length) return { stdout: `${out}\n`, stderr: `nslookup: can't resolve '${host}'\n`, code: 1 };
  out += block('Name:', host, ips);
  return ok(out);
}

/** bindRecord is one answer line of bind's nslookup. */
function bindRecord(rr: ResourceRecord): string {
  switch (rr.type) {
    case 'A': case 'AAAA': return `Name:\t${bare(rr.name)}\nAddress: ${rr.data}\n`;
    case 'CNAME': return `${bare(rr.name)}\tcanonical name = ${rr.data}\n`;
    case 'PTR': return `${bare(rr.name)}\tname = ${rr.data}\n`;
    case 'SRV': return `${bare(rr.name)}\tservice = ${rr.data}\n`;
    default: return '';
  }
}

/**
 * searchLookup asks the search candidates in turn; the reply that ends the walk, or the last.
 * bind's tools go on only after NXDOMAIN (dighost.c next_origin); libc also after an empty
 * answer (res_search's got_nodata).
 */
function searchLookup(name: string, type: RecordType, server: string, conf: ResolvConf, ctx: DnsToolContext,
  opts: { search?: boolean; libc?: boolean } = {}): { name: string; reply: Reply } {
  const names = type === 'PTR' || opts.search === false ? [name.endsWith('.') ? name : `${name}.`] : libcCandidates(name, conf);
  let last: { name: string; reply: Reply } = { name: names[0]!, reply: 'timeout' };
  for (const n of names) {
    const r = ask(server, n, type, ctx);
    last = { name: n, reply: r };
    if (!answered(r) || r.rcode !== 'NXDOMAIN' && (!opts.libc || r.rcode !== 'NOERROR' || r.answers.length)) return last;
  }
  return last;
}

/** bindNslookup is bind 9.9's nslookup: the search list as libc walks it, one A lookup. */
export function bindNslookup(args: string[], ctx: DnsToolContext): ToolOutput {
  let type: RecordType = 'A';
  const rest: string[] = [];
  for (const a of args) {
    const m = /^-(?:type|querytype|query|q|ty)=(.*)$/i.exec(a);
    if (m) type = recordType(m[1]) ?? 'A';
    else if (!a.startsWith('-')) rest.push(a);
  }
  const [host, serverArg] = rest;
  if (!host) return { stdout: '', stderr: '', code: 1 };
  const conf = confOf(ctx);
  const server = serverArg ?? conf.nameservers[0] ?? '127.0.0.1';
  const ptr = isIPv4(host);
  const { name: asked, reply: r } = searchLookup(ptr ? reverseName(host) : host, ptr ? 'PTR' : type, server, conf, ctx);
  if (!answered(r)) return ok(`${NO_SERVERS}\n\n`, 1);
  let out = `Server:\t\t${server}\nAddress:\t${server}#53\n\n`;
  // The name that failed is the last one asked (the name itself, after the search list).
  if (r.rcode !== 'NOERROR') return ok(`${out}** server can't find ${bare(asked)}: ${r.rcode}\n\n`, 1);
  if (!r.aa) out += 'Non-authoritative answer:\n';
  if (!r.answers.length) return ok(`${out}*** Can't find ${host}: No answer\n\n`, 0);
  return ok(`${out}${r.answers.map(bindRecord).join('')}\n`);
}

/** hostRecord is one line of bind's host. */
function hostRecord(rr: ResourceRecord): string {
  switch (rr.type) {
    case 'A': return `${bare(rr.name)} has address ${rr.data}\n`;
    case 'AAAA': return `${bare(rr.name)} has IPv6 address ${rr.data}\n`;
    case 'CNAME': return `${bare(rr.name)} is an alias for ${rr.data}\n`;
    case 'PTR': return `${bare(rr.name)} domain name pointer ${rr.data}\n`;
    case 'SRV': return `${bare(rr.name)} has SRV record ${rr.data}\n`;
    default: return '';
  }
}

/** host is bind 9.9's host: A (then AAAA and MX, which cluster names do not have) or PTR for an address. */
export function hostTool(args: string[], ctx: DnsToolContext): ToolOutput {
  let type: RecordType | undefined;
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-t') { type = recordType(args[++i]) ?? 'A'; continue; }
    if (!a.startsWith('-')) rest.push(a);
  }
  const [host, serverArg] = rest;
  if (!host) return { stdout: '', stderr: 'Usage: host [-aCdilrTvVw] [-c class] [-N ndots] [-t type] [-W time]\n            [-R number] [-m flag] hostname [server]\n', code: 1 };
  const conf = confOf(ctx);
  const server = serverArg ?? conf.nameservers[0] ?? '127.0.0.1';
  const ptr = isIPv4(host) && !type;
  const { name: asked, reply: r } = searchLookup(ptr ? reverseName(host) : host, ptr ? 'PTR' : (type ?? 'A'), server, conf, ctx);
  if (!answered(r)) return ok(`${NO_SERVERS}\n`, 1);
  const head = serverArg ? `Using domain server:\nName: ${server}\nAddress: ${server}#53\nAliases: \n\n` : '';
  if (r.rcode !== 'NOERROR') return ok(`${head}Host ${ptr ? `${reverseName(host)}.` : host} not found: ${r.rcode === 'NXDOMAIN' ? 3 : 2}(${r.rcode})\n`, 1);
  if (!r.answers.length && type) return ok(`${head}${bare(asked)} has no ${type} record\n`);
  return ok(head + r.answers.map(hostRecord).join(''));
}

/** wireLength is a name's length on the wire (labels with their length bytes, the root byte). */
function wireLength(name: string): number {
  return bare(name).split('.').reduce((n, l) => n + l.length + 1, 1);
}

/**
 * columns lays fields out as bind's master-file style does (lib/dns/masterdump.c indent):
 * each field goes to its column — at least one past the text before — with 8-wide tabs as
 * far as they reach and spaces for the rest.
 */
function columns(fields: string[], at: number[]): string {
  let out = fields[0]!;
  let col = out.length;
  fields.slice(1).forEach((f, i) => {
    const to = Math.max(at[i]!, col + 1);
    const tabs = Math.floor(to / 8) - Math.floor(col / 8);
    if (tabs > 0) { out += '\t'.repeat(tabs); col = Math.floor(to / 8) * 8; }
    out += ' '.repeat(to - col) + f;
    col = to + f.length;
  });
  return out;
}

/** digRecord is one record in dig's section format: owner, ttl, class, type, data. */
function digRecord(rr: ResourceRecord): string {
  return `${columns([rr.name, String(rr.ttl), 'IN', rr.type, rr.data], [24, 32, 40, 48])}\n`;
}

/** digTool is bind 9.9's dig: +short prints the answers' data, the default a full report. */
export function digTool(args: string[], ctx: DnsToolContext): ToolOutput {
  let short = false;
  let search = false;
  let type: RecordType = 'A';
  let server: string | undefined;
  let name: string | undefined;
  let reverse = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '+short') short = true;
    else if (a === '+search') search = true;
    else if (a === '+nosearch') search = false;
    else if (a.startsWith('+')) continue;
    else if (a.startsWith('@')) server = a.slice(1);
    else if (a === '-x') { reverse = true; name = reverseName(args[++i] ?? ''); type = 'PTR'; }
    else if (a === '-t') type = recordType(args[++i]) ?? type;
    else if (a.startsWith('-')) continue;
    else {
      // As dig does, a word that names a type is the type; any other word is the name.
      const t = recordType(a);
      if (t && !reverse) type = t; else name = a;
    }
  }
  const conf = confOf(ctx);
  const ns = server ?? conf.nameservers[0] ?? '127.0.0.1';
  const qname = name ?? '.';
  const { name: asked, reply: r } = searchLookup(qname, type, ns, conf, ctx, { search: search && !reverse });
  if (!answered(r)) return ok(`${short ? '' : `\n; <<>> DiG ${DIG_VERSION} <<>> ${args.join(' ')}\n;; global options: +cmd\n`}${NO_SERVERS}\n`, 9);
  if (short) return ok(r.answers.map((a) => `${a.data}\n`).join(''));
  const id = [...asked].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 65536, 7);
  const flags = `qr${r.aa ? ' aa' : ''} rd${r.aa ? '' : ' ra'}`;
  let out = `\n; <<>> DiG ${DIG_VERSION} <<>> ${args.join(' ')}\n;; global options: +cmd\n;; Got answer:\n`
    + `;; ->>HEADER<<- opcode: QUERY, status: ${r.rcode}, id: ${id}\n`
    + `;; flags: ${flags}; QUERY: 1, ANSWER: ${r.answers.length}, AUTHORITY: 0, ADDITIONAL: ${r.additional.length + 1}\n`
    + (r.aa ? ';; WARNING: recursion requested but not available\n' : '')
    + '\n;; OPT PSEUDOSECTION:\n; EDNS: version: 0, flags:; udp: 4096\n'
    + `;; QUESTION SECTION:\n${columns([`;${asked}`, 'IN', type], [32, 40])}\n`;
  if (r.answers.length) out += `\n;; ANSWER SECTION:\n${r.answers.map(digRecord).join('')}`;
  if (r.additional.length) out += `\n;; ADDITIONAL SECTION:\n${r.additional.map(digRecord).join('')}`;
  const size = 12 + wireLength(asked) + 4 + 11
    + [...r.answers, ...r.additional].reduce((n, rr) => n + 12 + (rr.type === 'A' ? 4 : wireLength(rr.data.split(' ').pop()!) + (rr.type === 'SRV' ? 6 : 0)), 0);
  const when = new Date(ctx.nowMs ?? 0).toUTCString().replace(/^(\w+), (\d+) (\w+) (\d+) ([\d:]+) GMT$/, '$1 $3 $2 $5 UTC $4');
  out += `\n;; Query time: 0 msec\n;; SERVER: ${ns}#53(${ns})\n;; WHEN: ${when}\n;; MSG SIZE  rcvd: ${size}\n\n`;
  return ok(out);
}

/** getentHosts is `getent hosts NAME…`: /etc/hosts first, then DNS through getaddrinfo's search list. */
export function getentHosts(args: string[], ctx: DnsToolContext): ToolOutput {
  const [db, ...keys] = args;
  if (db !== 'hosts') return { stdout: '', stderr: `Unknown database: ${db ?? ''}\nTry \`getent --help' or \`getent --usage' for more information.\n`, code: 1 };
  const conf = confOf(ctx);
  const line = (ip: string, names: string[]) => `${ip.padEnd(15)} ${names.join(' ')}\n`;
  const hostsLines = ctx.pod ? hostsFile(ctx.pod).split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.split(/\s+/)) : [];
  let out = '';
  let code = 0;
  for (const key of keys) {
    const local = hostsLines.find(([ip, ...names]) => ip === key || names.some((n) => n.toLowerCase() === key.toLowerCase()));
    if (local) { out += line(local[0]!, local.slice(1)); continue; }
    const server = conf.nameservers[0];
    const { reply: r } = server ? searchLookup(isIPv4(key) ? reverseName(key) : key, isIPv4(key) ? 'PTR' : 'A', server, conf, ctx, { libc: true }) : { reply: 'timeout' as const };
    if (!answered(r) || r.rcode !== 'NOERROR' || !r.answers.length) { code = 2; continue; }
    if (isIPv4(key)) { out += line(key, [bare(r.answers[0]!.data)]); continue; }
    const addrs = r.answers.filter((a) => a.type === 'A');
    const canonical = bare(addrs[0]?.name ?? '');
    const aliases = r.answers.filter((a) => a.type === 'CNAME').map((a) => bare(a.name));
    for (const a of addrs) out += line(a.data, [canonical, ...aliases]);
    if (!addrs.length) code = 2;
  }
  return ok(out, code);
}

/** NslookupFlavour is whose nslookup an image ships: busybox's own client (1.29 on), busybox 1.28's libc one, or bind's. */
export type NslookupFlavour = 'busybox' | 'busybox-1.28' | 'bind';

/** DNS_CLIENTS are the commands this module runs. */
export const DNS_CLIENTS = new Set(['nslookup', 'dig', 'host', 'getent']);

/** runDnsTool runs one DNS client; flavour says whose nslookup the image ships. */
export function runDnsTool(bin: string, args: string[], ctx: DnsToolContext, flavour: NslookupFlavour): ToolOutput | undefined {
  switch (bin) {
    case 'nslookup': return flavour === 'busybox' ? busyboxNslookup(args, ctx) : flavour === 'busybox-1.28' ? busyboxLegacyNslookup(args, ctx) : bindNslookup(args, ctx);
    case 'dig': return digTool(args, ctx);
    case 'host': return hostTool(args, ctx);
    case 'getent': return getentHosts(args, ctx);
    default: return undefined;
  }
}
