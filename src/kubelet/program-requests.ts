/**
 * program-requests: the requests other pods' own programs make to a web server — a client pod's
 * `while true; do wget -qO- http://web; sleep 5; done` against a Service the server backs —
 * computed when the server's log is read, as the clients' own output is (their programs are never
 * run, so nothing is recorded). Each client's rounds are re-run with a listener on its network
 * tools: the same resolution, Service endpoints and choice of backend that gave the client its
 * output give the server its access-log line (client pod IP, status, bytes, User-Agent), so the
 * two logs agree by construction.
 * kubemu: only the last PROGRAM_REQUESTS_LIMIT lines of a server instance are computed (a
 * client's last rounds, read backwards), and a client's current instance only.
 */
import type { KubeObject } from '../api/meta';
import type { ApiClient } from '../apiserver/client';
import { accessLogLine, type ServedRequest } from './access-log';
import { modelOf } from './container-sync';
import { parseImage } from './images';
import type { LogLine } from './logs';

/** PROGRAM_REQUESTS_LIMIT bounds the computed lines of one server instance's log. */
export const PROGRAM_REQUESTS_LIMIT = 1000;

/** CLIENT_PROGRAMS and URL_SCHEMES: a command that names one may fetch over HTTP. */
const CLIENT_PROGRAMS = ['wget', 'curl'];
const URL_SCHEMES = ['http://', 'https://'];
/** MAY_REQUEST_WORDS: the JSON of a pod whose command may fetch holds one of these (ListQuery.mayContain). */
const MAY_REQUEST_WORDS = [...CLIENT_PROGRAMS, ...URL_SCHEMES];
/** MAY_REQUEST picks the containers whose command may fetch (others are not modelled at all): a program as a word, a scheme anywhere. */
const MAY_REQUEST = new RegExp(`\\b(?:${CLIENT_PROGRAMS.join('|')})\\b|${URL_SCHEMES.join('|')}`);

/** isWebServer says whether a container's image is one that writes access-log lines. */
function isWebServer(spec: KubeObject['spec']): boolean {
  const repo = parseImage(spec.image)?.repository.replace(/^library\//, '');
  return repo === 'nginx' || repo === 'httpd';
}

/** programRequestLines are the access-log lines of requests other pods' programs made to server's container in [fromMs, toMs]. */
export function programRequestLines(api: ApiClient, server: KubeObject, container: string, fromMs: number, toMs: number): LogLine[] {
  const spec = (server.spec?.containers ?? []).find((c: { name: string }) => c.name === container);
  if (!spec || !isWebServer(spec)) return [];
  const uid = server.metadata.uid;
  const lines: LogLine[] = [];
  // Only a pod whose JSON holds one of MAY_REQUEST's words can be a client: the others stay undecoded.
  for (const pod of api.list({ kind: 'Pod', mayContain: MAY_REQUEST_WORDS })) {
    if (!pod.spec?.nodeName || !pod.status?.podIP) continue;
    const inits = (pod.spec.initContainers ?? []) as KubeObject['spec'][];
    const candidates = [...inits.filter((c) => c.restartPolicy === 'Always'), ...(pod.spec.containers ?? [])] as KubeObject['spec'][];
    for (const c of candidates) {
      if (!MAY_REQUEST.test(JSON.stringify([c.command ?? [], c.args ?? []]))) continue;
      lines.push(...clientLines(api, pod, c, inits.includes(c), uid, container, fromMs, toMs));
    }
  }
  return lines.sort((a, b) => a.ms - b.ms).slice(-PROGRAM_REQUESTS_LIMIT);
}

/** clientLines are one client container's requests to the server container, from its current instance. */
function clientLines(api: ApiClient, pod: KubeObject, c: KubeObject['spec'], init: boolean, uid: string | undefined, container: string, fromMs: number, toMs: number): LogLine[] {
  const status = [...(pod.status?.initContainerStatuses ?? []), ...(pod.status?.containerStatuses ?? [])].find((s: { name: string }) => s.name === c.name);
  const instance = status?.state?.running ?? status?.state?.terminated;
  if (!instance?.startedAt) return [];
  const startMs = Date.parse(instance.startedAt);
  const endMs = Math.min(instance.finishedAt ? Date.parse(instance.finishedAt) : toMs, toMs);
  if (endMs < fromMs || startMs > toMs) return [];
  const out: LogLine[] = [];
  const served = (r: ServedRequest) => {
    if (r.pod.metadata.uid === uid && r.container === container && r.ms >= fromMs && r.ms <= endMs) out.push({ ms: r.ms, text: accessLogLine(r) });
  };
  // Building the model runs the program up to its endless loop, and the loop's first round.
  const { model } = modelOf({ pod, api }, { spec: c, status: status ?? {}, init, sidecar: init && c.restartPolicy === 'Always' }, startMs, undefined, served);
  const loop = model.program.loop;
  if (!loop) return out;
  // Later rounds, newest first, until enough lines or rounds: each round's requests, in order.
  const roundAt = (ms: number) => Math.floor((ms - startMs - loop.atMs) / loop.periodMs);
  const first = Math.max(1, roundAt(fromMs));
  const rounds: LogLine[][] = [];
  let count = 0;
  for (let i = roundAt(endMs), visited = 0; i >= first && count < PROGRAM_REQUESTS_LIMIT && visited < 2 * PROGRAM_REQUESTS_LIMIT; i--, visited++) {
    const before = out.length;
    loop.iteration(i);
    const got = out.splice(before);
    rounds.push(got);
    count += got.length;
  }
  return [...out, ...rounds.reverse().flat()];
}
