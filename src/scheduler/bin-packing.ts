/**
 * bin-packing: how many nodes of one shape a set of pods' requests needs — first-fit
 * decreasing over CPU, memory and the pod count, the replay `kubemu rightsize` uses to compare
 * current requests with recommended ones.
 * kubemu: NodeResourcesFit's arithmetic only; no affinity, spread or taints, which would keep
 * the same pods apart whatever their requests.
 */

/** PodShape is a pod's requests: CPU in millicores, memory in bytes. */
export interface PodShape { cpuMilli: number; memoryBytes: number }
/** NodeShape is what a node offers pods: allocatable less what stays on every node (DaemonSets). */
export interface NodeShape { cpuMilli: number; memoryBytes: number; pods: number }

/**
 * nodesNeeded packs pods first-fit in decreasing order of their larger share of a node, and
 * says how many nodes it took; Infinity when a pod is larger than a node.
 */
export function nodesNeeded(pods: readonly PodShape[], node: NodeShape): number {
  if (node.pods <= 0 || node.cpuMilli <= 0 || node.memoryBytes <= 0) return pods.length ? Infinity : 0;
  const share = (p: PodShape) => Math.max(p.cpuMilli / node.cpuMilli, p.memoryBytes / node.memoryBytes);
  const sorted = [...pods].sort((a, b) => share(b) - share(a));
  const bins: { cpu: number; mem: number; n: number }[] = [];
  for (const p of sorted) {
    if (p.cpuMilli > node.cpuMilli || p.memoryBytes > node.memoryBytes) return Infinity;
    const bin = bins.find((b) => b.cpu + p.cpuMilli <= node.cpuMilli && b.mem + p.memoryBytes <= node.memoryBytes && b.n < node.pods);
    if (bin) { bin.cpu += p.cpuMilli; bin.mem += p.memoryBytes; bin.n++; } else bins.push({ cpu: p.cpuMilli, mem: p.memoryBytes, n: 1 });
  }
  return bins.length;
}
