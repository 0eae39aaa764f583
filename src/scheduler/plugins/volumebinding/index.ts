/**
 * volumebinding: the VolumeBinding plugin, basics — PreFilter rejects a pod whose
 * PersistentVolumeClaims are missing, being deleted, or unbound with Immediate binding (the
 * PV controller binds those; the pod waits); Filter checks bound volumes' node affinity and,
 * for unbound WaitForFirstConsumer claims, that the node can get a volume (a provisioner, or
 * an available static volume whose node affinity admits it). At bind time the scheduler puts
 * volume.kubernetes.io/selected-node on those claims (claimsToSelectNode) so the provisioner
 * creates the volume there. Mirrors kubernetes/kubernetes
 * pkg/scheduler/framework/plugins/volumebinding/{volume_binding,binder}.go.
 * kubemu: capacity tracking and the assume/PreBind wait are left out.
 */
import type { KubeObject } from '../../../api/meta';
import type { StorageClass } from '../../../api/types/kinds';
import { compareQuantity, parseQuantity } from '../../../api/quantity';
import {
  type CycleState, type FilterPlugin, type NodeInfo, type PreFilterPlugin, type PreFilterResult, type Snapshot, type Status,
  ok, skip, unschedulable,
} from '../../framework';
import { Action, type EnqueueExtensions, type QueueingHint } from '../../cluster-event';
import { type NodeSelectorTerm, termMatches } from '../nodeaffinity';

/** NAME is the plugin name. */
export const NAME = 'VolumeBinding';
/** ERR_REASON_UNBOUND_IMMEDIATE is the PreFilter rejection for unbound Immediate claims. */
export const ERR_REASON_UNBOUND_IMMEDIATE = 'pod has unbound immediate PersistentVolumeClaims';
/** ERR_REASON_NODE_CONFLICT: a bound volume's node affinity excludes the node. */
export const ERR_REASON_NODE_CONFLICT = 'node(s) had volume node affinity conflict';
/** ERR_REASON_BIND_CONFLICT: no volume can be bound or provisioned for a delayed claim on the node. */
export const ERR_REASON_BIND_CONFLICT = "node(s) didn't find available persistent volumes to bind";
/** claimNotFound is the PreFilter rejection for a missing claim. */
export const claimNotFound = (name: string): string => `persistentvolumeclaim "${name}" not found`;
/** claimBeingDeleted is the PreFilter rejection for a claim with a deletionTimestamp. */
export const claimBeingDeleted = (name: string): string => `persistentvolumeclaim "${name}" is being deleted`;
/** SELECTED_NODE_ANNOTATION is where the chosen node goes on a delayed claim. */
export const SELECTED_NODE_ANNOTATION = 'volume.kubernetes.io/selected-node';
/** WAIT_FOR_FIRST_CONSUMER is the delayed binding mode. */
export const WAIT_FOR_FIRST_CONSUMER = 'WaitForFirstConsumer';
/** NO_PROVISIONER is the provisioner of classes that only bind static local volumes. */
export const NO_PROVISIONER = 'kubernetes.io/no-provisioner';

/** claimNames lists the claims a pod's volumes use, in volume order. */
export function claimNames(pod: KubeObject): string[] {
  const out: string[] = [];
  for (const v of pod.spec?.volumes ?? []) if (v?.persistentVolumeClaim?.claimName) out.push(v.persistentVolumeClaim.claimName);
  return out;
}

interface State { bound: KubeObject[]; delayed: KubeObject[] }

/** DEFAULT_CLASS_ANNOTATION marks the default StorageClass. */
export const DEFAULT_CLASS_ANNOTATION = 'storageclass.kubernetes.io/is-default-class';

/**
 * classOf is the claim's StorageClass; a claim without storageClassName gets the default class
 * (the newest, then by name), as the PV controller assigns it.
 */
function classOf(claim: KubeObject, snapshot: Snapshot): KubeObject | undefined {
  const name = claim.spec?.storageClassName;
  if (name != null) return name ? snapshot.storageClasses.get(name) : undefined;
  let best: KubeObject | undefined;
  for (const sc of snapshot.storageClasses.values()) {
    if (sc.metadata.annotations?.[DEFAULT_CLASS_ANNOTATION] !== 'true') continue;
    const t = sc.metadata.creationTimestamp ?? '', bt = best?.metadata.creationTimestamp ?? '';
    if (!best || t > bt || (t === bt && sc.metadata.name! < best.metadata.name!)) best = sc;
  }
  return best;
}

/** isDelayed reports whether an unbound claim waits for its first consumer. */
function isDelayed(claim: KubeObject, snapshot: Snapshot): boolean {
  return (classOf(claim, snapshot) as StorageClass | undefined)?.volumeBindingMode === WAIT_FOR_FIRST_CONSUMER;
}

