/**
 * pod-log: the pods/log subresource — a container's log as text/plain, read through the same
 * ContainerLogReader `kubemu logs` prints from (container, previous, tailLines, timestamps,
 * sinceSeconds/sinceTime, limitBytes), with the log endpoint's BadRequest texts. follow=true
 * on a wall-clock cluster keeps the response open and sends what the container writes until
 * it stops, the client goes or the server stops; on a manual-clock cluster time does not move
 * by itself, so a follow answers what exists and ends, as `kubemu logs -f` does.
 */
import type { ServerResponse } from 'node:http';
import type { KubeObject } from '../../api/meta';
import { goParseBool } from '../../api/go-parse-bool';
import { badRequest, notFound } from '../../apiserver/errors';
import type { ApiServer } from '../../apiserver/apiserver';
import { authorizeRequest, serverSide } from '../../apiserver/authorization/authorizing-api';
import type { Cluster } from '../../cluster/cluster';
import { LogError } from '../../kubelet/logs';
import { ContainerLogReader, containerRunning } from '../../kubelet/log-reader';
import { textToBytes } from '../../api/byte-string';
import type { ResourcePath } from './resource-path';

/** intParam reads an integer query parameter; a malformed one is the decoder's 400. */
function intParam(q: URLSearchParams, name: string): number | undefined {
  const v = q.get(name);
  if (v === null || v === '') return undefined;
  if (!/^-?\d+$/.test(v)) throw badRequest(`strconv.ParseInt: parsing ${JSON.stringify(v)}: invalid syntax`);
  return Number(v);
}

/** boolParam reads a boolean query parameter as Go's strconv.ParseBool. */
export function boolParam(q: URLSearchParams, name: string): boolean {
  return goParseBool(q.get(name) ?? '') === true;
}

/** defaultContainer is the log endpoint's container when none is named: the only one, else its 400. */
function defaultContainer(pod: KubeObject): string {
  const apps: string[] = (pod.spec?.containers ?? []).map((c: { name: string }) => c.name);
  const inits: string[] = (pod.spec?.initContainers ?? []).map((c: { name: string }) => c.name);
  if (apps.length === 1) return apps[0]!;
  const name = pod.metadata.name;
  const choice = `choose one of: [${apps.join(' ')}]${inits.length ? ` or one of the init containers: [${inits.join(' ')}]` : ''}`;
  throw badRequest(`a container name must be specified for pod ${name}, ${choice}`);
}

/** PolledStream is an open response the server polls after each catch-up (a followed log, an attach). */
export interface PolledStream { poll(): void; end(): void }

/** PodLogFollow is one followed log: polled after each catch-up until its container stops. */
export class PodLogFollow implements PolledStream {
  private ended = false;

  constructor(private readonly cluster: Cluster, private readonly ref: { kind: string; namespace: string; name: string },
    private readonly reader: ContainerLogReader, private readonly res: ServerResponse, private readonly onEnd: () => void) {
    res.on('close', () => this.end());
  }

  /** poll sends what the container wrote since the last poll; the stream ends with the instance. */
  poll(): void {
    if (this.ended) return;
    const cluster = this.cluster;
    const text = cluster.read(() => this.reader.next(cluster.api.tryGet(this.ref), cluster.api, cluster.clock.nowMs()));
    if (text) this.res.write(textToBytes(text));
    if (this.reader.done) this.end();
  }

  /** end closes the stream (once). */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.res.end();
    this.onEnd();
  }
}

/** OpenedLog is a log request's reader, the pod's key, and whether its container still runs. */
export interface OpenedLog { reader: ContainerLogReader; ref: { kind: string; namespace: string; name: string }; running: boolean }

/**
 * openPodLog reads a GET pods/NAME/log request's query and opens the container's log, or
 * throws the Status the endpoint answers (unauthorised, no such pod or container, a bad query).
 */
export function openPodLog(cluster: Cluster, api: ApiServer, p: ResourcePath, q: URLSearchParams): OpenedLog {
  const ns = p.namespace ?? 'default';
  const name = p.name!;
  const tailLines = intParam(q, 'tailLines');
  const sinceSeconds = intParam(q, 'sinceSeconds');
  const limitBytes = intParam(q, 'limitBytes');
  const sinceTime = q.get('sinceTime');
  cluster.catchUp();
  const now = cluster.clock.nowMs();
  let sinceMs: number | undefined;
  if (sinceSeconds !== undefined) sinceMs = now - sinceSeconds * 1000;
  else if (sinceTime) {
    sinceMs = Date.parse(sinceTime);
    if (Number.isNaN(sinceMs)) throw badRequest(`parsing time ${JSON.stringify(sinceTime)} as "2006-01-02T15:04:05Z07:00": cannot parse ${JSON.stringify(sinceTime)} as "2006"`);
  }
  const ref = { kind: 'Pod', namespace: ns, name };
  return cluster.read(() => {
    authorizeRequest(api, 'get', 'Pod', ns, name, 'log');
    const pod = serverSide(api).tryGet(ref);
    if (!pod) throw notFound('', 'pods', name);
    const container = q.get('container') || defaultContainer(pod);
    try {
      const previous = boolParam(q, 'previous');
      return {
        reader: new ContainerLogReader(pod, container, { previous, tailLines, sinceMs, timestamps: boolParam(q, 'timestamps'), limitBytes }, cluster.api, now),
        ref,
        running: !previous && containerRunning(pod, container),
      };
    } catch (e) {
      if (e instanceof LogError) throw badRequest(e.message);
      throw e;
    }
  });
}

/**
 * servePodLog answers GET pods/NAME/log: the log so far, then, for a follow on a wall-clock
 * cluster whose container runs on, a PodLogFollow the server polls (follows receives it).
 * Failures are thrown before any byte is written, so they reach the client as a Status.
 */
export function servePodLog(cluster: Cluster, api: ApiServer, p: ResourcePath, q: URLSearchParams, res: ServerResponse, follows: Set<PolledStream>): void {
  const { reader, ref, running } = openPodLog(cluster, api, p, q);
  const streaming = boolParam(q, 'follow') && cluster.mode === 'wall' && running && !reader.done;
  res.writeHead(200, { 'Content-Type': 'text/plain', 'Cache-Control': 'no-cache, private', ...(streaming ? { 'Transfer-Encoding': 'chunked' } : {}) });
  if (!streaming) {
    res.end(textToBytes(reader.first));
    return;
  }
  res.write(textToBytes(reader.first));
  const f = new PodLogFollow(cluster, ref, reader, res, () => follows.delete(f));
  follows.add(f);
}

/** isPodLog says whether a request is for the pods/log subresource. */
export function isPodLog(method: string | undefined, p: ResourcePath): boolean {
  return method === 'GET' && p.group === '' && p.resource === 'pods' && p.subresource === 'log' && !!p.name;
}
