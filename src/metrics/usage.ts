/**
 * usage: the resource usage metrics-server would report — per container from the emulated
 * process (src/kubelet/process.ts: the image's baseline, `kubemu.io/cpu-usage` and
 * `kubemu.io/memory-usage` annotations), per pod as the sum of its running containers, per
 * node as the node's system overhead plus its pods.
 * kubemu: usage is constant while a process runs (no load curve); control-plane and add-on
 * images have typical idle figures; a container is scraped once it has run one resolution (15 s).
 */
import type { KubeObject } from '../api/meta';
import type { ApiClient } from '../apiserver/client';
import { modelOf } from '../kubelet/container-sync';
import { CPU_USAGE_ANNOTATION, MEMORY_USAGE_ANNOTATION } from '../kubelet/process';

const MI = 1024 * 1024;

/** METRIC_RESOLUTION_MS is metrics-server's scrape interval. */
export const METRIC_RESOLUTION_MS = 15_000;

/** NODE_SYSTEM_USAGE is a node's own usage (kubelet, containerd, OS) besides its pods. */
export const NODE_SYSTEM_USAGE = { cpuMilli: 38, memoryBytes: 412 * MI };

/** SYSTEM_IMAGE_USAGE are idle figures for the images a kubeadm cluster runs, by repository. */
export const SYSTEM_IMAGE_USAGE: Record<string, { cpuMilli: number; memoryBytes: number }> = {
  'registry.k8s.io/kube-apiserver': { cpuMilli: 42, memoryBytes: 243 * MI },
  'registry.k8s.io/etcd': { cpuMilli: 21, memoryBytes: 48 * MI },
  'registry.k8s.io/kube-controller-manager': { cpuMilli: 14, memoryBytes: 52 * MI },
  'registry.k8s.io/kube-scheduler': { cpuMilli: 3, memoryBytes: 24 * MI },
  'registry.k8s.io/coredns/coredns': { cpuMilli: 2, memoryBytes: 13 * MI },
  'registry.k8s.io/kube-proxy': { cpuMilli: 1, memoryBytes: 16 * MI },
  'registry.k8s.io/metrics-server/metrics-server': { cpuMilli: 4, memoryBytes: 19 * MI },
};

/** ContainerUsage is one container's usage. */
export interface ContainerUsage { name: string; cpuMilli: number; memoryBytes: number }
/** PodUsage is a PodMetrics item. */
export interface PodUsage { namespace: string; name: string; containers: ContainerUsage[] }
/** NodeUsage is a NodeMetrics item. */
export interface NodeUsage { name: string; cpuMilli: number; memoryBytes: number }

function repository(image: string): string {
  const at = image.indexOf('@');
  const noDigest = at < 0 ? image : image.slice(0, at);
  const colon = noDigest.lastIndexOf(':');
  return colon > noDigest.lastIndexOf('/') ? noDigest.slice(0, colon) : noDigest;
}

/** containerUsage computes one running container's usage; undefined when it is not running. */
function containerUsage(pod: KubeObject, spec: KubeObject['spec'], api: ApiClient, nowMs: number, minAgeMs: number): ContainerUsage | undefined {
  const status = (pod.status?.containerStatuses ?? []).find((s: { name: string }) => s.name === spec.name);
  const startedAt = status?.state?.running?.startedAt;
  if (!startedAt) return undefined;
  const start = Date.parse(startedAt);
  if (nowMs - start < minAgeMs) return undefined;
  const ann = pod.metadata.annotations ?? {};
  const system = SYSTEM_IMAGE_USAGE[repository(spec.image ?? '')];
  const { model } = modelOf({ pod, api }, { spec, status, init: false, sidecar: false }, start);
  const cpuMilli = ann[CPU_USAGE_ANNOTATION] === undefined && system ? system.cpuMilli : model.cpuMilli;
  const memoryBytes = ann[MEMORY_USAGE_ANNOTATION] === undefined && system ? system.memoryBytes : model.memoryBytes;
  return { name: spec.name, cpuMilli, memoryBytes };
}

/** podUsage is a pod's metrics, or undefined when metrics-server has none for it yet. */
export function podUsage(pod: KubeObject, api: ApiClient, nowMs: number, minAgeMs = METRIC_RESOLUTION_MS): PodUsage | undefined {
  if (pod.status?.phase !== 'Running' || !pod.spec?.nodeName) return undefined;
  const containers: ContainerUsage[] = [];
  for (const c of pod.spec.containers ?? []) {
    const u = containerUsage(pod, c, api, nowMs, minAgeMs);
    if (u) containers.push(u);
  }
  if (!containers.length) return undefined;
  return { namespace: pod.metadata.namespace ?? 'default', name: pod.metadata.name!, containers };
}

/** nodeUsage is a node's metrics, or undefined when its kubelet cannot be scraped (not Ready). */
export function nodeUsage(node: KubeObject, api: ApiClient, nowMs: number): NodeUsage | undefined {
  const ready = (node.status?.conditions ?? []).some((c: { type: string; status: string }) => c.type === 'Ready' && c.status === 'True');
  if (!ready) return undefined;
  let cpuMilli = NODE_SYSTEM_USAGE.cpuMilli;
  let memoryBytes = NODE_SYSTEM_USAGE.memoryBytes;
  for (const pod of api.podsOnNode(node.metadata.name!)) {
    const u = podUsage(pod, api, nowMs, 0);
    for (const c of u?.containers ?? []) { cpuMilli += c.cpuMilli; memoryBytes += c.memoryBytes; }
  }
  return { name: node.metadata.name!, cpuMilli, memoryBytes };
}