/** volumeAdmitsNode reports whether a volume's required node affinity admits the node. */
export function volumeAdmitsNode(pv: KubeObject, node: NodeInfo): boolean {
  const terms: NodeSelectorTerm[] | undefined = pv.spec?.nodeAffinity?.required?.nodeSelectorTerms;
  if (!terms) return true;
  return terms.some((t) => termMatches(t, node));
}

function canBindOrProvision(claim: KubeObject, node: NodeInfo, snapshot: Snapshot): boolean {
  const sc = classOf(claim, snapshot) as StorageClass | undefined;
  const className = claim.spec?.storageClassName ?? sc?.metadata.name ?? '';
  const want = parseQuantity(claim.spec?.resources?.requests?.storage ?? '0');
  for (const pv of snapshot.volumes.values()) {
    if ((pv.spec?.storageClassName ?? '') !== className) continue;
    const ref = pv.spec?.claimRef;
    if (ref && (ref.name !== claim.metadata.name || ref.namespace !== claim.metadata.namespace)) continue;
    if (pv.status?.phase && pv.status.phase !== 'Available' && !ref) continue;
    if (compareQuantity(parseQuantity(pv.spec?.capacity?.storage ?? '0'), want) < 0) continue;
    if (volumeAdmitsNode(pv, node)) return true;
  }
  return !!sc?.provisioner && sc.provisioner !== NO_PROVISIONER;
}

/** volumeBinding is the VolumeBinding plugin (PreFilter + Filter). */
export const volumeBinding = {
  name: NAME,
  preFilter(state: CycleState, pod: KubeObject): PreFilterResult {
    const names = claimNames(pod);
    if (names.length === 0) return { status: skip() };
    const ns = pod.metadata.namespace ?? 'default';
    const s: State = { bound: [], delayed: [] };
    for (const name of names) {
      const claim = state.snapshot.claims.get(`${ns}/${name}`);
      if (!claim) return { status: unschedulable(claimNotFound(name), false) };
      if (claim.metadata.deletionTimestamp) return { status: unschedulable(claimBeingDeleted(name), false) };
      const volumeName = claim.spec?.volumeName;
      if (volumeName) {
        const pv = state.snapshot.volumes.get(volumeName);
        if (pv) s.bound.push(pv);
        continue;
      }
      if (!isDelayed(claim, state.snapshot)) return { status: unschedulable(ERR_REASON_UNBOUND_IMMEDIATE, false) };
      s.delayed.push(claim);
    }
    state.data.set(NAME, s);
    return { status: ok() };
  },
  filter(state: CycleState, _pod: KubeObject, node: NodeInfo): Status {
    const s = state.data.get(NAME) as State | undefined;
    if (!s) return ok();
    for (const pv of s.bound) if (!volumeAdmitsNode(pv, node)) return unschedulable(ERR_REASON_NODE_CONFLICT, false);
    for (const claim of s.delayed) if (!canBindOrProvision(claim, node, state.snapshot)) return unschedulable(ERR_REASON_BIND_CONFLICT, false);
    return ok();
  },
  /** Claims, volumes and classes appearing or changing, and nodes added or relabelled or retainted (VolumeBinding's v1.32 registrations). */
  eventsToRegister: () => [
    { event: { resource: 'PersistentVolumeClaim', actionType: Action.Add | Action.Update }, hint: isSchedulableAfterClaimChange },
    { event: { resource: 'PersistentVolume', actionType: Action.Add | Action.Update } },
    { event: { resource: 'StorageClass', actionType: Action.Add | Action.Update } },
    { event: { resource: 'Node', actionType: Action.Add | Action.UpdateNodeLabel | Action.UpdateNodeTaint } },
  ],
} satisfies PreFilterPlugin & FilterPlugin & EnqueueExtensions;

/** isSchedulableAfterClaimChange: one of the pod's own claims changed. */
export function isSchedulableAfterClaimChange(pod: KubeObject, _old: KubeObject | undefined, claim: KubeObject | undefined): QueueingHint {
  if (!claim || claim.metadata.namespace !== pod.metadata.namespace) return 'QueueSkip';
  return claimNames(pod).includes(claim.metadata.name ?? '') ? 'Queue' : 'QueueSkip';
}

/**
 * claimsToSelectNode returns the pod's unbound WaitForFirstConsumer claims that do not name a
 * node yet: the scheduler annotates them with the node it binds the pod to.
 */
export function claimsToSelectNode(pod: KubeObject, snapshot: Snapshot): KubeObject[] {
  const ns = pod.metadata.namespace ?? 'default';
  const out: KubeObject[] = [];
  for (const name of claimNames(pod)) {
    const claim = snapshot.claims.get(`${ns}/${name}`);
    if (!claim || claim.spec?.volumeName || claim.metadata.annotations?.[SELECTED_NODE_ANNOTATION]) continue;
    if (isDelayed(claim, snapshot)) out.push(claim);
  }
  return out;
}
