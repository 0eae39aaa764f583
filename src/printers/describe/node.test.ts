import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/meta';
import { describeNode, findNodeRoles } from './node';
import { ago, event, golden, makeCtx } from './test-helpers';

const NOW = new Date('2026-11-30T01:26:46Z');
const HEALTHY = [
  ['MemoryPressure', 'False', 'KubeletHasSufficientMemory', 'kubelet has sufficient memory available'],
  ['DiskPressure', 'False', 'KubeletHasNoDiskPressure', 'kubelet has no disk pressure'],
  ['PIDPressure', 'False', 'KubeletHasSufficientPID', 'kubelet has sufficient PID available'],
].map(([type, status, reason, message]) => ({ type, status, reason, message, lastHeartbeatTime: '2026-11-30T01:25:42Z', lastTransitionTime: '2026-11-21T23:27:57Z' }))
  .concat([{ type: 'Ready', status: 'True', reason: 'KubeletReady', message: 'kubelet is posting ready status', lastHeartbeatTime: '2026-11-30T01:25:42Z', lastTransitionTime: '2026-11-21T23:28:47Z' }]);
const UNKNOWN = ['MemoryPressure', 'DiskPressure', 'PIDPressure', 'Ready'].map((type) => ({
  type, status: 'Unknown', reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.',
  lastHeartbeatTime: '2026-11-30T01:19:37Z', lastTransitionTime: '2026-11-30T01:21:17Z',
}));
const RESOURCES = { cpu: '8', 'ephemeral-storage': '102626232Ki', 'hugepages-1Gi': '0', 'hugepages-2Mi': '0', memory: '16331208Ki', pods: '110' };

function kindNode(name: string, cidr: string, ip: string, extra: { labels?: Record<string, string>; taints?: any[]; unschedulable?: boolean; conditions?: any[] } = {}): KubeObject {
  return {
    apiVersion: 'v1', kind: 'Node',
    metadata: {
      name, uid: `uid-${name}`, creationTimestamp: '2026-11-21T23:26:17Z',
      labels: { 'beta.kubernetes.io/arch': 'amd64', 'beta.kubernetes.io/os': 'linux', 'kubernetes.io/arch': 'amd64', 'kubernetes.io/hostname': name, 'kubernetes.io/os': 'linux', ...extra.labels },
      annotations: { 'kubeadm.alpha.kubernetes.io/cri-socket': 'unix:///run/containerd/containerd.sock', 'node.alpha.kubernetes.io/ttl': '0', 'volumes.kubernetes.io/controller-managed-attach-detach': 'true' },
    },
    spec: { podCIDR: cidr, podCIDRs: [cidr], providerID: `kind://docker/kind/${name}`, taints: extra.taints, unschedulable: extra.unschedulable },
    status: {
      conditions: extra.conditions ?? HEALTHY,
      addresses: [{ type: 'InternalIP', address: ip }, { type: 'Hostname', address: name }],
      capacity: RESOURCES, allocatable: RESOURCES,
      nodeInfo: {
        machineID: '5b7f3e0c2a9d4e81b6f1c0a3d2e4f5a6', systemUUID: '5b7f3e0c-2a9d-4e81-b6f1-c0a3d2e4f5a6', bootID: 'e2c1b0a9-8f7e-4d6c-b5a4-93827160f5e4',
        kernelVersion: '6.8.0-45-generic', osImage: 'Debian GNU/Linux 12 (bookworm)', operatingSystem: 'linux', architecture: 'amd64',
        containerRuntimeVersion: 'containerd://1.7.24', kubeletVersion: 'v1.32.2', kubeProxyVersion: 'v1.32.2',
      },
    },
  };
}

const lease = (name: string, renewTime: string): KubeObject => ({
  apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name, namespace: 'kube-node-lease' }, spec: { holderIdentity: name, renewTime },
});

function pod(name: string, ageSeconds: number, o: { ns?: string; node?: string; phase?: string; resources?: any } = {}): KubeObject {
  return {
    apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: o.ns ?? 'default', creationTimestamp: ago(NOW, ageSeconds) },
    spec: { nodeName: o.node ?? 'kind-worker', containers: [{ name: 'c', image: 'x', resources: o.resources }] },
    status: { phase: o.phase ?? 'Running' },
  };
}

