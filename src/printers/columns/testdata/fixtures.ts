/**
 * fixtures: objects whose fields reproduce the reference captures in
 * the shared reference kubectl-get-columns.md when printed at T0 (plus the capture's
 * drift in seconds). Test-only data; nothing outside tests imports it.
 */
import type { KubeObject } from '../../../api/meta';

/** T0 is the fixed "now" of the `kubectl get pods` capture. */
export const T0 = new Date('2025-01-10T12:00:00Z');

/** at returns T0 shifted by `seconds` (the later captures were taken a few seconds later). */
export function at(seconds: number): Date {
  return new Date(T0.getTime() + seconds * 1000);
}

const UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400, y: 365 * 86400 };

/** dur parses an age string such as "3m7s", "120m" or "8d" into milliseconds. */
export function dur(text: string): number {
  let total = 0;
  for (const m of text.matchAll(/(\d+)([smhdy])/g)) total += Number(m[1]) * UNITS[m[2]!]!;
  return total * 1000;
}

/** ago returns the RFC 3339 timestamp `text` before T0. */
export function ago(text: string): string {
  return new Date(T0.getTime() - dur(text)).toISOString().replace('.000Z', 'Z');
}

const running = { running: { startedAt: ago('2d') } };

function pod(name: string, o: {
  age: string; labels?: Record<string, string>; ip?: string; node?: string; phase?: string;
  containers?: string[]; statuses?: object[]; initContainers?: object[]; initStatuses?: object[];
  deleting?: boolean; conditions?: object[]; namespace?: string;
}): KubeObject {
  return {
    apiVersion: 'v1', kind: 'Pod',
    metadata: {
      name, namespace: o.namespace ?? 'default', creationTimestamp: ago(o.age), labels: o.labels,
      ...(o.deleting ? { deletionTimestamp: ago('10s') } : {}),
    },
    spec: {
      nodeName: o.node,
      containers: (o.containers ?? ['app']).map((c) => ({ name: c, image: 'img' })),
      ...(o.initContainers ? { initContainers: o.initContainers } : {}),
    },
    status: {
      phase: o.phase ?? 'Running', conditions: o.conditions,
      ...(o.ip ? { podIP: o.ip, podIPs: [{ ip: o.ip }] } : {}),
      ...(o.statuses ? { containerStatuses: o.statuses } : {}),
      ...(o.initStatuses ? { initContainerStatuses: o.initStatuses } : {}),
    },
  };
}

const W = 'kind-worker';
const readyRunning = (name = 'app', restartCount = 0, lastFinished?: string) => ({
  name, ready: true, started: true, restartCount, state: running,
  ...(lastFinished ? { lastState: { terminated: { exitCode: 1, reason: 'Error', finishedAt: ago(lastFinished) } } } : {}),
});
const web = { app: 'web', 'pod-template-hash': '7c5ddbdf54' };

/** PODS are the 15 pods of the `kubectl get pods` capture (§1.2 / §4.1), in server (name) order. */
export const PODS: KubeObject[] = [
  pod('api', { age: '120m', ip: '10.244.1.24', node: W, labels: { app: 'api', tier: 'backend' }, statuses: [readyRunning('api')] }),
  pod('badimage', { age: '14s', ip: '10.244.1.25', node: W, phase: 'Pending',
    statuses: [{ name: 'app', ready: false, restartCount: 0, state: { waiting: { reason: 'ErrImagePull' } } }] }),
  pod('crashy', { age: '3m7s', ip: '10.244.1.22', node: W,
    statuses: [{ name: 'app', ready: false, restartCount: 4, state: { waiting: { reason: 'CrashLoopBackOff' } },
      lastState: { terminated: { exitCode: 1, reason: 'Error', finishedAt: ago('54s') } } }] }),
  pod('creating', { age: '5s', node: W, phase: 'Pending',
    statuses: [{ name: 'app', ready: false, restartCount: 0, state: { waiting: { reason: 'ContainerCreating' } } }] }),
  pod('failed-job-pod', { age: '5m2s', ip: '10.244.1.26', node: W, phase: 'Failed',
    statuses: [{ name: 'app', ready: false, restartCount: 0, state: { terminated: { exitCode: 1, reason: 'Error', finishedAt: ago('4m') } } }] }),
  pod('memhog', { age: '64s', ip: '10.244.1.23', node: W,
    statuses: [{ name: 'app', ready: false, restartCount: 2,
      state: { terminated: { exitCode: 137, reason: 'OOMKilled', finishedAt: ago('1s') } },
      lastState: { terminated: { exitCode: 137, reason: 'OOMKilled', finishedAt: ago('31s') } } }] }),
  pod('nginx', { age: '47s', ip: '10.244.1.21', node: W, labels: { run: 'nginx' }, statuses: [readyRunning('nginx')] }),
  pod('old-pod', { age: '2d', ip: '10.244.1.27', node: W, deleting: true, statuses: [readyRunning()] }),
  pod('pending-pod', { age: '32s', phase: 'Pending',
    conditions: [{ type: 'PodScheduled', status: 'False', reason: 'Unschedulable' }] }),
  pod('pi-x7k2p', { age: '10m', ip: '10.244.1.30', node: W, phase: 'Succeeded',
    statuses: [{ name: 'pi', ready: false, restartCount: 0, state: { terminated: { exitCode: 0, reason: 'Completed', finishedAt: ago('9m40s') } } }] }),
  pod('sidecar-app', { age: '10m', ip: '10.244.1.28', node: W, containers: ['app', 'helper'],
    statuses: [readyRunning('app'), { name: 'helper', ready: false, started: true, restartCount: 1, state: running,
      lastState: { terminated: { exitCode: 1, reason: 'Error', finishedAt: ago('23s') } } }] }),
  pod('web-7c5ddbdf54-2xkqp', { age: '10m', ip: '10.244.1.5', node: W, labels: web, statuses: [readyRunning('nginx')] }),
  pod('web-7c5ddbdf54-8mfzt', { age: '9m52s', ip: '10.244.1.6', node: W, labels: web,
    statuses: [readyRunning('nginx', 3, '2m33s')] }),
  pod('web-7c5ddbdf54-q9wtr', { age: '67s', ip: '10.244.1.7', node: W, labels: web, phase: 'Pending',
    statuses: [{ name: 'nginx', ready: false, restartCount: 0, state: { waiting: { reason: 'ImagePullBackOff' } } }] }),
  pod('with-init', { age: '17s', ip: '10.244.1.29', node: W, phase: 'Pending',
    initContainers: [{ name: 'wait', image: 'busybox' }],
    initStatuses: [{ name: 'wait', ready: false, restartCount: 0, state: running }],
    statuses: [{ name: 'app', ready: false, restartCount: 0, state: { waiting: { reason: 'PodInitializing' } } }] }),
];

