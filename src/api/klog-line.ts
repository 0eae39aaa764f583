/**
 * klog-line: a line as Kubernetes' klog writes it — severity, mmdd, the time with
 * microseconds, the thread id (the process id), the source file and line — before the message.
 */

const pad2 = (n: number) => String(n).padStart(2, '0');

/** klogLine is one klog line at ms (UTC), without a newline. */
export function klogLine(sev: 'I' | 'W' | 'E' | 'F', ms: number, pid: number, src: string, msg: string): string {
  const d = new Date(ms);
  return `${sev}${pad2(d.getUTCMonth() + 1)}${pad2(d.getUTCDate())} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}.${String(d.getUTCMilliseconds() * 1000).padStart(6, '0')} ${String(pid).padStart(7)} ${src}] ${msg}`;
}
