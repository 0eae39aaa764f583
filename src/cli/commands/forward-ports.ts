/**
 * forward-ports: port-forward's port arguments — `[LOCAL:]REMOTE` specs translated to the
 * pod's container ports (a Service port through its targetPort, named ports by name), parsed
 * into local/remote pairs, and --address parsed into the listeners to open. Pure functions.
 * Mirrors kubernetes/kubectl pkg/cmd/portforward/portforward.go (splitPort,
 * translateServicePortToTargetPort, convertPodNamedPortToNumber), pkg/util/service_port.go and
 * pod_port.go, and client-go tools/portforward (parsePorts, parseAddresses).
 */
import type { KubeObject } from '../../api/meta';
import { CliError } from '../errors';

/** ForwardedPort is one local port and the pod port it forwards to (local 0: any free port). */
export interface ForwardedPort { local: number; remote: number }

/** ListenAddress is one address to listen on; failureMode "all" fails only when every such address fails. */
export interface ListenAddress { address: string; protocol: 'tcp4' | 'tcp6'; failureMode: 'all' | 'any' }

/** splitPort splits `[LOCAL:]REMOTE` (a bare port is both). */
export function splitPort(port: string): { local: string; remote: string } {
  const parts = port.split(':');
  return parts.length === 2 ? { local: parts[0]!, remote: parts[1]! } : { local: parts[0]!, remote: parts[0]! };
}

const isNumber = (s: string): boolean => /^[+-]?\d+$/.test(s);

/** containerPortByName is LookupContainerPortNumberByName. */
export function containerPortByName(pod: KubeObject, name: string): number {
  for (const c of [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])]) {
    for (const p of c.ports ?? []) if (p.name === name) return p.containerPort;
  }
  throw new CliError(`Pod '${pod.metadata.name}' does not have a named port '${name}'`);
}

/** containerPortByServicePort is LookupContainerPortNumberByServicePort: the targetPort behind a Service port (headless: the port itself). */
export function containerPortByServicePort(svc: KubeObject, pod: KubeObject, port: number): number {
  if (svc.spec?.clusterIP === 'None') return port;
  for (const sp of svc.spec?.ports ?? []) {
    if (sp.port !== port) continue;
    const target = sp.targetPort;
    if (target === undefined || typeof target === 'number') return !target ? sp.port : target;
    return isNumber(target) ? Number(target) : containerPortByName(pod, target);
  }
  throw new CliError(`Service ${svc.metadata.name} does not have a service port ${port}`);
}

/** translateServicePorts rewrites each spec's remote Service port (number or name) to the pod's container port. */
export function translateServicePorts(ports: string[], svc: KubeObject, pod: KubeObject): string[] {
  return ports.map((spec) => {
    let { local, remote } = splitPort(spec);
    let portnum: number;
    if (isNumber(remote)) portnum = Number(remote);
    else {
      const named = (svc.spec?.ports ?? []).find((p: { name?: string }) => p.name === remote);
      if (!named) throw new CliError(`Service '${svc.metadata.name}' does not have a named port '${remote}'`);
      portnum = named.port;
      if (local === remote) local = String(portnum);
    }
    remote = String(containerPortByServicePort(svc, pod, portnum));
    return local !== remote ? `${local}:${remote}` : remote;
  });
}

/** convertNamedPorts rewrites each spec's named remote port to the pod's container port number. */
export function convertNamedPorts(ports: string[], pod: KubeObject): string[] {
  return ports.map((spec) => {
    const { local, remote } = splitPort(spec);
    if (remote === '') throw new CliError('remote port cannot be empty');
    const number = isNumber(remote) ? remote : String(containerPortByName(pod, remote));
    return local !== remote ? `${local}:${number}` : number;
  });
}

/** parseUint16 is strconv.ParseUint(s, 10, 16) with Go's error text. */
function parseUint16(s: string): number {
  if (!/^\d+$/.test(s)) throw new Error(`strconv.ParseUint: parsing ${JSON.stringify(s)}: invalid syntax`);
  const n = Number(s);
  if (n > 65535) throw new Error(`strconv.ParseUint: parsing ${JSON.stringify(s)}: value out of range`);
  return n;
}

/** parsePorts is client-go's parsePorts: `REMOTE`, `LOCAL:REMOTE` or `:REMOTE` (a free local port). */
export function parsePorts(ports: string[]): ForwardedPort[] {
  return ports.map((spec) => {
    const parts = spec.split(':');
    if (parts.length > 2) throw new CliError(`invalid port format '${spec}'`);
    const localText = parts.length === 1 ? parts[0]! : (parts[0] || '0');
    const remoteText = parts.length === 1 ? parts[0]! : parts[1]!;
    let local: number;
    let remote: number;
    try { local = parseUint16(localText); } catch (e) { throw new CliError(`error parsing local port '${localText}': ${(e as Error).message}`); }
    try { remote = parseUint16(remoteText); } catch (e) { throw new CliError(`error parsing remote port '${remoteText}': ${(e as Error).message}`); }
    if (remote === 0) throw new CliError('remote port must be > 0');
    return { local, remote };
  });
}

/** isLoopback says whether an IP literal is a loopback address. */
export function isLoopback(ip: string): boolean {
  return /^127\.\d+\.\d+\.\d+$/.test(ip) || ip === '::1';
}

/** parseAddresses is client-go's parseAddresses: localhost is 127.0.0.1 and ::1 (either may fail), an IP must listen; sorted. */
export function parseAddresses(addresses: string[]): ListenAddress[] {
  const parsed = new Map<string, ListenAddress>();
  for (const a of addresses) {
    if (a === 'localhost') {
      if (!parsed.has('127.0.0.1')) parsed.set('127.0.0.1', { address: '127.0.0.1', protocol: 'tcp4', failureMode: 'all' });
      if (!parsed.has('::1')) parsed.set('::1', { address: '::1', protocol: 'tcp6', failureMode: 'all' });
    } else if (/^\d+\.\d+\.\d+\.\d+$/.test(a) && a.split('.').every((o) => Number(o) <= 255)) {
      parsed.set(a, { address: a, protocol: 'tcp4', failureMode: 'any' });
    } else if (/^[0-9a-fA-F:]+$/.test(a) && a.includes(':')) {
      parsed.set(a, { address: a, protocol: 'tcp6', failureMode: 'any' });
    } else throw new CliError(`${a} is not a valid IP`);
  }
  return [...parsed.values()].sort((x, y) => (x.address < y.address ? -1 : x.address > y.address ? 1 : 0));
}

/** hostPort is net.JoinHostPort: IPv6 literals in brackets. */
export function hostPort(host: string, port: number): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}
