/**
 * sidecar-tail-follow: the classic logging sidecar — an app's loop appends to a file in a shared
 * emptyDir and a sidecar's own command is `tail -f` (or `-F`, or a native sidecar init container)
 * of it: `logs pod -c sidecar` shows the file's last lines when the tail started, then each line
 * the app appends, read at the tail's next one-second poll.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

const home = manualCluster('sidecar', 7);
afterAll(() => home.cleanup());

const pod = (name: string, sidecar: string, native = false, first = '') => {
  const side = `  - name: sidecar
    image: busybox
    command: ${sidecar}
    volumeMounts: [{name: logs, mountPath: /shared}]
`;
  return `apiVersion: v1
kind: Pod
metadata: {name: ${name}}
spec:
  volumes: [{name: logs, emptyDir: {}}]
${native ? `  initContainers:\n${side}    restartPolicy: Always\n` : ''}  containers:
  - name: app
    image: busybox
    command: ["sh", "-c", "${first}while true; do echo \\"$(date +%H:%M:%S) INFO served\\" >> /var/log/app.log; sleep 5; done"]
    volumeMounts: [{name: logs, mountPath: /var/log}]
${native ? '' : side}`;
};

describe('a sidecar tailing the app\'s log file', () => {
  it('tail -f in a second container shows each appended line; --timestamps shows the poll that read it', () => {
    expect(home.run(['apply', '-f', home.file('a.yaml', pod('tailer', '["tail", "-f", "/shared/app.log"]'))]).code).toBe(0);
    expect(home.run('tick 22s').code).toBe(0);
    expect(home.run('get pod tailer -o jsonpath={.status.containerStatuses[*].state.running.startedAt}').stdout).toBe('2026-01-01T00:05:00Z 2026-01-01T00:05:00Z');
    expect(home.run('logs tailer -c sidecar')).toEqual({ code: 0, stderr: '', stdout: [0, 5, 10, 15, 20].map((s) => `00:05:${String(s).padStart(2, '0')} INFO served\n`).join('') });
    expect(home.run('logs tailer -c sidecar --timestamps --tail=2')).toEqual({ code: 0, stderr: '', stdout:
      '2026-01-01T00:05:15.000000000Z 00:05:15 INFO served\n2026-01-01T00:05:20.000000000Z 00:05:20 INFO served\n' });
    expect(home.run('logs tailer -c sidecar --since=8s')).toEqual({ code: 0, stderr: '', stdout: '00:05:15 INFO served\n00:05:20 INFO served\n' });
    // exec in the sidecar reads the file as the app's rounds so far left it.
    expect(home.run('exec tailer -c sidecar -- cat /shared/app.log')).toEqual(home.run('logs tailer -c sidecar'));
    // The app itself writes nothing to its stdout.
    expect(home.run('logs tailer -c app')).toEqual({ code: 0, stderr: '', stdout: '' });
  });

  it('a native sidecar started before the app: tail -F says the file is missing, then that it appeared', () => {
    expect(home.run(['apply', '-f', home.file('b.yaml', pod('native', '["sh", "-c", "tail -F /shared/app.log"]', true, 'sleep 3; '))]).code).toBe(0);
    expect(home.run('tick 12s').code).toBe(0);
    expect(home.run('get pod native -o jsonpath={.status.initContainerStatuses[0].state.running.startedAt}/{.status.containerStatuses[0].state.running.startedAt}/{.status.initContainerStatuses[0].restartCount}').stdout).toBe('2026-01-01T00:05:22Z/2026-01-01T00:05:22Z/0');
    expect(home.run('logs native -c sidecar --timestamps')).toEqual({ code: 0, stderr: '', stdout: [
      "2026-01-01T00:05:22.000000000Z tail: can't open '/shared/app.log': No such file or directory",
      '2026-01-01T00:05:25.000000000Z tail: /shared/app.log has appeared; following end of new file',
      '2026-01-01T00:05:25.000000000Z 00:05:25 INFO served',
      '2026-01-01T00:05:30.000000000Z 00:05:30 INFO served', ''].join('\n') });
  });

  it('an hour on, the log holds every line since the tail started, and the reading stays bounded', () => {
    expect(home.run('tick 1h').code).toBe(0);
    const lines = home.run('logs tailer -c sidecar').stdout.split('\n').filter(Boolean);
    expect({ n: lines.length, first: lines[0], last: lines.at(-1) }).toEqual({ n: 1 + (3600 + 30) / 5, first: '00:05:00 INFO served', last: '01:05:30 INFO served' });
    expect(home.run('exec tailer -c sidecar -- wc -l /shared/app.log')).toEqual({ code: 0, stderr: '', stdout: '727 /shared/app.log\n' });
    expect(home.run('logs tailer -c sidecar --tail=2 --timestamps')).toEqual({ code: 0, stderr: '', stdout:
      '2026-01-01T01:05:25.000000000Z 01:05:25 INFO served\n2026-01-01T01:05:30.000000000Z 01:05:30 INFO served\n' });
  });
});
