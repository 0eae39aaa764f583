/**
 * predicate-checker: the scheduler's default profile run as a simulation, for the cluster
 * autoscaler (upstream's simulator/predicatechecker runs kube-scheduler's framework the same
 * way): would these pods fit on these nodes, and where, if they were placed one after another?
 * Nothing is bound; ties go to the first node in the snapshot's order, so a simulation draws
 * nothing from the cluster's RNG.
 */
import type { KubeObject } from '../api/meta';
import { newSnapshot, type SnapshotOptions } from './framework';
import { defaultProfile } from './plugins/registry';
import { isFailure, scheduleOne } from './scheduler';
import { nodeAllocatable, podRequests } from './resources';

/** Placement is where a simulated pod went, or the reasons each node gave for refusing it. */
export interface Placement { node?: string; reasons: string[] }

const FIRST = { int: () => 0 };

/**
 * simulatePlacement schedules pods in order onto nodes already running boundPods, each
 * placement counted against the next (the autoscaler's binpacking estimate).
 */
export function simulatePlacement(nodes: readonly KubeObject[], boundPods: readonly KubeObject[], pods: readonly KubeObject[], options: SnapshotOptions = {}): Placement[] {
  const snapshot = newSnapshot(nodes, boundPods, options);
  const profile = defaultProfile();
  return pods.map((pod) => {
    const r = scheduleOne(pod, snapshot, profile, FIRST, { explain: false });
    if (isFailure(r)) {
      const reasons = [...r.failure.statuses.values()].flatMap((s) => s.reasons);
      return { reasons: reasons.length ? reasons : [r.failure.message] };
    }
    snapshot.assume(pod, r.nodeName, r.podInfo);
    return { node: r.nodeName, reasons: [] };
  });
}

/** requestedCpuMemory is a pod's cpu (milli) and memory (bytes) requests as the scheduler counts them. */
export function requestedCpuMemory(pod: KubeObject): { milliCPU: number; memory: number } {
  const r = podRequests(pod);
  return { milliCPU: r.milliCPU, memory: r.memory };
}

/** allocatableCpuMemory is a node's allocatable cpu (milli) and memory (bytes). */
export function allocatableCpuMemory(node: KubeObject): { milliCPU: number; memory: number } {
  const r = nodeAllocatable(node).resources;
  return { milliCPU: r.milliCPU, memory: r.memory };
}
