/**
 * proxy: kubectl proxy — plain HTTP on loopback in front of the cluster's API, every request
 * made as the current kubeconfig user, so curl and browsers reach the API without certificates.
 * Requests pass kubectl's filter (request-filter.ts) and prefix, then the same request handling
 * `kubemu serve` uses. Stops on SIGINT/SIGTERM.
 * --www serves a directory's files under --www-prefix (static-files.ts), unfiltered, beside the
 * API, the longer of the two prefixes taking a path as Go's ServeMux does; --unix-socket serves
 * on a socket file instead of a port.
 * Mirrors kubernetes/kubectl pkg/cmd/proxy/proxy.go and pkg/proxy/proxy_server.go (v0.32).
 * kubemu: loopback addresses only. --keepalive and --append-server-path are accepted and change
 * nothing: they shape kubectl's connections to a remote API server, which kubemu's is not. On
 * SIGINT or SIGTERM the socket file is removed (kubectl dies and leaves it; its next start
 * removes it).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { defineCommand } from '../command';
import { statePath } from '../../cluster/home';
import { openCluster } from '../../cluster/cluster';
import { defineFlags } from '../flag-table';
import { CliError } from '../errors';
import { ADMIN_USER } from '../../apiserver/authorization/user-info';
import { isLoopback } from './forward-ports';
import { SETTLE_EVERY_MS } from './serve';
import { klogLine } from '../../api/klog-line';
import { goErrnoText, goPathErrorText } from '../go-path-error';
import { escapedPath, goError, serveStatic } from '../proxy/static-files';
import {
  DEFAULT_ACCEPT_HOSTS, DEFAULT_ACCEPT_PATHS, DEFAULT_REJECT_METHODS, DEFAULT_REJECT_PATHS, accepts, apiPath, mountPrefix, hostOf, regexpList, type RequestFilter,
} from '../proxy/request-filter';

const PROXY_FLAGS = defineFlags([
  { name: 'port', short: 'p', type: 'int', default: 8001, help: 'The port on which to run the proxy. Set to 0 to pick a random port.' },
  { name: 'address', type: 'string', default: '127.0.0.1', help: 'The IP address on which to serve on.' },
  { name: 'api-prefix', type: 'string', default: '/', help: 'Prefix to serve the proxied API under.' },
  { name: 'accept-hosts', type: 'string', default: DEFAULT_ACCEPT_HOSTS, help: 'Regular expression for hosts that the proxy should accept.' },
  { name: 'accept-paths', type: 'string', default: DEFAULT_ACCEPT_PATHS, help: 'Regular expression for paths that the proxy should accept.' },
  { name: 'reject-paths', type: 'string', default: DEFAULT_REJECT_PATHS, help: 'Regular expression for paths that the proxy should reject. Paths specified here will be rejected even accepted by --accept-paths.' },
  { name: 'reject-methods', type: 'string', default: DEFAULT_REJECT_METHODS, help: 'Regular expression for HTTP methods that the proxy should reject (example --reject-methods=\'POST,PUT,PATCH\'). ' },
  { name: 'disable-filter', type: 'bool', default: false, help: 'If true, disable request filtering in the proxy. This is dangerous, and can leave you vulnerable to XSRF attacks, when used with an accessible port.' },
  { name: 'www', short: 'w', type: 'string', default: '', help: 'Also serve static files from the given directory under the specified prefix.' },
  { name: 'www-prefix', short: 'P', type: 'string', default: '/static/', help: 'Prefix to serve static files under, if static file directory is specified.' },
  { name: 'unix-socket', short: 'u', type: 'string', default: '', help: 'Unix socket on which to run the proxy.' },
  { name: 'keepalive', type: 'duration', default: '0s', help: 'keepalive specifies the keep-alive period for an active network connection. Set to 0 to disable keepalive.' },
  { name: 'append-server-path', type: 'bool', default: false, help: 'If true, enables automatic path appending of the kube context server path to each request.' },
]);

const DEFAULT_PORT = 8001;

/** staticDirWarning is Validate's klog warning about --www, or undefined when it names a directory. */
function staticDirWarning(dir: string): { source: string; text: string } | undefined {
  let st: fs.Stats;
  try {
    st = fs.statSync(dir);
  } catch (e) {
    return { source: 'proxy.go:200', text: `Failed to stat static file directory ${dir}: ${goPathErrorText('stat', dir, e)}` };
  }
  return st.isDirectory() ? undefined : { source: 'proxy.go:202', text: `Static file directory ${dir} is not a directory` };
}

