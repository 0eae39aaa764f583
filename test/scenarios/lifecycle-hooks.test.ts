/**
 * Container lifecycle hooks as the kubelet runs them: postStart after the container starts
 * (its writes are in the container's files; a failure kills the container), preStop before a
 * deleted pod's containers are asked to stop (its time comes out of the grace period; a failure
 * is reported). The first pod is the Kubernetes documentation's lifecycle-demo.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

const PODS = `apiVersion: v1
kind: Pod
metadata: {name: lifecycle-demo}
spec:
  containers:
  - name: lifecycle-demo-container
    image: nginx
    lifecycle:
      postStart:
        exec: {command: ["/bin/sh", "-c", "echo Hello from the postStart handler > /usr/share/message"]}
      preStop:
        exec: {command: ["/bin/sh", "-c", "nginx -s quit; while killall -0 nginx; do sleep 1; done"]}
---
apiVersion: v1
kind: Pod
metadata: {name: drains}
spec:
  containers:
  - name: web
    image: nginx
    lifecycle: {preStop: {sleep: {seconds: 5}}}
---
apiVersion: v1
kind: Pod
metadata: {name: plain}
spec:
  containers:
  - {name: web, image: nginx}
---
apiVersion: v1
kind: Pod
metadata: {name: refuses}
spec:
  terminationGracePeriodSeconds: 10
  containers:
  - name: web
    image: nginx
    lifecycle: {preStop: {exec: {command: ["/bin/sh", "-c", "sleep 3; exit 3"]}}}
---
apiVersion: v1
kind: Pod
metadata: {name: outlasts}
spec:
  terminationGracePeriodSeconds: 4
  containers:
  - name: box
    image: busybox
    command: ["sleep", "3600"]
    lifecycle: {preStop: {sleep: {seconds: 60}}}
---
apiVersion: v1
kind: Pod
metadata: {name: hook-fails}
spec:
  terminationGracePeriodSeconds: 5
  containers:
  - name: box
    image: busybox
    command: ["sleep", "3600"]
    lifecycle:
      postStart:
        exec: {command: ["/bin/sh", "-c", "sleep 2; exit 1"]}
`;

describe('container lifecycle hooks', () => {
  let home: TempHome;
  beforeAll(() => {
    home = manualCluster('hooks', 7);
    home.run(['apply', '-f', home.file('pods.yaml', PODS)]);
    home.run('tick 30s');
  });
  afterAll(() => home.cleanup());

  it("keeps what the postStart hook wrote in the container's files, and logs nothing of it", () => {
    expect(home.run('exec lifecycle-demo -- cat /usr/share/message').stdout).toBe('Hello from the postStart handler\n');
    expect(home.run('logs lifecycle-demo').stdout).not.toContain('postStart');
  });

  it('kills and restarts a container whose postStart hook fails, saying why', () => {
    const events = home.run(['get', 'events', '--field-selector', 'involvedObject.name=hook-fails', '-o', 'jsonpath={range .items[*]}{.reason}={.message}{"\\n"}{end}']).stdout;
    expect(events).toContain('FailedPostStartHook=PostStartHook failed\n');
    expect(events).toContain('Killing=FailedPostStartHook\n');
    // busybox's sleep as PID 1 ignores SIGTERM: killed when the 5s grace period ends.
    expect(home.run('get pod hook-fails -o jsonpath={.status.containerStatuses[0].lastState.terminated.exitCode}').stdout).toBe('137');
    expect(Number(home.run('get pod hook-fails -o jsonpath={.status.containerStatuses[0].restartCount}').stdout)).toBeGreaterThanOrEqual(1);
  });

  it('waits for a preStop hook before stopping the container, and stops promptly once it ends', () => {
    expect(home.run('delete pod lifecycle-demo drains plain refuses outlasts --wait=false').code).toBe(0);
    const left = () => home.run('get pods --no-headers -o custom-columns=N:.metadata.name').stdout;
    home.run('tick 2s');
    // No hook, or a hook that ends at once (killall is not in the nginx image): nginx stops on SIGTERM.
    expect(left()).toBe('drains\nhook-fails\noutlasts\nrefuses\n');
    home.run('tick 2s');
    // The failed hook ended at 3s; the 5s sleep goes on; the 60s sleep was cut at the 4s grace period.
    expect(left()).toBe('drains\nhook-fails\noutlasts\n');
    home.run('tick 2s');
    // The sleep's 5s, then SIGTERM; busybox's sleep ignores it: killed 2s (the least window) after the cut hook.
    expect(left()).toBe('hook-fails\n');
  });

  it('reports a failed preStop hook when it ends', () => {
    const events = home.run(['get', 'events', '--field-selector', 'involvedObject.name=refuses', '-o', 'jsonpath={range .items[*]}{.type}/{.reason}={.message}{"\\n"}{end}']).stdout;
    expect(events).toContain('Normal/Killing=Stopping container web\n');
    expect(events).toContain('Warning/FailedPreStopHook=PreStopHook failed\n');
  });

});

describe('a failed postStart hook', () => {
  const home = manualCluster('hookerr', 7);
  afterAll(() => home.cleanup());

  it('leaves the container waiting with PostStartHookError and the handler runner\'s message until it runs again, then backs off', () => {
    const pod = `apiVersion: v1
kind: Pod
metadata: {name: hook-fails}
spec:
  terminationGracePeriodSeconds: 5
  containers:
  - name: box
    image: busybox
    command: ["sleep", "3600"]
    lifecycle:
      postStart:
        exec: {command: ["/bin/sh", "-c", "echo starting; echo no >&2; sleep 2; exit 1"]}
`;
    expect(home.run(['apply', '-f', home.file('hook-fails.yaml', pod)]).code).toBe(0);
    const seen: string[] = [];
    let message = '';
    for (let i = 0; i < 20; i++) {
      home.run('tick 1s');
      const status = home.run(['get', 'pod', 'hook-fails', '-o', 'jsonpath={.status.containerStatuses[0].state.waiting.reason}{.status.containerStatuses[0].state.running.startedAt} {.status.containerStatuses[0].restartCount}']).stdout;
      const shown = status.replace(/^\d{4}-\S+/, 'Running');
      if (seen[seen.length - 1] !== shown) seen.push(shown);
      if (shown.startsWith('PostStartHookError') && !message) message = home.run('get pod hook-fails -o jsonpath={.status.containerStatuses[0].state.waiting.message}').stdout;
    }
    expect(seen).toEqual(['Running 0', 'PostStartHookError 0', 'Running 1', 'PostStartHookError 1', 'CrashLoopBackOff 1']);
    const uid = home.run('get pod hook-fails -o jsonpath={.metadata.uid}').stdout;
    expect(message).toBe(`Exec lifecycle hook ([/bin/sh -c echo starting; echo no >&2; sleep 2; exit 1]) for Container "box" in Pod "hook-fails_default(${uid})" failed - error: `
      + `command '/bin/sh -c echo starting; echo no >&2; sleep 2; exit 1' exited with 1: no\n, message: "starting\\nno\\n"`);
    expect(home.run('get pod hook-fails -o jsonpath={.status.containerStatuses[0].lastState.terminated.exitCode}').stdout).toBe('137');
  });
});
