/**
 * corefile: the parts of CoreDNS's Corefile (the kube-system/coredns ConfigMap) that users
 * edit in practice — server blocks and their zones, `kubernetes`, `hosts`, `rewrite name` and
 * `forward` — read into a plain config. Other plugins (errors, cache, loop, reload …) are
 * accepted and ignored: they change nothing a query answers.
 * Mirrors coredns/coredns core/dnsserver (server blocks) and the plugins' setup.go parsers.
 * kubemu: a Corefile CoreDNS would refuse (unbalanced braces, an unknown directive, a plugin
 * without its arguments) is reported as an error; the caller keeps the previous (default)
 * configuration, as CoreDNS's `reload` plugin keeps serving the last good one.
 */

/** HostsEntry is one `IP name…` line of a hosts block. */
export interface HostsEntry { ip: string; names: string[] }

/** RewriteRule is a `rewrite [continue|stop] name [TYPE] FROM TO [answer …]` rule. */
export interface RewriteRule {
  match: 'exact' | 'prefix' | 'suffix' | 'substring' | 'regex';
  from: string;
  to: string;
  /** answerName: the response's names are rewritten back (an exact rule, or `answer auto|name`). */
  answerName: boolean;
}

/** KubernetesPlugin is the `kubernetes ZONES… { … }` stanza. */
export interface KubernetesPlugin {
  zones: string[];
  pods: 'disabled' | 'insecure' | 'verified';
  /** fallthrough zones ([] with a bare `fallthrough` means every zone). */
  fallthrough?: string[];
  ttl: number;
}

/** HostsPlugin is the `hosts [FILE [ZONES…]] { … }` stanza. */
export interface HostsPlugin { zones: string[]; entries: HostsEntry[]; fallthrough?: string[]; ttl: number; noReverse: boolean }

/** ServerBlock is one `ZONE:PORT … { plugins }` block. */
export interface ServerBlock {
  zones: string[];
  kubernetes?: KubernetesPlugin;
  hosts?: HostsPlugin;
  rewrites: RewriteRule[];
  /** forward is the `forward FROM TO…` stanza's upstreams; undefined when the block has none. */
  forward?: { from: string; to: string[] };
}

/** Corefile is a parsed Corefile: its server blocks in order. */
export interface Corefile { blocks: ServerBlock[] }

/** CorefileError is why a Corefile does not load (CoreDNS's own wording where it has one). */
export class CorefileError extends Error {}

/** KNOWN_PLUGINS are the directives CoreDNS v1.11 knows; any other one fails the load. */
const KNOWN_PLUGINS = new Set([
  'root', 'metadata', 'geoip', 'cancel', 'tls', 'timeouts', 'multisocket', 'reload', 'nsid', 'bufsize', 'bind', 'debug',
  'trace', 'ready', 'health', 'pprof', 'prometheus', 'errors', 'log', 'dnstap', 'local', 'dns64', 'acl', 'any', 'chaos',
  'loadbalance', 'tsig', 'cache', 'rewrite', 'header', 'dnssec', 'autopath', 'minimal', 'template', 'transfer', 'hosts',
  'route53', 'azure', 'clouddns', 'k8s_external', 'kubernetes', 'file', 'auto', 'secondary', 'etcd', 'loop', 'forward',
  'grpc', 'erratic', 'whoami', 'on', 'sign', 'view', 'import',
]);

/** fqdn lower-cases a name and gives it its trailing dot. */
export function fqdn(name: string): string {
  const n = name.toLowerCase();
  return n.endsWith('.') ? n : `${n}.`;
}

