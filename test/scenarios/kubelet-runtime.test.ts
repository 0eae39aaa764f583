import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

/** row returns READY, STATUS and RESTARTS of one pod from `get pods`. */
function row(home: TempHome, pod: string): string {
  const line = home.run(`get pod ${pod} --no-headers`).stdout.trim();
  return line.split(/ {3,}/).slice(1, 4).join(' | ');
}

const PODS = `
apiVersion: v1
kind: Pod
metadata: {name: bb}
spec:
  containers: [{name: bb, image: busybox}]
---
apiVersion: v1
kind: Pod
metadata: {name: bad}
spec:
  containers: [{name: web, image: "nginx:1.999"}]
---
apiVersion: v1
kind: Pod
metadata: {name: sleeper}
spec:
  restartPolicy: Never
  containers: [{name: s, image: busybox, command: [sleep, "5"]}]
---
apiVersion: v1
kind: Pod
metadata: {name: ex3}
spec:
  restartPolicy: Never
  containers: [{name: s, image: busybox, command: [sh, -c, "echo bye; exit 3"]}]
---
apiVersion: v1
kind: Pod
metadata: {name: loop}
spec:
  containers: [{name: l, image: busybox, command: [sh, -c, "while true; do echo tick; sleep 5; done"]}]
---
apiVersion: v1
kind: Pod
metadata: {name: cfg}
spec:
  containers: [{name: c, image: nginx:1.27, env: [{name: X, valueFrom: {configMapKeyRef: {name: nope, key: k}}}]}]
---
apiVersion: v1
kind: Pod
metadata: {name: rp}
spec:
  containers: [{name: web, image: nginx:1.27, readinessProbe: {httpGet: {port: 8080, path: /}}}]
---
apiVersion: v1
kind: Pod
metadata: {name: lp}
spec:
  containers: [{name: web, image: nginx:1.27, livenessProbe: {httpGet: {port: 80, path: /healthz}, periodSeconds: 5}}]
---
apiVersion: v1
kind: Pod
metadata: {name: oom, annotations: {kubemu.io/memory-usage: 300Mi}}
spec:
  containers: [{name: app, image: nginx:1.27, resources: {limits: {memory: 128Mi}}}]
---
apiVersion: v1
kind: Pod
metadata: {name: init}
spec:
  initContainers:
  - {name: a, image: busybox, command: [sh, -c, "echo init a; sleep 10"]}
  - {name: b, image: busybox, command: [sleep, "10"]}
  containers: [{name: web, image: nginx:1.27}]
---
apiVersion: v1
kind: Pod
metadata: {name: nobin}
spec:
  restartPolicy: Never
  containers: [{name: c, image: busybox, command: [sh, -c, "echo start; foo --bar"]}]
`;

