/**
 * pod-stream: upgraded requests — pods/exec and pods/attach over WebSocket with the
 * v5.channel.k8s.io subprotocol (channel-protocol.ts), running the same container shell model
 * `kubemu exec` runs — and pods/portforward as SPDY tunnelled in a WebSocket (spdy-tunnel.ts).
 * A request refused before the upgrade gets a non-101 answer: kubectl then
 * falls back to SPDY, which serve does not speak, and that second request gets the same
 * refusal, so kubectl prints the error `kubemu exec` prints. A SPDY request that would
 * succeed is refused with a Status saying serve streams over WebSocket only.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocket, WebSocketServer } from 'ws';
import { serve } from '../../kubelet/net-tools';
import { headersOfAnswer } from '../../kubelet/web-response-headers';
import { PORT_FORWARD_TUNNEL_PROTOCOL, SpdyTunnel } from './spdy-tunnel';
import type { KubeObject } from '../../api/meta';
import { ApiError, badRequest, notFound } from '../../apiserver/errors';
import type { ApiServer } from '../../apiserver/apiserver';
import { authorizeRequest, serverSide } from '../../apiserver/authorization/authorizing-api';
import type { Cluster } from '../../cluster/cluster';
import { CliError } from '../errors';
import { execTarget, runInContainer, saveLayer } from '../commands/exec';
import type { ResourcePath } from './resource-path';
import { goCompact } from '../commands/get-raw';
import { statusOf } from './status';
import { CHANNEL_PROTOCOL_V5, ChannelSession, STDERR, STDOUT } from './channel-protocol';
import { boolParam, type PolledStream } from './pod-log';
import { ContainerLogReader, containerRunning } from '../../kubelet/log-reader';
import { containerStatusOf, deliverAttachedStdin } from '../commands/attach-stream';

/** UPGRADE_PREFIX is how kubectl's SPDY client words an upgrade the server answered with text. */
const UPGRADE_PREFIX = 'unable to upgrade connection: ';

/** SPDY_REFUSED is the refusal of a SPDY upgrade: serve streams over WebSocket only. */
export const SPDY_REFUSED = `kubemu serve streams exec, attach and port-forward over WebSocket (${CHANNEL_PROTOCOL_V5}) only, not SPDY`;

/** isPodStream says whether a path is an upgradable pod subresource. */
export function isPodStream(p: ResourcePath): boolean {
  return p.group === '' && p.resource === 'pods' && !!p.name && ['exec', 'attach', 'portforward'].includes(p.subresource ?? '');
}

/** PodStreamRequest is an upgrade request for a pod subresource, as the server authenticated it. */
export interface PodStreamRequest {
  cluster: Cluster;
  api: ApiServer;
  path: ResourcePath;
  query: URLSearchParams;
  req: IncomingMessage;
  socket: Duplex;
  head: Buffer;
  wss: WebSocketServer;
  /** streams is the server's set of polled streams: an attach joins it. */
  streams: Set<PolledStream>;
}

/** reason phrases for the refusals serve writes itself. */
const REASONS: Record<number, string> = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed', 500: 'Internal Server Error' };

