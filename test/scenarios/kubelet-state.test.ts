/**
 * The kubelet's own state: back-off and restart state live in the pod status and the
 * kubelet's node-local records, so Events are output only — deleting them changes nothing
 * the kubelet does next.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

const eventsOf = (h: TempHome, reason: string) =>
  h.run(['get', 'events', '--field-selector', `reason=${reason}`, '-o', 'jsonpath={range .items[*]}{.count} {.message}{"\\n"}{end}']).stdout;

describe('the kubelet keeps its state when Events are deleted', () => {
  let h: TempHome;
  afterEach(() => h.cleanup());

  it('keeps the image-pull back-off where it was', () => {
    h = manualCluster('pullstate', 7);
    h.file('bad.yaml', 'apiVersion: v1\nkind: Pod\nmetadata: {name: bad}\nspec:\n  containers: [{name: web, image: "nginx:1.999"}]\n');
    h.run(['apply', '-f', `${h.dir}/bad.yaml`]);
    // Pulls fail 1.2s after they begin; back-off 10s, then 20s: attempts at 0s, 11.2s, 32.4s.
    h.run('tick 35s');
    expect(eventsOf(h, 'Pulling')).toBe('3 Pulling image "nginx:1.999"\n');
    expect(h.run('delete events --all').code).toBe(0);
    // The next back-off is 40s: no attempt before 73.6s, one then, and the next 80s later.
    h.run('tick 30s');
    expect(eventsOf(h, 'Pulling')).toBe('');
    h.run('tick 10s');
    expect(eventsOf(h, 'Pulling')).toBe('1 Pulling image "nginx:1.999"\n');
    h.run('tick 60s');
    expect(eventsOf(h, 'Pulling')).toBe('1 Pulling image "nginx:1.999"\n');
    expect(h.run('get pod bad -o jsonpath={.status.containerStatuses[0].state.waiting.reason}').stdout).toBe('ImagePullBackOff');
  });

  it('pulls a corrected image when the change is seen, not after the old image\'s back-off', () => {
    h = manualCluster('fixstate', 7);
    h.file('bad.yaml', 'apiVersion: v1\nkind: Pod\nmetadata: {name: bad}\nspec:\n  containers: [{name: web, image: "nginx:1.999"}]\n');
    h.run(['apply', '-f', `${h.dir}/bad.yaml`]);
    h.run('tick 35s');
    expect(h.run('set image pod/bad web=nginx:1.27').code).toBe(0);
    expect(eventsOf(h, 'Pulling')).toBe('3 Pulling image "nginx:1.999"\n1 Pulling image "nginx:1.27"\n');
    h.run('tick 5s');
    expect(h.run('get pod bad -o jsonpath={.status.containerStatuses[0].state.running.startedAt}').stdout).not.toBe('');
  });

  it('keeps the crash back-off doubling', () => {
    h = manualCluster('crashstate', 7);
    h.file('bb.yaml', 'apiVersion: v1\nkind: Pod\nmetadata: {name: bb}\nspec:\n  containers: [{name: bb, image: busybox}]\n');
    h.run(['apply', '-f', `${h.dir}/bb.yaml`]);
    h.run('tick 35s');
    expect(h.run('get pod bb -o jsonpath={.status.containerStatuses[0].restartCount}').stdout).toBe('3');
    expect(h.run('delete events --all').code).toBe(0);
    h.run('tick 5s');
    const msg = h.run('get pod bb -o jsonpath={.status.containerStatuses[0].state.waiting.message}').stdout;
    expect(msg).toMatch(/^back-off 40s restarting failed container=bb pod=bb_default\([0-9a-f-]+\)$/);
    // The third back-off (40s) runs out; the container restarts once, then backs off 80s.
    h.run('tick 40s');
    expect(h.run('get pod bb -o jsonpath={.status.containerStatuses[0].restartCount}').stdout).toBe('4');
    expect(h.run('get pod bb -o jsonpath={.status.containerStatuses[0].state.waiting.message}').stdout).toMatch(/^back-off 1m20s restarting failed container=bb /);
    // busybox is :latest, so each restart pulls (imagePullPolicy Always): one restart since the Events went.
    expect(eventsOf(h, 'Pulling')).toBe('1 Pulling image "busybox"\n');
  });

  it('does not report a liveness failure twice', () => {
    h = manualCluster('probestate', 7);
    h.file('lp.yaml', 'apiVersion: v1\nkind: Pod\nmetadata: {name: lp}\nspec:\n  containers: [{name: web, image: nginx:1.27, livenessProbe: {httpGet: {port: 80, path: /healthz}, periodSeconds: 5}}]\n');
    h.run(['apply', '-f', `${h.dir}/lp.yaml`]);
    // The probe fails every 5s from the start (3s); the third failure (13s) kills the container.
    h.run('tick 9s');
    expect(eventsOf(h, 'Unhealthy')).toBe('2 Liveness probe failed: HTTP probe failed with statuscode: 404\n');
    expect(h.run('delete events --all').code).toBe(0);
    // A change to the pod makes its kubelet sync now: the failures it reported stay reported.
    expect(h.run('label pod lp touched=yes').code).toBe(0);
    expect(eventsOf(h, 'Unhealthy')).toBe('');
    // To just before the restart (a second after the kill): only the third failure and the kill are new.
    h.run('tick 4900ms');
    expect(eventsOf(h, 'Unhealthy')).toBe('1 Liveness probe failed: HTTP probe failed with statuscode: 404\n');
    expect(eventsOf(h, 'Killing')).toBe('1 Container web failed liveness probe, will be restarted\n');
  });
});
