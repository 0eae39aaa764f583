/**
 * log-reader: the kubelet's container log endpoint with its PodLogOptions — the last tailLines
 * lines, those since a time, each with its timestamp, cut at limitBytes — and, for a follow,
 * the lines the same instance wrote since the last read. `kubemu logs` and serve's pods/log
 * both read through it, so both print the same bytes.
 */
import type { KubeObject } from '../api/meta';
import type { ApiClient } from '../apiserver/client';
import { containerLogs, logText, logTimestamp, type LogLine } from './logs';
import { byteLength, bytesToText, textToBytes } from '../api/byte-string';

/** LogReadOptions are PodLogOptions as the kubelet applies them (prefix is kubectl's --prefix, added client-side). */
export interface LogReadOptions {
  previous?: boolean;
  /** tailLines < 0 or undefined: every line. */
  tailLines?: number;
  /** sinceMs: only lines written at or after this time. */
  sinceMs?: number;
  timestamps?: boolean;
  /** limitBytes > 0 ends the log after that many bytes. */
  limitBytes?: number;
  prefix?: string;
}

/** containerStatus is the status of a pod's container (init, app or ephemeral) by name. */
function containerStatus(pod: KubeObject, name: string): Record<string, any> | undefined {
  const st = pod.status ?? {};
  return [...(st.initContainerStatuses ?? []), ...(st.containerStatuses ?? []), ...(st.ephemeralContainerStatuses ?? [])].find((c: { name: string }) => c.name === name);
}

/** instanceStart names the container instance whose log is current (the running one, or the last that ran). */
function instanceStart(pod: KubeObject, name: string): string | undefined {
  const status = containerStatus(pod, name);
  return status?.state?.running?.startedAt ?? status?.state?.terminated?.startedAt ?? status?.lastState?.terminated?.startedAt;
}

/** containerRunning tells whether the container writes on: its log stream ends when it stops, as the runtime closes the file. */
export function containerRunning(pod: KubeObject | undefined, name: string): boolean {
  return !!pod && !!containerStatus(pod, name)?.state?.running;
}

/**
 * ContainerLogReader reads one container's log: the constructor reads what exists (throwing
 * LogError as the endpoint answers), next() what the same instance wrote since. done is set
 * once the stream is over: the container stopped or restarted, the pod went, or limitBytes
 * was reached.
 */
export class ContainerLogReader {
  /** first is the text of the first read. */
  readonly first: string;
  done = false;
  /** shownMs and shownAtMs: the time of the last line shown, and how many lines of that time were. */
  private shownMs = -Infinity;
  private shownAtMs = 0;
  private bytes = 0;
  private readonly startedAt: string | undefined;

  constructor(pod: KubeObject, readonly container: string, private readonly o: LogReadOptions, api: ApiClient, nowMs: number) {
    let lines = containerLogs(pod, container, !!o.previous, api, nowMs);
    this.markShown(lines);
    this.startedAt = instanceStart(pod, container);
    // The kubelet seeks to the last tailLines lines, then skips those older than sinceMs.
    const tail = o.tailLines ?? -1;
    if (tail >= 0) lines = tail === 0 ? [] : lines.slice(-tail);
    this.first = this.render(lines);
  }

  /** next is what the instance wrote since the last read, given the pod as it is now (undefined: gone). */
  next(pod: KubeObject | undefined, api: ApiClient, nowMs: number): string {
    if (this.done) return '';
    if (!pod || instanceStart(pod, this.container) !== this.startedAt) { this.done = true; return ''; }
    let lines: LogLine[];
    try { lines = containerLogs(pod, this.container, false, api, nowMs); } catch { this.done = true; return ''; }
    // By time, not by count: a log keeps its last lines only, so earlier ones drop off as it grows.
    let same = 0;
    const fresh = lines.filter((l) => l.ms > this.shownMs || (l.ms === this.shownMs && ++same > this.shownAtMs));
    this.markShown(lines);
    if (!containerRunning(pod, this.container)) this.done = true;
    return this.render(fresh);
  }

  /** markShown notes the end of lines (time-ordered) as shown. */
  private markShown(lines: LogLine[]): void {
    const last = lines.at(-1);
    if (!last) return;
    this.shownMs = last.ms;
    this.shownAtMs = lines.filter((l) => l.ms === last.ms).length;
  }

  /** render prints lines with the prefix and timestamps, up to limitBytes in all. */
  private render(lines: LogLine[]): string {
    const since = this.o.sinceMs;
    let text = logText(lines.filter((l) => since === undefined || l.ms >= since), (l) => `${this.o.prefix ?? ''}${this.o.timestamps ? `${logTimestamp(l.ms)} ` : ''}`);
    const limit = this.o.limitBytes ?? 0;
    if (limit > 0) {
      const buf = textToBytes(text);
      if (this.bytes + buf.length >= limit) {
        text = bytesToText(buf.subarray(0, limit - this.bytes));
        this.done = true;
      }
      this.bytes += byteLength(text);
    }
    return text;
  }
}