/** refuseUpgrade answers an upgrade request without upgrading: a Status for an API error, plain text for the kubelet's. */
export function refuseUpgrade(socket: Duplex, e: unknown): void {
  let code: number;
  let body: string;
  let type: string;
  if (e instanceof CliError && e.message.startsWith(UPGRADE_PREFIX)) {
    // The kubelet's own refusal (container not found …) reaches kubectl as text after its prefix.
    code = 404; body = e.message.slice(UPGRADE_PREFIX.length); type = 'text/plain; charset=utf-8';
  } else {
    const s = statusOf(e instanceof ApiError ? e : new ApiError('InternalError', 500, e instanceof Error ? e.message : String(e)));
    code = s.code; body = `${goCompact(s.body)}\n`; type = 'application/json';
  }
  socket.end(`HTTP/1.1 ${code} ${REASONS[code] ?? 'Error'}\r\nContent-Type: ${type}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}

/** servePodStream checks the request and upgrades it; a failure before the upgrade is thrown for refuseUpgrade. */
export function servePodStream(r: PodStreamRequest): void {
  const { cluster, api, path: p, query: q } = r;
  const ns = p.namespace ?? 'default';
  const name = p.name!;
  const sub = p.subresource!;
  cluster.catchUp();
  const pod = cluster.read(() => {
    authorizeRequest(api, 'create', 'Pod', ns, name, sub);
    const found = serverSide(api).tryGet({ kind: 'Pod', namespace: ns, name });
    if (!found) throw notFound('', 'pods', name);
    return found;
  });
  if (sub === 'portforward') {
    if (pod.status?.phase !== 'Running') throw badRequest(`pod ${name} is not running`);
    if (!isWebSocket(r.req, PORT_FORWARD_TUNNEL_PROTOCOL)) throw badRequest(SPDY_REFUSED);
    const ref = { kind: 'Pod', namespace: ns, name };
    upgrade(r, (ws) => new SpdyTunnel(ws, ({ port, path }) => {
      // Each connection reaches the pod as it is then, as `kubemu port-forward`'s do.
      cluster.catchUp();
      const reply = cluster.read(() => {
        const current = cluster.api.tryGet(ref);
        const answer = current && current.metadata.uid === pod.metadata.uid ? serve(current, port, path, cluster.api, cluster.clock.nowMs()) : undefined;
        return answer && { ...answer, headers: headersOfAnswer(current!, answer, cluster.clock.nowMs()) };
      });
      return reply ?? { error: `error forwarding port ${port} to pod ${name}: connection refused` };
    }));
    return;
  }
  const container = q.get('container') || (pod.spec?.containers?.[0]?.name ?? '');
  if (sub === 'exec') {
    const command = q.getAll('command');
    if (!command.length) throw badRequest('you must specify at least 1 command');
    const target = cluster.read(() => execTarget(api, pod, container));
    if (!isWebSocket(r.req, CHANNEL_PROTOCOL_V5)) throw badRequest(SPDY_REFUSED);
    upgrade(r, (ws) => void runExec(r, new ChannelSession(ws), pod, target, command));
    return;
  }
  // attach: the container must be running, as the kubelet's attach requires.
  const spec = [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? []), ...(pod.spec?.ephemeralContainers ?? [])].find((c: { name: string }) => c.name === container);
  if (!pod.spec?.nodeName) throw badRequest(`pod ${name} does not have a host assigned`);
  if (!spec || !containerRunning(pod, container)) throw new CliError(`${UPGRADE_PREFIX}container not found ("${container}")`);
  if (!isWebSocket(r.req, CHANNEL_PROTOCOL_V5)) throw badRequest(SPDY_REFUSED);
  const ref = { kind: 'Pod', namespace: ns, name };
  upgrade(r, (ws) => {
    const session = new ChannelSession(ws);
    const reader = cluster.read(() => new ContainerLogReader(pod, container, { tailLines: 0 }, cluster.api, cluster.clock.nowMs()));
    const a = new AttachStream(r.cluster, ref, reader, session, () => r.streams.delete(a));
    r.streams.add(a);
    if (boolParam(q, 'stdin') && spec.stdin) void attachStdin(cluster, ref, container, spec, session, a);
  });
}

/**
 * attachStdin delivers the attach's stdin, once the client closes it, to the instance running
 * at the attach if its process waits on stdin (as `kubemu attach -i` delivers it), then sends
 * what the process wrote at once. The emulated process takes its input whole, so an input the
 * client never closes is never read.
 */
async function attachStdin(cluster: Cluster, ref: { kind: string; namespace: string; name: string }, container: string, spec: KubeObject['spec'], session: ChannelSession, a: AttachStream): Promise<void> {
  const pod = cluster.read(() => cluster.api.tryGet(ref));
  const instance: string | undefined = pod && containerStatusOf(pod, container)?.containerID;
  const text = await session.stdin();
  if (session.gone || !instance) return;
  try {
    cluster.catchUp();
    if (deliverAttachedStdin(cluster, ref, container, instance, spec, () => text)) {
      cluster.catchUp();
      a.poll();
    }
  } catch (e) {
    // A delivery that failed ends the attach with its error, as the kubelet's stream would.
    session.fail(e instanceof Error ? e.message : String(e));
  }
}

/**
 * AttachStream is one attach: what the container instance writes from the moment of attaching,
 * sent as the cluster's clock moves (each poll after a catch-up), until the instance ends; then
 * the Success status. Its stdin is delivered by attachStdin.
 */
class AttachStream implements PolledStream {
  private ended = false;

  constructor(private readonly cluster: Cluster, private readonly ref: { kind: string; namespace: string; name: string },
    private readonly reader: ContainerLogReader, private readonly session: ChannelSession, private readonly onEnd: () => void) {}

  poll(): void {
    if (this.ended) return;
    if (this.session.gone) { this.end(); return; }
    const cluster = this.cluster;
    const text = cluster.read(() => this.reader.next(cluster.api.tryGet(this.ref), cluster.api, cluster.clock.nowMs()));
    this.session.write(STDOUT, text);
    if (this.reader.done) this.end();
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.session.finish(0, []);
    this.onEnd();
  }
}

/** isWebSocket says whether the request asks for a WebSocket with the subprotocol. */
function isWebSocket(req: IncomingMessage, protocol: string): boolean {
  const protocols = String(req.headers['sec-websocket-protocol'] ?? '').split(',').map((s) => s.trim());
  return String(req.headers.upgrade ?? '').toLowerCase() === 'websocket' && protocols.includes(protocol);
}

/**
 * TUNNEL_TOKEN stands in for the tunnel's subprotocol while ws reads the request: its '/' is
 * not an HTTP token character, which ws's header parser refuses.
 */
const TUNNEL_TOKEN = 'kubemu-spdy-tunnel';

/** chooseProtocol is the WebSocket server's pick among the offered subprotocols. */
export function chooseProtocol(offered: Set<string>): string | false {
  if (offered.has(CHANNEL_PROTOCOL_V5)) return CHANNEL_PROTOCOL_V5;
  return offered.has(TUNNEL_TOKEN) ? PORT_FORWARD_TUNNEL_PROTOCOL : false;
}

function upgrade(r: PodStreamRequest, start: (ws: WebSocket) => void): void {
  const offered = String(r.req.headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim());
  if (offered.includes(PORT_FORWARD_TUNNEL_PROTOCOL)) r.req.headers['sec-websocket-protocol'] = TUNNEL_TOKEN;
  r.wss.handleUpgrade(r.req, r.socket, r.head, start);
}

/** runExec runs the command once the client's stdin ended (at once without -i) and streams its output and exit. */
async function runExec(r: PodStreamRequest, session: ChannelSession, pod: KubeObject, target: ReturnType<typeof execTarget>, command: string[]): Promise<void> {
  const { cluster, query: q } = r;
  const stdin = boolParam(q, 'stdin') ? await session.stdin() : undefined;
  if (session.gone) return;
  try {
    cluster.catchUp();
    const now = cluster.clock.nowMs();
    // The pod as it is now: stdin may have taken a while.
    const server = serverSide(r.api);
    const result = cluster.read(() => {
      const current = server.tryGet({ kind: 'Pod', namespace: pod.metadata.namespace!, name: pod.metadata.name! }) ?? pod;
      const t = current === pod ? target : execTarget(server, current, target.name);
      return runInContainer(current, t.spec, t.status, t.startMs, command, server, now, stdin);
    });
    if (result.layer) saveLayer(cluster, pod.metadata.namespace!, result.layer);
    // A terminal has one output stream: stderr goes to stdout.
    const tty = boolParam(q, 'tty');
    session.write(STDOUT, tty ? result.stdout + result.stderr : result.stdout);
    session.write(STDERR, tty ? '' : result.stderr);
    session.finish(result.code, command);
  } catch (e) {
    session.fail(e instanceof Error ? e.message : String(e));
  }
}
