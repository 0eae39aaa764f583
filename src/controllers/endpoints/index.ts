/**
 * endpoints: keeps a selector Service's Endpoints object listing its pods' addresses,
 * ready ones under addresses and the rest under notReadyAddresses.
 * Mirrors kubernetes pkg/controller/endpoint/endpoints_controller.go.
 */
import type { KubeObject } from '../../api/meta';
import type { ServicePort } from '../../api/types/core-v1';

/** WrittenEndpoints is an Endpoints object as this controller compares and writes it (subsets as built here). */
type WrittenEndpoints = KubeObject & { subsets?: object[] };
import { isPodReady } from '../../api/pod-util';
import { deepEqual } from '../../api/deep-equal';
import type { Controller, ReconcileContext, Request, Result } from '../../sim/controller';
import { podsForService, servicesForPod } from './pods-for-service';

export const NAME = 'endpoint-controller';

interface Address { ip: string; nodeName?: string; targetRef: { kind: string; namespace: string; name: string; uid: string } }

/** endpointsController is the Endpoints reconcile loop. */
export const endpointsController: Controller = {
  name: NAME,
  for: 'Service',
  watches: [{ kind: 'Pod', map: servicesForPod }],
  reconcile(req: Request, ctx: ReconcileContext): Result | void {
    const svc = ctx.api.tryGet({ kind: 'Service', namespace: req.namespace, name: req.name });
    const existing = ctx.api.tryGet({ kind: 'Endpoints', namespace: req.namespace, name: req.name }) as WrittenEndpoints | undefined;
    if (!svc || svc.metadata.deletionTimestamp) {
      if (existing) ctx.api.delete({ kind: 'Endpoints', namespace: req.namespace, name: req.name }, { fieldManager: NAME });
      return;
    }
    if (!svc.spec?.selector) return; // endpoints of selector-less services are the user's
    const pods = podsForService(svc, ctx);
    const ready: Address[] = [];
    const notReady: Address[] = [];
    for (const p of pods) {
      // ShouldPodBeInEndpoints: a terminating pod leaves the Endpoints at once, unless the Service publishes not-ready addresses.
      if (p.metadata.deletionTimestamp && !svc.spec.publishNotReadyAddresses) continue;
      const addr: Address = { ip: p.status.podIP, nodeName: p.spec.nodeName, targetRef: { kind: 'Pod', namespace: p.metadata.namespace!, name: p.metadata.name!, uid: p.metadata.uid! } };
      (isPodReady(p) || svc.spec.publishNotReadyAddresses ? ready : notReady).push(addr);
    }
    const byIP = (a: Address, b: Address) => a.ip.localeCompare(b.ip, 'en', { numeric: true });
    const ports = (svc.spec.ports ?? []).map((sp: ServicePort) => {
      const port: Record<string, unknown> = {};
      if (sp.name) port.name = sp.name;
      port.port = resolveTargetPort(sp, pods[0]);
      port.protocol = sp.protocol ?? 'TCP';
      if (sp.appProtocol) port.appProtocol = sp.appProtocol;
      return port;
    });
    const subset: Record<string, unknown> = {};
    if (ready.length) subset.addresses = ready.sort(byIP);
    if (notReady.length) subset.notReadyAddresses = notReady.sort(byIP);
    const subsets = ready.length || notReady.length ? [{ ...subset, ports }] : undefined;
    const labels = { ...(svc.metadata.labels ?? {}), ...(svc.spec.clusterIP === 'None' ? { 'service.kubernetes.io/headless': '' } : {}) };
    const body: WrittenEndpoints = {
      apiVersion: 'v1', kind: 'Endpoints',
      metadata: { name: req.name, namespace: req.namespace, ...(Object.keys(labels).length ? { labels } : {}) },
      ...(subsets ? { subsets } : {}),
    };
    if (!existing) { ctx.api.create(body, { fieldManager: NAME }); return; }
    if (deepEqual(existing.subsets, body.subsets) && deepEqual(existing.metadata.labels, body.metadata.labels)) return;
    const next = structuredClone(existing);
    next.metadata.labels = body.metadata.labels;
    if (!next.metadata.labels) delete next.metadata.labels;
    if (subsets) next.subsets = subsets; else delete next.subsets;
    ctx.api.update(next, { fieldManager: NAME });
  },
};

/** resolveTargetPort turns a named targetPort into the pod's containerPort number. */
export function resolveTargetPort(sp: { targetPort?: unknown; port?: unknown }, pod: KubeObject | undefined): number {
  const tp = sp.targetPort ?? sp.port;
  if (typeof tp === 'number') return tp;
  for (const c of pod?.spec?.containers ?? []) for (const p of c.ports ?? []) if (p.name === tp) return p.containerPort;
  return Number(tp) || (sp.port as number);
}
