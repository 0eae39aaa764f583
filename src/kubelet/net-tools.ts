/**
 * net-tools: what `nslookup`, `curl` and `wget` print inside a pod — names resolve through
 * cluster DNS (network/dns.ts), connections land on a ready endpoint (network/proxy.ts), and
 * the pod behind it answers if its image serves HTTP on that port (nginx's welcome page,
 * httpd's "It works!"). It is the container's side of `exec`, so it sits with the images it
 * runs, above the network it reaches.
 * kubemu: busybox nslookup's per-search-domain NXDOMAIN lines are not printed; only GET.
 */
import type { KubeObject } from '../api/meta';
import type { ApiClient } from '../apiserver/client';
import { imageInfo, parseImage } from './images';
import { CLUSTER_DNS_IP, resolve } from '../network/dns';
import { backendFor, routeConnection, type Client } from '../network/proxy';
import type { Rand } from '../sim/rand';

/** ToolResult is a finished command: its output streams and exit code. */
export interface ToolResult { stdout: string; stderr: string; code: number }

/** NGINX_WELCOME is the nginx image's default index.html. */
export const NGINX_WELCOME = `<!DOCTYPE html>
<html>
<head>
<title>Welcome to nginx!</title>
<style>
html { color-scheme: light dark; }
body { width: 35em; margin: 0 auto;
font-family: Tahoma, Verdana, Arial, sans-serif; }
</style>
</head>
<body>
<h1>Welcome to nginx!</h1>
<p>If you see this page, the nginx web server is successfully installed and
working. Further configuration is required.</p>

<p>For online documentation and support please refer to
<a href="http://nginx.org/">nginx.org</a>.<br/>
Commercial support is available at
<a href="http://nginx.com/">nginx.com</a>.</p>

<p><em>Thank you for using nginx.</em></p>
</body>
</html>
`;
/** HTTPD_WELCOME is the httpd image's default index.html. */
export const HTTPD_WELCOME = '<html><body><h1>It works!</h1></body></html>\n';
const NGINX_404 = '<html>\n<head><title>404 Not Found</title></head>\n<body>\n<center><h1>404 Not Found</h1></center>\n<hr><center>nginx</center>\n</body>\n</html>\n';

/** NET_TOOLS are the commands this module runs. */
export const NET_TOOLS = new Set(['nslookup', 'curl', 'wget']);

/** NetContext is the calling pod's view: its namespace, address and node, and the API to read Services, EndpointSlices and Pods. */
export interface NetContext { namespace: string; api: Pick<ApiClient, 'tryGet' | 'list'>; from?: Client; rand?: Rand }

type Fetch = { ok: true; body: string; status: number } | { ok: false; why: 'resolve' | 'refused' | 'timeout'; host: string; ip?: string; port: number };

/** fetchUrl performs a GET as far as the emulated network allows. */
export function fetchUrl(url: string, ctx: NetContext): Fetch {
  const m = /^(?:https?:\/\/)?([^/:]+)(?::(\d+))?(\/.*)?$/.exec(url);
  const host = m?.[1] ?? url;
  const port = Number(m?.[2] ?? (url.startsWith('https://') ? 443 : 80));
  const path = m?.[3] ?? '/';
  let pod: KubeObject | undefined;
  let ip: string | undefined;
  let targetPort = port;
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host)) {
    ip = host;
    // A ClusterIP, a node port on any node's address, or an external IP goes through kube-proxy's rules.
    const r = routeConnection(host, port, ctx.from ?? {}, ctx.api, ctx.rand);
    if (r.kind === 'refused') return { ok: false, why: 'refused', host, ip, port };
    if (r.kind === 'dropped') return { ok: false, why: 'timeout', host, ip, port };
    if (r.kind === 'backend') { pod = r.backend.pod; targetPort = r.backend.port; }
    else pod = ctx.api.list({ kind: 'Pod' }).find((p) => p.status?.podIP === host);
  } else {
    const ans = resolve(host, ctx.namespace, ctx.api);
    if (!ans) return { ok: false, why: 'resolve', host, port };
    ip = ans.addresses[0];
    const b = backendFor(ans.service, ip!, port, ctx.api, ctx.from, ctx.rand);
    if (!b) return { ok: false, why: 'refused', host, ip, port };
    pod = b.pod; targetPort = b.port;
  }
  const body = pod && serve(pod, targetPort, path);
  if (!body) return { ok: false, why: 'refused', host, ip, port };
  return { ok: true, ...body };
}

