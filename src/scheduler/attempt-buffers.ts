/**
 * attempt-buffers: the arrays one scheduling attempt fills and drops — the nodes that passed
 * the filters, each score plugin's scores and the weighted totals — kept by the Snapshot and
 * handed to the next attempt, so scheduling a pod allocates none of them. A pass over N nodes
 * finds the same number of feasible nodes pod after pod (percentageOfNodesToScore of them),
 * so each list is kept at its last length and made anew only when that changes; plugins see
 * arrays of exactly the feasible nodes' length, as before. Nothing may keep them past the
 * attempt (no plugin does: PreScore keeps what it derives, not the list).
 */

import type { NodeInfo } from './framework';

/** AttemptBuffers is one Snapshot's scratch for scheduleOne. */
export class AttemptBuffers {
  /** found collects the feasible nodes in filter order, up to every node of the snapshot. */
  readonly found: NodeInfo[];
  private nodeList: NodeInfo[] = [];
  private scoreList = new Float64Array(0);
  private totalList = new Float64Array(0);

  constructor(numNodes: number, filler: NodeInfo | undefined) {
    // Filled with a NodeInfo (not holes) so the array stays packed with one element kind.
    this.found = filler ? new Array<NodeInfo>(numNodes).fill(filler) : [];
  }

  /** feasible returns the first n nodes of `found` as an array of length n. */
  feasible(n: number): NodeInfo[] {
    let list = this.nodeList;
    if (list.length !== n) this.nodeList = list = new Array<NodeInfo>(n);
    const found = this.found;
    for (let i = 0; i < n; i++) list[i] = found[i]!;
    return list;
  }

  /** scores returns a scratch array of n scores (its contents are the last plugin's: overwrite them). */
  scores(n: number): Float64Array {
    if (this.scoreList.length !== n) this.scoreList = new Float64Array(n);
    return this.scoreList;
  }

  /** totals returns n zeroed totals. */
  totals(n: number): Float64Array {
    if (this.totalList.length !== n) return (this.totalList = new Float64Array(n));
    return this.totalList.fill(0);
  }
}
