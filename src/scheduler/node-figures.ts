/**
 * node-figures: the figures every scheduling attempt reads of every node it visits — what is
 * allocatable, what its pods request (plain and "non-zero"), how many pods it holds and may
 * hold, and whether it is cordoned, tainted or reports images — as one typed-array column per
 * figure, a node's figures at its slot. A Snapshot keeps all its nodes in one NodeFigures, so
 * the filters and scorers that run over hundreds of nodes per pod read a few contiguous
 * arrays instead of chasing NodeInfo → Resources objects; a NodeInfo outside a snapshot (a
 * preemption trial, a queueing hint) has a one-slot NodeFigures of its own.
 */

/** Flag bits in NodeFigures.flags. */
export const UNSCHEDULABLE = 1;
/** HAS_FILTER_TAINTS: the node has a NoSchedule or NoExecute taint (TaintToleration's filter looks). */
export const HAS_FILTER_TAINTS = 2;
/** HAS_PREFER_TAINTS: the node has a PreferNoSchedule taint (TaintToleration's score looks). */
export const HAS_PREFER_TAINTS = 4;
/** HAS_IMAGES: the node reports images (ImageLocality looks). */
export const HAS_IMAGES = 8;

/** NodeFigures holds the hot figures of `size` nodes, one column per figure. */
export class NodeFigures {
  readonly allocMilliCPU: Float64Array;
  readonly allocMemory: Float64Array;
  readonly allocEphemeralStorage: Float64Array;
  readonly reqMilliCPU: Float64Array;
  readonly reqMemory: Float64Array;
  readonly reqEphemeralStorage: Float64Array;
  /** nonZeroMilliCPU / nonZeroMemory: requests with the 100m / 200Mi scoring defaults per container. */
  readonly nonZeroMilliCPU: Float64Array;
  readonly nonZeroMemory: Float64Array;
  readonly podCount: Int32Array;
  readonly allowedPods: Float64Array;
  readonly flags: Uint8Array;

  constructor(readonly size: number) {
    this.allocMilliCPU = new Float64Array(size);
    this.allocMemory = new Float64Array(size);
    this.allocEphemeralStorage = new Float64Array(size);
    this.reqMilliCPU = new Float64Array(size);
    this.reqMemory = new Float64Array(size);
    this.reqEphemeralStorage = new Float64Array(size);
    this.nonZeroMilliCPU = new Float64Array(size);
    this.nonZeroMemory = new Float64Array(size);
    this.podCount = new Int32Array(size);
    this.allowedPods = new Float64Array(size);
    this.flags = new Uint8Array(size);
  }

  /** copySlot copies the figures at `from.slot` of another NodeFigures into slot `to` of this one. */
  copySlot(to: number, from: NodeFigures, slot: number): void {
    this.allocMilliCPU[to] = from.allocMilliCPU[slot]!;
    this.allocMemory[to] = from.allocMemory[slot]!;
    this.allocEphemeralStorage[to] = from.allocEphemeralStorage[slot]!;
    this.reqMilliCPU[to] = from.reqMilliCPU[slot]!;
    this.reqMemory[to] = from.reqMemory[slot]!;
    this.reqEphemeralStorage[to] = from.reqEphemeralStorage[slot]!;
    this.nonZeroMilliCPU[to] = from.nonZeroMilliCPU[slot]!;
    this.nonZeroMemory[to] = from.nonZeroMemory[slot]!;
    this.podCount[to] = from.podCount[slot]!;
    this.allowedPods[to] = from.allowedPods[slot]!;
    this.flags[to] = from.flags[slot]!;
  }
}
