/**
 * proxy: kubectl proxy — plain HTTP on loopback in front of the cluster's API, every request
 * made as the current kubeconfig user, so curl and browsers reach the API without certificates.
 * Requests pass kubectl's filter (request-filter.ts) and prefix, then the same request handling
 * `kubemu serve` uses. Stops on SIGINT/SIGTERM.
 * Mirrors kubernetes/kubectl pkg/cmd/proxy/proxy.go and pkg/proxy/proxy_server.go (v0.32).
 * kubemu: loopback addresses only; --www and --unix-socket are not modelled.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defineCommand } from '../command';
import { statePath } from '../../cluster/home';
import { openCluster } from '../../cluster/cluster';
import { defineFlags } from '../flag-table';
import { CliError } from '../errors';
import { ADMIN_USER } from '../../apiserver/authorization/user-info';
import { isLoopback } from './forward-ports';
import { SETTLE_EVERY_MS } from './serve';
import {
  DEFAULT_ACCEPT_HOSTS, DEFAULT_ACCEPT_PATHS, DEFAULT_REJECT_METHODS, DEFAULT_REJECT_PATHS, accepts, apiPath, apiPrefix, hostOf, regexpList, type RequestFilter,
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
]);

/** notLoopback is kubemu's refusal of an address beyond the machine. */
export const notLoopback = (address: string): string => `kubemu proxy listens on loopback addresses only (127.0.0.1, ::1, localhost), not ${address}`;

/** plain answers as Go's http.Error and http.NotFound do: the text, a newline, text/plain. */
function plain(res: ServerResponse, code: number, text: string): void {
  const body = `${text}\n`;
  res.writeHead(code, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

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
    const address = f.address === 'localhost' ? '127.0.0.1' : f.address;
    if (!isLoopback(address)) throw new CliError(notLoopback(f.address));
    if (!Number.isInteger(f.port) || f.port < 0 || f.port > 65535) throw new CliError(`invalid port ${f.port}`);
    let filter: RequestFilter | undefined;
    try {
      filter = f['disable-filter'] ? undefined : {
        acceptHosts: regexpList(f['accept-hosts']), acceptPaths: regexpList(f['accept-paths']),
        rejectPaths: regexpList(f['reject-paths']), rejectMethods: regexpList(f['reject-methods']),
      };
    } catch (e) {
      throw new CliError((e as Error).message);
    }
    const prefix = apiPrefix(f['api-prefix']);
    // Opening the command's cluster checks the kubeconfig user's credentials and --as, and
    // refuses when the API server is down, as for every kubectl verb.
    ctx.cluster();
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
      const url = new URL(req.url ?? '/', 'http://proxy');
      if (prefix !== '/' && url.pathname === prefix.slice(0, -1)) { redirect(res, `${prefix}${url.search}`); return; }
      const forwarded = apiPath(prefix, url.pathname);
      if (forwarded === undefined) { plain(res, 404, '404 page not found'); return; }
      // The filter sees the path after the prefix is stripped, as kubectl's handler chain does.
      if (filter && !accepts(filter, req.method ?? '', forwarded, hostOf(req.headers.host))) { plain(res, 403, 'Forbidden'); return; }
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
      ctx.io.err(`error: listen tcp ${address}:${f.port}: ${e.code === 'EADDRINUSE' ? 'bind: address already in use' : e.message}\n`);
      ctx.io.flush();
      process.exitCode = 1;
    });
    server.listen(f.port, address, () => {
      const port = (server.address() as AddressInfo).port;
      // The handlers come first: a script that reads this line may stop the proxy at once.
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      ctx.io.out(`Starting to serve on ${address.includes(':') ? `[${address}]` : address}:${port}\n`);
      ctx.io.flush();
    });
    return 0;
  },
});
