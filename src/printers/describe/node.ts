/**
 * node: `kubectl describe node` (kubectl describeNode + describeNodeResource), including the
 * Non-terminated Pods and Allocated resources tables computed from the pods bound to it.
 */
import type { NodeCondition } from '../../api/types/core-v1';
import type { KubeObject } from '../../api/meta';
import { wantEvents, type DescribeContext } from './context';
import { describeEvents } from './events';
import { printAnnotationsMultiline, printLabelsMultiline, printTaintsMultiline } from './multiline';
import { podRequestsAndLimits, type ResourceTotals } from './pod-resources';
import { LEVEL_0, LEVEL_1, PrefixWriter } from './prefix-writer';
import { formatQuantity, milliValue, quantityOf, value, ZERO, type Quantity } from '../../api/quantity';
import { formatRFC1123Z, timestampSince } from './time-format';

/** NODE_ROLE_LABEL_PREFIX marks a role label ("node-role.kubernetes.io/control-plane"). */
export const NODE_ROLE_LABEL_PREFIX = 'node-role.kubernetes.io/';
/** NODE_LEASE_NAMESPACE holds one Lease per node, named after it. */
export const NODE_LEASE_NAMESPACE = 'kube-node-lease';

/** findNodeRoles returns the sorted, de-duplicated roles from node-role.kubernetes.io/* and kubernetes.io/role labels. */
export function findNodeRoles(node: KubeObject): string[] {
  const roles = new Set<string>();
  for (const [k, v] of Object.entries(node.metadata.labels ?? {})) {
    if (k.startsWith(NODE_ROLE_LABEL_PREFIX)) {
      const role = k.slice(NODE_ROLE_LABEL_PREFIX.length);
      if (role) roles.add(role);
    } else if (k === 'kubernetes.io/role' && v !== '') roles.add(v);
  }
  return [...roles].sort();
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** nodeNonTerminatedPods lists the pods bound to the node that are neither Succeeded nor Failed, in list (namespace/name) order. */
export function nodeNonTerminatedPods(node: KubeObject, ctx: DescribeContext): KubeObject[] {
  return ctx.list({ kind: 'Pod', fieldSelector: `spec.nodeName=${node.metadata.name}` })
    .filter((p) => p.spec?.nodeName === node.metadata.name && p.status?.phase !== 'Succeeded' && p.status?.phase !== 'Failed')
    .sort((a, b) => cmp(a.metadata.namespace ?? '', b.metadata.namespace ?? '') || cmp(a.metadata.name ?? '', b.metadata.name ?? ''));
}

// Go converts float64 percentages with int64(), which truncates toward zero.
// kubemu: a zero denominator yields 0 where Go's per-pod rows would print int64(NaN).
function percent(part: bigint, whole: bigint): number {
  if (whole === 0n) return 0;
  return Math.trunc((Number(part) / Number(whole)) * 100);
}

const get = (list: ResourceTotals, name: string): Quantity => list.get(name) ?? ZERO;

function describeLease(node: KubeObject, ctx: DescribeContext, w: PrefixWriter): void {
  const lease = ctx.get('Lease', node.metadata.name ?? '', NODE_LEASE_NAMESPACE);
  if (!lease) {
    w.write(LEVEL_0, `Lease:\tFailed to get lease: leases.coordination.k8s.io "${node.metadata.name}" not found\n`);
    return;
  }
  const spec = lease.spec ?? {};
  w.write(LEVEL_0, 'Lease:\n');
  w.write(LEVEL_1, `HolderIdentity:\t${spec.holderIdentity ?? '<unset>'}\n`);
  w.write(LEVEL_1, `AcquireTime:\t${spec.acquireTime ? formatRFC1123Z(spec.acquireTime) : '<unset>'}\n`);
  w.write(LEVEL_1, `RenewTime:\t${spec.renewTime ? formatRFC1123Z(spec.renewTime) : '<unset>'}\n`);
}

const STANDARD_CONTAINER_RESOURCES = new Set(['cpu', 'memory', 'ephemeral-storage']);

function describeNodeResource(pods: KubeObject[], node: KubeObject, w: PrefixWriter, now: Date): void {
  w.write(LEVEL_0, `Non-terminated Pods:\t(${pods.length} in total)\n`);
  w.write(LEVEL_1, 'Namespace\tName\t\tCPU Requests\tCPU Limits\tMemory Requests\tMemory Limits\tAge\n');
  w.write(LEVEL_1, '---------\t----\t\t------------\t----------\t---------------\t-------------\t---\n');
  const rawAllocatable = Object.keys(node.status?.allocatable ?? {}).length > 0 ? node.status.allocatable : (node.status?.capacity ?? {});
  const allocatable = new Map<string, Quantity>(Object.entries(rawAllocatable).map(([k, v]) => [k, quantityOf(v as string)]));
  const allocCpu = milliValue(get(allocatable, 'cpu'));
  const allocMem = value(get(allocatable, 'memory'));
  const allocEph = value(get(allocatable, 'ephemeral-storage'));

  const reqs: ResourceTotals = new Map();
  const limits: ResourceTotals = new Map();
  const addAll = (into: ResourceTotals, from: ResourceTotals): void => {
    for (const [k, q] of from) { const cur = into.get(k); into.set(k, cur ? { nanos: cur.nanos + q.nanos, format: cur.format } : q); }
  };
  for (const pod of pods) {
    const { requests: r, limits: l } = podRequestsAndLimits(pod);
    addAll(reqs, r);
    addAll(limits, l);
    const cpuReq = get(r, 'cpu'); const cpuLim = get(l, 'cpu');
    const memReq = get(r, 'memory'); const memLim = get(l, 'memory');
    w.write(LEVEL_1, `${pod.metadata.namespace}\t${pod.metadata.name}\t\t`
      + `${formatQuantity(cpuReq)} (${percent(milliValue(cpuReq), allocCpu)}%)\t${formatQuantity(cpuLim)} (${percent(milliValue(cpuLim), allocCpu)}%)\t`
      + `${formatQuantity(memReq)} (${percent(value(memReq), allocMem)}%)\t${formatQuantity(memLim)} (${percent(value(memLim), allocMem)}%)\t`
      + `${timestampSince(pod.metadata.creationTimestamp, now)}\n`);
  }

  w.write(LEVEL_0, 'Allocated resources:\n  (Total limits may be over 100 percent, i.e., overcommitted.)\n');
  w.write(LEVEL_1, 'Resource\tRequests\tLimits\n');
  w.write(LEVEL_1, '--------\t--------\t------\n');
  const row = (name: string, req: Quantity, lim: Quantity, pr: number, pl: number): void =>
    w.write(LEVEL_1, `${name}\t${formatQuantity(req)} (${pr}%)\t${formatQuantity(lim)} (${pl}%)\n`);
  row('cpu', get(reqs, 'cpu'), get(limits, 'cpu'), percent(milliValue(get(reqs, 'cpu')), allocCpu), percent(milliValue(get(limits, 'cpu')), allocCpu));
  row('memory', get(reqs, 'memory'), get(limits, 'memory'), percent(value(get(reqs, 'memory')), allocMem), percent(value(get(limits, 'memory')), allocMem));
  row('ephemeral-storage', get(reqs, 'ephemeral-storage'), get(limits, 'ephemeral-storage'),
    percent(value(get(reqs, 'ephemeral-storage')), allocEph), percent(value(get(limits, 'ephemeral-storage')), allocEph));

  const names = [...allocatable.keys()].sort();
  for (const name of names.filter((n) => n.startsWith('hugepages-'))) {
    const a = value(get(allocatable, name));
    row(name, get(reqs, name), get(limits, name), percent(value(get(reqs, name)), a), percent(value(get(limits, name)), a));
  }
  // Extended resources: anything outside the standard and hugepages names, except "pods".
  for (const name of names.filter((n) => !n.startsWith('hugepages-') && !STANDARD_CONTAINER_RESOURCES.has(n) && n !== 'pods')) {
    w.write(LEVEL_1, `${name}\t${formatQuantity(get(reqs, name))}\t${formatQuantity(get(limits, name))}\n`);
  }
}

/** describeNode renders a Node exactly as kubectl describe node does. */
export function describeNode(node: KubeObject, ctx: DescribeContext): string {
  const w = new PrefixWriter();
  const spec = node.spec ?? {};
  const status = node.status ?? {};
  w.write(LEVEL_0, `Name:\t${node.metadata.name ?? ''}\n`);
  const roles = findNodeRoles(node);
  w.write(LEVEL_0, `Roles:\t${roles.length > 0 ? roles.join(',') : '<none>'}\n`);
  printLabelsMultiline(w, 'Labels', node.metadata.labels);
  printAnnotationsMultiline(w, 'Annotations', node.metadata.annotations);
  w.write(LEVEL_0, `CreationTimestamp:\t${formatRFC1123Z(node.metadata.creationTimestamp)}\n`);
  printTaintsMultiline(w, 'Taints', spec.taints);
  w.write(LEVEL_0, `Unschedulable:\t${spec.unschedulable === true}\n`);
  describeLease(node, ctx, w);
  const conditions: NodeCondition[] = status.conditions ?? [];
  if (conditions.length > 0) {
    w.write(LEVEL_0, 'Conditions:\n  Type\tStatus\tLastHeartbeatTime\tLastTransitionTime\tReason\tMessage\n');
    w.write(LEVEL_1, '----\t------\t-----------------\t------------------\t------\t-------\n');
    for (const c of conditions) {
      w.write(LEVEL_1, `${c.type} \t${c.status} \t${formatRFC1123Z(c.lastHeartbeatTime)} \t${formatRFC1123Z(c.lastTransitionTime)} \t${c.reason ?? ''} \t${c.message ?? ''}\n`);
    }
  }
  w.write(LEVEL_0, 'Addresses:\n');
  for (const a of status.addresses ?? []) w.write(LEVEL_1, `${a.type}:\t${a.address}\n`);
  const printResourceList = (list: Record<string, string>): void => {
    for (const k of Object.keys(list).sort()) w.write(LEVEL_0, `  ${k}:\t${formatQuantity(quantityOf(list[k]))}\n`);
  };
  if (Object.keys(status.capacity ?? {}).length > 0) { w.write(LEVEL_0, 'Capacity:\n'); printResourceList(status.capacity); }
  if (Object.keys(status.allocatable ?? {}).length > 0) { w.write(LEVEL_0, 'Allocatable:\n'); printResourceList(status.allocatable); }
  const info = status.nodeInfo ?? {};
  w.write(LEVEL_0, 'System Info:\n');
  w.write(LEVEL_0, `  Machine ID:\t${info.machineID ?? ''}\n`);
  w.write(LEVEL_0, `  System UUID:\t${info.systemUUID ?? ''}\n`);
  w.write(LEVEL_0, `  Boot ID:\t${info.bootID ?? ''}\n`);
  w.write(LEVEL_0, `  Kernel Version:\t${info.kernelVersion ?? ''}\n`);
  w.write(LEVEL_0, `  OS Image:\t${info.osImage ?? ''}\n`);
  w.write(LEVEL_0, `  Operating System:\t${info.operatingSystem ?? ''}\n`);
  w.write(LEVEL_0, `  Architecture:\t${info.architecture ?? ''}\n`);
  w.write(LEVEL_0, `  Container Runtime Version:\t${info.containerRuntimeVersion ?? ''}\n`);
  w.write(LEVEL_0, `  Kubelet Version:\t${info.kubeletVersion ?? ''}\n`);
  w.write(LEVEL_0, `  Kube-Proxy Version:\t${info.kubeProxyVersion ?? ''}\n`);
  if (spec.podCIDR) w.write(LEVEL_0, `PodCIDR:\t${spec.podCIDR}\n`);
  if ((spec.podCIDRs ?? []).length > 0) w.write(LEVEL_0, `PodCIDRs:\t${spec.podCIDRs.join(',')}\n`);
  if (spec.providerID) w.write(LEVEL_0, `ProviderID:\t${spec.providerID}\n`);
  describeNodeResource(nodeNonTerminatedPods(node, ctx), node, w, ctx.now);
  if (wantEvents(ctx)) describeEvents(ctx.events, w, ctx.now);
  return w.toString();
}
