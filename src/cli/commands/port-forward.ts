/**
 * port-forward: kubectl port-forward TYPE/NAME [LOCAL:]REMOTE… — listens on loopback and
 * answers each HTTP request with what the pod's image serves on the remote port (the image
 * catalogue's servers, kubelet/net-tools.ts serve), until SIGINT or SIGTERM.
 * The command's run returns once the listeners are being opened; the process lives on while
 * they are open. Between connections it holds no transaction and no lock on the cluster:
 * each connection catches the cluster up and re-reads the pod, as the kubelet's stream would
 * reach the pod as it is then.
 * Mirrors kubernetes/kubectl pkg/cmd/portforward/portforward.go and client-go
 * tools/portforward/portforward.go (listeners, its messages and errors).
 * kubemu: only loopback addresses are listened on; a connection is answered as HTTP/1.1.
 */
import { recordServed } from '../../kubelet/access-log';
import { ApiError } from '../../apiserver/errors';
import { authorizeRequest } from '../../apiserver/authorization';
import type { Server, IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { KubeObject } from '../../api/meta';
import { serve } from '../../kubelet/net-tools';
import { headersOfAnswer } from '../../kubelet/web-response-headers';
import { defineCommand, type CommandContext } from '../command';
import { CliError, UsageError, formatError } from '../errors';
import { attachablePod, targetObject } from './attachable-pod';
import { convertNamedPorts, type ForwardedPort, hostPort, isLoopback, type ListenAddress, parseAddresses, parsePorts, translateServicePorts } from './forward-ports';
import { durationFlag } from './sim-wait';

/** ERR_ARGS is port-forward's usage error without a target and a port. */
export const ERR_ARGS = 'TYPE/NAME and list of ports are required for port-forward';
/** notRunning is port-forward's refusal for a pod that is not Running. */
export const notRunning = (phase: string): string => `unable to forward port because pod is not running. Current status=${phase}`;
/** forwarding is the line printed for each listener opened. */
export const forwarding = (address: string, remote: number): string => `Forwarding from ${address} -> ${remote}`;
/** handling is the line printed for each connection accepted. */
export const handling = (local: number): string => `Handling connection for ${local}`;
/** unableToListen is printed for a port none (or, for an explicit address, not every one) of whose listeners opened. */
export const unableToListen = (local: number, errors: string[]): string => `Unable to listen on port ${local}: Listeners failed to create with the following errors: [${errors.join(' ')}]`;
/** noPortListened is the error when no requested port could be listened on. */
export const noPortListened = (ports: ForwardedPort[]): string => `unable to listen on any of the requested ports: [${ports.map((p) => `{${p.local} ${p.remote}}`).join(' ')}]`;
/** ERR_LOST_CONNECTION is kubectl's error when the pod went away while forwarding. */
export const ERR_LOST_CONNECTION = 'lost connection to pod';
/** notLoopback is kubemu's refusal to listen beyond the machine. */
export const notLoopback = (address: string): string => `kubemu listens on loopback addresses only (localhost, 127.0.0.1, ::1), not ${address}`;

/** BIND_ERRORS maps Node's listen errors to the text of Go's syscall errors. */
const BIND_ERRORS: Record<string, string> = {
  EADDRINUSE: 'address already in use',
  EADDRNOTAVAIL: 'cannot assign requested address',
  EACCES: 'permission denied',
  EAFNOSUPPORT: 'address family not supported by protocol',
};

/** portForwardCommand is `kubectl port-forward`. */
export const portForwardCommand = defineCommand({
  name: 'port-forward',
  short: 'Forward one or more local ports to a pod',
  usage: 'kubectl port-forward TYPE/NAME [options] [LOCAL_PORT:]REMOTE_PORT [...[LOCAL_PORT_N:]REMOTE_PORT_N]',
  flags: [
    { name: 'address', type: 'stringSlice', default: ['localhost'], help: 'Addresses to listen on (comma separated). Only accepts IP addresses or localhost as a value. When localhost is supplied, kubectl will try to bind on both 127.0.0.1 and ::1 and will fail if neither of these addresses are available to bind.' },
    { name: 'pod-running-timeout', type: 'duration', default: '1m0s', help: 'The length of time (like 5s, 2m, or 3h, higher than zero) to wait until at least one pod is running' },
  ],
  run(ctx): number {
    if (ctx.args.length < 2) throw new UsageError(ERR_ARGS, 'port-forward');
    const timeoutMs = durationFlag(ctx.flags['pod-running-timeout'], 'pod-running-timeout');
    if (timeoutMs <= 0) throw new UsageError('--pod-running-timeout must be higher than zero', 'port-forward');
    const cluster = ctx.cluster();
    cluster.catchUp();
    const obj = targetObject(ctx, [ctx.args[0]!]);
    const chosen = attachablePod(ctx, obj, timeoutMs);
    const specs = obj.kind === 'Service' ? translateServicePorts(ctx.args.slice(1), obj, chosen) : convertNamedPorts(ctx.args.slice(1), chosen);
    const ref = { kind: 'Pod', namespace: chosen.metadata.namespace!, name: chosen.metadata.name! };
    const pod = cluster.read(() => cluster.api.tryGet(ref));
    if (!pod) throw new CliError(`pods "${ref.name}" not found`);
    if (pod.status?.phase !== 'Running') throw new CliError(notRunning(pod.status?.phase ?? ''));
    // The forward is a POST to pods/portforward, refused when the upgrade is not authorized.
    try {
      cluster.read(() => authorizeRequest(cluster.api, 'create', 'Pod', ref.namespace, ref.name, 'portforward'));
    } catch (e) {
      if (e instanceof ApiError) throw new CliError(`error upgrading connection: ${e.message}`);
      throw e;
    }
    const ports = parsePorts(specs);
    const addresses = parseAddresses(ctx.flags.address);
    const outside = addresses.find((a) => !isLoopback(a.address));
    if (outside) throw new CliError(notLoopback(outside.address));
    new Forwarder(ctx, ref, pod.metadata.uid!, ports, addresses).start();
    return 0;
  },
});

/**
 * Forwarder owns the listeners of one port-forward: it opens them port by port (client-go's
 * order), answers connections from the pod as it is at each one, and closes everything on
 * SIGINT/SIGTERM or when the pod is gone.
 */
class Forwarder {
  private readonly servers: Server[] = [];
  private readonly sockets = new Set<Socket>();
  private readonly stop = (): void => this.close(0);

  constructor(private readonly ctx: CommandContext, private readonly ref: { kind: string; namespace: string; name: string },
    private readonly uid: string, private readonly ports: ForwardedPort[], private readonly addresses: ListenAddress[]) {}

  start(): void {
    process.once('SIGINT', this.stop);
    process.once('SIGTERM', this.stop);
    void this.listenAll();
  }

  private print(text: string, stream: 'out' | 'err' = 'out'): void {
    this.ctx.io[stream](`${text}\n`);
    this.ctx.io.flush();
  }

  /** listenAll is ForwardPorts: every port on every address; no port at all is an error. */
  private async listenAll(): Promise<void> {
    let any = false;
    for (const port of this.ports) {
      const errors: string[] = [];
      const failed = { all: 0, any: 0 };
      const succeeded = { all: 0, any: 0 };
      for (const a of this.addresses) {
        try {
          await this.listen(port, a);
          succeeded[a.failureMode]++;
        } catch (e) {
          errors.push((e as Error).message);
          failed[a.failureMode]++;
        }
      }
      if ((succeeded.all === 0 && failed.all > 0) || failed.any > 0) this.print(unableToListen(port.local, errors), 'err');
      else any = true;
    }
    if (!any) {
      this.print(`error: ${noPortListened(this.ports)}`, 'err');
      this.close(1);
    }
  }

  /** listen opens one listener; a local port of 0 takes the free port the first listener got. */
  private listen(port: ForwardedPort, a: ListenAddress): Promise<void> {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const http = require('node:http') as typeof import('node:http');
    const server = http.createServer((req, res) => this.answer(port, req, res));
    server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      this.print(handling(port.local));
    });
    return new Promise((resolve, reject) => {
      server.once('error', (e: NodeJS.ErrnoException) => {
        const why = BIND_ERRORS[e.code ?? ''] ?? e.message;
        reject(new Error(`unable to create listener: Error listen ${a.protocol} ${hostPort(a.address, port.local)}: bind: ${why}`));
      });
      server.listen({ host: a.address, port: port.local, ipv6Only: a.protocol === 'tcp6' }, () => {
        const addr = server.address();
        const local = typeof addr === 'object' && addr ? addr.port : port.local;
        port.local = local;
        this.servers.push(server);
        this.print(forwarding(hostPort(a.address, local), port.remote));
        resolve();
      });
    });
  }

  /** answer serves one request from the pod as it is now; a pod gone or replaced ends the forward. */
  private answer(port: ForwardedPort, req: IncomingMessage, res: ServerResponse): void {
    let pod: KubeObject | undefined;
    let reply: ReturnType<typeof serve>;
    const path = (req.url ?? '/').replace(/\?.*$/, '');
    try {
      pod = this.currentPod();
      // The server reads its pages as the container holds them now (a ConfigMap mounted over them, exec's writes).
      const cluster = this.ctx.cluster();
      if (pod) reply = cluster.read(() => serve(pod!, port.remote, path, cluster.api, cluster.clock.nowMs()));
    } catch (e) {
      // The cluster cannot be read any more (deleted, corrupt): one kubectl-style line, and the forward ends.
      res.destroy();
      this.print(formatError(e).text, 'err');
      this.close(1);
      return;
    }
    if (!pod) {
      res.destroy();
      this.print(`error: ${ERR_LOST_CONNECTION}`, 'err');
      this.close(1);
      return;
    }
    if (!reply) {
      // Nothing listens on that port in the pod: the kubelet's dial is refused and the connection reset.
      this.print(`error: an error occurred forwarding ${port.local} -> ${port.remote}: error forwarding port ${port.remote} to pod ${pod.metadata.name}: connection refused`, 'err');
      res.destroy();
      return;
    }
    if (reply.server && reply.container) {
      // The server sees the forward's connection come from the pod's own loopback, and logs it.
      const cluster = this.ctx.cluster();
      const method = req.method ?? 'GET';
      cluster.write(() => recordServed(cluster.api, [{
        pod: pod!, container: reply.container!, server: reply.server!, clientIp: '127.0.0.1', method, path: req.url ?? '/', status: reply.status,
        bytes: method === 'HEAD' ? 0 : Buffer.byteLength(reply.body), userAgent: req.headers['user-agent'], ms: cluster.clock.nowMs(),
      }]));
    }
    // nginx's and httpd's own head, as they send it (no Date or Connection of Node's own).
    const headers = headersOfAnswer(pod, reply, this.ctx.cluster().clock.nowMs());
    if (headers) {
      res.sendDate = false;
      res.writeHead(reply.status, headers.flatMap((h) => { const i = h.indexOf(': '); return [h.slice(0, i), h.slice(i + 2)]; }));
    } else res.writeHead(reply.status, { 'Content-Type': 'text/html', 'Content-Length': Buffer.byteLength(reply.body) });
    res.end(req.method === 'HEAD' ? undefined : reply.body);
  }

  /** currentPod re-reads the pod (same uid, still running), catching the cluster up first; the read's transaction ends with it. */
  private currentPod(): KubeObject | undefined {
    const cluster = this.ctx.cluster();
    cluster.catchUp();
    const pod = cluster.read(() => cluster.api.tryGet(this.ref));
    return pod && pod.metadata.uid === this.uid && pod.status?.phase === 'Running' ? pod : undefined;
  }

  /** close ends the forward: listeners and open connections closed, the signal handlers removed. */
  private close(code: number): void {
    process.removeListener('SIGINT', this.stop);
    process.removeListener('SIGTERM', this.stop);
    for (const s of this.servers) { s.close(); s.closeAllConnections(); }
    for (const s of this.sockets) s.destroy();
    // kubemu: the command returned when the listeners began to open; its exit status is set here.
    process.exitCode = code;
  }
}
