/**
 * pods-for-service: the pods a Service selects and the services a pod belongs to — the
 * shared lookups of the endpoints and endpointslice controllers.
 */
import type { KubeObject } from '../../api/meta';
import { labelSelectorHints } from '../../api/label-selector';
import type { ReconcileContext, Request } from '../../sim/controller';

/** selects: the service has a selector and the pod's labels satisfy it. */
export function selects(svc: KubeObject, pod: KubeObject): boolean {
  const sel = svc.spec?.selector;
  if (!sel || !Object.keys(sel).length) return false;
  const labels = pod.metadata.labels ?? {};
  return Object.entries(sel).every(([k, v]) => labels[k] === v);
}

/** selectedPods lists the pods of the service's namespace it selects (the others stay undecoded). */
export function selectedPods(svc: KubeObject, ctx: ReconcileContext): KubeObject[] {
  return ctx.api.list({ kind: 'Pod', namespace: svc.metadata.namespace, mayContain: labelSelectorHints({ matchLabels: svc.spec?.selector }) })
    .filter((p) => selects(svc, p));
}

/** servicesForPod maps a pod change to the services in its namespace that select it. */
export function servicesForPod(pod: KubeObject, ctx: ReconcileContext): Request[] {
  return ctx.api.list({ kind: 'Service', namespace: pod.metadata.namespace })
    .filter((svc) => selects(svc, pod))
    .map((svc) => ({ namespace: svc.metadata.namespace, name: svc.metadata.name! }));
}

/** podsForService lists the scheduled, not-finished pods a service selects, by name. */
export function podsForService(svc: KubeObject, ctx: ReconcileContext): KubeObject[] {
  return selectedPods(svc, ctx)
    .filter((p) => p.spec?.nodeName && p.status?.podIP && p.status?.phase !== 'Succeeded' && p.status?.phase !== 'Failed');
}