const D = 86400;
const workerPods = [
  pod('api', 7200, { resources: { limits: { memory: '128Mi' }, requests: { cpu: '250m', memory: '64Mi' } } }),
  pod('badimage', 40), pod('crashy', 213), pod('creating', 31),
  pod('memhog', 90, { resources: { limits: { cpu: '100m', memory: '100Mi' }, requests: { cpu: '100m', memory: '100Mi' } } }),
  pod('nginx', 73), pod('old-pod', 2 * D), pod('sidecar-app', 600), pod('web-7c5ddbdf54-2xkqp', 600), pod('web-7c5ddbdf54-8mfzt', 600),
  pod('web-7c5ddbdf54-q9wtr', 93), pod('with-init', 43),
  pod('kindnet-7lq4w', 8 * D + 3600, { ns: 'kube-system' }), pod('kube-proxy-9xz2k', 8 * D + 3600, { ns: 'kube-system' }),
  // Finished pods and pods on other nodes are not listed.
  pod('pi-x7k2p', 600, { phase: 'Succeeded' }), pod('failed-job-pod', 300, { phase: 'Failed' }), pod('elsewhere', 60, { node: 'kind-worker2' }),
];

const nodeEvent = (reason: string, from: string, message: string, secondsAgo: number) => event(NOW, { reason, from, message, first: secondsAgo });

describe('describeNode', () => {
  it('worker with pods, allocated resources, lease and events', () => {
    const node = kindNode('kind-worker', '10.244.1.0/24', '172.18.0.3');
    const t = 8 * D + 600;
    const events = [
      nodeEvent('Starting', 'kubelet', 'Starting kubelet.', t),
      nodeEvent('NodeHasSufficientMemory', 'kubelet', 'Node kind-worker status is now: NodeHasSufficientMemory', t - 1),
      nodeEvent('NodeHasNoDiskPressure', 'kubelet', 'Node kind-worker status is now: NodeHasNoDiskPressure', t - 2),
      nodeEvent('NodeHasSufficientPID', 'kubelet', 'Node kind-worker status is now: NodeHasSufficientPID', t - 3),
      nodeEvent('NodeAllocatableEnforced', 'kubelet', 'Updated Node Allocatable limit across pods', t - 4),
      nodeEvent('RegisteredNode', 'node-controller', 'Node kind-worker event: Registered Node kind-worker in Controller', t - 5),
      nodeEvent('NodeReady', 'kubelet', 'Node kind-worker status is now: NodeReady', t - 6),
      nodeEvent('Starting', 'kube-proxy', '', t - 7),
    ];
    const ctx = makeCtx(NOW, events, [...workerPods, lease('kind-worker', '2026-11-30T01:26:10Z')]);
    expect(describeNode(node, ctx)).toBe(golden('node-kind-worker'));
  });

  it('unreachable cordoned node sorts taints by effect then key', () => {
    const node = kindNode('kind-worker2', '10.244.2.0/24', '172.18.0.4', {
      unschedulable: true, conditions: UNKNOWN,
      taints: [
        { key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' },
        { key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule' },
        { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' },
      ],
    });
    const events = [
      nodeEvent('RegisteredNode', 'node-controller', 'Node kind-worker2 event: Registered Node kind-worker2 in Controller', 8 * D + 60),
      nodeEvent('NodeNotReady', 'node-controller', 'Node kind-worker2 status is now: NodeNotReady', 329),
      nodeEvent('NodeNotSchedulable', 'kubelet', 'Node kind-worker2 status is now: NodeNotSchedulable', 149),
    ];
    const ctx = makeCtx(NOW, events, [lease('kind-worker2', '2026-11-30T01:19:37Z'), pod('pi', 60, { node: 'kind-worker2', phase: 'Succeeded' })]);
    expect(describeNode(node, ctx)).toBe(golden('node-kind-worker2'));
  });

  it('control-plane node with a role and no events', () => {
    const node = kindNode('kind-control-plane', '10.244.0.0/24', '172.18.0.2', {
      labels: { 'node-role.kubernetes.io/control-plane': '', 'node.kubernetes.io/exclude-from-external-load-balancers': '' },
      taints: [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }],
    });
    const ctx = makeCtx(NOW, [], [lease('kind-control-plane', '2026-11-30T01:26:10Z')]);
    expect(describeNode(node, ctx)).toBe(golden('node-kind-control-plane'));
  });

  it('reports a missing lease the way kubectl does', () => {
    const node = kindNode('kind-worker', '10.244.1.0/24', '172.18.0.3');
    expect(describeNode(node, makeCtx(NOW))).toContain('Lease:              Failed to get lease: leases.coordination.k8s.io "kind-worker" not found\n');
  });

  it.each([
    [{ 'node-role.kubernetes.io/control-plane': '', 'node-role.kubernetes.io/': 'x' }, ['control-plane']],
    [{ 'kubernetes.io/role': 'worker', 'node-role.kubernetes.io/infra': '' }, ['infra', 'worker']],
    [{}, []],
  ])('findNodeRoles(%j)', (labels, roles) => {
    expect(findNodeRoles({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n', labels } })).toEqual(roles);
  });
});
