/**
 * node-heartbeats: a running kubelet's heartbeats — its node Lease renewed every 10s, its
 * conditions re-posted every 5m — are a pure function of simulated time. kubemu computes them
 * when they are read instead of writing each one: the API server serves a running kubelet's
 * Lease and Node with the latest beat at or before now, and a clock advance need not stop or
 * settle for them. Stored values are anchors: the kubelet writes its beats when something real
 * changes (a condition, a stop), and from then on reads count beats from there.
 * Lives below the API server and the kubelet, which both use it.
 */
import type { KubeObject } from './meta';
import { kubeletRunning } from './kubelet-stopped';

/** LEASE_RENEW_INTERVAL_MS is the kubelet's lease renew interval (nodeLeaseDurationSeconds 40 × 0.25). */
export const LEASE_RENEW_INTERVAL_MS = 10_000;
/** NODE_STATUS_REPORT_FREQUENCY_MS is how often an unchanged node status is re-posted (5m). */
export const NODE_STATUS_REPORT_FREQUENCY_MS = 5 * 60_000;
export const NODE_LEASE_NAMESPACE = 'kube-node-lease';
/** HEARTBEAT_CONDITIONS are the node conditions whose lastHeartbeatTime each status post renews. */
export const HEARTBEAT_CONDITIONS: readonly string[] = ['MemoryPressure', 'DiskPressure', 'PIDPressure', 'Ready'];
/**
 * HEARTBEAT_COMPONENTS are the components whose lazy timers only keep heartbeats up (the
 * kubelet's status loop, the node lifecycle controller's check of a running kubelet): such a
 * timer falling due does not wake a settle on its own (sim/runtime's quietTimers).
 */
export const HEARTBEAT_COMPONENTS: readonly string[] = ['kubelet-node-status', 'node-lifecycle-controller'];

/** microISO renders a lease time as MicroTime does (microseconds). */
export function microISO(ms: number): string {
  return new Date(ms).toISOString().replace('Z', '000Z');
}

/** latestBeat is the last beat at or before now of a loop that beat at `last` every `interval` ms. */
export function latestBeat(last: number, now: number, interval: number): number {
  const since = now - last;
  return since < interval ? last : last + Math.floor(since / interval) * interval;
}

/**
 * leaseAt is a Lease as its running holder has kept it up to now, renewing every interval ms
 * (a kubelet's node Lease by default); the object itself when no beat is due.
 */
export function leaseAt(lease: KubeObject, now: number, interval = LEASE_RENEW_INTERVAL_MS): KubeObject {
  const last = Date.parse(lease.spec?.renewTime ?? '');
  if (!last) return lease;
  const beat = latestBeat(last, now, interval);
  return beat === last ? lease : { ...lease, spec: { ...lease.spec, renewTime: microISO(beat) } };
}

/** nodeAt is a Node whose kubelet runs, with the status posts it has re-posted up to now. */
export function nodeAt(node: KubeObject, now: number): KubeObject {
  if (!kubeletRunning(node)) return node;
  const conditions: { type: string; lastHeartbeatTime?: string }[] | undefined = node.status?.conditions;
  const ready = conditions?.find((c) => c.type === 'Ready');
  const last = Date.parse(ready?.lastHeartbeatTime ?? '');
  if (!last) return node;
  const beat = latestBeat(last, now, NODE_STATUS_REPORT_FREQUENCY_MS);
  if (beat === last) return node;
  const at = new Date(beat).toISOString().replace('.000Z', 'Z');
  const next = conditions!.map((c) => (HEARTBEAT_CONDITIONS.includes(c.type) ? { ...c, lastHeartbeatTime: at } : c));
  return { ...node, status: { ...node.status, conditions: next } };
}
