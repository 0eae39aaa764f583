/**
 * access-log-programs: nginx and httpd log the requests other pods' own looping programs make —
 * a busybox `while true; do wget …; sleep 5; done` against a Service, a curl loop against
 * another — one line per round at the round's time, from the client pod's address with the
 * client's User-Agent, merged by time with the lines of exec'd requests and read with --tail,
 * --since and --timestamps.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

describe('web servers log the requests of other pods\' looping programs', () => {
  let home: TempHome;
  let ip: Record<string, string>;
  beforeAll(() => {
    home = manualCluster('loops', 7);
    for (const c of ['run web --image=nginx', 'run h --image=httpd', 'expose pod web --port 80', 'expose pod h --port 80', 'tick 20s']) {
      expect(home.run(c).code).toBe(0);
    }
    expect(home.run(['run', 'poller', '--image=busybox', '--command', '--', 'sh', '-c', 'while true; do wget -qO- http://web >/dev/null; sleep 5; done']).code).toBe(0);
    expect(home.run(['run', 'curler', '--image=curlimages/curl', '--command', '--', 'sh', '-c', 'while true; do curl -s -o /dev/null http://h/; sleep 10; done']).code).toBe(0);
    expect(home.run('tick 30s').code).toBe(0);
    ip = Object.fromEntries(['poller', 'curler'].map((p) => [p, home.run(`get pod ${p} -o jsonpath={.status.podIP}`).stdout]));
  });
  afterAll(() => home.cleanup());

  const nginx = (client: string, time: string, agent = 'Wget') => `${client} - - [01/Jan/2026:${time} +0000] "GET / HTTP/1.1" 200 615 "-" "${agent}" "-"`;

  it('nginx: one main-format line per round of the wget loop, with busybox wget\'s User-Agent', () => {
    expect(home.run('get pod poller -o jsonpath={.status.containerStatuses[0].state.running.startedAt}').stdout).toBe('2026-01-01T00:05:20Z');
    expect(home.run('logs web --tail=4')).toEqual({ code: 0, stderr: '', stdout: ['00:05:35', '00:05:40', '00:05:45', '00:05:50'].map((t) => `${nginx(ip.poller!, t)}\n`).join('') });
    // nginx's own start-up lines come first, then the first round's request, at the client's start.
    expect(home.run('logs web').stdout).toMatch(/start worker process 32\n[^\n]+\[01\/Jan\/2026:00:05:20 \+0000\] "GET \/ HTTP\/1\.1" 200 615 "-" "Wget" "-"\n/);
  });

  it('httpd: the common format for the curl loop; --since and --timestamps', () => {
    expect(home.run('logs h --since=25s --timestamps')).toEqual({ code: 0, stderr: '', stdout: [
      `2026-01-01T00:05:33.000000000Z ${ip.curler} - - [01/Jan/2026:00:05:33 +0000] "GET / HTTP/1.1" 200 45`,
      `2026-01-01T00:05:43.000000000Z ${ip.curler} - - [01/Jan/2026:00:05:43 +0000] "GET / HTTP/1.1" 200 45`, ''].join('\n') });
  });

  it('an exec\'d request is merged by time among the rounds\' lines', () => {
    expect(home.run('tick 2s').code).toBe(0);
    expect(home.run('exec curler -- curl -s -o /dev/null web').code).toBe(0);
    expect(home.run('tick 5s').code).toBe(0);
    expect(home.run('logs web --tail=3')).toEqual({ code: 0, stderr: '', stdout: [
      nginx(ip.poller!, '00:05:50'), nginx(ip.curler!, '00:05:52', 'curl/8.5.0'), nginx(ip.poller!, '00:05:55'), ''].join('\n') });
  });

  it('hours later the log keeps the last 1000 computed lines, after nginx\'s own and the recorded one', () => {
    expect(home.run('tick 2h').code).toBe(0);
    const lines = home.run('logs web').stdout.split('\n').filter(Boolean);
    // nginx's own 19 lines (four workers: the node has 4 CPUs), the exec'd request, the last 1000 rounds.
    expect({ n: lines.length, exec: lines[19], first: lines[20], last: lines.at(-1) }).toEqual({
      n: 19 + 1 + 1000, exec: nginx(ip.curler!, '00:05:52', 'curl/8.5.0'), first: nginx(ip.poller!, '00:42:40'), last: nginx(ip.poller!, '02:05:55'),
    });
  });
});
