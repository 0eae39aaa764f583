/**
 * logs: what a container wrote, as the kubelet's log files would hold it — computed from
 * the pod spec and the instance's start/finish times (process.ts), never stored. The
 * current instance is the running one or, while it waits to restart, the last one that
 * ran; --previous is lastState.terminated.
 * Mirrors the kubelet's container log endpoint (pkg/kubelet/kuberuntime/logs, the
 * validateContainerLogStatus checks) and its BadRequest texts.
 */
import type { Container } from '../api/types/core-v1';
import type { KubeObject } from '../api/meta';
import { serverSideClient, type ApiClient } from '../apiserver/client';
import { withReadCache } from './read-cache';
import { modelOf, type ContainerSlot } from './container-sync';
import { linesBetween } from './process';
import { accessLogLines, mergeByTime } from './access-log';
import { followedFileLines } from './followed-file';
import { programRequestLines } from './program-requests';

/** LogLine is one line with its absolute time. */
export interface LogLine { ms: number; text: string; partial?: boolean }

/**
 * MAX_LOG_LINE is containerd's max_container_log_line_size: a line longer than that is written
 * in pieces tagged partial (P), and so is one without its newline when the stream ends.
 */
const MAX_LOG_LINE = 16 * 1024;

/** logText is lines as the log endpoint sends them: each with its newline, a partial one without. */
export function logText(lines: readonly LogLine[], prefix: (l: LogLine) => string = () => ''): string {
  return lines.map((l) => `${prefix(l)}${l.text}${l.partial ? '' : '\n'}`).join('');
}

/** LogError is a BadRequest the log endpoint returns, with kubectl's exact message. */
export class LogError extends Error { override readonly name = 'LogError'; }

/** waitingMessage maps a waiting reason to the log endpoint's "is waiting to start" tail. */
function waitingMessage(reason: string): string {
  if (reason === 'ErrImagePull' || reason === 'ImagePullBackOff') return 'trying and failing to pull image';
  if (reason === 'InvalidImageName' || reason === 'ErrImageNeverPull') return "image can't be pulled";
  return reason;
}

/** containerLogs returns a container's log lines, or throws LogError as the API server would. */
export function containerLogs(pod: KubeObject, name: string, previous: boolean, store: ApiClient, nowMs: number): LogLine[] {
  // The kubelet computes the log as itself, whoever was authorized to read it (pods/log); rendering
  // a loop or its clients' requests reads the same objects round after round.
  const api = withReadCache(serverSideClient(store));
  const podName = pod.metadata.name;
  if (!pod.spec?.nodeName) throw new LogError(`pod ${podName} does not have a host assigned`);
  const inits: Container[] = pod.spec.initContainers ?? [];
  const spec = [...inits, ...(pod.spec.containers ?? []), ...(pod.spec.ephemeralContainers ?? [])].find((c: { name: string }) => c.name === name);
  if (!spec) throw new LogError(`container ${name} is not valid for pod ${podName}`);
  const init = inits.includes(spec);
  const status = [...(pod.status?.initContainerStatuses ?? []), ...(pod.status?.containerStatuses ?? []), ...(pod.status?.ephemeralContainerStatuses ?? [])].find((s: { name: string }) => s.name === name);
  const state = status?.state ?? {};
  let instance: { startedAt: string; finishedAt?: string; reason?: string } | undefined;
  if (previous) {
    instance = status?.lastState?.terminated;
    if (!instance) throw new LogError(`previous terminated container "${name}" in pod "${podName}" not found`);
  } else if (state.running) instance = state.running;
  else if (state.terminated) instance = state.terminated;
  else if (state.waiting && status?.lastState?.terminated) instance = status.lastState.terminated;
  else throw new LogError(`container "${name}" in pod "${podName}" is waiting to start: ${waitingMessage(state.waiting?.reason ?? 'ContainerCreating')}`);
  if (instance!.reason === 'StartError') return [];
  const start = Date.parse(instance!.startedAt);
  const end = instance!.finishedAt ? Date.parse(instance!.finishedAt) : nowMs;
  const slot: ContainerSlot = { spec, status: status ?? {}, init, sidecar: init && spec.restartPolicy === 'Always' };
  const { model, cfg } = modelOf({ pod, api }, slot, start);
  // A sidecar following a file its sibling writes logs the sibling's lines (followed-file.ts).
  const own = followedFileLines(pod, spec, api, cfg.env, start, end)
    ?? written(linesBetween(model.program, end - start).map((l) => ({ ms: start + l.atMs, text: l.text, ...(l.partial ? { partial: true } : {}) })), !instance!.finishedAt);
  // What a web server wrote for the requests it served in this instance's life: those commands
  // made (recorded) and those other pods' programs make (computed from their schedules).
  return mergeByTime(own, mergeByTime(accessLogLines(api, pod, name, start, end), programRequestLines(api, pod, name, start, end)));
}

/**
 * written is what containerd has written of a stream's lines: a line without its newline is
 * written (partial) when the stream ends; while the process runs it waits for the rest, but
 * for whole 16 KiB pieces of a longer one.
 */
export function written(lines: LogLine[], running: boolean): LogLine[] {
  if (!running) return lines;
  return lines.flatMap((l) => {
    if (!l.partial) return [l];
    const whole = Math.floor(l.text.length / MAX_LOG_LINE) * MAX_LOG_LINE;
    return whole ? [{ ...l, text: l.text.slice(0, whole) }] : [];
  });
}

/** logTimestamp renders a line's time as the runtime's RFC 3339 nanosecond stamp. */
export function logTimestamp(ms: number): string {
  return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000000Z');
}
