/**
 * service: `kubectl describe service` (kubectl describeService), with the per-port
 * Endpoints line built from the Service's EndpointSlices or, failing those, its Endpoints.
 */
import type { Endpoint } from '../../api/types/discovery-v1';
import type { EndpointAddress, EndpointSubset, LoadBalancerIngress } from '../../api/types/core-v1';
import type { KubeObject } from '../../api/meta';
import type { Endpoints, EndpointSlice } from '../../api/types/kinds';
import { wantEvents, type DescribeContext } from './context';
import { describeEvents } from './events';
import { printAnnotationsMultiline, printLabelsMultiline } from './multiline';
import { LEVEL_0, PrefixWriter } from './prefix-writer';
import { formatLabels } from './selector-string';

/** SERVICE_NAME_LABEL links an EndpointSlice to its Service. */
export const SERVICE_NAME_LABEL = 'kubernetes.io/service-name';
/** MAX_ENDPOINTS is how many ip:port pairs are listed before " + N more...". */
export const MAX_ENDPOINTS = 3;

const joinHostPort = (host: string, port: number | string | undefined): string => (host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`);

class EndpointList {
  readonly list: string[] = [];
  more = false;
  count = 0;
  add(text: string): void {
    if (this.list.length === MAX_ENDPOINTS) this.more = true;
    if (!this.more) this.list.push(text);
    this.count++;
  }
  toString(): string {
    const ret = this.list.join(',');
    return this.more ? `${ret} + ${this.count - MAX_ENDPOINTS} more...` : ret;
  }
}

/** formatEndpointSlices mirrors kubectl formatEndpointSlices for one port name: ready addresses only. */
export function formatEndpointSlices(slices: EndpointSlice[], portName: string): string {
  if (slices.length === 0) return '<none>';
  const out = new EndpointList();
  for (const s of slices) {
    const endpoints: Endpoint[] = s.endpoints ?? [];
    const ready = (e: Endpoint): boolean => e.conditions?.ready === undefined || e.conditions?.ready === null || e.conditions.ready === true;
    if ((s.ports ?? []).length === 0) {
      for (const e of endpoints) {
        if (out.list.length === MAX_ENDPOINTS) out.more = true;
        if (!ready(e)) continue;
        if (!out.more) out.list.push(e.addresses?.[0]);
        out.count++;
      }
      continue;
    }
    for (const p of s.ports ?? []) {
      if ((p.name ?? '') !== portName) continue;
      for (const e of endpoints) {
        if (out.list.length === MAX_ENDPOINTS) out.more = true;
        if (!ready(e)) continue;
        if (!out.more) out.list.push(joinHostPort(e.addresses?.[0] ?? '', p.port));
        out.count++;
      }
    }
  }
  return out.toString();
}

/** formatEndpoints is the same rendering from a core/v1 Endpoints object (notReadyAddresses skipped). */
export function formatEndpoints(ep: Endpoints, portName: string): string {
  const subsets: EndpointSubset[] = ep.subsets ?? [];
  // An Endpoints object with no subsets corresponds to an EndpointSlice with no endpoints: empty text.
  const out = new EndpointList();
  for (const ss of subsets) {
    const addrs: EndpointAddress[] = ss.addresses ?? [];
    if ((ss.ports ?? []).length === 0) {
      for (const a of addrs) out.add(a.ip);
      continue;
    }
    for (const p of ss.ports ?? []) {
      if ((p.name ?? '') !== portName) continue;
      for (const a of addrs) out.add(joinHostPort(a.ip, p.port));
    }
  }
  return out.toString();
}

function endpointsText(svc: KubeObject, portName: string, ctx: DescribeContext): string {
  const ns = svc.metadata.namespace;
  const slices = ctx.list({ kind: 'EndpointSlice', namespace: ns })
    .filter((s) => s.metadata.labels?.[SERVICE_NAME_LABEL] === svc.metadata.name);
  if (slices.length > 0) return formatEndpointSlices(slices as EndpointSlice[], portName);
  const ep = ctx.get('Endpoints', svc.metadata.name ?? '', ns);
  return ep ? formatEndpoints(ep as Endpoints, portName) : '<none>';
}

function loadBalancerIngress(ingress: LoadBalancerIngress[]): string {
  return ingress.map((i) => (i.ip ? (i.ipMode ? `${i.ip} (${i.ipMode})` : i.ip) : (i.hostname ?? ''))).join(', ');
}

/** describeService renders a Service exactly as kubectl describe service does. */
export function describeService(svc: KubeObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const spec = svc.spec ?? {};
  w.write(LEVEL_0, `Name:\t${svc.metadata.name ?? ''}\n`);
  w.write(LEVEL_0, `Namespace:\t${svc.metadata.namespace ?? ''}\n`);
  printLabelsMultiline(w, 'Labels', svc.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', svc.metadata.annotations);
  w.write(LEVEL_0, `Selector:\t${formatLabels(spec.selector)}\n`);
  w.write(LEVEL_0, `Type:\t${spec.type ?? 'ClusterIP'}\n`);
  if (spec.ipFamilyPolicy) w.write(LEVEL_0, `IP Family Policy:\t${spec.ipFamilyPolicy}\n`);
  w.write(LEVEL_0, `IP Families:\t${(spec.ipFamilies ?? []).length > 0 ? spec.ipFamilies.join(',') : '<none>'}\n`);
  w.write(LEVEL_0, `IP:\t${spec.clusterIP ?? ''}\n`);
  w.write(LEVEL_0, `IPs:\t${(spec.clusterIPs ?? []).length > 0 ? spec.clusterIPs.join(',') : '<none>'}\n`);
  if ((spec.externalIPs ?? []).length > 0) w.write(LEVEL_0, `External IPs:\t${spec.externalIPs.join(',')}\n`);
  if (spec.loadBalancerIP) w.write(LEVEL_0, `Desired LoadBalancer IP:\t${spec.loadBalancerIP}\n`);
  if (spec.externalName) w.write(LEVEL_0, `External Name:\t${spec.externalName}\n`);
  const ingress: LoadBalancerIngress[] = svc.status?.loadBalancer?.ingress ?? [];
  if (ingress.length > 0) w.write(LEVEL_0, `LoadBalancer Ingress:\t${loadBalancerIngress(ingress)}\n`);
  for (const p of spec.ports ?? []) {
    const name = p.name || '<unset>';
    const proto = p.protocol ?? 'TCP';
    w.write(LEVEL_0, `Port:\t${name}\t${p.port}/${proto}\n`);
    w.write(LEVEL_0, `TargetPort:\t${p.targetPort ?? p.port}/${proto}\n`);
    if (p.nodePort) w.write(LEVEL_0, `NodePort:\t${name}\t${p.nodePort}/${proto}\n`);
    w.write(LEVEL_0, `Endpoints:\t${endpointsText(svc, p.name ?? '', ctx)}\n`);
  }
  w.write(LEVEL_0, `Session Affinity:\t${spec.sessionAffinity ?? 'None'}\n`);
  if (spec.externalTrafficPolicy) w.write(LEVEL_0, `External Traffic Policy:\t${spec.externalTrafficPolicy}\n`);
  if (spec.internalTrafficPolicy) w.write(LEVEL_0, `Internal Traffic Policy:\t${spec.internalTrafficPolicy}\n`);
  if (spec.healthCheckNodePort) w.write(LEVEL_0, `HealthCheck NodePort:\t${spec.healthCheckNodePort}\n`);
  if ((spec.loadBalancerSourceRanges ?? []).length > 0) w.write(LEVEL_0, `LoadBalancer Source Ranges:\t${spec.loadBalancerSourceRanges.join(',')}\n`);
  if (wantEvents(ctx)) describeEvents(ctx.events, w, ctx.now);
  return w.toString();
}
