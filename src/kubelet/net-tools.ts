/**
 * net-tools: what `nslookup`, `curl` and `wget` print inside a pod — names resolve through
 * cluster DNS (network/dns.ts), connections land on a ready endpoint (network/proxy.ts), and
 * the pod behind it answers if its image serves HTTP on that port (nginx's welcome page,
 * httpd's "It works!"). It is the container's side of `exec`, so it sits with the images it
 * runs, above the network it reaches.
 * The DNS clients (nslookup, dig, host, getent) are dns-tools.ts.
 * kubemu: only GET.
 */
import type { KubeObject } from '../api/meta';
import type { ApiClient } from '../apiserver/client';
import { imageInfo, parseImage } from './images';
import { resolve, type Reach } from '../network/dns';
import { parseResolvConf } from '../network/dns/stub-resolver';
import { DNS_CLIENTS, runDnsTool, type NslookupFlavour } from './dns-tools';
import { resolvConf } from './standard-files';
import { backendFor, routeConnection, type Client } from '../network/proxy';
import type { Rand } from '../sim/rand';
import { PolicyGate } from '../network/network-policy-gate';
import { nodeReachable } from '../network/cni';
import { NC_TOOL, runNc } from './net-tools-nc';
import { curlTimedOut, wgetTimedOut } from './net-timeouts';
import { controllerReady, ingressEntryAt, ingressEntryFor, ingressRequest, type IngressEntry } from '../network/ingress-http';
import { STATUS_TEXT } from '../network/http-pages';
import { dataPlaneReady, gatewayEntryAt, gatewayEntryFor, gatewayRequest, type GatewayEntry } from '../network/gateway-http';
import { CURL_USER_AGENT, WGET_USER_AGENT, type ServedRequest } from './access-log';
import { HTTPD_WELCOME, NGINX_WELCOME, WEB_SERVERS, webServerOf } from './web-pages';
import { type ServedFile, headersOfAnswer } from './web-response-headers';

/** ToolResult is a finished command: its output streams and exit code. */
export interface ToolResult { stdout: string; stderr: string; code: number }


/** NET_TOOLS are the commands this module runs. */
export const NET_TOOLS = new Set(['curl', 'wget', NC_TOOL, ...DNS_CLIENTS]);

/**
 * imageHasNetTool says whether an image ships tool: the catalogue's binaries; libc-bin's
 * getent in the Debian-based images (shell "bash"); anything in an image the catalogue does
 * not know.
 */
export function imageHasNetTool(image: string, tool: string): boolean {
  const info = imageInfo(image);
  if (!info.known || info.binaries.includes(tool)) return true;
  return tool === 'getent' && info.shell === 'bash';
}

/**
 * netCommand runs argv as a finished command of a container's process, or returns undefined
 * when argv[0] is not a network tool the image has: what it wrote to stderr (progress, errors:
 * a log shows them before the body) and to stdout.
 */
