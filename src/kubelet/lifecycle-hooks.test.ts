import { describe, expect, it } from 'vitest';
import { runHook, withHookFiles } from './lifecycle-hooks';
import type { ShellConfig } from './shell';

const shell: ShellConfig = { env: {}, files: { '/etc/hostname': 'web\n' }, startMs: 0, shell: 'sh', binary: () => undefined };
const env = { container: { name: 'web', ports: [{ name: 'http', containerPort: 8080 }] }, shell, serves: (port: number) => port === 8080, pod: 'p_default(u1)', podIP: '10.244.1.5' };

describe('runHook', () => {
  it('runs an exec hook in the container: its time, its status and what it wrote', () => {
    expect(runHook({ exec: { command: ['sh', '-c', 'sleep 2; echo hi > /tmp/x'] } }, env)).toEqual({ durationMs: 2000, ok: true, files: [{ atMs: 2000, path: '/tmp/x', content: 'hi\n' }] });
    expect(runHook({ exec: { command: ['sh', '-c', 'exit 3'] } }, env)).toMatchObject({ durationMs: 0, ok: false });
    expect(runHook({ exec: { command: ['nginx', '-s', 'quit'] } }, env).ok).toBe(false);
    expect(runHook({ exec: { command: ['sh', '-c', 'while true; do sleep 1; done'] } }, env).durationMs).toBe(Infinity);
  });

  it('words a failure as the kubelet\'s handler runner does', () => {
    expect(runHook({ exec: { command: ['sh', '-c', 'echo out; echo boom >&2; exit 3'] } }, env).failure).toBe(
      'Exec lifecycle hook ([sh -c echo out; echo boom >&2; exit 3]) for Container "web" in Pod "p_default(u1)" failed - error: '
      + 'command \'sh -c echo out; echo boom >&2; exit 3\' exited with 3: boom\n, message: "out\\nboom\\n"');
    expect(runHook({ httpGet: { port: 80, path: '/ready' } }, env).failure).toBe(
      'HTTP lifecycle hook (/ready) for Container "web" in Pod "p_default(u1)" failed - error: Get "http://10.244.1.5:80/ready": dial tcp 10.244.1.5:80: connect: connection refused');
    expect(runHook({ tcpSocket: { port: 8080 } }, env).failure).toBe(
      'Cannot run handler: invalid handler: &LifecycleHandler{Exec:nil,HTTPGet:nil,TCPSocket:&TCPSocketAction{Port:{0 8080 },Host:,},Sleep:nil,}');
    expect(runHook({ sleep: { seconds: 1 } }, env).failure).toBeUndefined();
  });

  it('gets a served port (by number or name), sleeps, and fails a tcpSocket handler as no kubelet runs one', () => {
    expect(runHook({ httpGet: { port: 'http', path: '/' } }, env)).toEqual({ durationMs: 0, ok: true, files: [] });
    expect(runHook({ httpGet: { port: 80 } }, env).ok).toBe(false);
    expect(runHook({ sleep: { seconds: 5 } }, env)).toEqual({ durationMs: 5000, ok: true, files: [] });
    expect(runHook({ tcpSocket: { port: 8080 } }, env).ok).toBe(false);
  });
});

describe('withHookFiles', () => {
  it("merges in time order, the hook's write after the process's at the same moment", () => {
    const proc = [{ atMs: 0, path: '/a', content: 'p0' }, { atMs: 10, path: '/a', content: 'p10' }];
    const hook = [{ atMs: 0, path: '/a', content: 'h0' }, { atMs: 5, path: '/b', content: 'h5' }];
    expect(withHookFiles(proc, hook).map((e) => e.content)).toEqual(['p0', 'h0', 'h5', 'p10']);
    expect(withHookFiles(proc, [])).toBe(proc);
  });
});
