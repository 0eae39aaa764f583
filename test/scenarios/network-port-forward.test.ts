/**
 * network-port-forward: `kubectl port-forward` as a real process — it prints kubectl's
 * Forwarding lines, answers HTTP on loopback with what the pod's image serves, prints
 * "Handling connection for" per connection, leaves the cluster usable by other commands while
 * it serves, and ends cleanly on SIGINT. Its refusals are kubectl's.
 */
import * as http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NGINX_WELCOME } from '../../src/kubelet/web-pages';
import { buildOnce, cleanupBuild, kubemu, kubemuStart, newHome, removeHome, type Running } from '../reliability/spawn-cli';

let home: string;
beforeAll(() => {
  buildOnce();
  home = newHome('pf');
  expect(kubemu(home, ['cluster', 'create', 'pf', '--clock', 'manual', '--seed', '5']).code).toBe(0);
  for (const args of [
    ['create', 'deployment', 'web', '--image=nginx'],
    ['expose', 'deployment', 'web', '--port=8080', '--target-port=80'],
    ['rollout', 'status', 'deployment/web'],
    ['run', 'pending', '--image=busybox:nosuchtag'],
    ['run', 'lone', '--image=nginx'],
    ['wait', '--for=condition=Ready', 'pod/lone'],
  ]) expect(kubemu(home, args)).toMatchObject({ code: 0 });
}, 120_000);
afterAll(() => { removeHome(home); cleanupBuild(); });

/** forwardingPort waits for the process's first Forwarding line and returns its local port. */
async function forwardingPort(run: Running, remote: number): Promise<number> {
  const re = new RegExp(`^Forwarding from 127\\.0\\.0\\.1:(\\d+) -> ${remote}\\n`);
  for (let waited = 0; waited < 30_000; waited += 20) {
    const m = re.exec(run.stdout());
    if (m) return Number(m[1]);
    if (run.stderr()) throw new Error(`port-forward failed: ${run.stderr()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no Forwarding line: ${run.stdout()}`);
}

/** get does one HTTP GET on loopback; headers are the response's, as sent (name, value, …). */
function get(port: number, path = '/'): Promise<{ status: number; body: string; headers: string[] }> {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.on('data', (d) => { body += d; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.rawHeaders }));
    }).on('error', reject);
  });
}

describe('kubectl port-forward', () => {
  it('forwards a pod\'s port until SIGINT, with the cluster usable meanwhile', async () => {
    const pod = kubemu(home, ['get', 'pods', '-l', 'app=web', '-o', 'jsonpath={.items[0].metadata.name}']).stdout;
    const run = kubemuStart(home, ['port-forward', `pod/${pod}`, ':80']);
    const port = await forwardingPort(run, 80);
    // The answer is nginx's own, head and all.
    expect(await get(port)).toEqual({ status: 200, body: NGINX_WELCOME, headers: ['Server', 'nginx/1.27.4', 'Date', 'Thu, 01 Jan 2026 00:05:07 GMT',
      'Content-Type', 'text/html', 'Content-Length', '615', 'Last-Modified', 'Wed, 05 Feb 2025 00:00:00 GMT', 'Connection', 'keep-alive',
      'ETag', '"67a2aa00-267"', 'Accept-Ranges', 'bytes'] });
    expect((await get(port, '/missing')).status).toBe(404);
    // nginx logs each request, from the pod's loopback (where the forward connects), in the official image's main format.
    expect(kubemu(home, ['logs', pod, '--tail=2']).stdout).toBe('127.0.0.1 - - [01/Jan/2026:00:05:07 +0000] "GET / HTTP/1.1" 200 615 "-" "-" "-"\n'
      + '127.0.0.1 - - [01/Jan/2026:00:05:07 +0000] "GET /missing HTTP/1.1" 404 153 "-" "-" "-"\n');
    // No lock or transaction is held between connections: reads and writes go on.
    expect(kubemu(home, ['label', 'pod', pod, 'checked=yes'])).toMatchObject({ stdout: `pod/${pod} labeled\n`, code: 0 });
    expect(kubemu(home, ['get', 'pod', pod, '-o', 'jsonpath={.metadata.labels.checked}']).stdout).toBe('yes');
    process.kill(run.pid, 'SIGINT');
    const r = await run.done;
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).toBe(`Forwarding from 127.0.0.1:${port} -> 80\nForwarding from [::1]:${port} -> 80\n${`Handling connection for ${port}\n`.repeat(2)}`);
  }, 60_000);

  it('maps a Service port to its targetPort on a selected pod', async () => {
    const run = kubemuStart(home, ['port-forward', 'svc/web', ':8080']);
    const port = await forwardingPort(run, 80);
    expect(await get(port)).toMatchObject({ status: 200, body: NGINX_WELCOME });
    process.kill(run.pid, 'SIGTERM');
    expect(await run.done).toMatchObject({ code: 0, stderr: '' });
  }, 60_000);

  it('reports a local port already in use, as kubectl does', async () => {
    const first = kubemuStart(home, ['port-forward', 'deploy/web', ':80']);
    const port = await forwardingPort(first, 80);
    const second = kubemu(home, ['port-forward', 'deploy/web', `${port}:80`]);
    process.kill(first.pid, 'SIGINT');
    await first.done;
    expect(second).toMatchObject({
      stdout: '',
      stderr: `Unable to listen on port ${port}: Listeners failed to create with the following errors: [unable to create listener: Error listen tcp4 127.0.0.1:${port}: bind: address already in use unable to create listener: Error listen tcp6 [::1]:${port}: bind: address already in use]\n`
        + `error: unable to listen on any of the requested ports: [{${port} 80}]\n`,
      code: 1,
    });
  }, 60_000);

  it('ends with kubectl\'s error when the pod goes away', async () => {
    const run = kubemuStart(home, ['port-forward', 'lone', ':80']);
    const port = await forwardingPort(run, 80);
    expect(kubemu(home, ['delete', 'pod', 'lone', '--grace-period=0', '--force']).code).toBe(0);
    await expect(get(port)).rejects.toThrow();
    expect(await run.done).toMatchObject({ code: 1, stderr: 'error: lost connection to pod\n' });
  }, 60_000);

  it('refuses a pod that is not running, a port the Service lacks and a missing target', () => {
    expect(kubemu(home, ['port-forward', 'pending', '8080:80'])).toMatchObject({
      stdout: '', stderr: 'error: unable to forward port because pod is not running. Current status=Pending\n', code: 1,
    });
    expect(kubemu(home, ['port-forward', 'svc/web', '8080:81'])).toMatchObject({ stderr: 'error: Service web does not have a service port 81\n', code: 1 });
    expect(kubemu(home, ['port-forward', 'svc/nosuch', '8080'])).toMatchObject({ stderr: 'Error from server (NotFound): services "nosuch" not found\n', code: 1 });
    expect(kubemu(home, ['port-forward', 'deploy/web'])).toMatchObject({
      stderr: "error: TYPE/NAME and list of ports are required for port-forward\nSee 'kubectl port-forward -h' for help and examples\n", code: 1,
    });
    expect(kubemu(home, ['port-forward', '--address=0.0.0.0', 'deploy/web', '8080:80'])).toMatchObject({ code: 1 });
  });
});
