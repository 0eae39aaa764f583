/**
 * probes: the kubelet's prober in simulated time. A probe succeeds only if the container
 * really serves the port (httpGet/tcpSocket/grpc) or the command succeeds against the
 * container's files at that moment (exec). Probe j of an instance runs at
 * initialDelaySeconds + j × periodSeconds after the container started.
 * kubemu: no random initial jitter; timeouts only matter for exec probes that sleep.
 * Mirrors pkg/kubelet/prober (worker.go doProbe, prober.go runProbe) for the timing rules.
 */
import type { KubeObject } from '../api/meta';
import type { ContainerConfig } from './container-config';
import { type ProcessModel, filesAt } from './process';
import { runArgv } from './shell';
import { resolvePort } from './port-reference';

/** ProbeKind names a probe as the Unhealthy event does. */
export type ProbeKind = 'Liveness' | 'Readiness' | 'Startup';

/** ProbeResult is one probe's outcome at a relative time. */
export interface ProbeResult { atMs: number; ok: boolean; detail: string }

/** ProbeEnv is what probing a container needs. */
export interface ProbeEnv { container: KubeObject['spec']; model: ProcessModel; cfg: ContainerConfig; podIP: string }

/** outcome runs one probe at relative time t. */
export function outcome(probe: KubeObject['spec'], env: ProbeEnv, t: number): { ok: boolean; detail: string } {
  const { model, podIP } = env;
  const exited = model.program.exit && model.program.exit.atMs <= t;
  const serves = (port: number) => !exited && model.program.serves.includes(port);
  if (probe.httpGet) {
    const port = resolvePort(probe.httpGet.port, env.container);
    const scheme = (probe.httpGet.scheme ?? 'HTTP').toLowerCase();
    const host = probe.httpGet.host ?? podIP;
    const path = probe.httpGet.path ?? '/';
    if (!serves(port)) return { ok: false, detail: `Get "${scheme}://${host}:${port}${path}": dial tcp ${host}:${port}: connect: connection refused` };
    if (model.httpPaths && !model.httpPaths.includes(path.split('?')[0]!)) return { ok: false, detail: 'HTTP probe failed with statuscode: 404' };
    return { ok: true, detail: '' };
  }
  if (probe.tcpSocket) {
    const port = resolvePort(probe.tcpSocket.port, env.container);
    const host = probe.tcpSocket.host ?? podIP;
    return serves(port) ? { ok: true, detail: '' } : { ok: false, detail: `dial tcp ${host}:${port}: connect: connection refused` };
  }
  if (probe.grpc) {
    const port = Number(probe.grpc.port);
    return serves(port) ? { ok: true, detail: '' } : { ok: false, detail: `timeout: failed to connect service "${podIP}:${port}" within 1s` };
  }
  if (probe.exec) {
    const files = filesAt(env.cfg, model.program, t);
    const p = runArgv(probe.exec.command ?? [], { env: env.cfg.env, files, startMs: 0, shell: 'sh', binary: () => 'exists' });
    const timeoutMs = (probe.timeoutSeconds ?? 1) * 1000;
    const text = p.lines.map((l) => l.text).join('\n');
    if (!p.exit || p.exit.atMs > timeoutMs) return { ok: false, detail: `command timed out after ${probe.timeoutSeconds ?? 1}s` };
    return p.exit.code === 0 ? { ok: true, detail: '' } : { ok: false, detail: text ? `${text}\n` : '' };
  }
  return { ok: true, detail: '' };
}

/** probeResults lists the probe runs of an instance from fromMs (relative) up to toMs, at most `limit`. */
export function probeResults(probe: KubeObject['spec'], env: ProbeEnv, fromMs: number, toMs: number, limit = 5000): ProbeResult[] {
  const period = (probe.periodSeconds ?? 10) * 1000;
  const first = (probe.initialDelaySeconds ?? 0) * 1000;
  const out: ProbeResult[] = [];
  let j = fromMs <= first ? 0 : Math.ceil((fromMs - first) / period);
  for (; out.length < limit; j++) {
    const t = first + j * period;
    if (t > toMs) break;
    out.push({ atMs: t, ...outcome(probe, env, t) });
  }
  return out;
}

