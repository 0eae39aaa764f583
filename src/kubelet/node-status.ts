/**
 * node-status: what each running kubelet keeps up for its node — the Lease in
 * kube-node-lease (renewed every 10s of simulated time), the node's conditions, and the
 * mirror pods of its static pods.
 */
import type { KubeObject } from '../api/meta';
import { isAlreadyExists } from '../apiserver/errors';
import type { Controller, ReconcileContext, Request, Result } from '../controllers/controller';
import { CONFIG_HASH, CONFIG_MIRROR, CONFIG_SOURCE, controlPlaneManifests } from './static-pods';
import { NODE_STOPPED_ANNOTATION } from './kubelet';
import { fnv32a } from '../controllers/deployment/hash';

export const NAME = 'kubelet';
/** LEASE_RENEW_INTERVAL_MS is the kubelet's lease renew interval (nodeLeaseDurationSeconds 40 × 0.25). */
export const LEASE_RENEW_INTERVAL_MS = 10_000;
export const LEASE_DURATION_SECONDS = 40;
export const NODE_LEASE_NAMESPACE = 'kube-node-lease';
const CONTROL_PLANE_LABEL = 'node-role.kubernetes.io/control-plane';

/** microISO renders a lease time as MicroTime does (microseconds). */
function microISO(ms: number): string {
  return new Date(ms).toISOString().replace('Z', '000Z');
}

/** nodeStatusController keeps each node's lease fresh and its static pods mirrored. */
export const nodeStatusController: Controller = {
  name: 'kubelet-node-status',
  for: 'Node',
  watches: [{ kind: 'Pod', map: (pod) => (pod.metadata.annotations?.[CONFIG_MIRROR] && pod.spec?.nodeName ? [{ name: pod.spec.nodeName }] : []) }],
  reconcile(req: Request, ctx: ReconcileContext): Result | void {
    const node = ctx.api.tryGet({ kind: 'Node', name: req.name });
    if (!node || node.metadata.annotations?.[NODE_STOPPED_ANNOTATION]) return;
    const wait = renewLease(node, ctx);
    if (node.metadata.labels?.[CONTROL_PLANE_LABEL] !== undefined) ensureMirrorPods(node, ctx);
    return { requeueAfterMs: wait, lazy: true };
  },
};

function renewLease(node: KubeObject, ctx: ReconcileContext): number {
  const now = ctx.clock.nowMs();
  const name = node.metadata.name!;
  const lease = ctx.api.tryGet({ kind: 'Lease', namespace: NODE_LEASE_NAMESPACE, name });
  if (!lease) {
    try {
      ctx.api.create({
        apiVersion: 'coordination.k8s.io/v1', kind: 'Lease',
        metadata: { name, namespace: NODE_LEASE_NAMESPACE, ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name, uid: node.metadata.uid! }] },
        spec: { holderIdentity: name, leaseDurationSeconds: LEASE_DURATION_SECONDS, renewTime: microISO(now) },
      }, { fieldManager: NAME });
    } catch (e) { if (!isAlreadyExists(e)) throw e; }
    return LEASE_RENEW_INTERVAL_MS;
  }
  const last = Date.parse(lease.spec?.renewTime ?? '') || 0;
  if (now - last < LEASE_RENEW_INTERVAL_MS) return LEASE_RENEW_INTERVAL_MS - (now - last);
  const next = structuredClone(lease);
  next.spec.renewTime = microISO(now);
  ctx.api.update(next, { fieldManager: NAME });
  return LEASE_RENEW_INTERVAL_MS;
}

function ensureMirrorPods(node: KubeObject, ctx: ReconcileContext): void {
  const nodeName = node.metadata.name!;
  for (const manifest of controlPlaneManifests()) {
    const name = `${manifest.metadata.name}-${nodeName}`;
    if (ctx.api.tryGet({ kind: 'Pod', namespace: 'kube-system', name })) continue;
    const hash = fnv32a(JSON.stringify(manifest) + nodeName).toString(16).padStart(8, '0');
    const mirror: KubeObject = structuredClone(manifest);
    mirror.metadata.name = name;
    mirror.metadata.annotations = { [CONFIG_HASH]: hash + hash + hash + hash, [CONFIG_MIRROR]: hash + hash + hash + hash, [CONFIG_SOURCE]: 'file' };
    mirror.metadata.ownerReferences = [{ apiVersion: 'v1', kind: 'Node', name: nodeName, uid: node.metadata.uid!, controller: true }];
    mirror.spec.nodeName = nodeName;
    mirror.spec.tolerations = [{ operator: 'Exists', effect: 'NoExecute' }];
    try {
      ctx.api.create(mirror, { fieldManager: NAME });
    } catch (e) { if (!isAlreadyExists(e)) throw e; }
  }
}
