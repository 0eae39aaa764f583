/**
 * leaderelection: the holders of the control plane's Leases in kube-system
 * (api/control-plane-leases), as one component:
 *  - kube-scheduler's and kube-controller-manager's leader electors (client-go's
 *    tools/leaderelection, tryAcquireOrRenew): a running component creates its Lease when there
 *    is none, and takes it over from another holder once that holder's lease has lapsed, one
 *    transition more;
 *  - each kube-apiserver's identity lease controller (component-helpers' lease controller with
 *    labelAPIServerHeartbeatFunc): it makes its Lease again when deleted and writes back its
 *    holder and labels.
 * Renewals are not written: the API server computes them when a Lease is read. A component
 * about to stop writes its last renewal down, and one starting again renews at once
 * (holdLeaderLease), as the kubelet does for node leases.
 * kubemu: a Lease is written when its holder notices, not at the holder's next 2 s or 10 s tick.
 * The leader runs on the first control-plane node.
 */
import type { KubeObject } from '../../api/meta';
import {
  KUBE_APISERVER, LEADER_ELECTION_NAMESPACE, LEADER_LEASE_DURATION_SECONDS, LEADER_LEASE_NAMES,
  apiServerID, apiServerIdentity, expiresAt, holderUUID, identityLabels, identityLease, isIdentityLease, isLeaderLease,
  leaderIdentity, leaderLease,
} from '../../api/control-plane-leases';
import { microISO } from '../../api/node-heartbeats';
import { isControlPlaneNode } from '../../api/well-known-labels';
import { isAlreadyExists } from '../../apiserver/errors';
import type { Controller, ReconcileContext, Request, Result } from '../../sim/controller';

export const NAME = 'control-plane-leases';

/** EVENT_SOURCE is the component each elector's events name: kube-scheduler records under its first profile's scheduler name. */
const EVENT_SOURCE: Record<string, string> = { 'kube-scheduler': 'default-scheduler', 'kube-controller-manager': 'kube-controller-manager' };
/** LEADER_ELECTION is the reason of LeaseLock.RecordEvent's events. */
const LEADER_ELECTION = 'LeaderElection';

/** COMPONENT_STATUS names the ComponentStatus that says whether a leader lease's component runs. */
const COMPONENT_STATUS: Record<string, string> = { 'kube-scheduler': 'scheduler', 'kube-controller-manager': 'controller-manager' };

/** controlPlaneHosts are the control-plane nodes' names, in name order. */
function controlPlaneHosts(ctx: ReconcileContext): string[] {
  return ctx.api.list({ kind: 'Node' }).filter(isControlPlaneNode).map((n) => n.metadata.name!).sort();
}

/** clusterUIDOf is kube-system's uid, from which holders draw their uuids. */
const clusterUIDOf = (ctx: ReconcileContext): string | undefined => ctx.api.tryGet({ kind: 'Namespace', name: LEADER_ELECTION_NAMESPACE })?.metadata.uid;

/** runs reads a leader lease's component's health as the API server's ComponentStatus probe reports it. */
function runs(name: string, ctx: ReconcileContext): boolean {
  const status = ctx.api.tryGet({ kind: 'ComponentStatus', name: COMPONENT_STATUS[name]! }) as { conditions?: { status: string }[] } | undefined;
  return status?.conditions?.[0]?.status === 'True';
}

/** create writes a holder's new Lease; undefined when another made one meanwhile (left to the next reconcile). */
function create(ctx: ReconcileContext, lease: KubeObject, fieldManager: string): KubeObject | undefined {
  try {
    return ctx.api.create(lease, { fieldManager });
  } catch (e) {
    if (!isAlreadyExists(e)) throw e;
    return undefined;
  }
}

/**
 * electLeader is one tryAcquireOrRenew of a running component: create the Lease, or take it
 * over once it has lapsed; a Lease it holds is left to the API server's computed renewals, or
 * renewed now when renew (the component has just started again).
 */
