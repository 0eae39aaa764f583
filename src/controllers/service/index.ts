/**
 * service: the cloud-controller-manager's service controller, which runs only where the cluster
 * has a cloud provider (the aks profile; kubeadm's on-prem clusters have none, so their
 * LoadBalancer Services stay `<pending>`). For each LoadBalancer Service it holds the
 * service.kubernetes.io/load-balancer-cleanup finalizer, provisions a load balancer — an
 * address from a fixed public pool, lowest free first — and writes it to
 * status.loadBalancer.ingress, recording EnsuringLoadBalancer and EnsuredLoadBalancer; when the
 * Service is deleted or stops being a LoadBalancer it releases the address
 * (DeletingLoadBalancer, DeletedLoadBalancer) and lifts the finalizer.
 * Mirrors kubernetes staging/src/k8s.io/cloud-provider/controllers/service/controller.go
 * (syncLoadBalancerIfNeeded); kubemu: provisioning completes within the reconcile that starts it.
 */
import type { KubeObject } from '../../api/meta';
import { isNotFound } from '../../apiserver/errors';
import type { Controller, ReconcileContext, Request, Result } from '../../sim/controller';

export const NAME = 'service-controller';
/** LOAD_BALANCER_CLEANUP_FINALIZER keeps a Service until its cloud load balancer is gone. */
export const LOAD_BALANCER_CLEANUP_FINALIZER = 'service.kubernetes.io/load-balancer-cleanup';
export const ENSURING_LOAD_BALANCER = 'EnsuringLoadBalancer';
export const ENSURED_LOAD_BALANCER = 'EnsuredLoadBalancer';
export const DELETING_LOAD_BALANCER = 'DeletingLoadBalancer';
export const DELETED_LOAD_BALANCER = 'DeletedLoadBalancer';
/** LOAD_BALANCER_POOL is the public addresses kubemu's cloud hands out: 20.81.110.1–254. */
export const LOAD_BALANCER_POOL = { prefix: '20.81.110.', first: 1, last: 254 };

const wantsLoadBalancer = (svc: KubeObject): boolean =>
  svc.spec?.type === 'LoadBalancer' && !svc.metadata.deletionTimestamp && !svc.spec?.loadBalancerClass;

const ingressIPs = (svc: KubeObject): string[] =>
  (svc.status?.loadBalancer?.ingress ?? []).map((i: { ip?: string }) => i.ip).filter(Boolean);

/** nextPoolAddress is the lowest pool address no other Service's load balancer holds. */
export function nextPoolAddress(services: KubeObject[]): string | undefined {
  const used = new Set(services.flatMap(ingressIPs));
  for (let i = LOAD_BALANCER_POOL.first; i <= LOAD_BALANCER_POOL.last; i++) {
    const ip = `${LOAD_BALANCER_POOL.prefix}${i}`;
    if (!used.has(ip)) return ip;
  }
  return undefined;
}

/** write runs one write, absorbing NotFound: a Service deleted meanwhile needs nothing more. */
function write(fn: () => void): void {
  try { fn(); } catch (e) { if (!isNotFound(e)) throw e; }
}

/** serviceController is the load-balancer reconcile loop. */
export const serviceController: Controller = {
  name: NAME,
  for: 'Service',
  reconcile(req: Request, ctx: ReconcileContext): Result | void {
    const svc = ctx.api.tryGet({ kind: 'Service', namespace: req.namespace, name: req.name });
    if (!svc) return;
    const finalizers: string[] = svc.metadata.finalizers ?? [];
    const held = finalizers.includes(LOAD_BALANCER_CLEANUP_FINALIZER);
    const source = { component: NAME };
    if (!wantsLoadBalancer(svc)) {
      // Nothing provisioned, nothing to clean up.
      if (!held && ingressIPs(svc).length === 0) return;
      ctx.api.recordEvent(svc, 'Normal', DELETING_LOAD_BALANCER, 'Deleting load balancer', source);
      if (ingressIPs(svc).length) {
        write(() => {
          const next = structuredClone(svc);
          next.status = { ...(next.status ?? {}), loadBalancer: {} };
          ctx.api.updateStatus(next, { fieldManager: NAME });
        });
      }
      ctx.api.recordEvent(svc, 'Normal', DELETED_LOAD_BALANCER, 'Deleted load balancer', source);
      if (held) {
        write(() => {
          const next = structuredClone(ctx.api.get({ kind: 'Service', namespace: req.namespace, name: req.name }));
          next.metadata.finalizers = (next.metadata.finalizers ?? []).filter((f: string) => f !== LOAD_BALANCER_CLEANUP_FINALIZER);
          if (!next.metadata.finalizers.length) delete next.metadata.finalizers;
          ctx.api.update(next, { fieldManager: NAME });
        });
      }
      return;
    }
    if (ingressIPs(svc).length && held) return;
    if (!held) {
      // The finalizer goes on before anything is provisioned, so a delete cannot leak the load balancer.
      const next = structuredClone(svc);
      next.metadata.finalizers = [...finalizers, LOAD_BALANCER_CLEANUP_FINALIZER];
      ctx.api.update(next, { fieldManager: NAME });
    }
    if (ingressIPs(svc).length) return;
    ctx.api.recordEvent(svc, 'Normal', ENSURING_LOAD_BALANCER, 'Ensuring load balancer', source);
    const ip = svc.spec?.loadBalancerIP || nextPoolAddress(ctx.api.list({ kind: 'Service' }));
    if (!ip) {
      ctx.api.recordEvent(svc, 'Warning', 'SyncLoadBalancerFailed', 'Error syncing load balancer: failed to ensure load balancer: no public IP address available', source);
      return { requeueAfterMs: 60_000 };
    }
    const next = structuredClone(ctx.api.get({ kind: 'Service', namespace: req.namespace, name: req.name }));
    next.status = { ...(next.status ?? {}), loadBalancer: { ingress: [{ ip, ipMode: 'VIP' }] } };
    ctx.api.updateStatus(next, { fieldManager: NAME });
    ctx.api.recordEvent(svc, 'Normal', ENSURED_LOAD_BALANCER, 'Ensured load balancer', source);
  },
};
