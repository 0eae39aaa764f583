/**
 * access-log: the lines nginx and httpd write to their container's stdout for each request
 * they serve — the official nginx image's `main` log_format, the official httpd image's
 * `common` CustomLog — kept per container on the server's node and merged into `logs`.
 * A request is recorded when a command that made it ran (exec of curl or wget, directly or in
 * a script, and port-forward's requests); the record keeps a container's last
 * ACCESS_LOG_LIMIT lines and forgets pods that left the node.
 * kubemu: requests made by other pods' own looping programs are not recorded (their logs are
 * computed from time, not run); see docs.
 */
import type { KubeObject } from '../api/meta';
import type { ApiClient } from '../apiserver/client';
import type { LogLine } from './logs';

/** ACCESS_LOG_KEY is the node-local record of served requests. */
export const ACCESS_LOG_KEY = 'access-log';
/** ACCESS_LOG_LIMIT bounds the lines kept per container. */
export const ACCESS_LOG_LIMIT = 200;

/** CURL_USER_AGENT and WGET_USER_AGENT are what the clients send: curl's name/version, busybox wget's fixed "Wget". */
export const CURL_USER_AGENT = 'curl/8.5.0';
export const WGET_USER_AGENT = 'Wget';

/** ServedRequest is one request a server container answered. */
export interface ServedRequest {
  pod: KubeObject;
  container: string;
  server: 'nginx' | 'httpd';
  clientIp: string;
  method: string;
  path: string;
  status: number;
  bytes: number;
  userAgent?: string;
  ms: number;
}

type AccessRecord = Record<string, LogLine[]>;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** timeLocal is nginx's $time_local (httpd's %t without brackets): 02/Dec/2026:08:30:00 +0000, in UTC as the images run. */
function timeLocal(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} +0000`;
}

/** accessLogLine is the line the server writes for a request. */
export function accessLogLine(r: ServedRequest): string {
  const common = `${r.clientIp} - - [${timeLocal(r.ms)}] "${r.method} ${r.path} HTTP/1.1" ${r.status}`;
  // httpd's common format prints "-" for an empty body; nginx's $body_bytes_sent prints 0.
  if (r.server === 'httpd') return `${common} ${r.bytes || '-'}`;
  return `${common} ${r.bytes} "-" "${r.userAgent ?? '-'}" "-"`;
}

const keyOf = (uid: string, container: string) => `${uid}/${container}`;

/** recordServed appends requests to their servers' nodes' records (call it inside a write). */
export function recordServed(api: Pick<ApiClient, 'nodeLocalState' | 'setNodeLocalState' | 'podsOnNode'>, requests: readonly ServedRequest[]): void {
  const byNode = new Map<string, ServedRequest[]>();
  for (const r of requests) {
    const node = r.pod.spec?.nodeName;
    if (node) byNode.set(node, [...(byNode.get(node) ?? []), r]);
  }
  for (const [node, reqs] of byNode) {
    const live = new Set(api.podsOnNode(node).map((p) => p.metadata.uid ?? ''));
    const old = api.nodeLocalState<AccessRecord>(node, ACCESS_LOG_KEY) ?? {};
    const rec: AccessRecord = Object.fromEntries(Object.entries(old).filter(([k]) => live.has(k.slice(0, k.lastIndexOf('/')))));
    for (const r of reqs) {
      const key = keyOf(r.pod.metadata.uid ?? '', r.container);
      rec[key] = [...(rec[key] ?? []), { ms: r.ms, text: accessLogLine(r) }].slice(-ACCESS_LOG_LIMIT);
    }
    api.setNodeLocalState(node, ACCESS_LOG_KEY, rec);
  }
}

/** accessLogLines are the recorded lines of a container between two times (one instance's life). */
export function accessLogLines(api: Pick<ApiClient, 'nodeLocalState'>, pod: KubeObject, container: string, fromMs: number, toMs: number): LogLine[] {
  const node = pod.spec?.nodeName;
  if (!node) return [];
  const lines = api.nodeLocalState<AccessRecord>(node, ACCESS_LOG_KEY)?.[keyOf(pod.metadata.uid ?? '', container)] ?? [];
  return lines.filter((l) => l.ms >= fromMs && l.ms <= toMs);
}

/** mergeByTime merges two time-ordered line lists; on a tie the program's own line comes first. */
export function mergeByTime(program: LogLine[], served: LogLine[]): LogLine[] {
  if (!served.length) return program;
  const out: LogLine[] = [];
  let i = 0;
  let j = 0;
  while (i < program.length || j < served.length) {
    if (j >= served.length || (i < program.length && program[i]!.ms <= served[j]!.ms)) out.push(program[i++]!);
    else out.push(served[j++]!);
  }
  return out;
}
