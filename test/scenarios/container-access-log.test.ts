/**
 * container-access-log: nginx and httpd write an access-log line to their logs for each
 * request they serve — nginx in the official image's main format, httpd in the common one —
 * from the client pod's address, at the simulated time of the request. Requests made by
 * exec'd curl and wget count, run directly or from a script.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

describe('web servers log the requests they serve', () => {
  let home: TempHome;
  beforeAll(() => {
    home = manualCluster('access', 7);
    for (const c of ['run web --image=nginx', 'run h --image=httpd', 'expose pod web --port 80', 'run client --image=curlimages/curl --command -- sleep 3600', 'tick 30s']) {
      expect(home.run(c).code).toBe(0);
    }
  });
  afterAll(() => home.cleanup());

  it('nginx: one main-format line per request, with the client pod\'s IP and each tool\'s User-Agent', () => {
    const client = home.run('get pod client -o jsonpath={.status.podIP}').stdout;
    expect(home.run('exec client -- curl -s web').code).toBe(0);
    expect(home.run('tick 1m').code).toBe(0);
    expect(home.run(['exec', 'client', '--', 'sh', '-c', 'curl -sI web/nope; wget -qO- web >/dev/null']).code).toBe(0);
    expect(home.run('logs web --tail=3')).toEqual({ code: 0, stderr: '', stdout: [
      `${client} - - [01/Jan/2026:00:05:30 +0000] "GET / HTTP/1.1" 200 615 "-" "curl/8.5.0" "-"`,
      `${client} - - [01/Jan/2026:00:06:30 +0000] "HEAD /nope HTTP/1.1" 404 0 "-" "curl/8.5.0" "-"`,
      `${client} - - [01/Jan/2026:00:06:30 +0000] "GET / HTTP/1.1" 200 615 "-" "Wget" "-"`, ''].join('\n') });
    // The lines sit among nginx's own, in time order: the start-up notices come first.
    expect(home.run('logs web').stdout).toMatch(/start worker process 32\n[^\n]+"GET \/ HTTP\/1\.1" 200 615 "-" "curl\/8\.5\.0" "-"\n/);
  });

  it('httpd: the common format, which has no User-Agent; the client itself logs nothing', () => {
    const client = home.run('get pod client -o jsonpath={.status.podIP}').stdout;
    const ip = home.run('get pod h -o jsonpath={.status.podIP}').stdout;
    expect(home.run(`exec client -- curl -s -H User-Agent:probe ${ip}`).code).toBe(0);
    expect(home.run('logs h --tail=1')).toEqual({ code: 0, stderr: '', stdout: `${client} - - [01/Jan/2026:00:06:30 +0000] "GET / HTTP/1.1" 200 45\n` });
    expect(home.run('logs client').stdout).toBe('');
  });
});