/** KUBE_SYSTEM_PODS are the two kube-system pods of the `get pods -A` capture. */
export const KUBE_SYSTEM_PODS: KubeObject[] = [
  pod('kindnet-7lq4w', { age: '8d', namespace: 'kube-system', statuses: [readyRunning('kindnet-cni')] }),
  pod('kube-proxy-9xz2k', { age: '8d', namespace: 'kube-system', statuses: [readyRunning('kube-proxy')] }),
];

function svc(name: string, age: string, spec: object, status: object = {}): KubeObject {
  return { apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: 'default', creationTimestamp: ago(age) }, spec, status };
}

/** SERVICES are the five services of the `kubectl get svc -o wide` capture (§4.8). */
export const SERVICES: KubeObject[] = [
  svc('db', '120m', { type: 'ClusterIP', clusterIP: 'None', clusterIPs: ['None'], selector: { app: 'db' },
    ports: [{ port: 5432, protocol: 'TCP' }] }),
  svc('ext', '120m', { type: 'ExternalName', externalName: 'example.com' }),
  svc('kubernetes', '8d', { type: 'ClusterIP', clusterIP: '10.96.0.1', clusterIPs: ['10.96.0.1'],
    ports: [{ name: 'https', port: 443, protocol: 'TCP', targetPort: 6443 }] }),
  svc('lb', '120m', { type: 'LoadBalancer', clusterIPs: ['10.96.33.7'], selector: { app: 'api' },
    ports: [{ port: 80, nodePort: 30080, protocol: 'TCP' }, { port: 9090, nodePort: 30090, protocol: 'TCP' }] },
    { loadBalancer: {} }),
  svc('web', '3h', { type: 'NodePort', clusterIPs: ['10.96.120.15'], selector: { app: 'web' },
    ports: [{ port: 80, nodePort: 31380, protocol: 'TCP' }] }),
];

function tpl(container: string, image: string, labels: Record<string, string>, nodeSelector?: Record<string, string>) {
  return { metadata: { labels }, spec: { containers: [{ name: container, image }], ...(nodeSelector ? { nodeSelector } : {}) } };
}

/** DEPLOYMENT is deployment web (2/3 ready) of §4.2. */
export const DEPLOYMENT: KubeObject = {
  apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default', creationTimestamp: ago('3h4m') },
  spec: { replicas: 3, selector: { matchLabels: { app: 'web' } }, template: tpl('nginx', 'nginx:1.27', { app: 'web' }) },
  status: { replicas: 3, updatedReplicas: 3, readyReplicas: 2, availableReplicas: 2 },
};

function rs(hash: string, age: string, image: string, replicas: number, ready: number): KubeObject {
  const labels = { app: 'web', 'pod-template-hash': hash };
  return {
    apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: `web-${hash}`, namespace: 'default', creationTimestamp: ago(age) },
    spec: { replicas, selector: { matchLabels: labels }, template: tpl('nginx', image, labels) },
    status: { replicas, readyReplicas: ready || undefined },
  };
}

/** REPLICA_SETS are the old and new ReplicaSets of deployment web (§4.3). */
export const REPLICA_SETS: KubeObject[] = [rs('5d6b8f7c49', '3h4m', 'nginx:1.26', 0, 0), rs('7c5ddbdf54', '10m', 'nginx:1.27', 3, 2)];

