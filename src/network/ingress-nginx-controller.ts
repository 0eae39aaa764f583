/**
 * ingress-nginx-controller: the status side of the ingress-nginx controller (kubemu addon enable
 * ingress-nginx) — each Ingress it serves gets, in status.loadBalancer.ingress, the
 * addresses it is reachable at, and a Sync event when it is first taken in.
 * Mirrors kubernetes/ingress-nginx internal/ingress/status/status.go runningAddresses: with
 * no --publish-service (the bare-metal manifest) the addresses are the InternalIPs of the
 * nodes running a controller pod. Routing is network/ingress-router.ts.
 * When the last controller pod is gone, the addresses are cleared, as ingress-nginx's
 * --update-status-on-shutdown does.
 * kubemu: status is written on each change, not on ingress-nginx's 60s status loop; there
 * is no leader election (every running controller pod counts).
 */
import type { KubeObject } from '../api/meta';
import { deepEqual } from '../api/deep-equal';
import { isPodReady } from '../api/pod-util';
import type { Controller, ReconcileContext, Request, Result } from '../sim/controller';
import { isIngressNginxPod, isNginxIngress } from './ingress-nginx-names';

/** NAME is the event source and field manager, as ingress-nginx reports itself. */
export const NAME = 'nginx-ingress-controller';
/** SYNC / SCHEDULED_FOR_SYNC are the event ingress-nginx records on an Ingress it takes in. */
export const SYNC = 'Sync';
export const SCHEDULED_FOR_SYNC = 'Scheduled for sync';

const CONTROLLER_SELECTOR = 'app.kubernetes.io/name=ingress-nginx,app.kubernetes.io/component=controller';

/** controllerAddresses are the InternalIPs of nodes running a ready controller pod, sorted. */
export function controllerAddresses(api: ReconcileContext['api']): string[] {
  const ips = new Set<string>();
  for (const pod of api.list({ kind: 'Pod', labelSelector: CONTROLLER_SELECTOR })) {
    if (!isIngressNginxPod(pod) || pod.metadata.deletionTimestamp || !isPodReady(pod) || !pod.spec?.nodeName) continue;
    const node = api.tryGet({ kind: 'Node', name: pod.spec.nodeName });
    const ip = (node?.status?.addresses ?? []).find((a: { type: string }) => a.type === 'InternalIP')?.address;
    if (ip) ips.add(ip);
  }
  return [...ips].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

const allIngresses = (_: KubeObject, ctx: ReconcileContext): Request[] =>
  ctx.api.list({ kind: 'Ingress' }).map((i) => ({ namespace: i.metadata.namespace, name: i.metadata.name! }));

/** ingressNginxController keeps the address of the Ingresses of ingress-nginx's classes. */
export const ingressNginxController: Controller = {
  name: NAME,
  for: 'Ingress',
  watches: [
    { kind: 'Pod', map: (pod, ctx) => (isIngressNginxPod(pod) ? allIngresses(pod, ctx) : []) },
    { kind: 'IngressClass', map: allIngresses },
  ],
  reconcile(req: Request, ctx: ReconcileContext): Result | void {
    const ing = ctx.api.tryGet({ kind: 'Ingress', namespace: req.namespace, name: req.name });
    if (!ing || ing.metadata.deletionTimestamp) return;
    if (!isNginxIngress(ing, (name) => ctx.api.tryGet({ kind: 'IngressClass', name }))) return;
    const addresses = controllerAddresses(ctx.api);
    if (!addresses.length) {
      // The last controller pod to shut down clears the addresses (--update-status-on-shutdown);
      // while one is only starting or restarting, the status stays.
      const anyPod = ctx.api.list({ kind: 'Pod', labelSelector: CONTROLLER_SELECTOR }).some((p) => isIngressNginxPod(p) && !p.metadata.deletionTimestamp);
      if (anyPod || !ing.status?.loadBalancer?.ingress) return;
      ctx.api.updateStatus({ ...ing, status: { ...ing.status, loadBalancer: {} } }, { fieldManager: NAME });
      return;
    }
    const want = addresses.map((ip) => ({ ip }));
    const have = ing.status?.loadBalancer?.ingress;
    if (deepEqual(have, want)) return;
    ctx.api.updateStatus({ ...ing, status: { ...ing.status, loadBalancer: { ingress: want } } }, { fieldManager: NAME });
    if (!have) {
      const ref = { kind: 'Ingress', namespace: ing.metadata.namespace, name: ing.metadata.name!, uid: ing.metadata.uid!, apiVersion: 'networking.k8s.io/v1' };
      ctx.api.recordEvent(ref, 'Normal', SYNC, SCHEDULED_FOR_SYNC, { component: NAME });
    }
  },
};
