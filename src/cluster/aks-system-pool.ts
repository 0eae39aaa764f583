/**
 * aks-system-pool: `cluster create --node-profile aks --system-pool` — the workers are AKS's
 * first pool, `nodepool1`, a System pool of the catalogue VM size matching --node-cpu and
 * --node-memory, and the critical add-ons run there as on AKS: CoreDNS and konnectivity-agent
 * prefer `kubernetes.azure.com/mode=system` nodes and tolerate CriticalAddonsOnly.
 */
import type { KubeObject } from '../api/meta';
import { MODE_LABEL, type NodePool } from '../controllers/clusterautoscaler/cloud-provider';
import { nodeShape, scaleSetId } from './node-pools';
import type { NodeShape } from './node-factory';
import { VM_SIZES } from './vm-sizes';
import { parseQuantity, value } from '../api/quantity';

/** SYSTEM_POOL is the name `az aks create` gives the first pool. */
export const SYSTEM_POOL = 'nodepool1';

/** systemPoolFor is the System pool of `workers` nodes of the size matching cpu and memory; undefined when no catalogue size matches. */
export function systemPoolFor(workers: number, cpu: string, memory: string, maxPods: number, seed: number): NodePool | undefined {
  const gi = Number(value(parseQuantity(memory))) / 1024 ** 3;
  const size = VM_SIZES.find((s) => String(s.cpu) === cpu && s.memoryGi === gi);
  if (!size) return undefined;
  return {
    name: SYSTEM_POOL, vmSize: size.name, mode: 'System', count: workers, maxPods, enableAutoscaler: false,
    labels: {}, taints: [], zones: [], id: scaleSetId(SYSTEM_POOL, seed), nextInstance: workers,
  };
}

/** systemPoolShapes are the pool's nodes, indexed after the control planes. */
export function systemPoolShapes(pool: NodePool, firstIndex: number): NodeShape[] {
  return Array.from({ length: pool.count }, (_, i) => nodeShape(pool, i, firstIndex + i));
}

const SYSTEM_AFFINITY = {
  nodeAffinity: {
    preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 100, preference: { matchExpressions: [{ key: MODE_LABEL, operator: 'In', values: ['system'] }] } }],
  },
};

/** onSystemPool gives a critical add-on's pod template AKS's preference for system nodes. */
export function onSystemPool(obj: KubeObject): KubeObject {
  if (obj.kind !== 'Deployment' || obj.metadata.namespace !== 'kube-system') return obj;
  const next = structuredClone(obj);
  next.spec.template.spec.affinity = { ...next.spec.template.spec.affinity, ...SYSTEM_AFFINITY };
  return next;
}

/** konnectivityAgent is the agent AKS runs in kube-system, opening the tunnels the control plane reaches nodes through. */
export function konnectivityAgent(): KubeObject {
  return {
    apiVersion: 'apps/v1', kind: 'Deployment',
    metadata: { name: 'konnectivity-agent', namespace: 'kube-system', labels: { app: 'konnectivity-agent' } },
    spec: {
      replicas: 2,
      selector: { matchLabels: { app: 'konnectivity-agent' } },
      template: {
        metadata: { labels: { app: 'konnectivity-agent' } },
        spec: {
          priorityClassName: 'system-cluster-critical',
          tolerations: [{ key: 'CriticalAddonsOnly', operator: 'Exists' }],
          affinity: SYSTEM_AFFINITY,
          containers: [{
            name: 'konnectivity-agent', image: 'mcr.microsoft.com/oss/kubernetes/apiserver-network-proxy/agent:v0.30.3-hotfix.20240819',
            resources: { requests: { cpu: '20m', memory: '20Mi' }, limits: { cpu: '1', memory: '1Gi' } },
          }],
        },
      },
    },
  };
}
