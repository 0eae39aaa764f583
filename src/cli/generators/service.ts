/**
 * service: `kubectl create service clusterip|nodeport|loadbalancer|externalname NAME`
 * (kubectl pkg/cmd/create/create_service.go).
 */
import type { KubeObject } from '../../api/meta';
import { GeneratorError, requireFlag } from './generator-error';
import { SERVICE_PORT_KEYS, SERVICE_SPEC_KEYS, objectMeta, ordered } from './go-order';
import { isDNS1123Subdomain, isValidPortName, isValidPortNum } from './validation';

/** ServiceType is a Service's spec.type. */
export type ServiceType = 'ClusterIP' | 'NodePort' | 'LoadBalancer' | 'ExternalName';

/** HEADLESS_NEEDS_CLUSTERIP is kubectl's text for --clusterip=None on another type. */
export const HEADLESS_NEEDS_CLUSTERIP = 'ClusterIP=None can only be used with ClusterIP service type';
/** TCP_REQUIRED is kubectl's text when no --tcp is given. */
export const TCP_REQUIRED = 'at least one tcp port specifier must be provided';
/** INVALID_EXTERNAL_NAME is kubectl's text for an --external-name that is not a DNS subdomain. */
export const INVALID_EXTERNAL_NAME = (name: string): string => `invalid service external name ${name}`;

/** CreateServiceOptions mirrors the subcommands' flags (each subcommand exposes a subset). */
export interface CreateServiceOptions {
  tcp?: string[];
  /** clusterip is --clusterip (clusterip only); 'None' makes a headless service. */
  clusterip?: string;
  /** nodePort is --node-port (nodeport only); 0 means allocate. */
  nodePort?: number;
  /** externalName is --external-name (externalname only, required there). */
  externalName?: string;
  namespace?: string;
}

// strconv.ParseUint(s, 10, 16)'s error texts, as k8s.io/utils/net ParsePort returns them.
function parsePortNumber(s: string): number {
  if (!/^[0-9]+$/.test(s)) throw new GeneratorError(`strconv.ParseUint: parsing "${s}": invalid syntax`);
  const n = Number(s);
  if (n > 65535) throw new GeneratorError(`strconv.ParseUint: parsing "${s}": value out of range`);
  return n;
}

/** parseTcp splits a --tcp value `port[:targetPort]`; targetPort is a number or an IANA port name. */
export function parseTcp(spec: string): { port: number; targetPort: number | string } {
  const parts = spec.split(':');
  const port = parsePortNumber(parts[0]!);
  if (parts.length === 1) return { port, targetPort: port };
  const target = parts[1]!;
  // Go's strconv.Atoi accepts an optional sign.
  if (/^[+-]?[0-9]+$/.test(target)) {
    const n = Number(target);
    const errs = isValidPortNum(n);
    if (errs.length > 0) throw new GeneratorError(errs.join(','));
    return { port, targetPort: n };
  }
  const errs = isValidPortName(target);
  if (errs.length > 0) throw new GeneratorError(errs.join(','));
  return { port, targetPort: target };
}

/** createService builds the Service `kubectl create service <type>` sends: label/selector `app: NAME`. */
export function createService(type: ServiceType, name: string, o: CreateServiceOptions): KubeObject {
  const tcp = o.tcp ?? [];
  const clusterIP = o.clusterip ?? '';
  if (type === 'ExternalName') requireFlag('external-name', o.externalName);
  if (clusterIP === 'None' && type !== 'ClusterIP') throw new GeneratorError(HEADLESS_NEEDS_CLUSTERIP);
  if (clusterIP !== 'None' && tcp.length === 0 && type !== 'ExternalName') throw new GeneratorError(TCP_REQUIRED);
  if (type === 'ExternalName' && !isDNS1123Subdomain(o.externalName ?? '')) {
    throw new GeneratorError(INVALID_EXTERNAL_NAME(o.externalName ?? ''));
  }
  const ports = tcp.map((spec) => {
    const { port, targetPort } = parseTcp(spec);
    return ordered({
      name: spec.replace(/:/g, '-'),
      protocol: 'TCP',
      port,
      targetPort,
      nodePort: o.nodePort ? o.nodePort : undefined,
    }, SERVICE_PORT_KEYS);
  });
  return {
    kind: 'Service',
    apiVersion: 'v1',
    metadata: objectMeta({ name, namespace: o.namespace, labels: { app: name } }),
    spec: ordered({
      ports: ports.length > 0 ? ports : undefined,
      selector: { app: name },
      clusterIP: clusterIP || undefined,
      type,
      externalName: o.externalName || undefined,
    }, SERVICE_SPEC_KEYS),
    status: { loadBalancer: {} },
  };
}

/** createServiceClusterIP is `kubectl create service clusterip`. */
export const createServiceClusterIP = (name: string, o: CreateServiceOptions): KubeObject => createService('ClusterIP', name, o);
/** createServiceNodePort is `kubectl create service nodeport`. */
export const createServiceNodePort = (name: string, o: CreateServiceOptions): KubeObject => createService('NodePort', name, o);
/** createServiceLoadBalancer is `kubectl create service loadbalancer`. */
export const createServiceLoadBalancer = (name: string, o: CreateServiceOptions): KubeObject => createService('LoadBalancer', name, o);
/** createServiceExternalName is `kubectl create service externalname`. */
export const createServiceExternalName = (name: string, o: CreateServiceOptions): KubeObject => createService('ExternalName', name, o);