/** zoneOf normalises a server-block key or plugin zone: "dns://.:53" → ".", "Example.com:53" → "example.com.". */
function zoneOf(key: string): string {
  const bare = key.replace(/^[a-z]+:\/\//, '').replace(/:\d+$/, '');
  return bare === '.' || bare === '' ? '.' : fqdn(bare);
}

interface Directive { name: string; args: string[]; body: Directive[] }

/**
 * tokenize splits Corefile text into lines of words, dropping # comments. As in the Caddyfile
 * lexer, a brace is a token only as a word of its own (`{1}` in a rewrite is text).
 */
function tokenize(text: string): string[][] {
  const lines: string[][] = [];
  for (const raw of text.split('\n')) {
    const words: string[] = [];
    for (const m of raw.matchAll(/"([^"]*)"|(#.*)|(\S+)/g)) {
      if (m[2] !== undefined) break;
      words.push(m[1] ?? m[3]!);
    }
    if (words.length) lines.push(words);
  }
  return lines;
}

/** parseBlocks reads `KEYS { directives }` blocks, each directive with an optional `{ … }` body. */
function parseBlocks(text: string): { keys: string[]; directives: Directive[] }[] {
  const tokens = tokenize(text).flatMap((l) => [...l, '\n']);
  let i = 0;
  const blocks: { keys: string[]; directives: Directive[] }[] = [];
  const readBody = (depth: number): Directive[] => {
    const out: Directive[] = [];
    for (;;) {
      while (tokens[i] === '\n') i++;
      const t = tokens[i];
      if (t === undefined) throw new CorefileError('Unexpected EOF');
      if (t === '}') { i++; return out; }
      if (t === '{') throw new CorefileError("Unexpected token '{', expecting a directive");
      const d: Directive = { name: t, args: [], body: [] };
      i++;
      while (tokens[i] !== undefined && tokens[i] !== '\n' && tokens[i] !== '{' && tokens[i] !== '}') d.args.push(tokens[i++]!);
      if (tokens[i] === '{') {
        if (depth > 1) throw new CorefileError("Unexpected token '{'");
        i++;
        d.body = readBody(depth + 1);
      }
      out.push(d);
    }
  };
  for (;;) {
    while (tokens[i] === '\n') i++;
    if (i >= tokens.length) return blocks;
    const keys: string[] = [];
    while (tokens[i] !== undefined && tokens[i] !== '{') {
      if (tokens[i] === '}') throw new CorefileError("Unexpected token '}'");
      if (tokens[i] !== '\n') keys.push(...tokens[i]!.split(',').filter(Boolean));
      i++;
    }
    if (tokens[i] !== '{') throw new CorefileError('Unexpected EOF');
    i++;
    blocks.push({ keys, directives: readBody(1) });
  }
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** isIPv4 says whether text is a dotted-quad IPv4 address. */
export function isIPv4(text: string): boolean {
  const m = IPV4.exec(text);
  return !!m && m.slice(1).every((o) => Number(o) <= 255);
}

function kubernetesPlugin(d: Directive, blockZones: string[]): KubernetesPlugin {
  const k: KubernetesPlugin = { zones: d.args.length ? d.args.map(zoneOf) : blockZones, pods: 'disabled', ttl: 5 };
  for (const o of d.body) {
    if (o.name === 'pods') {
      if (!['disabled', 'insecure', 'verified'].includes(o.args[0] ?? '')) throw new CorefileError(`kubernetes: invalid pods mode '${o.args[0] ?? ''}'`);
      k.pods = o.args[0] as KubernetesPlugin['pods'];
    } else if (o.name === 'fallthrough') k.fallthrough = o.args.map(zoneOf);
    else if (o.name === 'ttl') {
      const ttl = Number(o.args[0]);
      if (!Number.isInteger(ttl) || ttl < 0 || ttl > 3600) throw new CorefileError(`kubernetes: ttl must be in range [0, 3600]: ${o.args[0] ?? ''}`);
      k.ttl = ttl;
    }
  }
  return k;
}

function hostsPlugin(d: Directive, blockZones: string[]): HostsPlugin {
  // `hosts [FILE [ZONES…]]`: the file is the node's, which kubemu does not have; its zones still apply.
  const zones = d.args.length > 1 ? d.args.slice(1).map(zoneOf) : blockZones;
  const h: HostsPlugin = { zones, entries: [], ttl: 3600, noReverse: false };
  for (const o of d.body) {
    if (o.name === 'fallthrough') h.fallthrough = o.args.map(zoneOf);
    else if (o.name === 'ttl') h.ttl = Number(o.args[0] ?? 3600);
    else if (o.name === 'no_reverse') h.noReverse = true;
    else if (o.name === 'reload') continue;
    else if (isIPv4(o.name) || o.name.includes(':')) {
      // An inline line is "IP NAME…", as in /etc/hosts; a line without names is skipped, as the plugin does.
      if (o.args.length) h.entries.push({ ip: o.name, names: o.args.map(fqdn) });
    } else throw new CorefileError(`hosts: unknown property '${o.name}'`);
  }
  return h;
}

function rewriteRule(d: Directive): RewriteRule | undefined {
  const args = [...d.args];
  if (args[0] === 'continue' || args[0] === 'stop') args.shift();
  if (args[0] !== 'name') return undefined; // type, class, edns0, ttl … rewrites change nothing kubemu answers
  args.shift();
  let match: RewriteRule['match'] = 'exact';
  if (['exact', 'prefix', 'suffix', 'substring', 'regex'].includes(args[0] ?? '')) match = args.shift() as RewriteRule['match'];
  const [from, to, ...rest] = args;
  if (!from || !to) throw new CorefileError('rewrite: wrong argument count or unexpected line ending after \'name\'');
  // An exact rule's answers are renamed back on their own; other rules need `answer auto|name`.
  const answerName = match === 'exact' || rest[0] === 'answer' && (rest[1] === 'auto' || rest[1] === 'name')
    || d.body.some((b) => b.name === 'answer' && (b.args[0] === 'auto' || b.args[0] === 'name'));
  return { match, from: match === 'regex' ? from : from.toLowerCase(), to: match === 'regex' ? to : to.toLowerCase(), answerName };
}

/** parseCorefile reads a Corefile, or throws CorefileError for one CoreDNS would not load. */
export function parseCorefile(text: string): Corefile {
  const blocks: ServerBlock[] = [];
  for (const b of parseBlocks(text)) {
    if (!b.keys.length) throw new CorefileError('Unexpected token \'{\', expecting a server block key');
    const zones = b.keys.map(zoneOf);
    const block: ServerBlock = { zones, rewrites: [] };
    for (const d of b.directives) {
      if (!KNOWN_PLUGINS.has(d.name)) throw new CorefileError(`Unknown directive '${d.name}'`);
      if (d.name === 'kubernetes') block.kubernetes = kubernetesPlugin(d, zones);
      else if (d.name === 'hosts') block.hosts = hostsPlugin(d, zones);
      else if (d.name === 'rewrite') { const r = rewriteRule(d); if (r) block.rewrites.push(r); }
      else if (d.name === 'forward') {
        if (d.args.length < 2) throw new CorefileError('forward: Wrong argument count or unexpected line ending after \'.\'');
        block.forward = { from: zoneOf(d.args[0]!), to: d.args.slice(1) };
      }
    }
    blocks.push(block);
  }
  if (!blocks.length) throw new CorefileError('no server blocks');
  return { blocks };
}

/** DEFAULT_COREFILE_BLOCK is what kubeadm's Corefile configures, used when the ConfigMap is missing or bad. */
export const DEFAULT_COREFILE: Corefile = {
  blocks: [{
    zones: ['.'],
    kubernetes: { zones: ['cluster.local.', 'in-addr.arpa.', 'ip6.arpa.'], pods: 'insecure', fallthrough: ['in-addr.arpa.', 'ip6.arpa.'], ttl: 30 },
    rewrites: [],
    forward: { from: '.', to: ['/etc/resolv.conf'] },
  }],
};
