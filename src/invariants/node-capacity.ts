/**
 * node-capacity: on every node, the requests of the pods bound there fit its allocatable
 * (cpu, memory, ephemeral-storage, extended resources) and their number fits its pod
 * limit — what NodeResourcesFit promised when it bound them. Finished pods
 * (Succeeded/Failed) release their share, as in the scheduler's NodeInfo.
 */
import { isPodTerminal } from '../api/pod-util';
import { nodeAllocatable, podRequests, emptyResources, type Resources } from '../scheduler/resources';
import type { InvariantCheck, Violation } from './violation';
import { refOf } from './object-index';
import type { KubeObject } from '../api/meta';

/** NODE_CAPACITY is the check's name. */
export const NODE_CAPACITY = 'node-capacity';

function addInto(sum: Resources, r: Resources): void {
  sum.milliCPU += r.milliCPU;
  sum.memory += r.memory;
  sum.ephemeralStorage += r.ephemeralStorage;
  for (const [k, v] of Object.entries(r.scalar)) sum.scalar[k] = (sum.scalar[k] ?? 0) + v;
}

/** nodeCapacity checks per-node requests and pod counts. */
export const nodeCapacity: InvariantCheck = {
  name: NODE_CAPACITY,
  run(index) {
    const byNode = new Map<string, KubeObject[]>();
    for (const p of index.ofKind('Pod')) {
      const n = p.spec?.nodeName;
      if (!n || isPodTerminal(p)) continue;
      let list = byNode.get(n);
      if (!list) byNode.set(n, (list = []));
      list.push(p);
    }
    const out: Violation[] = [];
    for (const [name, pods] of byNode) {
      const node = index.node(name);
      if (!node) continue; // pod-node-exists reports these
      let alloc;
      const sum = emptyResources();
      try {
        alloc = nodeAllocatable(node);
        for (const p of pods) addInto(sum, podRequests(p));
      } catch (e) {
        out.push({ check: NODE_CAPACITY, object: refOf(node), message: `cannot read quantities: ${(e as Error).message}` });
        continue;
      }
      const ref = refOf(node);
      if (pods.length > alloc.allowedPodNumber) out.push({ check: NODE_CAPACITY, object: ref, message: `${pods.length} pods bound, but allocatable pods is ${alloc.allowedPodNumber}` });
      const over = (what: string, used: number, cap: number) => {
        if (used > cap) out.push({ check: NODE_CAPACITY, object: ref, message: `requests of ${what} ${used} exceed allocatable ${cap}` });
      };
      over('cpu (millicores)', sum.milliCPU, alloc.resources.milliCPU);
      over('memory (bytes)', sum.memory, alloc.resources.memory);
      // A node that reports no ephemeral-storage is not checked on it (the scheduler skips it too).
      if (alloc.resources.ephemeralStorage > 0) over('ephemeral-storage (bytes)', sum.ephemeralStorage, alloc.resources.ephemeralStorage);
      for (const [k, v] of Object.entries(sum.scalar)) over(k, v, alloc.resources.scalar[k] ?? 0);
    }
    return out;
  },
};
