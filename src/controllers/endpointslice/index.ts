/**
 * endpointslice: keeps each selector Service's discovery.k8s.io/v1 EndpointSlices — named
 * `<service>-<5 random characters>` by generateName, owned by the Service, labelled with
 * kubernetes.io/service-name and the managed-by label — listing its pods as endpoints with
 * ready/serving/terminating conditions, at most 100 to a slice. kube-proxy and DNS read these.
 * Mirrors kubernetes pkg/controller/endpointslice/endpointslice_controller.go syncService and
 * the staging endpointslice reconciler; kubemu: existing slices are reused in name order
 * (content first, then port set), not by upstream's fill-and-pack heuristics; topology hints
 * are off, as on a cluster without trafficDistribution.
 */
import type { KubeObject } from '../../api/meta';
import type { EndpointSlice } from '../../api/types/kinds';
import { deepEqual } from '../../api/deep-equal';
import type { Controller, ReconcileContext, Request, Result } from '../../sim/controller';
import { selectedPods, selects } from '../endpoints/pods-for-service';
import { MANAGED_BY_LABEL, SERVICE_NAME_LABEL } from '../../api/endpoint-slice-labels';
import { CONTROLLER_NAME, desiredSlices, sliceLabels, TRIGGER_TIME_ANNOTATION, triggerTime, type DesiredSlice } from './desired-slices';

export const NAME = 'endpointslice-controller';

/** servicesForPodChange maps a pod change to the Services that select it or whose slices list it. */
export function servicesForPodChange(pod: KubeObject, ctx: ReconcileContext): Request[] {
  const ns = pod.metadata.namespace;
  const names = new Set<string>();
  for (const svc of ctx.api.list({ kind: 'Service', namespace: ns })) if (selects(svc, pod)) names.add(svc.metadata.name!);
  // A pod whose labels no longer match must still leave the slices that list it (only those of
  // Services not already queued are searched: a big Service's slices are not scanned per pod).
  for (const es of ctx.api.list({ kind: 'EndpointSlice', namespace: ns })) {
    if (es.metadata.labels?.[MANAGED_BY_LABEL] !== CONTROLLER_NAME) continue;
    const svcName = es.metadata.labels?.[SERVICE_NAME_LABEL];
    if (!svcName || names.has(svcName)) continue;
    if ((es.endpoints ?? []).some((e: { targetRef?: { name?: string } }) => e.targetRef?.name === pod.metadata.name)) names.add(svcName);
  }
  return [...names].sort().map((name) => ({ namespace: ns, name }));
}

/** StoredSlice is an EndpointSlice as this controller keeps it: an empty list is stored as null, as Go marshals a nil slice. */
type StoredSlice = Omit<EndpointSlice, 'endpoints' | 'ports'> & DesiredSlice;

const content = (es: StoredSlice): DesiredSlice => ({ ports: es.ports ?? null, endpoints: es.endpoints ?? null });
const portsKey = (s: DesiredSlice): string => JSON.stringify(s.ports ?? []);

/** endpointSliceController is the EndpointSlice reconcile loop. */
export const endpointSliceController: Controller = {
  name: NAME,
  for: 'Service',
  owns: ['EndpointSlice'],
  watches: [{ kind: 'Pod', map: servicesForPodChange }],
  reconcile(req: Request, ctx: ReconcileContext): Result | void {
    const svc = ctx.api.tryGet({ kind: 'Service', namespace: req.namespace, name: req.name });
    // A deleted Service's slices go with it: the garbage collector follows their ownerReference.
    if (!svc || svc.metadata.deletionTimestamp) return;
    // Services without a selector get no slices from this controller; theirs are mirrored or the user's.
    if (!svc.spec?.selector || Object.keys(svc.spec.selector).length === 0) return;
    // An ExternalName Service is a DNS alias: no endpoints (upstream issue 105986).
    if (svc.spec.type === 'ExternalName') return;
    const pods = selectedPods(svc, ctx);
    const nodes = new Map<string, KubeObject | undefined>();
    const nodeOf = (name: string) => {
      if (!nodes.has(name)) nodes.set(name, ctx.api.tryGet({ kind: 'Node', name }));
      return nodes.get(name);
    };
    const desired = desiredSlices(svc, pods, nodeOf);
    const labels = sliceLabels(svc);
    const existing = ctx.api.listControlledBy('EndpointSlice', svc.metadata.uid!)
      .filter((es) => es.metadata.labels?.[MANAGED_BY_LABEL] === CONTROLLER_NAME)
      .sort((a, b) => a.metadata.name!.localeCompare(b.metadata.name!)) as StoredSlice[];
    const at = triggerTime(svc, pods);

    // Pair each desired slice with an existing one: same content first, then same ports, then any.
    const pairs: Array<[DesiredSlice, StoredSlice | undefined]> = desired.map((d) => [d, undefined]);
    const free = new Set(existing);
    const pick = (match: (es: StoredSlice, d: DesiredSlice) => boolean) => {
      for (const pair of pairs) {
        if (pair[1]) continue;
        const es = [...free].find((e) => match(e, pair[0]));
        if (es) { pair[1] = es; free.delete(es); }
      }
    };
    pick((es, d) => deepEqual(content(es), d));
    pick((es, d) => portsKey(content(es)) === portsKey(d));
    pick(() => true);

    for (const es of free) {
      ctx.api.delete({ kind: 'EndpointSlice', namespace: req.namespace, name: es.metadata.name! }, { fieldManager: NAME });
    }
    for (const [d, es] of pairs) {
      if (es) {
        if (deepEqual(content(es), d) && deepEqual(es.metadata.labels, labels)) continue;
        const next = structuredClone(es);
        next.metadata.labels = labels;
        next.metadata.annotations = { ...(next.metadata.annotations ?? {}), [TRIGGER_TIME_ANNOTATION]: at };
        next.endpoints = d.endpoints;
        next.ports = d.ports;
        ctx.api.update(next, { fieldManager: NAME });
        continue;
      }
      ctx.api.create({
        apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice',
        metadata: {
          generateName: `${svc.metadata.name}-`, namespace: req.namespace, labels,
          annotations: { [TRIGGER_TIME_ANNOTATION]: at },
          ownerReferences: [{ apiVersion: 'v1', kind: 'Service', name: svc.metadata.name!, uid: svc.metadata.uid!, controller: true, blockOwnerDeletion: true }],
        },
        addressType: 'IPv4',
        endpoints: d.endpoints,
        ports: d.ports,
      }, { fieldManager: NAME });
    }
  },
};