/** serve is what a running pod answers on port for path, or undefined if nothing listens. */
function serve(pod: KubeObject, port: number, path: string): { body: string; status: number } | undefined {
  if (pod.status?.phase !== 'Running') return undefined;
  for (const c of pod.spec?.containers ?? []) {
    const info = imageInfo(c.image);
    const declared = (c.ports ?? []).some((p: { containerPort: number }) => p.containerPort === port);
    if (!(info.server && info.ports.includes(port)) && !(declared && !info.known)) continue;
    const repo = parseImage(c.image)?.repository.replace(/^library\//, '') ?? '';
    const known = !info.httpPaths || info.httpPaths.includes(path);
    if (repo === 'nginx') return known ? { body: NGINX_WELCOME, status: 200 } : { body: NGINX_404, status: 404 };
    if (repo === 'httpd') return { body: HTTPD_WELCOME, status: 200 };
    return { body: '', status: 200 };
  }
  return undefined;
}

/** runNetTool runs nslookup/curl/wget with argv, or returns undefined for other commands. */
export function runNetTool(argv: string[], ctx: NetContext): ToolResult | undefined {
  const bin = (argv[0] ?? '').replace(/^.*\//, '');
  const args = argv.slice(1);
  if (bin === 'nslookup') {
    const name = args.find((a) => !a.startsWith('-'));
    if (!name) return { stdout: '', stderr: 'BusyBox v1.36.1 multi-call binary.\n\nUsage: nslookup [-type=QUERY_TYPE] [-debug] HOST [DNS_SERVER]\n', code: 1 };
    const head = `Server:\t\t${CLUSTER_DNS_IP}\nAddress:\t${CLUSTER_DNS_IP}:53\n\n`;
    const ans = resolve(name, ctx.namespace, ctx.api);
    if (!ans) return { stdout: `${head}** server can't find ${name}: NXDOMAIN\n\n`, stderr: '', code: 1 };
    return { stdout: `${head}Name:\t${ans.fqdn}\n${ans.addresses.map((a) => `Address: ${a}\n`).join('')}\n`, stderr: '', code: 0 };
  }
  if (bin === 'curl') {
    const url = args.filter((a, i) => !a.startsWith('-') && !['-o', '-H', '-X', '-m', '--max-time', '-w'].includes(args[i - 1] ?? '')).pop();
    if (!url) return { stdout: '', stderr: "curl: try 'curl --help' or 'curl --manual' for more information\n", code: 2 };
    const silent = args.some((a) => /^-[a-zA-Z]*s/.test(a) || a === '--silent');
    const head = args.some((a) => a === '-I' || a === '--head');
    const r = fetchUrl(url, ctx);
    if (!r.ok) {
      if (r.why === 'timeout') {
        // A dropped SYN: curl gives up at its connect timeout, or when the kernel's SYN retries run out (about 130 s).
        const limit = args.findIndex((x) => x === '-m' || x === '--max-time' || x === '--connect-timeout');
        const ms = limit >= 0 ? Math.round(Number(args[limit + 1]) * 1000) : 130000;
        const why = limit >= 0 ? 'Timeout was reached' : "Couldn't connect to server";
        return { stdout: '', stderr: silent ? '' : `curl: (28) Failed to connect to ${r.host} port ${r.port} after ${ms} ms: ${why}\n`, code: 28 };
      }
      const msg = r.why === 'resolve' ? `curl: (6) Could not resolve host: ${r.host}\n` : `curl: (7) Failed to connect to ${r.host} port ${r.port} after 0 ms: Couldn't connect to server\n`;
      return { stdout: '', stderr: silent ? '' : msg, code: r.why === 'resolve' ? 6 : 7 };
    }
    if (head) return { stdout: `HTTP/1.1 ${r.status} ${r.status === 200 ? 'OK' : 'Not Found'}\r\n\r\n`, stderr: '', code: 0 };
    return { stdout: r.body, stderr: '', code: 0 };
  }
  if (bin === 'wget') {
    const url = args.filter((a, i) => !a.startsWith('-') && !['-O', '-T'].includes(args[i - 1] ?? '')).pop();
    if (!url) return { stdout: '', stderr: 'BusyBox v1.36.1 multi-call binary.\n\nUsage: wget [-cqS] [-O FILE] URL\n', code: 1 };
    const quiet = args.some((a) => /^-[a-zA-Z]*q/.test(a));
    const r = fetchUrl(url, ctx);
    if (!r.ok) {
      if (r.why === 'resolve') return { stdout: '', stderr: `wget: bad address '${r.host}${r.port === 80 ? '' : `:${r.port}`}'\n`, code: 1 };
      if (r.why === 'timeout') return { stdout: '', stderr: args.includes('-T') ? 'wget: download timed out\n' : `wget: can't connect to remote host (${r.ip}): Connection timed out\n`, code: 1 };
      return { stdout: '', stderr: `${quiet ? '' : `Connecting to ${r.host}${r.port === 80 ? '' : `:${r.port}`} (${r.ip}:${r.port})\n`}wget: can't connect to remote host (${r.ip}): Connection refused\n`, code: 1 };
    }
    if (r.status !== 200) return { stdout: '', stderr: `wget: server returned error: HTTP/1.1 404 Not Found\n`, code: 1 };
    return { stdout: r.body, stderr: quiet ? '' : `Connecting to ${url}\nwriting to stdout\n`, code: 0 };
  }
  return undefined;
}
