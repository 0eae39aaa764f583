/**
 * `kubectl proxy`: plain HTTP on loopback in front of the cluster's API, requests made as the
 * kubeconfig user (or --as), kubectl's filter refusing exec/attach paths and foreign hosts with
 * Go's `Forbidden`, and --api-prefix mounted as Go's ServeMux does. Runs the built binary on
 * port 0 and speaks to it with node's http client.
 */
import * as http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';
import { kubemuStart, type Running } from '../reliability/spawn-cli';

interface Answer { code: number; type: string; body: string }

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** request is one HTTP request to the proxy, Host header as curl would send it unless given. */
function request(port: number, method: string, path: string, host = `127.0.0.1:${port}`): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers: { Host: host }, agent: false }, (res) => {
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
  for (let i = 0; i < 200 && !proxy.stdout().includes('\n'); i++) await sleep(25);
  const m = /^Starting to serve on 127\.0\.0\.1:(\d+)\n$/.exec(proxy.stdout());
  if (!m) throw new Error(`proxy did not start: ${proxy.stdout()}${proxy.stderr()}`);
  return { proxy, port: Number(m[1]) };
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
});