/** STATEFUL_SET is statefulset db (2/3) of §4.4. */
export const STATEFUL_SET: KubeObject = {
  apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'db', namespace: 'default', creationTimestamp: ago('120m') },
  spec: { replicas: 3, selector: { matchLabels: { app: 'db' } }, template: tpl('postgres', 'postgres:16', { app: 'db' }) },
  status: { replicas: 3, readyReplicas: 2 },
};

function ds(name: string, image: string): KubeObject {
  return {
    apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name, namespace: 'kube-system', creationTimestamp: ago('8d') },
    spec: { selector: { matchLabels: { 'k8s-app': name } },
      template: tpl(name, image, { 'k8s-app': name }, { 'kubernetes.io/os': 'linux' }) },
    status: { desiredNumberScheduled: 3, currentNumberScheduled: 3, numberReady: 2, updatedNumberScheduled: 3, numberAvailable: 2 },
  };
}

/** DAEMON_SETS are the kube-system DaemonSets of §4.5. */
export const DAEMON_SETS: KubeObject[] = [
  ds('kindnet', 'docker.io/kindest/kindnetd:v20250214-acbabc1a'), ds('kube-proxy', 'registry.k8s.io/kube-proxy:v1.32.2'),
];

/** JOB is job pi (Complete, 37s) of §4.6. */
export const JOB: KubeObject = {
  apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'pi', namespace: 'default', creationTimestamp: ago('10m') },
  spec: { completions: 1, parallelism: 1,
    selector: { matchLabels: { 'batch.kubernetes.io/controller-uid': '6f1e2d3c-4b5a-4968-8778-695a4b3c2d1e' } },
    template: tpl('pi', 'perl:5.34.0', {}) },
  status: { startTime: ago('10m'), completionTime: ago('9m23s'), succeeded: 1,
    conditions: [{ type: 'SuccessCriteriaMet', status: 'True' }, { type: 'Complete', status: 'True' }] },
};

/** CRON_JOB is cronjob tick of §4.7 (last scheduled 2m8s before T0). */
export const CRON_JOB: KubeObject = {
  apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: 'tick', namespace: 'default', creationTimestamp: ago('60m') },
  spec: { schedule: '*/5 * * * *', suspend: false, jobTemplate: { spec: { template: tpl('tick', 'busybox', {}) } } },
  status: { lastScheduleTime: ago('2m8s') },
};

/** HPA is horizontalpodautoscaler web of §4.18. */
export const HPA: KubeObject = {
  apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler',
  metadata: { name: 'web', namespace: 'default', creationTimestamp: ago('50m') },
  spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, minReplicas: 2, maxReplicas: 5,
    metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } }] },
  status: { currentReplicas: 3, currentMetrics: [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: 12 } } }] },
};

function node(name: string, ip: string, o: { roles?: string[]; ready?: 'True' | 'False' | 'Unknown'; cordoned?: boolean }): KubeObject {
  const labels: Record<string, string> = { 'kubernetes.io/hostname': name };
  for (const r of o.roles ?? []) labels[`node-role.kubernetes.io/${r}`] = '';
  return {
    apiVersion: 'v1', kind: 'Node', metadata: { name, creationTimestamp: ago('8d'), labels },
    spec: o.cordoned ? { unschedulable: true } : {},
    status: {
      conditions: [{ type: 'MemoryPressure', status: 'False' }, { type: 'Ready', status: o.ready ?? 'True' }],
      addresses: [{ type: 'InternalIP', address: ip }, { type: 'Hostname', address: name }],
      nodeInfo: { kubeletVersion: 'v1.32.2', osImage: 'Debian GNU/Linux 12 (bookworm)', kernelVersion: '6.8.0-45-generic',
        containerRuntimeVersion: 'containerd://1.7.24' },
    },
  };
}

/** NODES are the three kind nodes of §4.11. */
export const NODES: KubeObject[] = [
  node('kind-control-plane', '172.18.0.2', { roles: ['control-plane'] }),
  node('kind-worker', '172.18.0.3', {}),
  node('kind-worker2', '172.18.0.4', { ready: 'Unknown', cordoned: true }),
];

/**
 * mid returns the elapsed milliseconds in the middle of the interval humanDuration prints as
 * `text` (e.g. "120m" → 120m30s), so a capture taken a second earlier or later still shows
 * the same coarse age.
 */
export function mid(text: string): number {
  const ms = dur(text);
  const h = ms / 3_600_000;
  let half = 0;
  if (ms >= 600_000 && h < 8) half = 30_000;
  else if (h >= 8 && h < 192) half = 1_800_000;
  else if (h >= 192) half = 43_200_000;
  return ms + half;
}

/** agoAt returns the RFC 3339 timestamp mid(`text`) before `now`. */
export function agoAt(text: string, now: Date): string {
  return new Date(now.getTime() - mid(text)).toISOString();
}