/** decodePath is a path's percent escapes decoded (as sent when they do not decode). */
function decodePath(p: string): string {
  try { return decodeURIComponent(p); } catch { return p; }
}

/** route is Go's ServeMux over the mounted prefixes (each ending in a slash): the longest that starts the path. */
function route(pathname: string, prefixes: readonly string[]): string | undefined {
  let best: string | undefined;
  for (const p of prefixes) if (pathname.startsWith(p) && (!best || p.length > best.length)) best = p;
  return best;
}

/** notLoopback is kubemu's refusal of an address beyond the machine. */
export const notLoopback = (address: string): string => `kubemu proxy listens on loopback addresses only (127.0.0.1, ::1, localhost), not ${address}`;

/** redirect is Go's ServeMux sending the prefix without its slash to the prefix (http.Redirect's 301 and body). */
function redirect(res: ServerResponse, location: string): void {
  const body = `<a href="${location}">Moved Permanently</a>.\n\n`;
  res.writeHead(301, { 'Content-Type': 'text/html; charset=utf-8', Location: location, 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

/** proxyCommand is `kubectl proxy`. */
export const proxyCommand = defineCommand({
  name: 'proxy',
  short: 'Run a proxy to the Kubernetes API server',
  usage: 'kubectl proxy [--port=PORT] [--www=static-dir] [--www-prefix=prefix] [--api-prefix=prefix]',
  flags: PROXY_FLAGS,
  run(ctx): number {
    const f = ctx.flags;
    const socket = f['unix-socket'];
    const address = f.address === 'localhost' ? '127.0.0.1' : f.address;
    if (!socket && !isLoopback(address)) throw new CliError(notLoopback(f.address));
    if (!Number.isInteger(f.port) || f.port < 0 || f.port > 65535) throw new CliError(`invalid port ${f.port}`);
    // Opening the command's cluster checks the kubeconfig user's credentials and --as, and
    // refuses when the API server is down, as for every kubectl verb.
    const nowMs = ctx.cluster().clock.nowMs();
    const warn = (source: string, text: string) => ctx.io.err(`${klogLine('W', nowMs, process.pid, source, text)}\n`);
    if (f['disable-filter'] && !socket) warn('proxy.go:177', 'Request filter disabled, your proxy is vulnerable to XSRF attacks, please be cautious');
    let filter: RequestFilter | undefined;
    try {
      filter = f['disable-filter'] ? undefined : {
        acceptHosts: regexpList(f['accept-hosts']), acceptPaths: regexpList(f['accept-paths']),
        rejectPaths: regexpList(f['reject-paths']), rejectMethods: regexpList(f['reject-methods']),
      };
    } catch (e) {
      throw new CliError((e as Error).message);
    }
    if (f.port !== DEFAULT_PORT && socket) throw new CliError('cannot set --unix-socket and --port at the same time');
    const www = f.www;
    const problem = www ? staticDirWarning(www) : undefined;
    if (problem) warn(problem.source, problem.text);
    const prefix = mountPrefix(f['api-prefix']);
    const wwwPrefix = mountPrefix(f['www-prefix']);
    if (www && wwwPrefix === prefix) {
      // Go's ServeMux panics on the second registration of a pattern (kubemu leaves out the goroutine trace).
      ctx.io.err(`panic: pattern "${prefix}" (registered at k8s.io/kubectl/pkg/proxy/proxy_server.go:189) conflicts with pattern "${prefix}" (registered at k8s.io/kubectl/pkg/proxy/proxy_server.go:185):\n\t${prefix} matches the same requests as ${prefix}\n`);
      return 2;
    }
    const prefixes = www ? [prefix, wwwPrefix] : [prefix];
    const identity = ctx.requestUser?.() ?? ADMIN_USER;
    // The server authorizes each request for identity itself (and reads RBAC to do so), so it
    // gets the cluster without the command's own authorizing wrapper.
    const cluster = openCluster(statePath(ctx.home, ctx.clusterName), { onWarning: (m) => ctx.io.err(`${m}\n`) });
    const { KubemuApiServer } = require('../serve/api-server-http') as typeof import('../serve/api-server-http');
    // The API server behind the proxy: its /api names the apiserver's usual port, not the proxy's.
    const api = new KubemuApiServer({ cluster, address: '127.0.0.1', port: 6443, settleEveryMs: SETTLE_EVERY_MS, identity });
    const handle = api.handler();
    const http = require('node:http') as typeof import('node:http');
    const server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
      const target = req.url ?? '/';
      const url = new URL(target, 'http://proxy');
      // Go's ServeMux routes the path as sent (escaped), which URL would already have cleaned.
      const q = target.indexOf('?');
      const sent = q < 0 ? target : target.slice(0, q);
      // It cleans the path (path.posix.normalize is its cleanPath: no . or .. elements, no doubled
      // slashes), sends a prefix asked without its slash to the prefix, and any other path that
      // was not clean to its clean form.
      const clean = req.method === 'CONNECT' ? sent : path.posix.normalize(sent);
      if (prefixes.includes(`${clean}/`)) { redirect(res, `${clean}/${url.search}`); return; }
      if (clean !== sent) { redirect(res, `${escapedPath(decodePath(clean))}${url.search}`); return; }
      const mounted = route(sent, prefixes);
      if (!mounted) { goError(res, 404, '404 page not found'); return; }
      if (mounted === wwwPrefix && www) { serveStatic(req, res, www, wwwPrefix, sent, url.search.slice(1)); return; }
      const forwarded = apiPath(prefix, url.pathname);
      if (forwarded === undefined) { goError(res, 404, '404 page not found'); return; }
      // The filter sees the path after the prefix is stripped, as kubectl's handler chain does.
      if (filter && !accepts(filter, req.method ?? '', forwarded, hostOf(req.headers.host))) { goError(res, 403, 'Forbidden'); return; }
      req.url = `${forwarded}${url.search}`;
      handle(req, res);
    });
    let stopping = false;
    const stop = (): void => {
      if (stopping) return;
      stopping = true;
      server.closeAllConnections?.();
      server.close(() => { void api.stop(); });
    };
    server.once('error', (e: NodeJS.ErrnoException) => {
      void api.stop();
      const where = socket ? `unix ${socket}` : `tcp ${address}:${f.port}`;
      // libuv reports a socket path in a missing directory as EACCES; Go reports the ENOENT bind(2) gave.
      const code = socket && e.code === 'EACCES' && !fs.existsSync(path.dirname(socket)) ? 'ENOENT' : e.code;
      ctx.io.err(`error: listen ${where}: bind: ${goErrnoText({ code, message: e.message })}\n`);
      ctx.io.flush();
      process.exitCode = 1;
    });
    const serving = (at: string) => {
      // The handlers come first: a script that reads this line may stop the proxy at once.
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      ctx.io.out(`Starting to serve on ${at}\n`);
      ctx.io.flush();
    };
    if (socket) {
      // As ListenUnix: a socket already there, stale or not, is replaced; the new one is the user's alone.
      try { if (fs.statSync(socket).isSocket()) fs.unlinkSync(socket); } catch { /* none there */ }
      server.listen(socket, () => {
        try { fs.chmodSync(socket, 0o700); } catch { /* kept as made */ }
        serving(socket);
      });
    } else {
      server.listen(f.port, address, () => serving(`${address.includes(':') ? `[${address}]` : address}:${(server.address() as AddressInfo).port}`));
    }
    return 0;
  },
});
