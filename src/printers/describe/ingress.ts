/**
 * ingress: `kubectl describe ingress` (kubectl describeIngressV1), with each backend's
 * ready endpoints resolved through its Service.
 */
import type { IngressBackend, IngressLoadBalancerIngress, IngressServiceBackend } from '../../api/types/networking-v1';
import type { KubeObject } from '../../api/meta';
import type { Endpoints, EndpointSlice } from '../../api/types/kinds';
import { wantEvents, type DescribeContext } from './context';
import { describeEvents } from './events';
import { printAnnotationsMultiline, printLabelsMultiline } from './multiline';
import { LEVEL_0, LEVEL_1, LEVEL_2, PrefixWriter } from './prefix-writer';
import { formatEndpoints, formatEndpointSlices, SERVICE_NAME_LABEL } from './service';

function serviceBackendString(b: IngressServiceBackend): string {
  const port = b.port?.number ? String(b.port.number) : (b.port?.name ?? '');
  return `${b.name}:${port}`;
}

function describeBackend(ns: string | undefined, backend: IngressBackend, ctx: DescribeContext): string {
  if (backend?.service) {
    const sb = serviceBackendString(backend.service);
    const svc = ctx.get('Service', backend.service.name, ns);
    if (!svc) return `${sb} (<error: services "${backend.service.name}" not found>)`;
    let spName = '';
    for (const sp of svc.spec?.ports ?? []) {
      if (backend.service.port?.number && backend.service.port.number === sp.port) spName = sp.name ?? '';
      else if (backend.service.port?.name && backend.service.port.name === sp.name) spName = sp.name ?? '';
    }
    const slices = ctx.list({ kind: 'EndpointSlice', namespace: ns }).filter((s) => s.metadata.labels?.[SERVICE_NAME_LABEL] === backend.service!.name);
    let ep: string;
    if (slices.length > 0) ep = formatEndpointSlices(slices as EndpointSlice[], spName);
    else {
      const endpoints = ctx.get('Endpoints', backend.service.name, ns);
      ep = endpoints ? formatEndpoints(endpoints as Endpoints, spName) : '<none>';
    }
    return `${sb} (${ep})`;
  }
  if (backend?.resource) {
    const r = backend.resource;
    return `APIGroup: ${r.apiGroup ?? '<none>'}, Kind: ${r.kind}, Name: ${r.name}`;
  }
  return '';
}

/** describeIngress renders a networking.k8s.io/v1 Ingress like kubectl describe ingress. */
export function describeIngress(ing: KubeObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const spec = ing.spec ?? {};
  const ns = ing.metadata.namespace;
  w.write(LEVEL_0, `Name:\t${ing.metadata.name ?? ''}\n`);
  printLabelsMultiline(w, 'Labels', ing.metadata.labels);
  w.write(LEVEL_0, `Namespace:\t${ns ?? ''}\n`);
  const addrs = [...new Set<string>((ing.status?.loadBalancer?.ingress ?? []).map((i: IngressLoadBalancerIngress) => i.ip || i.hostname || '').filter(Boolean))].sort();
  w.write(LEVEL_0, `Address:\t${addrs.join(',')}\n`);
  w.write(LEVEL_0, `Ingress Class:\t${spec.ingressClassName ?? '<none>'}\n`);
  const def = spec.defaultBackend ? describeBackend(ns, spec.defaultBackend, ctx) : '<default>';
  w.write(LEVEL_0, `Default backend:\t${def}\n`);
  if ((spec.tls ?? []).length > 0) {
    w.write(LEVEL_0, 'TLS:\n');
    for (const t of spec.tls) {
      if (!t.secretName) w.write(LEVEL_1, `SNI routes ${(t.hosts ?? []).join(',')}\n`);
      else w.write(LEVEL_1, `${t.secretName} terminates ${(t.hosts ?? []).join(',')}\n`);
    }
  }
  w.write(LEVEL_0, 'Rules:\n  Host\tPath\tBackends\n');
  w.write(LEVEL_1, '----\t----\t--------\n');
  let count = 0;
  for (const rule of spec.rules ?? []) {
    if (!rule.http) continue;
    count++;
    w.write(LEVEL_1, `${rule.host || '*'}\t\n`);
    for (const p of rule.http.paths ?? []) w.write(LEVEL_2, `\t${p.path ?? ''} \t${describeBackend(ns, p.backend, ctx)}\n`);
  }
  if (count === 0) w.write(LEVEL_1, `*\t*\t${def}\n`);
  printAnnotationsMultiline(w, 'Annotations', ing.metadata.annotations);
  if (wantEvents(ctx)) describeEvents(ctx.events, w, ctx.now);
  return w.toString();
}