function electLeader(name: string, ctx: ReconcileContext, renew = false): Result | void {
  const clusterUID = clusterUIDOf(ctx);
  const host = controlPlaneHosts(ctx)[0];
  if (!clusterUID || !host || !runs(name, ctx)) return;
  const now = ctx.clock.nowMs();
  const me = leaderIdentity(clusterUID, name, host);
  const lease = ctx.api.tryGet({ kind: 'Lease', namespace: LEADER_ELECTION_NAMESPACE, name });
  if (!lease) { becameLeader(ctx, create(ctx, leaderLease(name, me, now) as KubeObject, name), name, me); return; }
  const holder: string = lease.spec?.holderIdentity ?? '';
  if (holder.endsWith(`_${holderUUID(clusterUID, name)}`)) {
    if (renew) ctx.api.update({ ...lease, spec: { ...lease.spec, renewTime: microISO(now) } }, { fieldManager: name });
    return;
  }
  // Another holder's lease must lapse first (an empty holder has released it).
  const lapses = expiresAt(lease);
  if (holder && now < lapses) return { requeueAfterMs: lapses - now };
  const taken = leaderLease(name, me, now, (lease.spec?.leaseTransitions ?? 0) + 1) as KubeObject;
  becameLeader(ctx, ctx.api.update({ ...lease, spec: { ...lease.spec, ...taken.spec, leaseDurationSeconds: LEADER_LEASE_DURATION_SECONDS } }, { fieldManager: name }), name, me);
}

/** becameLeader is the elector's event on the Lease it has just written: "<identity> became leader". */
function becameLeader(ctx: ReconcileContext, lease: KubeObject | undefined, name: string, me: string): void {
  if (lease) ctx.api.recordEvent(lease, 'Normal', LEADER_ELECTION, `${me} became leader`, { component: EVENT_SOURCE[name]! });
}

/** keepIdentity is an API server's lease controller: its Lease exists, with its holder and labels. */
function keepIdentity(name: string, ctx: ReconcileContext): void {
  const clusterUID = clusterUIDOf(ctx);
  const host = controlPlaneHosts(ctx).find((h) => apiServerID(h) === name);
  if (!clusterUID || !host) return;
  const me = apiServerIdentity(clusterUID, name);
  const lease = ctx.api.tryGet({ kind: 'Lease', namespace: LEADER_ELECTION_NAMESPACE, name });
  if (!lease) { create(ctx, identityLease(host, me, ctx.clock.nowMs()) as KubeObject, KUBE_APISERVER); return; }
  const labels = { ...lease.metadata.labels, ...identityLabels(host) };
  const relabel = Object.entries(labels).some(([k, v]) => lease.metadata.labels?.[k] !== v);
  if (lease.spec?.holderIdentity === me && !relabel) return;
  const spec = lease.spec?.holderIdentity === me ? lease.spec : { ...(identityLease(host, me, ctx.clock.nowMs()) as KubeObject).spec };
  ctx.api.update({ ...lease, metadata: { ...lease.metadata, labels }, spec }, { fieldManager: KUBE_APISERVER });
}

/**
 * holdLeaderLease is what a leader-election component does as it stops (running false: its last
 * renewal, computed until now, is written down) or starts again (running true: it renews at once).
 * Call it while the component's stopped flag still says what it was.
 */
export function holdLeaderLease(name: string, running: boolean, ctx: ReconcileContext): void {
  if (running) { electLeader(name, ctx, true); return; }
  const lease = ctx.api.tryGet({ kind: 'Lease', namespace: LEADER_ELECTION_NAMESPACE, name });
  if (lease) ctx.api.update(lease, { fieldManager: name });
}

/** ensureControlPlaneLeases makes every control-plane Lease a new cluster's holders would (kubeadm init's control plane starting). */
export function ensureControlPlaneLeases(ctx: ReconcileContext): void {
  const hosts = controlPlaneHosts(ctx);
  for (const name of LEADER_LEASE_NAMES) electLeader(name, ctx);
  for (const host of hosts) keepIdentity(apiServerID(host), ctx);
}

export const controlPlaneLeases: Controller = {
  name: NAME,
  for: 'Lease',
  accepts: (lease) => isLeaderLease(lease) || isIdentityLease(lease),
  watches: [
    // A control-plane node runs an API server, and the leaders run on the first.
    {
      kind: 'Node',
      map: (node) => (isControlPlaneNode(node)
        ? [...LEADER_LEASE_NAMES, apiServerID(node.metadata.name!)].map((name) => ({ namespace: LEADER_ELECTION_NAMESPACE, name }))
        : []),
    },
  ],
  reconcile(req: Request, ctx: ReconcileContext): Result | void {
    if (req.namespace !== LEADER_ELECTION_NAMESPACE) return;
    if (LEADER_LEASE_NAMES.includes(req.name)) return electLeader(req.name, ctx);
    keepIdentity(req.name, ctx);
  },
};
