/**
 * volumezone: the VolumeZone filter plugin — a pod using a bound volume labelled with a zone
 * or region fits only nodes in that zone/region (a label value may list several, joined by
 * "__"). Mirrors kubernetes/kubernetes pkg/scheduler/framework/plugins/volumezone/volume_zone.go.
 */
import type { KubeObject } from '../../../api/meta';
import { type CycleState, type FilterPlugin, type NodeInfo, type PreFilterPlugin, type PreFilterResult, type Status, ok, skip, unschedulable } from '../../framework';
import { claimNames, isSchedulableAfterClaimChange } from '../volumebinding';
import { Action, type EnqueueExtensions } from '../../cluster-event';

/** NAME is the plugin name. */
export const NAME = 'VolumeZone';
/** ERR_REASON_CONFLICT is the per-node reason. */
export const ERR_REASON_CONFLICT = 'node(s) had no available volume zone';
/** TOPOLOGY_LABELS are the labels compared between volume and node. */
export const TOPOLOGY_LABELS = Object.freeze([
  'failure-domain.beta.kubernetes.io/zone', 'failure-domain.beta.kubernetes.io/region',
  'topology.kubernetes.io/zone', 'topology.kubernetes.io/region',
]);

/** volumeZone is the VolumeZone plugin. */
export const volumeZone = {
  name: NAME,
  preFilter(state: CycleState, pod: KubeObject): PreFilterResult {
    const ns = pod.metadata.namespace ?? 'default';
    const constraints: { key: string; values: Set<string> }[] = [];
    for (const name of claimNames(pod)) {
      const claim = state.snapshot.claims.get(`${ns}/${name}`);
      const pv = claim?.spec?.volumeName ? state.snapshot.volumes.get(claim.spec.volumeName) : undefined;
      for (const key of TOPOLOGY_LABELS) {
        const v = pv?.metadata.labels?.[key];
        if (v) constraints.push({ key, values: new Set(v.split('__')) });
      }
    }
    if (constraints.length === 0) return { status: skip() };
    state.data.set(NAME, constraints);
    return { status: ok() };
  },
  filter(state: CycleState, _pod: KubeObject, node: NodeInfo): Status {
    const constraints = state.data.get(NAME) as { key: string; values: Set<string> }[] | undefined;
    if (!constraints) return ok();
    // A node without any topology label is not constrained (upstream).
    if (!TOPOLOGY_LABELS.some((k) => k in node.labels)) return ok();
    for (const c of constraints) {
      const v = node.labels[c.key];
      if (v === undefined || !c.values.has(v)) return unschedulable(ERR_REASON_CONFLICT, false);
    }
    return ok();
  },
  /** The pod's claims getting bound, volumes and classes appearing, nodes added or relabelled. */
  eventsToRegister: () => [
    { event: { resource: 'PersistentVolumeClaim', actionType: Action.Add | Action.Update }, hint: isSchedulableAfterClaimChange },
    { event: { resource: 'PersistentVolume', actionType: Action.Add | Action.Update } },
    { event: { resource: 'StorageClass', actionType: Action.Add } },
    { event: { resource: 'Node', actionType: Action.Add | Action.UpdateNodeLabel } },
  ],
} satisfies PreFilterPlugin & FilterPlugin & EnqueueExtensions;
