/**
 * service-generator: kubectl's "service/v2" generator, which builds the Service for
 * `kubectl expose` and `kubectl run --expose` (kubectl v1.32 pkg/generate/versioned/service.go).
 */
import type { KubeObject } from '../../api/meta';
import { GeneratorError } from './generator-error';
import { SERVICE_PORT_KEYS, SERVICE_SPEC_KEYS, objectMeta, ordered } from './go-order';
import { goAtoi, parseLabels } from './pairs';

/** ServiceParams are the generator's string parameters, named after kubectl's flags. */
export interface ServiceParams {
  name?: string;
  defaultName?: string;
  selector?: string;
  labels?: string;
  port?: string;
  /** ports is a comma list, used when the exposed object has several ports (named port-1, port-2 …). */
  ports?: string;
  portName?: string;
  protocol?: string;
  /** protocols is `port/PROTO,…`, derived from the exposed object. */
  protocols?: string;
  targetPort?: string;
  externalIP?: string;
  type?: string;
  loadBalancerIP?: string;
  sessionAffinity?: string;
  clusterIP?: string;
  namespace?: string;
}

function parseProtocols(s: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of s.split(',')) {
    const pp = item.split('/');
    if (pp.length !== 2) throw new GeneratorError(`unexpected port protocol mapping: ${item}`);
    if (pp[0] === '') throw new GeneratorError('unexpected empty port');
    if (pp[1] === '') throw new GeneratorError('unexpected empty protocol');
    out[pp[0]!] = pp[1]!;
  }
  return out;
}

/** generateService builds the Service from `p`, with kubectl's errors for missing selector, name or port. */
export function generateService(p: ServiceParams): KubeObject {
  if (!p.selector) throw new GeneratorError("'selector' is a required parameter");
  const selector = parseLabels(p.selector);
  const labels = p.labels ? parseLabels(p.labels) : undefined;
  const name = p.name || p.defaultName;
  if (!name) throw new GeneratorError("'name' is a required parameter");
  const headless = p.clusterIP === 'None';
  const protocolMap = p.protocols ? parseProtocols(p.protocols) : {};
  const portString = p.ports ?? p.port;
  if (portString === undefined && !headless) throw new GeneratorError("'ports' or 'port' is a required parameter");

  const ports: Record<string, unknown>[] = [];
  if (portString) {
    const list = portString.split(',');
    list.forEach((s, i) => {
      const port = goAtoi(s);
      let protocol = p.protocol ?? '';
      const hasMap = Object.keys(protocolMap).length > 0;
      if (protocol === '' && !hasMap) protocol = 'TCP';
      else if (protocol === '' && hasMap) protocol = protocolMap[s] ?? 'TCP';
      ports.push({ name: list.length > 1 ? `port-${i + 1}` : p.portName ?? '', protocol, port });
    });
  }
  let targetPort: number | string | undefined;
  if (p.targetPort) targetPort = /^[+-]?[0-9]+$/.test(p.targetPort) ? Number(p.targetPort) : p.targetPort;
  const spec: Record<string, unknown> = {
    ports: ports.map((sp) => ordered({ ...sp, name: sp.name || undefined, protocol: sp.protocol || undefined, targetPort: targetPort ?? sp.port }, SERVICE_PORT_KEYS)),
    selector,
  };
  if (p.externalIP) spec.externalIPs = [p.externalIP];
  if (p.type) spec.type = p.type;
  if (spec.type === 'LoadBalancer' && p.loadBalancerIP) spec.loadBalancerIP = p.loadBalancerIP;
  if (p.sessionAffinity) {
    if (p.sessionAffinity !== 'None' && p.sessionAffinity !== 'ClientIP') {
      throw new GeneratorError(`unknown session affinity: ${p.sessionAffinity}`);
    }
    spec.sessionAffinity = p.sessionAffinity;
  }
  if (p.clusterIP) spec.clusterIP = p.clusterIP;
  // Go's `ports` has omitempty: an empty list (headless without ports) is left out.
  if (ports.length === 0) delete spec.ports;
  return {
    kind: 'Service',
    apiVersion: 'v1',
    metadata: objectMeta({ name, namespace: p.namespace, labels }),
    spec: ordered(spec, SERVICE_SPEC_KEYS),
    status: { loadBalancer: {} },
  };
}