export function netCommand(image: string, argv: string[], ctx: NetContext): { output: string[]; errors: string[]; code: number } | undefined {
  const tool = (argv[0] ?? '').replace(/^.*\//, '');
  if (!NET_TOOLS.has(tool) || !imageHasNetTool(image, tool)) return undefined;
  const r = runNetTool(argv, ctx.asOfMs === undefined ? ctx : { ...ctx, api: asOf(ctx.api, ctx.asOfMs) })!;
  const lines = (text: string): string[] => (text === '' ? [] : text.replace(/\n$/, '').split('\n'));
  return { errors: lines(r.stderr), output: lines(r.stdout), code: r.code };
}

/**
 * asOf is the API as a process met it at atMs: objects created later are not there yet, so a
 * loop waiting for a Service (`until nslookup svc; do sleep 2; done`) ends at the round after
 * the Service appeared. kubemu: objects changed or deleted since are seen as they are now.
 */
function asOf(api: NetContext['api'], atMs: number): NetContext['api'] {
  const existed = (o: KubeObject): boolean => !o.metadata.creationTimestamp || Date.parse(o.metadata.creationTimestamp) <= atMs;
  return {
    tryGet: ((ref: Parameters<NetContext['api']['tryGet']>[0]) => {
      const o = api.tryGet(ref);
      return o && existed(o) ? o : undefined;
    }) as NetContext['api']['tryGet'],
    list: ((q: Parameters<NetContext['api']['list']>[0]) => api.list(q).filter(existed)) as NetContext['api']['list'],
  };
}

/**
 * nslookupFlavour is whose nslookup an image ships: busybox's in busybox-based images (and
 * when the image is not known at all) — its libc-based one up to the 1.28 tags — and bind's
 * in the others.
 */
function nslookupFlavour(image: string | undefined): NslookupFlavour {
  if (!image) return 'busybox';
  const info = imageInfo(image);
  if (info.known && info.shell === 'sh' && !info.binaries.includes('dig')) {
    const ref = parseImage(image);
    const minor = /^(library\/)?busybox$/.test(ref?.repository ?? '') ? /^1\.(\d+)/.exec(ref?.tag ?? '')?.[1] : undefined;
    return minor !== undefined && Number(minor) <= 28 ? 'busybox-1.28' : 'busybox';
  }
  return 'bind';
}

/**
 * NetContext is the calling pod's view: its namespace, the pod itself (its resolv.conf; the
 * source NetworkPolicy judges) and the API; reach overrides what the pod's packets reach.
 */
export interface NetContext {
  namespace: string; api: Pick<ApiClient, 'tryGet' | 'list'>; pod?: KubeObject; image?: string; nowMs?: number; reach?: Reach;
  /** asOfMs is when the calling process made its request (the answer's Date when nowMs is not given). */
  asOfMs?: number;
  /** from is the client as kube-proxy sees it (address, node) when it is not ctx.pod; rand picks among endpoints. */
  from?: Client; rand?: Rand;
  /** served hears of each request a pod's nginx or httpd answered (for its access log), at nowMs. */
  served?: (r: ServedRequest) => void;
}

/** Fetch is a GET's outcome; 'dns-timeout' is a lookup NetworkPolicy dropped, 'timeout' a connection it dropped. */
export type Fetch = { ok: true; body: string; status: number; ip?: string; location?: string; headers?: () => string[] } | { ok: false; why: 'resolve' | 'dns-timeout' | 'refused' | 'timeout'; host: string; ip?: string; port: number };

/** FetchOptions are request details beyond the URL: its headers (curl -H, wget --header), names lower-cased. */
export interface FetchOptions { headers?: Record<string, string>; method?: string; userAgent?: string }

/** fetchUrl performs a GET as far as the emulated network allows. */
export function fetchUrl(url: string, ctx: NetContext, opts: FetchOptions = {}): Fetch {
  const m = /^(?:https?:\/\/)?([^/:]+)(?::(\d+))?(\/.*)?$/.exec(url);
  const host = m?.[1] ?? url;
  const port = Number(m?.[2] ?? (url.startsWith('https://') ? 443 : 80));
  const path = m?.[3] ?? '/';
  let pod: KubeObject | undefined;
  let ip: string | undefined;
  let targetPort = port;
  const gate = new PolicyGate(ctx.api, ctx.pod);
  const from: Client = ctx.from ?? (ctx.pod ? { ip: ctx.pod.status?.podIP, nodeName: ctx.pod.spec?.nodeName } : {});
  const servedBy = (p: KubeObject, port: number, path: string) => serve(p, port, path, ctx.api, ctx.nowMs);
  // An ingress controller's Service (by name, ClusterIP, or a node's IP and its nodePort) routes by Host and path.
  const viaIngress = (entry: IngressEntry, addr: string): Fetch => {
    if (!controllerReady(entry, ctx.api)) return { ok: false, why: 'refused', host, ip: addr, port };
    return { ok: true, ...ingressRequest({ scheme: entry.scheme, host: opts.headers?.host ?? host, path }, ctx.api, servedBy) };
  };
  // A Gateway API data plane's Service routes by listener port, Host, path and headers.
  const viaGateway = (entry: GatewayEntry, addr: string): Fetch => {
    if (!dataPlaneReady(entry, ctx.api)) return { ok: false, why: 'refused', host, ip: addr, port };
    return { ok: true, ...gatewayRequest(entry, { host: opts.headers?.host ?? host, path, headers: opts.headers ?? {} }, ctx.api, servedBy) };
  };
  // A pod's containers share its network namespace: its loopback reaches them, with no policy in the way.
  const loopback = !!ctx.pod && !ctx.pod.spec?.hostNetwork && isLoopback(host);
  if (loopback) {
    pod = ctx.pod;
    ip = '127.0.0.1';
  } else if (/^\d+\.\d+\.\d+\.\d+$/.test(host)) {
    ip = host;
    const entry = ingressEntryAt(host, port, ctx.api);
    if (entry) return viaIngress(entry, host);
    const gateway = gatewayEntryAt(host, port, ctx.api);
    if (gateway) return viaGateway(gateway, host);
    // A ClusterIP, a node port on any node's address, or an external IP goes through kube-proxy's rules.
    const r = routeConnection(host, port, from, ctx.api, ctx.rand);
    if (r.kind === 'refused') return { ok: false, why: 'refused', host, ip, port };
    if (r.kind === 'dropped') return { ok: false, why: 'timeout', host, ip, port };
    if (r.kind === 'backend') { pod = r.backend.pod; targetPort = r.backend.port; }
    else pod = ctx.api.list({ kind: 'Pod' }).find((p) => p.status?.podIP === host);
  } else {
    if (!gate.canResolve()) return { ok: false, why: 'dns-timeout', host, port };
    const ans = resolve(host, ctx.namespace, ctx.api, ctx.pod && parseResolvConf(resolvConf(ctx.pod)), ctx.reach ?? gate.reach());
    if (!ans) return { ok: false, why: 'resolve', host, port };
    ip = ans.addresses[0];
    const entry = ans.service && ingressEntryFor(ans.service, port);
    if (entry) return viaIngress(entry, ip!);
    const gateway = ans.service && gatewayEntryFor(ans.service, port);
    if (gateway) return viaGateway(gateway, ip!);
    const b = ans.service && backendFor(ans.service, ip!, port, ctx.api, from, ctx.rand);
    if (ans.service && !b) return { ok: false, why: 'refused', host, ip, port };
    pod = b ? b.pod : ctx.api.list({ kind: 'Pod' }).find((p) => p.status?.podIP === ip);
    if (b) targetPort = b.port;
  }
  // A pod on a node that is not Ready (partitioned, its kubelet gone) answers nothing: packets to it are lost.
  if (!loopback && pod?.spec?.nodeName && !pod.spec.hostNetwork && !nodeReachable(ctx.api.tryGet({ kind: 'Node', name: pod.spec.nodeName }))) return { ok: false, why: 'timeout', host, ip, port };
  if (!loopback && !gate.canConnect({ ip: pod?.status?.podIP ?? ip, pod }, targetPort)) return { ok: false, why: 'timeout', host, ip, port };
  const answer = pod && serve(pod, targetPort, path, ctx.api, ctx.nowMs);
  if (!answer) return { ok: false, why: 'refused', host, ip, port };
  // What a pod's nginx or httpd sent besides the page, at the time of the request: worked out
  // only when asked for (curl -I and -i print it; a looping client's requests do not need it).
  const atMs = ctx.nowMs ?? ctx.asOfMs;
  const headers = atMs === undefined || !answer.server ? undefined : () => headersOfAnswer(pod!, answer, atMs) ?? [];
  const { server, container, file: _file, ...body } = answer;
  if (server && container && ctx.served && ctx.nowMs !== undefined) {
    const method = opts.method ?? 'GET';
    ctx.served({
      pod: pod!, container, server, clientIp: loopback ? '127.0.0.1' : from.ip ?? '127.0.0.1', method, path, status: body.status,
      bytes: method === 'HEAD' ? 0 : Buffer.byteLength(body.body), userAgent: opts.headers?.['user-agent'] ?? opts.userAgent, ms: ctx.nowMs,
    });
  }
  return { ok: true, ip, ...body, ...(headers ? { headers } : {}) };
}

/** isLoopback says a host names the loopback interface: localhost, or an address in 127.0.0.0/8. */
function isLoopback(host: string): boolean {
  return host === 'localhost' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * serve is what a running pod answers on port for path, or undefined if nothing listens
 * (port-forward answers with it too). With the API and the time at hand, nginx and httpd
 * answer from their document root as the container holds it (document-root.ts).
 */
export function serve(pod: KubeObject, port: number, path: string, api?: Pick<ApiClient, 'tryGet' | 'list'>, nowMs?: number): { body: string; status: number; server?: 'nginx' | 'httpd'; container?: string; file?: ServedFile } | undefined {
  if (pod.status?.phase !== 'Running') return undefined;
  for (const c of pod.spec?.containers ?? []) {
    const info = imageInfo(c.image);
    if (!listensOn(pod, c, port, api)) continue;
    const repo = parseImage(c.image)?.repository.replace(/^library\//, '') ?? '';
    // Loaded on use: the document root reads sibling containers' files through the process model, which runs net tools itself.
    const server = webServerOf(c.image);
    const document = api && server ? (require('./document-root') as typeof import('./document-root')).servedDocument(server, pod, c, path, api, nowMs) : undefined;
    if (document) return { ...document, server, container: c.name };
    const known = !info.httpPaths || info.httpPaths.includes(path);
    const index = (server: 'nginx' | 'httpd'): ServedFile => ({ path: `${WEB_SERVERS[server].root}/index.html`, fromImage: true });
    if (repo === 'nginx') {
      const answer = known ? { body: NGINX_WELCOME, status: 200, file: index('nginx') } : { body: WEB_SERVERS.nginx.errorPage(404, c.image), status: 404 };
      return { ...answer, server: 'nginx', container: c.name };
    }
    if (repo === 'httpd') {
      const answer = known ? { body: HTTPD_WELCOME, status: 200, file: index('httpd') } : { body: WEB_SERVERS.httpd.errorPage(404, c.image), status: 404 };
      return { ...answer, server: 'httpd', container: c.name };
    }
    return { body: '', status: 200 };
  }
  return undefined;
}

/**
 * listensOn says whether container c listens on port: with the API at hand, as its process
 * model says (served-ports.ts); without it, by its image's default ports and declared ports.
 */
function listensOn(pod: KubeObject, c: KubeObject['spec'], port: number, api: Pick<ApiClient, 'tryGet'> | undefined): boolean {
  // Loaded on use: served-ports needs the process model, which runs net tools itself.
  if (api) return (require('./served-ports') as typeof import('./served-ports')).servedPorts(pod, c, api).includes(port);
  const info = imageInfo(c.image);
  const declared = (c.ports ?? []).some((p: { containerPort: number }) => p.containerPort === port);
  return (info.server && info.ports.includes(port)) || (declared && !info.known);
}

/** runNetTool runs curl, wget or a DNS client with argv, or returns undefined for other commands. */
export function runNetTool(argv: string[], ctx: NetContext): ToolResult | undefined {
  const bin = (argv[0] ?? '').replace(/^.*\//, '');
  const args = argv.slice(1);
  if (DNS_CLIENTS.has(bin)) {
    const reach = ctx.reach ?? new PolicyGate(ctx.api, ctx.pod).reach();
    return runDnsTool(bin, args, { ...ctx, reach }, nslookupFlavour(ctx.image ?? ctx.pod?.spec?.containers?.[0]?.image));
  }
  if (bin === 'curl') {
    const valued = ['-o', '-H', '--header', '-X', '-m', '--max-time', '-w', '--write-out', '--connect-timeout', '--output'];
    const url = args.filter((a, i) => !a.startsWith('-') && !valued.includes(args[i - 1] ?? '')).pop();
    if (!url) return { stdout: '', stderr: "curl: try 'curl --help' or 'curl --manual' for more information\n", code: 2 };
    const short = (c: string, long: string) => args.some((a, i) => (new RegExp(`^-[a-zA-Z]*${c}`).test(a) && !valued.includes(args[i - 1] ?? '')) || a === long);
    const silent = short('s', '--silent');
    const showError = short('S', '--show-error');
    const headOnly = short('I', '--head');
    const r = fetchUrl(url, ctx, { headers: headersOf(args, ['-H', '--header']), method: headOnly ? 'HEAD' : 'GET', userAgent: CURL_USER_AGENT });
    if (!r.ok && (r.why === 'timeout' || r.why === 'dns-timeout')) return curlTimedOut(args, r.why, r.host, r.port, silent && !showError);
    if (!r.ok) {
      const msg = r.why === 'resolve' ? `curl: (6) Could not resolve host: ${r.host}\n` : `curl: (7) Failed to connect to ${r.host} port ${r.port} after 0 ms: Couldn't connect to server\n`;
      return { stdout: '', stderr: silent && !showError ? '' : msg, code: r.why === 'resolve' ? 6 : 7 };
    }
    // Every https server here presents a certificate curl cannot verify (self-signed, or the cluster's own CA).
    if (url.startsWith('https://') && !short('k', '--insecure')) return { stdout: '', stderr: silent && !showError ? '' : CURL_SELF_SIGNED, code: 60 };
    if (r.status >= 400 && short('f', '--fail')) return { stdout: '', stderr: silent && !showError ? '' : `curl: (22) The requested URL returned error: ${r.status}\n`, code: 22 };
    const format = valueOf(args, ['-w', '--write-out']);
    const written = format === undefined ? '' : format.replace(/%\{http_code\}/g, String(r.status)).replace(/\\n/g, '\n');
    // -I asks with HEAD and prints the response's head; -i prints it before the body.
    const responseHead = () => `HTTP/1.1 ${r.status} ${STATUS_TEXT[r.status] ?? ''}\r\n${(r.headers?.() ?? (r.location ? [`Location: ${r.location}`] : [])).map((h) => `${h}\r\n`).join('')}\r\n`;
    if (headOnly) return { stdout: `${responseHead()}${written}`, stderr: '', code: 0 };
    const toFile = valueOf(args, ['-o', '--output']);
    const include = short('i', '--include');
    return { stdout: `${toFile !== undefined && toFile !== '-' ? '' : `${include ? responseHead() : ''}${r.body}`}${written}`, stderr: '', code: 0 };
  }
  if (bin === 'wget') {
    const url = args.filter((a, i) => !a.startsWith('-') && !['-O', '-T', '--header'].includes(args[i - 1] ?? '')).pop();
    if (!url) return { stdout: '', stderr: 'BusyBox v1.36.1 multi-call binary.\n\nUsage: wget [-cqS] [-O FILE] URL\n', code: 1 };
    const quiet = args.some((a) => /^-[a-zA-Z]*q/.test(a));
    const r = fetchUrl(url, ctx, { headers: headersOf(args, ['--header']), userAgent: WGET_USER_AGENT });
    if (!r.ok && r.why === 'timeout') return wgetTimedOut(args, r.host, r.ip!, r.port, quiet);
    if (!r.ok) {
      if (r.why === 'resolve' || r.why === 'dns-timeout') return { stdout: '', stderr: `wget: bad address '${r.host}${r.port === 80 ? '' : `:${r.port}`}'\n`, code: 1 };
      return { stdout: '', stderr: `${quiet ? '' : `Connecting to ${r.host}${r.port === 80 ? '' : `:${r.port}`} (${r.ip}:${r.port})\n`}wget: can't connect to remote host (${r.ip}): Connection refused\n`, code: 1 };
    }
    if (r.status !== 200) return { stdout: '', stderr: `wget: server returned error: HTTP/1.1 ${r.status} ${STATUS_TEXT[r.status] ?? ''}\n`, code: 1 };
    return { stdout: r.body, stderr: quiet ? '' : `Connecting to ${url}\nwriting to stdout\n`, code: 0 };
  }
  if (bin === NC_TOOL) return runNc(args, ctx, fetchUrl);
  return undefined;
}

/** CURL_SELF_SIGNED is curl 8's failure on a certificate it cannot verify (exit 60). */
const CURL_SELF_SIGNED = `curl: (60) SSL certificate problem: self-signed certificate
More details here: https://curl.se/docs/sslcerts.html

curl failed to verify the legitimacy of the server and therefore could not
establish a secure connection to it. To learn more about this situation and
how to fix it, please visit the webpage mentioned above.
`;

/** valueOf is the value of the last of flags in args (`-o FILE`), if given. */
function valueOf(args: readonly string[], flags: readonly string[]): string | undefined {
  let v: string | undefined;
  args.forEach((a, i) => { if (flags.includes(a) && i + 1 < args.length) v = args[i + 1]; });
  return v;
}

/** headersOf are the request headers set with flags (`-H 'Host: x'`), by lower-cased name. */
function headersOf(args: readonly string[], flags: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  args.forEach((a, i) => {
    if (!flags.includes(a)) return;
    const m = /^([^:]+):\s*(.*)$/.exec(args[i + 1] ?? '');
    if (m) out[m[1]!.trim().toLowerCase()] = m[2]!.trim();
  });
  return out;
}
