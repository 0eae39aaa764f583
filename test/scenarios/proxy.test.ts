/**
 * `kubectl proxy`: plain HTTP on loopback in front of the cluster's API, requests made as the
 * kubeconfig user (or --as), kubectl's filter refusing exec/attach paths and foreign hosts with
 * Go's `Forbidden`, and --api-prefix mounted as Go's ServeMux does. Runs the built binary on
 * port 0 and speaks to it with node's http client.
 */
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as net from 'node:net';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';
import { kubemuStart, type Running } from '../reliability/spawn-cli';

interface Answer { code: number; type: string; body: string }

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** request is one HTTP request to the proxy (a port, or a socket file), Host header as curl would send it unless given. */
function request(at: number | string, method: string, path: string, host = typeof at === 'number' ? `127.0.0.1:${at}` : 'localhost'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const where = typeof at === 'number' ? { host: '127.0.0.1', port: at } : { socketPath: at };
    const req = http.request({ ...where, method, path, headers: { Host: host }, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => { body += d; });
      res.on('end', () => resolve({ code: res.statusCode ?? 0, type: String(res.headers['content-type']), body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** startProxy runs `kubemu proxy --port 0 …` and waits for its one line. */
async function startProxy(dir: string, extra: string[]): Promise<{ proxy: Running; port: number }> {
  const proxy = kubemuStart(dir, ['proxy', '--port', '0', ...extra]);
  await startedLine(proxy);
  const m = /^Starting to serve on 127\.0\.0\.1:(\d+)\n$/.exec(proxy.stdout());
  if (!m) throw new Error(`proxy did not start: ${proxy.stdout()}${proxy.stderr()}`);
  return { proxy, port: Number(m[1]) };
}

/** startedLine waits for a proxy's first line of output (or its end). */
async function startedLine(proxy: Running): Promise<void> {
  let ended = false;
  void proxy.done.then(() => { ended = true; });
  for (let i = 0; i < 200 && !ended && !proxy.stdout().includes('\n'); i++) await sleep(25);
}

async function stop(proxy: Running | undefined): Promise<void> {
  if (!proxy) return;
  process.kill(proxy.pid, 'SIGTERM');
  const end = await proxy.done;
  expect({ code: end.code, stderr: end.stderr }).toEqual({ code: 0, stderr: '' });
}

const FORBIDDEN: Answer = { code: 403, type: 'text/plain; charset=utf-8', body: 'Forbidden\n' };

describe('kubectl proxy', () => {
  let home: TempHome;
  let admin: { proxy: Running; port: number } | undefined;
  beforeAll(async () => {
    home = manualCluster('proxied', 7);
    home.run('run web --image=nginx');
    home.run('tick 10s');
    admin = await startProxy(home.dir, []);
  });
  afterAll(async () => {
    await stop(admin?.proxy);
    home.cleanup();
  });

  it('serves the API as the kubeconfig user, the same bytes as get --raw', async () => {
    const port = admin!.port;
    const pods = await request(port, 'GET', '/api/v1/namespaces/default/pods');
    expect(pods).toEqual({ code: 200, type: 'application/json', body: home.run('get --raw /api/v1/namespaces/default/pods').stdout });
    expect(JSON.parse(pods.body).items.map((p: { metadata: { name: string } }) => p.metadata.name)).toEqual(['web']);
    expect(await request(port, 'GET', '/version')).toEqual({ code: 200, type: 'application/json', body: home.run('get --raw /version').stdout });
    expect(await request(port, 'GET', '/healthz', `localhost:${port}`)).toEqual({ code: 200, type: 'text/plain; charset=utf-8', body: 'ok' });
  });

  it('refuses exec and attach paths and hosts beyond loopback, as kubectl\'s filter does', async () => {
    const port = admin!.port;
    expect(await request(port, 'POST', '/api/v1/namespaces/default/pods/web/exec?command=ls')).toEqual(FORBIDDEN);
    expect(await request(port, 'POST', '/api/v1/namespaces/default/pods/web/attach')).toEqual(FORBIDDEN);
    expect(await request(port, 'GET', '/api/v1/namespaces/default/pods', `evil.example.com:${port}`)).toEqual(FORBIDDEN);
  });

  it('mounts --api-prefix as Go\'s ServeMux does, and asks as --as', async () => {
    const sa = await startProxy(home.dir, ['--api-prefix', '/custom', '--as', 'system:serviceaccount:default:default']);
    try {
      expect(await request(sa.port, 'GET', '/api')).toEqual({ code: 404, type: 'text/plain; charset=utf-8', body: '404 page not found\n' });
      expect(await request(sa.port, 'GET', '/custom')).toEqual({ code: 301, type: 'text/html; charset=utf-8', body: '<a href="/custom/">Moved Permanently</a>.\n\n' });
      expect(await request(sa.port, 'GET', '/custom/api/v1/namespaces/default/pods')).toEqual({
        code: 403, type: 'application/json',
        body: '{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"pods is forbidden: User \\"system:serviceaccount:default:default\\" cannot list resource \\"pods\\" in API group \\"\\" in the namespace \\"default\\"","reason":"Forbidden","details":{"kind":"pods"},"code":403}\n',
      });
    } finally {
      await stop(sa.proxy);
    }
  });

  it('serves --www\'s files under --www-prefix beside the API, unfiltered', async () => {
    const www = home.file('www/index.txt', 'hello\n');
    fs.mkdirSync(path.join(path.dirname(www), 'sub'));
    const served = await startProxy(home.dir, ['--www', path.dirname(www), '--www-prefix', '/files', '--reject-paths', '^/files']);
    try {
      const at = served.port;
      expect(await request(at, 'GET', '/files/index.txt')).toEqual({ code: 200, type: 'text/plain; charset=utf-8', body: 'hello\n' });
      expect(await request(at, 'GET', '/files/')).toEqual({
        code: 200, type: 'text/html; charset=utf-8',
        body: '<!doctype html>\n<meta name="viewport" content="width=device-width">\n<pre>\n<a href="index.txt">index.txt</a>\n<a href="sub/">sub/</a>\n</pre>\n',
      });
      expect(await request(at, 'GET', '/files')).toEqual({ code: 301, type: 'text/html; charset=utf-8', body: '<a href="/files/">Moved Permanently</a>.\n\n' });
      expect(await request(at, 'GET', '/files/nope')).toEqual({ code: 404, type: 'text/plain; charset=utf-8', body: '404 page not found\n' });
      // The rest is still the API (the reject-paths filter guards the API only).
      expect((await request(at, 'GET', '/api/v1/namespaces/default/pods')).code).toBe(200);
    } finally {
      await stop(served.proxy);
    }
  });

  it('serves on --unix-socket, replacing a stale socket, for the user alone; "Host: localhost" passes the filter', async () => {
    const socket = path.join(home.dir, 'proxy.sock');
    const stale = await listenOn(socket);
    stale.close();
    const proxy = kubemuStart(home.dir, ['proxy', '-u', socket]);
    await startedLine(proxy);
    try {
      expect(proxy.stdout()).toBe(`Starting to serve on ${socket}\n`);
      expect(fs.statSync(socket).mode & 0o777).toBe(0o700);
      const pods = await request(socket, 'GET', '/api/v1/namespaces/default/pods');
      expect({ code: pods.code, names: JSON.parse(pods.body).items.map((p: { metadata: { name: string } }) => p.metadata.name) }).toEqual({ code: 200, names: ['web'] });
      expect(await request(socket, 'GET', '/api/v1/pods', 'evil')).toEqual(FORBIDDEN);
    } finally {
      await stop(proxy);
    }
  });

  it('warns and refuses as kubectl does', async () => {
    expect(home.run('proxy -u x.sock --port 9000')).toEqual({ stdout: '', stderr: 'error: cannot set --unix-socket and --port at the same time\n', code: 1 });
    // A listen fails after the command has returned: the process's own exit code and lines.
    const file = home.file('not-a-socket', '');
    const taken = await kubemuStart(home.dir, ['proxy', '-u', file]).done;
    expect({ code: taken.code, stderr: taken.stderr }).toEqual({ code: 1, stderr: `error: listen unix ${file}: bind: address already in use\n` });
    const nowhere = await kubemuStart(home.dir, ['proxy', '-u', '/no/such/dir/p.sock']).done;
    expect({ code: nowhere.code, stderr: nowhere.stderr }).toEqual({ code: 1, stderr: 'error: listen unix /no/such/dir/p.sock: bind: no such file or directory\n' });
    const conflict = home.run('proxy --www . --www-prefix /');
    expect(conflict.code).toBe(2);
    expect(conflict.stderr).toContain('panic: pattern "/" (registered at k8s.io/kubectl/pkg/proxy/proxy_server.go:189) conflicts with pattern "/"');
    // klog's warnings, at the cluster's time, then the proxy serves.
    const warned = kubemuStart(home.dir, ['proxy', '--port', '0', '--disable-filter', '--www', '/no/such/dir']);
    await startedLine(warned);
    try {
      const lines = warned.stderr().replace(/ {2,}\d+ /g, ' PID ').split('\n');
      expect(lines.slice(0, 2)).toEqual([
        'W0101 00:05:10.000000 PID proxy.go:177] Request filter disabled, your proxy is vulnerable to XSRF attacks, please be cautious',
        'W0101 00:05:10.000000 PID proxy.go:200] Failed to stat static file directory /no/such/dir: stat /no/such/dir: no such file or directory',
      ]);
      expect(warned.stdout()).toMatch(/^Starting to serve on 127\.0\.0\.1:\d+\n$/);
    } finally {
      process.kill(warned.pid, 'SIGTERM');
      expect((await warned.done).code).toBe(0);
    }
  });
});

/** listenOn makes a socket file at p, as a proxy that died would leave it. */
function listenOn(p: string): Promise<net.Server> {
  return new Promise((resolve) => { const s = net.createServer(); s.listen(p, () => resolve(s)); });
}