describe('kubelet runtime model', () => {
  let home: TempHome;
  beforeAll(() => {
    home = manualCluster('rt', 7);
    const f = home.file('pods.yaml', PODS);
    expect(home.run(['apply', '-f', f]).code).toBe(0);
  });
  afterAll(() => home.cleanup());

  it('walks every classic mistake to its kubectl status', () => {
    expect(row(home, 'init')).toBe('0/1 | Init:0/2 | 0');
    home.run('tick 6s');
    expect(row(home, 'sleeper')).toBe('0/1 | Completed | 0');
    expect(home.run('get pod sleeper -o jsonpath={.status.phase}').stdout).toBe('Succeeded');
    expect(row(home, 'ex3')).toBe('0/1 | Error | 0');
    expect(home.run('get pod ex3 -o jsonpath={.status.phase}/{.status.containerStatuses[0].state.terminated.exitCode}').stdout).toBe('Failed/3');
    expect(row(home, 'cfg')).toBe('0/1 | CreateContainerConfigError | 0');
    expect(row(home, 'rp')).toBe('0/1 | Running | 0');
    expect(row(home, 'loop')).toBe('1/1 | Running | 0');
    expect(row(home, 'nobin')).toBe('0/1 | Error | 0');
    home.run('tick 30s');
    expect(row(home, 'init')).toBe('1/1 | Running | 0');
    home.run('tick 2m');
    expect(row(home, 'bad')).toMatch(/^0\/1 \| (ErrImagePull|ImagePullBackOff) \| 0$/);
    expect(row(home, 'oom')).toMatch(/^0\/1 \| (CrashLoopBackOff|OOMKilled) \| \d+ \(\d+s ago\)$/);
    expect(home.run('get pod oom -o jsonpath={.status.containerStatuses[0].lastState.terminated.reason}/{.status.containerStatuses[0].lastState.terminated.exitCode}').stdout).toBe('OOMKilled/137');
    expect(row(home, 'lp')).toMatch(/^\d\/1 \| (CrashLoopBackOff|Running) \| [1-9] \(\d+s ago\)$/);
  });

  it('crash-loops busybox without a command with doubling back-off', () => {
    const h = manualCluster('bb', 7);
    try {
      h.file('bb.yaml', 'apiVersion: v1\nkind: Pod\nmetadata: {name: bb}\nspec:\n  containers: [{name: bb, image: busybox}]\n');
      h.run(['apply', '-f', `${h.dir}/bb.yaml`]);
      const seen: string[] = [];
      for (let i = 0; i < 8; i++) { h.run('tick 5s'); seen.push(row(h, 'bb').replace(/^0\/1 \| CrashLoopBackOff \| /, '')); }
      // First exit restarts at once; then back-off 10s, 20s, 40s with the restart shown as "N (Xs ago)".
      expect(seen).toEqual(['1 (4s ago)', '1 (9s ago)', '2 (4s ago)', '2 (9s ago)', '2 (14s ago)', '2 (19s ago)', '3 (4s ago)', '3 (9s ago)']);
      const cs = JSON.parse(h.run('get pod bb -o json').stdout).status.containerStatuses[0];
      expect(cs.lastState.terminated).toMatchObject({ exitCode: 0, reason: 'Completed' });
      expect(cs.restartCount).toBeGreaterThanOrEqual(3);
      const msg = h.run('get pod bb -o jsonpath={.status.containerStatuses[0].state.waiting.message}').stdout;
      expect(msg).toMatch(/^back-off 40s restarting failed container=bb pod=bb_default\([0-9a-f-]+\)$/);
      const events = h.run(['get', 'events', '--field-selector', 'reason=BackOff', '-o', 'jsonpath={.items[0].message}']).stdout;
      expect(events).toMatch(/^Back-off restarting failed container bb in pod bb_default\([0-9a-f-]+\)$/);
    } finally { h.cleanup(); }
  });

  it('reports ErrImagePull then ImagePullBackOff with the kubelet events', () => {
    const h = manualCluster('img', 7);
    try {
      h.file('bad.yaml', 'apiVersion: v1\nkind: Pod\nmetadata: {name: bad}\nspec:\n  containers: [{name: web, image: "nginx:1.999"}]\n');
      h.run(['apply', '-f', `${h.dir}/bad.yaml`]);
      h.run('tick 1500ms');
      expect(row(h, 'bad')).toBe('0/1 | ErrImagePull | 0');
      h.run('tick 1s');
      expect(row(h, 'bad')).toBe('0/1 | ImagePullBackOff | 0');
      const msgs = h.run(['get', 'events', '-o', 'jsonpath={range .items[*]}{.reason}: {.message}{"\\n"}{end}']).stdout;
      expect(msgs).toContain('Pulling: Pulling image "nginx:1.999"\n');
      expect(msgs).toContain('Failed: Failed to pull image "nginx:1.999": rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:1.999": failed to resolve reference "docker.io/library/nginx:1.999": docker.io/library/nginx:1.999: not found\n');
      expect(msgs).toContain('Failed: Error: ErrImagePull\n');
      expect(msgs).toContain('BackOff: Back-off pulling image "nginx:1.999"\n');
      expect(msgs).toContain('Failed: Error: ImagePullBackOff\n');
      expect(h.run('logs bad')).toEqual({ stdout: '', stderr: 'Error from server (BadRequest): container "web" in pod "bad" is waiting to start: trying and failing to pull image\n', code: 1 });
    } finally { h.cleanup(); }
  });

  it('records the missing configmap as the kubelet does', () => {
    const ev = home.run('get events --field-selector involvedObject.name=cfg,reason=Failed -o jsonpath={.items[0].message}').stdout;
    expect(ev).toBe('Error: configmap "nope" not found');
    const w = home.run('get pod cfg -o jsonpath={.status.containerStatuses[0].state.waiting.message}').stdout;
    expect(w).toBe('configmap "nope" not found');
  });

  it('prints logs as kubectl logs does', () => {
    expect(home.run('logs ex3')).toEqual({ stdout: 'bye\n', stderr: '', code: 0 });
    expect(home.run('logs nobin').stdout).toBe('start\nsh: foo: not found\n');
    const loop = home.run('logs loop --tail 2');
    expect(loop.stdout).toBe('tick\ntick\n');
    expect(home.run('logs loop --tail 1 --timestamps').stdout).toMatch(/^2026-01-01T00:0\d:\d\d\.\d{9}Z tick\n$/);
    expect(home.run('logs init').stderr).toBe('Defaulted container "web" out of: web, a (init), b (init)\n');
    expect(home.run('logs init -c a').stdout).toBe('init a\n');
    expect(home.run('logs sleeper -p')).toEqual({ stdout: '', stderr: 'Error from server (BadRequest): previous terminated container "s" in pod "sleeper" not found\n', code: 1 });
    expect(home.run('logs init -c nope').stderr).toBe('error: container nope is not valid for pod init\n');
    expect(home.run('logs nosuch')).toEqual({ stdout: '', stderr: 'error: error from server (NotFound): pods "nosuch" not found in namespace "default"\n', code: 1 });
    expect(home.run('logs cfg').stderr).toBe('Error from server (BadRequest): container "c" in pod "cfg" is waiting to start: CreateContainerConfigError\n');
  });

  it('records liveness failures and restarts', () => {
    const out = home.run(['get', 'events', '--field-selector', 'involvedObject.name=lp', '-o', 'jsonpath={range .items[*]}{.reason}: {.message}{"\\n"}{end}']).stdout;
    expect(out).toContain('Unhealthy: Liveness probe failed: HTTP probe failed with statuscode: 404\n');
    expect(out).toContain('Killing: Container web failed liveness probe, will be restarted\n');
  });
});
