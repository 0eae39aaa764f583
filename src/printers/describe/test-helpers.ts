/**
 * test-helpers: fixtures for the describe tests — golden texts captured from kubectl
 * (testdata/*.txt, the examples of kubectl-describe.md), an in-memory DescribeContext, and
 * builders for the objects a kind cluster holds.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EventLike, KubeObject, ListQuery } from '../../api/meta';
import type { DescribeContext } from './context';

/** golden returns testdata/<name>.txt. */
export function golden(name: string): string {
  return readFileSync(join(__dirname, 'testdata', `${name}.txt`), 'utf8');
}

/** at returns the RFC 3339 timestamp `seconds` before now. */
export function ago(now: Date, seconds: number): string {
  return new Date(now.getTime() - seconds * 1000).toISOString().replace('.000Z', 'Z');
}

/** makeCtx builds a DescribeContext over a fixed object set. */
export function makeCtx(now: Date, events: EventLike[] = [], objects: KubeObject[] = []): DescribeContext {
  return {
    now,
    events,
    list: (q: ListQuery) => objects.filter((o) => o.kind === q.kind && (q.namespace === undefined || o.metadata.namespace === q.namespace)),
    get: (kind, name, namespace) => objects.find((o) => o.kind === kind && o.metadata.name === name && o.metadata.namespace === namespace),
  };
}

/** EventSpec describes one event relative to now (seconds ago). */
export interface EventSpec {
  type?: string; reason: string; from: string; message: string;
  first: number; last?: number; count?: number; eventTime?: boolean; name?: string;
}

let eventSeq = 0;

/** event builds a core/v1 Event; eventTime-style events (scheduler) have no lastTimestamp. */
export function event(now: Date, s: EventSpec): EventLike {
  eventSeq++;
  const base: EventLike = {
    apiVersion: 'v1', kind: 'Event',
    metadata: { name: s.name ?? `e.${String(eventSeq).padStart(6, '0')}`, namespace: 'default' },
    type: s.type ?? 'Normal', reason: s.reason, message: s.message,
    source: { component: s.from },
  };
  if (s.eventTime) return { ...base, eventTime: ago(now, s.first), reportingController: s.from, source: {} };
  return { ...base, firstTimestamp: ago(now, s.first), lastTimestamp: ago(now, s.last ?? s.first), count: s.count ?? 1 };
}

/** KIND_TOLERATIONS are the defaults admission adds to every pod. */
export const KIND_TOLERATIONS = [
  { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
  { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
];

/** kubeApiAccessVolume is the projected service-account token volume. */
export function kubeApiAccessVolume(name: string): any {
  return {
    name,
    projected: {
      defaultMode: 420,
      sources: [
        { serviceAccountToken: { expirationSeconds: 3607, path: 'token' } },
        { configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
        { downwardAPI: { items: [{ path: 'namespace', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } }] } },
      ],
    },
  };
}

/** saMount is the service-account token mount of kubeApiAccessVolume(name). */
export const saMount = (name: string): any => ({ name, mountPath: '/var/run/secrets/kubernetes.io/serviceaccount', readOnly: true });

/** conditions builds pod conditions in kubelet order from five statuses. */
export function podConditions(s: [string, string, string, string, string]): any[] {
  return ['PodReadyToStartContainers', 'Initialized', 'Ready', 'ContainersReady', 'PodScheduled']
    .map((type, i) => ({ type, status: s[i] }));
}

/** CONTAINER_ID and IMAGE_DIGEST are the ids used throughout the captures. */
export const CONTAINER_ID = 'containerd://5d8f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f';
export const IMAGE_DIGEST = 'sha256:4c0fdaa8b6341bfdeca5f18f7837462c80cff90527ee35ef185571e1c327beac';

/** PodSpecOptions are the knobs the pod captures vary. */
export interface PodOptions {
  name: string; labels?: Record<string, string>; annotations?: Record<string, string>;
  startTime?: string; phase: string; podIP?: string; node?: string | null;
  containers: any[]; statuses?: any[]; initContainers?: any[]; initStatuses?: any[];
  conditions: any[]; volume: string; extraVolumes?: any[]; nodeSelector?: Record<string, string>;
  owner?: { kind: string; name: string }; creationTimestamp?: string; deletionTimestamp?: string;
}

/** kindPod builds a pod as a kind cluster stores it (defaults, SA volume, tolerations). */
export function kindPod(o: PodOptions): KubeObject {
  const withMount = (c: any): any => ({ ...c, volumeMounts: [...(c.volumeMounts ?? []), saMount(o.volume)] });
  const node = o.node === undefined ? 'kind-worker' : o.node;
  return {
    apiVersion: 'v1', kind: 'Pod',
    metadata: {
      name: o.name, namespace: 'default', uid: `uid-${o.name}`, labels: o.labels ?? { run: o.name }, annotations: o.annotations,
      creationTimestamp: o.creationTimestamp, deletionTimestamp: o.deletionTimestamp,
      deletionGracePeriodSeconds: o.deletionTimestamp ? 30 : undefined,
      ownerReferences: o.owner ? [{ apiVersion: 'apps/v1', kind: o.owner.kind, name: o.owner.name, uid: 'owner', controller: true }] : undefined,
    },
    spec: {
      priority: 0, serviceAccountName: 'default', nodeName: node ?? undefined,
      initContainers: o.initContainers?.map(withMount),
      containers: o.containers.map(withMount),
      volumes: [kubeApiAccessVolume(o.volume), ...(o.extraVolumes ?? [])],
      nodeSelector: o.nodeSelector,
      tolerations: KIND_TOLERATIONS,
    },
    status: {
      phase: o.phase, hostIP: node ? '172.18.0.3' : undefined, startTime: o.startTime,
      podIP: o.podIP, podIPs: o.podIP ? [{ ip: o.podIP }] : undefined,
      conditions: o.conditions, containerStatuses: o.statuses, initContainerStatuses: o.initStatuses,
    },
  };
}
