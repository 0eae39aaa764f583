import { describe, expect, it } from 'vitest';
import { resolveFieldRef } from './containers';
import type { KubeObject } from '../../api/meta';
import { describePod } from './pod';
import { ago, CONTAINER_ID, event, golden, IMAGE_DIGEST, kindPod, makeCtx, podConditions, type EventSpec } from './test-helpers';

const READY = podConditions(['True', 'True', 'True', 'True', 'True']);
const NOT_READY = podConditions(['True', 'True', 'False', 'False', 'True']);
const running = (startedAt: string): any => ({ running: { startedAt } });
const status = (name: string, image: string, state: any, extra: any = {}): any => ({
  name, image, imageID: `docker.io/library/${image.split(':')[0]}@${IMAGE_DIGEST}`, containerID: CONTAINER_ID,
  state, ready: false, restartCount: 0, ...extra,
});
const waiting = (name: string, image: string, reason: string): any => ({ name, image, imageID: '', state: { waiting: { reason } }, ready: false, restartCount: 0 });

interface Case { name: string; now: string; pod: KubeObject; events?: EventSpec[]; golden: string }

const cases: Case[] = [
  {
    name: 'running pod with scheduler and kubelet events',
    golden: 'pod-nginx',
    now: '2026-11-30T01:26:39Z',
    pod: kindPod({
      name: 'nginx', phase: 'Running', startTime: '2026-11-30T01:25:33Z', podIP: '10.244.1.21', volume: 'kube-api-access-7wq9d',
      containers: [{ name: 'nginx', image: 'nginx' }],
      statuses: [status('nginx', 'nginx', running('2026-11-30T01:25:37Z'), { ready: true })],
      conditions: READY,
    }),
    events: [
      { reason: 'Scheduled', from: 'default-scheduler', message: 'Successfully assigned default/nginx to kind-worker', first: 66, eventTime: true },
      { reason: 'Pulling', from: 'kubelet', message: 'Pulling image "nginx"', first: 66 },
      { reason: 'Pulled', from: 'kubelet', message: 'Successfully pulled image "nginx" in 2.946s (2.946s including waiting). Image size: 72195292 bytes.', first: 63 },
      { reason: 'Created', from: 'kubelet', message: 'Created container: nginx', first: 63 },
      { reason: 'Started', from: 'kubelet', message: 'Started container nginx', first: 62 },
    ],
  },
  {
    name: 'crash loop with last state and repeated events',
    golden: 'pod-crashy',
    now: '2026-11-30T01:26:40Z',
    pod: kindPod({
      name: 'crashy', phase: 'Running', startTime: '2026-11-30T01:23:13Z', podIP: '10.244.1.22', volume: 'kube-api-access-h8k3p',
      containers: [{ name: 'app', image: 'busybox:1.36', command: ['sh', '-c', 'echo starting; exit 1'] }],
      statuses: [status('app', 'busybox:1.36', { waiting: { reason: 'CrashLoopBackOff', message: 'back-off 1m20s' } }, {
        restartCount: 4,
        lastState: { terminated: { reason: 'Error', exitCode: 1, startedAt: '2026-11-30T01:25:25Z', finishedAt: '2026-11-30T01:25:25Z' } },
      })],
      conditions: NOT_READY,
    }),
    events: [
      { reason: 'Scheduled', from: 'default-scheduler', message: 'Successfully assigned default/crashy to kind-worker', first: 207, eventTime: true },
      { reason: 'Pulled', from: 'kubelet', message: 'Container image "busybox:1.36" already present on machine', first: 206, last: 75, count: 5 },
      { reason: 'Created', from: 'kubelet', message: 'Created container: app', first: 206, last: 75, count: 5 },
      { reason: 'Started', from: 'kubelet', message: 'Started container app', first: 206, last: 74, count: 5 },
      { type: 'Warning', reason: 'BackOff', from: 'kubelet', message: 'Back-off restarting failed container app in pod crashy_default(60745515-d6e9-429c-afb1-1a0c8b79e314)', first: 192, last: 28, count: 9 },
    ],
  },
  {
    name: 'OOMKilled container with limits equal to requests is Guaranteed',
    golden: 'pod-memhog',
    now: '2026-11-30T01:26:40Z',
    pod: kindPod({
      name: 'memhog', phase: 'Running', startTime: '2026-11-30T01:25:16Z', podIP: '10.244.1.23', volume: 'kube-api-access-c4n7x',
      containers: [{
        name: 'app', image: 'polinux/stress', command: ['stress'], args: ['--vm', '1', '--vm-bytes', '250M', '--vm-hang', '1'],
        resources: { limits: { cpu: '100m', memory: '100Mi' }, requests: { cpu: '100m', memory: '100Mi' } },
      }],
      statuses: [{
        ...status('app', 'polinux/stress', { terminated: { reason: 'OOMKilled', exitCode: 137, startedAt: '2026-11-30T01:26:09Z', finishedAt: '2026-11-30T01:26:10Z' } }, {
          restartCount: 2,
          lastState: { terminated: { reason: 'OOMKilled', exitCode: 137, startedAt: '2026-11-30T01:25:47Z', finishedAt: '2026-11-30T01:25:48Z' } },
        }),
        imageID: `docker.io/polinux/stress@${IMAGE_DIGEST}`,
      }],
      conditions: NOT_READY,
    }),
    events: [
      { reason: 'Scheduled', from: 'default-scheduler', message: 'Successfully assigned default/memhog to kind-worker', first: 84, eventTime: true },
      { reason: 'Pulled', from: 'kubelet', message: 'Successfully pulled image "polinux/stress" in 1.104s (1.104s including waiting). Image size: 4041495 bytes.', first: 82 },
      { reason: 'Pulling', from: 'kubelet', message: 'Pulling image "polinux/stress"', first: 83, last: 31, count: 3 },
      { reason: 'Created', from: 'kubelet', message: 'Created container: app', first: 82, last: 31, count: 3 },
      { reason: 'Started', from: 'kubelet', message: 'Started container app', first: 82, last: 30, count: 3 },
      { type: 'Warning', reason: 'BackOff', from: 'kubelet', message: 'Back-off restarting failed container app in pod memhog_default(24612203-dbc3-4706-a2db-c0a1af6a4136)', first: 50, last: 28, count: 2 },
    ],
  },
  {
    name: 'ports, probes, env sources, several volumes and a node selector',
    golden: 'pod-api',
    now: '2026-11-30T01:26:20Z',
    pod: kindPod({
      name: 'api', phase: 'Running', startTime: '2026-11-29T23:26:13Z', podIP: '10.244.1.24', volume: 'kube-api-access-p2v6z',
      labels: { tier: 'backend', app: 'api' },
      annotations: { 'prometheus.io/scrape': 'true', 'kubectl.kubernetes.io/last-applied-configuration': '{"kind":"Pod"}\n' },
      containers: [{
        name: 'api', image: 'registry.example.com/api:2.1.0',
        ports: [{ containerPort: 8080, protocol: 'TCP' }, { containerPort: 9090, protocol: 'TCP' }],
        resources: { limits: { memory: '128Mi' }, requests: { memory: '64Mi', cpu: '250m' } },
        livenessProbe: { httpGet: { path: '/healthz', port: 8080, scheme: 'HTTP' }, initialDelaySeconds: 10, timeoutSeconds: 1, periodSeconds: 10, successThreshold: 1, failureThreshold: 3 },
        readinessProbe: { tcpSocket: { port: 8080 }, timeoutSeconds: 1, periodSeconds: 5, successThreshold: 1, failureThreshold: 3 },
        envFrom: [{ configMapRef: { name: 'api-env' } }],
        env: [
          { name: 'LOG_LEVEL', value: 'debug' },
          { name: 'DB_PASSWORD', valueFrom: { secretKeyRef: { name: 'db', key: 'password' } } },
          { name: 'MODE', valueFrom: { configMapKeyRef: { name: 'api-config', key: 'mode' } } },
          { name: 'POD_NAME', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' } } },
        ],
        volumeMounts: [{ name: 'config', mountPath: '/etc/api', readOnly: true }, { name: 'cache', mountPath: '/cache' }],
      }],
      statuses: [{ ...status('api', 'api', running('2026-11-29T23:26:17Z'), { ready: true }), imageID: `registry.example.com/api@${IMAGE_DIGEST}` }],
      conditions: READY,
      extraVolumes: [{ name: 'config', configMap: { name: 'api-config' } }, { name: 'cache', emptyDir: {} }],
      nodeSelector: { 'kubernetes.io/os': 'linux' },
    }),
    events: [
      { type: 'Warning', reason: 'Unhealthy', from: 'kubelet', message: 'Readiness probe failed: dial tcp 10.244.1.24:8080: connect: connection refused', first: 7203, last: 7201, count: 2 },
    ],
  },
  {
    name: 'creating pod without IPs and no events',
    golden: 'pod-creating',
    now: '2026-11-30T01:26:20Z',
    pod: kindPod({
      name: 'creating', phase: 'Pending', startTime: '2026-11-30T01:26:15Z', volume: 'kube-api-access-k9f4j',
      containers: [{ name: 'app', image: 'nginx' }],
      statuses: [waiting('app', 'nginx', 'ContainerCreating')],
      conditions: podConditions(['False', 'True', 'False', 'False', 'True']),
    }),
  },
  {
    name: 'terminating pod shows grace period',
    golden: 'pod-old-pod',
    now: '2026-11-30T01:26:48Z',
    pod: kindPod({
      name: 'old-pod', phase: 'Running', startTime: '2026-11-28T01:26:18Z', podIP: '10.244.1.27', volume: 'kube-api-access-b5n8c',
      deletionTimestamp: '2026-11-30T01:26:48Z',
      containers: [{ name: 'app', image: 'nginx' }],
      statuses: [status('app', 'nginx', running('2026-11-29T01:32:57Z'), { ready: true })],
      conditions: READY,
    }),
    events: [{ reason: 'Killing', from: 'kubelet', message: 'Stopping container app', first: 30 }],
  },
  {
    name: 'two containers, one with a restart',
    golden: 'pod-sidecar-app',
    now: '2026-11-30T01:26:20Z',
    pod: kindPod({
      name: 'sidecar-app', phase: 'Running', startTime: '2026-11-30T01:16:08Z', podIP: '10.244.1.28', volume: 'kube-api-access-q1z7d',
      containers: [{ name: 'app', image: 'nginx' }, { name: 'log-shipper', image: 'fluent/fluent-bit:3.0' }],
      statuses: [
        status('app', 'nginx', running('2026-11-30T01:16:17Z'), { ready: true }),
        { ...status('log-shipper', 'fluent', running('2026-11-30T01:25:57Z'), {
          restartCount: 1, containerID: 'containerd://f00df00df00d',
          lastState: { terminated: { reason: 'Error', exitCode: 1, startedAt: '2026-11-30T01:21:17Z', finishedAt: '2026-11-30T01:25:56Z' } },
        }), imageID: `docker.io/fluent/fluent-bit@${IMAGE_DIGEST}` },
      ],
      conditions: NOT_READY,
    }),
  },
  {
    name: 'init container running while the app waits',
    golden: 'pod-with-init',
    now: '2026-11-30T01:26:20Z',
    pod: kindPod({
      name: 'with-init', phase: 'Pending', startTime: '2026-11-30T01:26:03Z', podIP: '10.244.1.29', volume: 'kube-api-access-j2m6v',
      initContainers: [{ name: 'init-db', image: 'busybox:1.36', command: ['sh', '-c', 'until nslookup db; do sleep 2; done'] }],
      initStatuses: [{ ...status('init-db', 'busybox:1.36', running('2026-11-30T01:26:03Z')), containerID: 'containerd://abab1212cdcd3434' }],
      containers: [{ name: 'app', image: 'nginx' }],
      statuses: [waiting('app', 'nginx', 'PodInitializing')],
      conditions: podConditions(['True', 'False', 'False', 'False', 'True']),
    }),
  },
  {
    name: 'unscheduled pod with requests is Burstable',
    golden: 'pod-pending-pod',
    now: '2026-11-30T01:26:20Z',
    pod: kindPod({
      name: 'pending-pod', phase: 'Pending', node: null, volume: 'kube-api-access-n4x8s',
      containers: [{ name: 'app', image: 'nginx', resources: { requests: { cpu: '16' } } }],
      conditions: [{ type: 'PodScheduled', status: 'False', reason: 'Unschedulable' }],
    }),
    events: [{
      type: 'Warning', reason: 'FailedScheduling', from: 'default-scheduler', first: 56, eventTime: true,
      message: '0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 1 node(s) had untolerated taint {node.kubernetes.io/unreachable: }, 1 Insufficient cpu. preemption: 0/3 nodes are available: 1 No preemption victims found for incoming pod, 2 Preemption is not helpful for scheduling.',
    }],
  },
  {
    name: 'controlled pod joins IP and Controlled By into one block',
    golden: 'pod-web-7c5ddbdf54-q9wtr',
    now: '2026-11-30T01:26:45Z',
    pod: kindPod({
      name: 'web-7c5ddbdf54-q9wtr', phase: 'Pending', startTime: '2026-11-30T01:25:13Z', podIP: '10.244.1.7', volume: 'kube-api-access-r7d2w',
      labels: { app: 'web', 'pod-template-hash': '7c5ddbdf54' }, owner: { kind: 'ReplicaSet', name: 'web-7c5ddbdf54' },
      containers: [{ name: 'nginx', image: 'nginx:1.27', ports: [{ containerPort: 80, protocol: 'TCP' }] }],
      statuses: [{ ...waiting('nginx', 'nginx:1.27', 'ImagePullBackOff'), containerID: undefined }],
      conditions: NOT_READY,
    }),
    events: [
      { reason: 'Scheduled', from: 'default-scheduler', message: 'Successfully assigned default/web-7c5ddbdf54-q9wtr to kind-worker', first: 92, eventTime: true },
      { reason: 'Pulling', from: 'kubelet', message: 'Pulling image "nginx:1.27"', first: 91, last: 47, count: 3 },
      { type: 'Warning', reason: 'Failed', from: 'kubelet', first: 90, last: 46, count: 3, message: 'Failed to pull image "nginx:1.27": failed to pull and unpack image "docker.io/library/nginx:1.27": failed to copy: httpReadSeeker: failed open: unexpected status code https://registry-1.docker.io/v2/library/nginx/manifests/sha256:0a399eb16751829e1af26fea27b20c3ec28d7ab1fb72182879dcae1cca21206a: 429 Too Many Requests' },
      { type: 'Warning', reason: 'Failed', from: 'kubelet', message: 'Error: ErrImagePull', first: 90, last: 46, count: 3 },
      { reason: 'BackOff', from: 'kubelet', message: 'Back-off pulling image "nginx:1.27"', first: 89, last: 32, count: 4 },
      { type: 'Warning', reason: 'Failed', from: 'kubelet', message: 'Error: ImagePullBackOff', first: 89, last: 32, count: 4 },
    ],
  },
];

describe('describePod', () => {
  for (const tc of cases) {
    it(tc.name, () => {
      const now = new Date(tc.now);
      const events = (tc.events ?? []).map((e) => event(now, e));
      expect(describePod(tc.pod, makeCtx(now, events))).toBe(golden(tc.golden));
    });
  }

  it('omits the Events section when showEvents is false', () => {
    const now = new Date('2026-11-30T01:26:20Z');
    const pod = cases[4]!.pod;
    const out = describePod(pod, { ...makeCtx(now), showEvents: false });
    expect(out).toBe(golden('pod-creating').replace('Events:                      <none>\n', ''));
  });

  it('prints the Terminating age from the deletion timestamp', () => {
    const now = new Date('2026-11-30T01:26:48Z');
    const pod = structuredClone(cases[5]!.pod);
    pod.metadata.deletionTimestamp = ago(now, 5);
    expect(describePod(pod, makeCtx(now))).toContain('Status:                    Terminating (lasts 5s)\n');
  });
});

describe('resolveFieldRef', () => {
  it('shows a downward-API env var only for the name and namespace, as kubectl 1.32 resolves them', () => {
    const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'ns', uid: 'u', labels: { app: 'a' } }, spec: { nodeName: 'n1' }, status: { podIP: '10.0.0.1' } };
    expect(['metadata.name', 'metadata.namespace'].map((f) => resolveFieldRef(pod, f))).toEqual(['p', 'ns']);
    for (const f of ['metadata.uid', 'metadata.labels', "metadata.labels['app']", 'spec.nodeName', 'status.podIP']) expect(resolveFieldRef(pod, f), f).toBe('');
  });
});
