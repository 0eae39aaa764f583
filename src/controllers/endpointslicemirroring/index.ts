/**
 * endpointslicemirroring: mirrors the Endpoints a user writes for a Service without a
 * selector (an external database behind a Service, say) into EndpointSlices, so that what
 * reads slices — kube-proxy, DNS — sees them. Endpoints labelled
 * endpointslice.kubernetes.io/skip-mirror (the API server's own `kubernetes` Endpoints) are
 * left alone.
 * Mirrors kubernetes pkg/controller/endpointslicemirroring (syncEndpoints, newEndpointSlice:
 * one slice per subset's port set, owned by the Endpoints); kubemu: a slice of a vanished
 * Endpoints is deleted here rather than by the garbage collector.
 */
import type { Endpoint, EndpointPort } from '../../api/types/discovery-v1';
import type { KubeObject } from '../../api/meta';
import type { EndpointAddress } from '../../api/types/core-v1';
import type { Endpoints } from '../../api/types/kinds';
import { deepEqual } from '../../api/deep-equal';
import type { Controller, ReconcileContext, Request, Result } from '../../sim/controller';
import { MANAGED_BY_LABEL, SERVICE_NAME_LABEL } from '../../api/endpoint-slice-labels';
import { MAX_ENDPOINTS_PER_SLICE } from '../endpointslice/desired-slices';

export const NAME = 'endpointslicemirroring-controller';
/** MIRRORING_CONTROLLER_NAME is the mirroring controller's managed-by value. */
export const MIRRORING_CONTROLLER_NAME = 'endpointslicemirroring-controller.k8s.io';
/** SKIP_MIRROR_LABEL opts an Endpoints object out of mirroring. */
export const SKIP_MIRROR_LABEL = 'endpointslice.kubernetes.io/skip-mirror';
const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

/** Mirrored is one slice's content; ports null is a nil slice, which Go encodes as null (the field has no omitempty). */
interface Mirrored { ports: EndpointPort[] | null; endpoints: Endpoint[] }

/** mirroredSlices converts an Endpoints object's subsets into slice contents (ready from addresses, not ready from notReadyAddresses). */
export function mirroredSlices(ep: KubeObject): Mirrored[] {
  const out: Mirrored[] = [];
  for (const subset of (ep as Endpoints).subsets ?? []) {
    const ports = (subset.ports ?? []).map((p) => ({ name: p.name ?? '', port: p.port, protocol: p.protocol ?? 'TCP', ...(p.appProtocol ? { appProtocol: p.appProtocol } : {}) }));
    const convert = (a: EndpointAddress, ready: boolean) => ({
      addresses: [a.ip], conditions: { ready },
      ...(a.hostname ? { hostname: a.hostname } : {}),
      ...(a.targetRef ? { targetRef: a.targetRef } : {}),
      ...(a.nodeName ? { nodeName: a.nodeName } : {}),
    });
    const endpoints = [...(subset.addresses ?? []).map((a) => convert(a, true)), ...(subset.notReadyAddresses ?? []).map((a) => convert(a, false))];
    for (let i = 0; i < Math.max(endpoints.length, 1); i += MAX_ENDPOINTS_PER_SLICE) {
      out.push({ ports: ports.length ? ports : null, endpoints: endpoints.slice(i, i + MAX_ENDPOINTS_PER_SLICE) });
    }
  }
  return out;
}

function mirrors(ep: KubeObject, ctx: ReconcileContext): boolean {
  if (ep.metadata.labels?.[SKIP_MIRROR_LABEL] === 'true') return false;
  const svc = ctx.api.tryGet({ kind: 'Service', namespace: ep.metadata.namespace, name: ep.metadata.name! });
  return !!svc && !svc.metadata.deletionTimestamp && (!svc.spec?.selector || Object.keys(svc.spec.selector).length === 0);
}

/** endpointSliceMirroringController is the mirroring reconcile loop, keyed by Endpoints. */
export const endpointSliceMirroringController: Controller = {
  name: NAME,
  for: 'Endpoints',
  watches: [{ kind: 'Service', map: (svc) => [{ namespace: svc.metadata.namespace, name: svc.metadata.name! }] }],
  reconcile(req: Request, ctx: ReconcileContext): Result | void {
    const ep = ctx.api.tryGet({ kind: 'Endpoints', namespace: req.namespace, name: req.name });
    const existing = ctx.api.list({ kind: 'EndpointSlice', namespace: req.namespace, labelSelector: `${MANAGED_BY_LABEL}=${MIRRORING_CONTROLLER_NAME},${SERVICE_NAME_LABEL}=${req.name}` })
      .sort((a, b) => a.metadata.name!.localeCompare(b.metadata.name!));
    const desired = ep && mirrors(ep, ctx) ? mirroredSlices(ep) : [];
    const labels: Record<string, string> = {};
    for (const [k, v] of Object.entries(ep?.metadata.labels ?? {})) if (k !== LAST_APPLIED) labels[k] = v as string;
    labels[SERVICE_NAME_LABEL] = req.name;
    labels[MANAGED_BY_LABEL] = MIRRORING_CONTROLLER_NAME;
    const sorted = Object.fromEntries(Object.entries(labels).sort(([a], [b]) => a.localeCompare(b)));
    desired.forEach((d, i) => {
      const es = existing[i];
      if (!es) {
        ctx.api.create({
          apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice',
          metadata: {
            generateName: `${req.name}-`, namespace: req.namespace, labels: sorted,
            ownerReferences: [{ apiVersion: 'v1', kind: 'Endpoints', name: req.name, uid: ep!.metadata.uid!, controller: true, blockOwnerDeletion: true }],
          },
          addressType: 'IPv4', endpoints: d.endpoints, ports: d.ports as EndpointPort[],
        }, { fieldManager: NAME });
        return;
      }
      if (deepEqual(es.endpoints ?? [], d.endpoints) && deepEqual(es.ports ?? null, d.ports) && deepEqual(es.metadata.labels, sorted)) return;
      const next = structuredClone(es);
      next.metadata.labels = sorted;
      next.endpoints = d.endpoints;
      next.ports = d.ports as EndpointPort[];
      ctx.api.update(next, { fieldManager: NAME });
    });
    for (const es of existing.slice(desired.length)) {
      ctx.api.delete({ kind: 'EndpointSlice', namespace: req.namespace, name: es.metadata.name! }, { fieldManager: NAME });
    }
  },
};
