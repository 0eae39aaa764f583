/**
 * metallb: MetalLB's controller, for on-prem clusters where no cloud provides load balancers
 * (the `metallb` add-on installs its CRDs and pods). It gives each LoadBalancer Service the
 * lowest free address of the first IPAddressPool (metallb.io/v1beta1) that has one — pools in
 * name order, `autoAssign: false` pools only on request (spec.loadBalancerIP or the
 * metallb.io/loadBalancerIPs annotation) — writes status.loadBalancer.ingress and records
 * IPAllocated, or AllocationFailed when no pool has a free address; the speaker's
 * nodeAssigned event follows when an L2Advertisement announces the pool.
 * Mirrors metallb/metallb internal/allocator and controller/service.go (v0.14); kubemu: the
 * announcing node is the first Ready worker in name order (MetalLB hashes node and address).
 */
import type { KubeObject } from '../../api/meta';
import { isNotFound } from '../../apiserver/errors';
import type { Controller, ReconcileContext, Request, Result } from '../../sim/controller';
import { isControlPlaneNode } from '../../api/well-known-labels';

export const NAME = 'metallb-controller';
const SPEAKER = 'metallb-speaker';
/** METALLB_NAMESPACE is where the add-on runs and where its pools live. */
export const METALLB_NAMESPACE = 'metallb-system';
/** IP_ANNOTATIONS request specific addresses, in MetalLB's new and legacy spellings. */
export const IP_ANNOTATIONS = ['metallb.io/loadBalancerIPs', 'metallb.universe.tf/loadBalancerIPs'];
export const IP_ALLOCATED = 'IPAllocated';
export const ALLOCATION_FAILED = 'AllocationFailed';
export const NODE_ASSIGNED = 'nodeAssigned';

const toNum = (ip: string): number => ip.split('.').reduce((n, o) => n * 256 + Number(o), 0);
const toIP = (n: number): string => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');

/** poolAddresses expands a pool's `addresses` (CIDRs and first-last ranges) in order. */
export function poolAddresses(pool: KubeObject, limit = 65536): string[] {
  const out: string[] = [];
  for (const spec of pool.spec?.addresses ?? []) {
    const s = String(spec).trim();
    let first: number; let last: number;
    if (s.includes('-')) {
      const [a, b] = s.split('-').map((x) => x.trim());
      first = toNum(a!); last = toNum(b!);
    } else {
      const [base, bits] = s.split('/');
      const size = 2 ** (32 - Number(bits ?? 32));
      first = Math.floor(toNum(base!) / size) * size; last = first + size - 1;
    }
    for (let n = first; n <= last && out.length < limit; n++) out.push(toIP(n));
  }
  return out;
}

const ingressIPs = (svc: KubeObject): string[] =>
  (svc.status?.loadBalancer?.ingress ?? []).map((i: { ip?: string }) => i.ip).filter(Boolean);

/** pendingLoadBalancers lists the LoadBalancer Services without an address. */
function pendingLoadBalancers(ctx: ReconcileContext): Request[] {
  return ctx.api.list({ kind: 'Service' }).filter((s) => s.spec?.type === 'LoadBalancer' && ingressIPs(s).length === 0)
    .map((s) => ({ namespace: s.metadata.namespace, name: s.metadata.name! }));
}

/** requestedIP is the address a Service asks for, if any. */
function requestedIP(svc: KubeObject): string | undefined {
  for (const a of IP_ANNOTATIONS) {
    const v = svc.metadata.annotations?.[a];
    if (v) return String(v).split(',')[0]!.trim();
  }
  return svc.spec?.loadBalancerIP || undefined;
}

/** metallbController assigns pool addresses to LoadBalancer Services. */
export const metallbController: Controller = {
  name: NAME,
  for: 'Service',
  // A new pool, or an address freed by a deleted Service, may satisfy a Service left pending.
  watches: [
    { kind: 'IPAddressPool', map: (_pool, ctx) => pendingLoadBalancers(ctx) },
    { kind: 'Service', map: (svc, ctx, type) => (type === 'DELETED' && ingressIPs(svc).length ? pendingLoadBalancers(ctx) : []) },
  ],
  reconcile(req: Request, ctx: ReconcileContext): Result | void {
    // Without the add-on's CRD there are no pools to read.
    if (!ctx.api.tryGet({ kind: 'CustomResourceDefinition', name: 'ipaddresspools.metallb.io' })) return;
    const svc = ctx.api.tryGet({ kind: 'Service', namespace: req.namespace, name: req.name });
    if (!svc || svc.metadata.deletionTimestamp) return;
    const pools = ctx.api.list({ kind: 'IPAddressPool', namespace: METALLB_NAMESPACE })
      .sort((a, b) => a.metadata.name!.localeCompare(b.metadata.name!));
    const mine = ingressIPs(svc);
    if (svc.spec?.type !== 'LoadBalancer' || svc.spec?.loadBalancerClass) {
      // A Service that stops being a LoadBalancer gives its address back.
      if (mine.length && pools.some((p) => mine.every((ip) => poolAddresses(p).includes(ip)))) {
        const next = structuredClone(svc);
        next.status = { ...(next.status ?? {}), loadBalancer: {} };
        ctx.api.updateStatus(next, { fieldManager: NAME });
      }
      return;
    }
    if (mine.length || pools.length === 0) return;
    const used = new Set(ctx.api.list({ kind: 'Service' }).flatMap(ingressIPs));
    const want = requestedIP(svc);
    let ip: string | undefined;
    let pool: KubeObject | undefined;
    for (const p of pools) {
      const addrs = poolAddresses(p);
      if (want) {
        if (addrs.includes(want) && !used.has(want)) { ip = want; pool = p; break; }
        continue;
      }
      if (p.spec?.autoAssign === false) continue;
      ip = addrs.find((a) => !used.has(a));
      if (ip) { pool = p; break; }
    }
    const key = `${req.namespace}/${req.name}`;
    if (!ip) {
      const why = want ? `"${want}" is not allowed in config` : 'no available IPs';
      ctx.api.recordEvent(svc, 'Warning', ALLOCATION_FAILED, `Failed to allocate IP for "${key}": ${why}`, { component: NAME });
      return;
    }
    const next = structuredClone(svc);
    next.status = { ...(next.status ?? {}), loadBalancer: { ingress: [{ ip, ipMode: 'VIP' }] } };
    try { ctx.api.updateStatus(next, { fieldManager: NAME }); } catch (e) { if (isNotFound(e)) return; throw e; }
    ctx.api.recordEvent(svc, 'Normal', IP_ALLOCATED, `Assigned IP ["${ip}"]`, { component: NAME });
    const announced = ctx.api.list({ kind: 'L2Advertisement', namespace: METALLB_NAMESPACE }).some((ad) =>
      !ad.spec?.ipAddressPools?.length || ad.spec.ipAddressPools.includes(pool!.metadata.name));
    if (!announced) return;
    const node = ctx.api.list({ kind: 'Node' })
      .filter((n) => !isControlPlaneNode(n) && (n.status?.conditions ?? []).some((c: { type: string; status: string }) => c.type === 'Ready' && c.status === 'True'))
      .map((n) => n.metadata.name!).sort()[0];
    if (node) ctx.api.recordEvent(svc, 'Normal', NODE_ASSIGNED, `announcing from node "${node}" with protocol "layer2"`, { component: SPEAKER });
  },
};