/** settledAfter is when a probe's outcome can no longer change (the last file change, or exit). */
function settledAfter(env: ProbeEnv): number {
  const files = env.model.program.files;
  return Math.max(0, files.length ? files[files.length - 1]!.atMs : 0);
}

function horizon(probe: KubeObject['spec'], env: ProbeEnv, fromMs: number): number {
  const period = (probe.periodSeconds ?? 10) * 1000;
  const n = (probe.failureThreshold ?? 3) + (probe.successThreshold ?? 1) + 2;
  return Math.max(fromMs, settledAfter(env), (probe.initialDelaySeconds ?? 0) * 1000) + n * period;
}

/** FailureRun: when failureThreshold consecutive failures end the container (liveness/startup), and the failures on the way. */
export interface FailureRun { killAtMs?: number; failures: ProbeResult[]; successAtMs?: number }

/** livenessRun finds the first run of failureThreshold consecutive failures after fromMs. */
export function livenessRun(probe: KubeObject['spec'], env: ProbeEnv, fromMs: number): FailureRun {
  const threshold = probe.failureThreshold ?? 3;
  const results = probeResults(probe, env, fromMs, horizon(probe, env, fromMs));
  const failures: ProbeResult[] = [];
  let streak: ProbeResult[] = [];
  for (const r of results) {
    if (r.ok) { streak = []; continue; }
    streak.push(r);
    failures.push(r);
    if (streak.length >= threshold) return { killAtMs: r.atMs, failures };
  }
  return { failures: [] };
}

/** startupRun finds when the startup probe first succeeds, or when its failures kill the container. */
export function startupRun(probe: KubeObject['spec'], env: ProbeEnv): FailureRun {
  const threshold = probe.failureThreshold ?? 3;
  const results = probeResults(probe, env, 0, horizon(probe, env, 0) + threshold * (probe.periodSeconds ?? 10) * 1000);
  const failures: ProbeResult[] = [];
  for (const r of results) {
    if (r.ok) return { successAtMs: r.atMs, failures };
    failures.push(r);
    if (failures.length >= threshold) return { killAtMs: r.atMs, failures };
  }
  return { failures };
}

/** ReadinessFlip is a change of the container's Ready state at a relative time. */
export interface ReadinessFlip { atMs: number; ready: boolean; detail: string }

/** readinessFlips lists the Ready transitions from fromMs (the container starts not ready). */
export function readinessFlips(probe: KubeObject['spec'], env: ProbeEnv, fromMs: number): ReadinessFlip[] {
  const success = probe.successThreshold ?? 1;
  const failure = probe.failureThreshold ?? 3;
  const results = probeResults(probe, env, fromMs, horizon(probe, env, fromMs));
  const flips: ReadinessFlip[] = [];
  let ready = false;
  let okStreak = 0;
  let failStreak = 0;
  for (const r of results) {
    if (r.ok) { okStreak++; failStreak = 0; } else { failStreak++; okStreak = 0; }
    if (!ready && okStreak >= success) { ready = true; flips.push({ atMs: r.atMs, ready, detail: '' }); }
    else if (ready && failStreak >= failure) { ready = false; flips.push({ atMs: r.atMs, ready, detail: r.detail }); }
  }
  return flips;
}

/** firstReadinessFailure is the first failing readiness probe at or after fromMs (for the Unhealthy event). */
export function firstReadinessFailure(probe: KubeObject['spec'], env: ProbeEnv, fromMs: number): ProbeResult | undefined {
  return probeResults(probe, env, fromMs, horizon(probe, env, fromMs)).find((r) => !r.ok);
}
