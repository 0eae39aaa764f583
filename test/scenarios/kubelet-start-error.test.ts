import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

const START_FAILED = 'failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process:';
const ABSOLUTE = `${START_FAILED} exec: "/bin/notthere": stat /bin/notthere: no such file or directory: unknown`;
const IN_PATH = `${START_FAILED} exec: "notthere": executable file not found in $PATH: unknown`;

/** A container whose command does not exist in its image: the runtime cannot start it. */
describe('a container whose command does not exist', () => {
  let home: TempHome;
  beforeAll(() => {
    home = manualCluster('nocmd', 7);
    expect(home.run('run badcmd --image=busybox --command -- /bin/notthere').code).toBe(0);
    expect(home.run('run rel --image=busybox --command -- notthere').code).toBe(0);
  });
  afterAll(() => home.cleanup());

  // Each tick must return (it used to loop forever): exit 0 and nothing on stderr.
  const tick = (d: string) => expect(home.run(`tick ${d}`)).toMatchObject({ code: 0, stderr: '' });
  const pods = () => home.run('get pods').stdout;
  const table = (status: string, restarts: string, age: string) => [
    `NAME     READY   STATUS${' '.repeat(Math.max(status.length, 6) - 3)}RESTARTS${' '.repeat(Math.max(restarts.length, 8) - 5)}AGE`,
    `badcmd   0/1     ${status.padEnd(Math.max(status.length, 6) + 3)}${restarts.padEnd(Math.max(restarts.length, 8) + 3)}${age}`,
    `rel      0/1     ${status.padEnd(Math.max(status.length, 6) + 3)}${restarts.padEnd(Math.max(restarts.length, 8) + 3)}${age}`,
    '',
  ].join('\n');

  it('shows RunContainerError, then CrashLoopBackOff with the kubelet back-off and counting restarts', { timeout: 60_000 }, () => {
    tick('1s');
    // The first failed start is restarted at once; the second fails too.
    expect(pods()).toBe(table('RunContainerError', '1 (0s ago)', '1s'));
    tick('1s');
    expect(pods()).toBe(table('CrashLoopBackOff', '1 (1s ago)', '2s'));
    tick('9s');
    // 10s after the second failure: another start, another failure.
    expect(pods()).toBe(table('RunContainerError', '2 (0s ago)', '11s'));
    tick('1s');
    expect(pods()).toBe(table('CrashLoopBackOff', '2 (1s ago)', '12s'));
    tick('20s');
    // Then 20s, 40s … capped at 5m.
    expect(pods()).toBe(table('CrashLoopBackOff', '3 (1s ago)', '32s'));
    tick('1h');
    const restarts = Number(home.run('get pod badcmd -o jsonpath={.status.containerStatuses[0].restartCount}').stdout);
    // 40s, 80s, 160s, then every 5m (plus the sync after each failure): 14 more in the hour.
    expect(restarts).toBe(17);
    const waiting = home.run('get pod badcmd -o jsonpath={.status.containerStatuses[0].state.waiting.message}').stdout;
    expect(waiting).toMatch(/^back-off 5m0s restarting failed container=badcmd pod=badcmd_default\([0-9a-f-]+\)$/);
  });

  it('reports the failed start as the kubelet and containerd do', () => {
    const cs = JSON.parse(home.run('get pod badcmd -o json').stdout).status.containerStatuses[0];
    expect(cs.lastState.terminated).toMatchObject({ exitCode: 128, reason: 'StartError', message: ABSOLUTE, startedAt: '1970-01-01T00:00:00Z' });
    expect(cs.ready).toBe(false);
    const rel = JSON.parse(home.run('get pod rel -o json').stdout).status.containerStatuses[0];
    expect(rel.lastState.terminated.message).toBe(IN_PATH);
    const events = home.run(['get', 'events', '--field-selector', 'involvedObject.name=badcmd', '-o', 'jsonpath={range .items[*]}{.reason}: {.message}{"\\n"}{end}']).stdout;
    expect(events).toContain(`Failed: Error: ${ABSOLUTE}\n`);
    expect(events).toMatch(/BackOff: Back-off restarting failed container badcmd in pod badcmd_default\([0-9a-f-]+\)\n/);
    const describe = home.run('describe pod badcmd').stdout;
    expect(describe).toContain([
      '    State:          Waiting',
      '      Reason:       CrashLoopBackOff',
      '    Last State:     Terminated',
      '      Reason:       StartError',
      `      Message:      ${ABSOLUTE}`,
      '      Exit Code:    128',
      '      Started:      Thu, 01 Jan 1970 00:00:00 +0000',
    ].join('\n'));
  });

  it('is waiting with RunContainerError and the error right after a failed start', () => {
    const h = manualCluster('nocmd2', 7);
    try {
      h.run('run one --image=busybox --command -- /bin/notthere');
      h.run('tick 1s');
      const cs = JSON.parse(h.run('get pod one -o json').stdout).status.containerStatuses[0];
      expect(cs.state).toEqual({ waiting: { message: ABSOLUTE, reason: 'RunContainerError' } });
      expect(cs.lastState.terminated).toMatchObject({ exitCode: 128, reason: 'StartError' });
    } finally { h.cleanup(); }
  });

  it('says the same as exec does for a command the image lacks', () => {
    const h = manualCluster('nocmd3', 7);
    try {
      h.run('run ok --image=busybox --command -- sleep 3600');
      h.run('tick 5s');
      const ociExec = 'OCI runtime exec failed: exec failed: unable to start container process:';
      expect(h.run('exec ok -- /bin/notthere').stderr).toBe(`${ociExec} exec: "/bin/notthere": stat /bin/notthere: no such file or directory: unknown\ncommand terminated with exit code 126\n`);
      expect(h.run('exec ok -- notthere').stderr).toBe(`${ociExec} exec: "notthere": executable file not found in $PATH: unknown\ncommand terminated with exit code 126\n`);
    } finally { h.cleanup(); }
  });
});
