/**
 * controller-domain-counts: how many of a controller's pods run in each domain of a topology
 * key (each zone, say) across a Snapshot's nodes, kept up to date as pods are accounted.
 * PodTopologySpread's system default constraints count a ReplicaSet's pods per zone for every
 * pod it scores; summing that over every node per pod made the count cost O(nodes) per pod.
 * A key is tracked from the first time it is asked for (one pass over the nodes), then each
 * NodeInfo of the snapshot adds and removes its pods here as it accounts them.
 */
import type { NodeInfo } from './framework';

/** ControllerDomainCounts maps topology key → controller uid → domain value → pods. */
export class ControllerDomainCounts {
  private readonly byKey = new Map<string, Map<string, Map<string, number>>>();

  /**
   * counts returns, for topologyKey, the number of non-terminating pods controlled by uid in
   * each domain value (nodes without the key count in none), or undefined when there are none.
   */
  counts(topologyKey: string, uid: string, nodes: readonly NodeInfo[]): ReadonlyMap<string, number> | undefined {
    let byUid = this.byKey.get(topologyKey);
    if (!byUid) {
      byUid = new Map();
      this.byKey.set(topologyKey, byUid);
      for (const n of nodes) {
        const v = n.labels[topologyKey];
        if (v === undefined) continue;
        for (const [owner, count] of n.controllerCounts) addTo(byUid, owner, v, count);
      }
    }
    return byUid.get(uid);
  }

  /** add accounts delta pods of controller uid on a node with these labels, under every tracked key. */
  add(labels: Record<string, string>, uid: string, delta: number): void {
    for (const [key, byUid] of this.byKey) {
      const v = labels[key];
      if (v !== undefined) addTo(byUid, uid, v, delta);
    }
  }
}

function addTo(byUid: Map<string, Map<string, number>>, uid: string, value: string, delta: number): void {
  let byValue = byUid.get(uid);
  if (!byValue) byUid.set(uid, (byValue = new Map()));
  byValue.set(value, (byValue.get(value) ?? 0) + delta);
}
