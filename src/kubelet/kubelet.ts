/**
 * kubelet: runs the pods bound to each node — pulls images, creates and starts containers,
 * reports status, and stops containers when a pod is deleted. One component serves every
 * node; a pod is handled by the kubelet of its spec.nodeName.
 * Mirrors the kubelet's pod workers (pkg/kubelet/kubelet.go SyncPod/SyncTerminatingPod) as
 * timed stages in simulated time; kubemu: containers are processes of the emulated runtime.
 */
import type { KubeObject } from '../api/meta';
import { isPodTerminal } from '../api/pod-util';
import { isNotFound } from '../apiserver/errors';
import type { Controller, ReconcileContext, Request, Result } from '../controllers/controller';
import { allocatePodIP } from '../network/ipam';
import { imageInfo, normalizeImage } from './images';
import { CREATE_START_MS, goDuration, jitter, pullDurationMs } from './timing';
import { qosClass, unreadyMessage, withConditions } from './pod-status';

export const NAME = 'kubelet';
export const PULLING = 'Pulling';
export const PULLED = 'Pulled';
export const CREATED = 'Created';
export const STARTED = 'Started';
export const KILLING = 'Killing';
/** NODE_STOPPED_ANNOTATION marks a node whose kubelet is stopped (kubemu node stop). */
export const NODE_STOPPED_ANNOTATION = 'kubemu.io/kubelet-stopped';

interface ContainerPlan { name: string; image: string; pullMs: number; present: boolean; readyAt: number }

/** kubeletController reconciles bound pods on every node. */
export const kubeletController: Controller = {
  name: NAME,
  for: 'Pod',
  accepts: (pod) => !!pod.spec?.nodeName,
  reconcile(req: Request, ctx: ReconcileContext): Result | void {
    const pod = ctx.api.tryGet({ kind: 'Pod', namespace: req.namespace, name: req.name });
    if (!pod?.spec?.nodeName) return;
    const node = ctx.api.tryGet({ kind: 'Node', name: pod.spec.nodeName });
    if (!node || node.metadata.annotations?.[NODE_STOPPED_ANNOTATION]) return;
    if (pod.metadata.deletionTimestamp) return terminate(pod, node, ctx);
    if (isPodTerminal(pod)) return;
    if (!pod.status?.startTime) return admit(pod, node, ctx);
    return progress(pod, node, ctx);
  },
};

function source(node: KubeObject) {
  return { component: NAME, host: node.metadata.name };
}

function containerRef(pod: KubeObject, name: string) {
  return {
    kind: 'Pod', namespace: pod.metadata.namespace, name: pod.metadata.name, uid: pod.metadata.uid,
    apiVersion: 'v1', resourceVersion: pod.metadata.resourceVersion, fieldPath: `spec.containers{${name}}`,
  };
}

function nodeHasImage(node: KubeObject, image: string): boolean {
  const ref = normalizeImage(image);
  return (node.status?.images ?? []).some((i: { names?: string[] }) => i.names?.includes(ref));
}

/** plan lays out when each container's image is ready and it starts, pulling serially from startTime. */
function plan(pod: KubeObject, node: KubeObject, startMs: number): ContainerPlan[] {
  let t = startMs;
  return (pod.spec.containers ?? []).map((c: { name: string; image: string; imagePullPolicy?: string }) => {
    const present = c.imagePullPolicy !== 'Always' && (nodeHasImage(node, c.image) || pod.status?.containerStatuses?.some((s: { name: string; imageID?: string }) => s.name === c.name && s.imageID));
    const pullMs = present ? 0 : pullDurationMs(imageInfo(c.image).sizeBytes, `${pod.metadata.uid}/${c.name}`);
    t += pullMs;
    const readyAt = t + Math.round(CREATE_START_MS * (0.5 + jitter(`${pod.metadata.uid}/${c.name}/start`)));
    return { name: c.name, image: c.image, pullMs, present, readyAt };
  });
}

function admit(pod: KubeObject, node: KubeObject, ctx: ReconcileContext): Result | void {
  const now = ctx.clock.nowMs();
  const nowISO = ctx.clock.nowISO();
  const names = (pod.spec.containers ?? []).map((c: { name: string }) => c.name);
  const hostIP = node.status?.addresses?.find((a: { type: string }) => a.type === 'InternalIP')?.address;
  const status: Record<string, unknown> = {
    ...(pod.status ?? {}),
    phase: 'Pending',
    conditions: withConditions(pod.status?.conditions, [
      { type: 'PodReadyToStartContainers', status: 'False' },
      { type: 'Initialized', status: 'True' },
      { type: 'Ready', status: 'False', reason: 'ContainersNotReady', message: unreadyMessage(names) },
      { type: 'ContainersReady', status: 'False', reason: 'ContainersNotReady', message: unreadyMessage(names) },
      { type: 'PodScheduled', status: 'True' },
    ], nowISO),
    hostIP, hostIPs: hostIP ? [{ ip: hostIP }] : undefined,
    startTime: nowISO,
    containerStatuses: (pod.spec.containers ?? []).map((c: { name: string; image: string }) => ({
      image: c.image, imageID: '', lastState: {}, name: c.name, ready: false, restartCount: 0, started: false,
      state: { waiting: { reason: 'ContainerCreating' } },
    })),
    qosClass: qosClass(pod),
  };
  if (!hostIP) { delete status.hostIP; delete status.hostIPs; }
  const updated = ctx.api.updateStatus({ ...pod, status }, { fieldManager: NAME });
  const steps = plan(updated, node, now);
  const first = steps[0];
  if (first) recordPull(updated, node, first, ctx, true);
  return { requeueAfterMs: Math.max(0, (first?.pullMs ?? 0)) };
}

function recordPull(pod: KubeObject, node: KubeObject, step: ContainerPlan, ctx: ReconcileContext, starting: boolean): void {
  const ref = containerRef(pod, step.name);
  if (step.present) {
    if (starting) ctx.api.recordEvent(ref, 'Normal', PULLED, `Container image "${step.image}" already present on machine`, source(node));
    return;
  }
  if (starting) ctx.api.recordEvent(ref, 'Normal', PULLING, `Pulling image "${step.image}"`, source(node));
  else {
    const d = goDuration(step.pullMs);
    ctx.api.recordEvent(ref, 'Normal', PULLED,
      `Successfully pulled image "${step.image}" in ${d} (${d} including waiting). Image size: ${imageInfo(step.image).sizeBytes} bytes.`, source(node));
  }
}

function progress(pod: KubeObject, node: KubeObject, ctx: ReconcileContext): Result | void {
  const now = ctx.clock.nowMs();
  const start = Date.parse(pod.status.startTime);
  const steps = plan(pod, node, start);
  const statuses: Record<string, unknown>[] = structuredClone(pod.status.containerStatuses ?? []);
  let changed = false;
  let next: number | undefined;
  let pullEnd = start;
  for (const step of steps) {
    const cs = statuses.find((s) => s.name === step.name);
    if (!cs || (cs.state as { running?: unknown }).running) { pullEnd += step.pullMs; continue; }
    const pulledAt = pullEnd + step.pullMs;
    pullEnd = pulledAt;
    if (now < pulledAt) { next = Math.min(next ?? Infinity, pulledAt); break; }
    if (now < step.readyAt) {
      next = Math.min(next ?? Infinity, step.readyAt);
      if (!cs.imageID) {
        recordPull(pod, node, step, ctx, false);
        cs.imageID = imageID(step.image, pod);
        changed = true;
        markImagePresent(node, step.image, ctx);
        const following = steps[steps.indexOf(step) + 1];
        if (following) recordPull(pod, node, following, ctx, true);
      }
      continue;
    }
    if (!cs.imageID) {
      recordPull(pod, node, step, ctx, false);
      markImagePresent(node, step.image, ctx);
      const following = steps[steps.indexOf(step) + 1];
      if (following) recordPull(pod, node, following, ctx, true);
    }
    const ref = containerRef(pod, step.name);
    ctx.api.recordEvent(ref, 'Normal', CREATED, `Created container: ${step.name}`, source(node));
    ctx.api.recordEvent(ref, 'Normal', STARTED, `Started container ${step.name}`, source(node));
    Object.assign(cs, {
      containerID: `containerd://${ctx.rand.hex(64)}`,
      image: normalizeImage(step.image),
      imageID: imageID(step.image, pod),
      ready: true, started: true,
      state: { running: { startedAt: ctx.clock.nowISO() } },
    });
    changed = true;
  }
  if (!changed) return next !== undefined ? { requeueAfterMs: next - now } : undefined;
  const allRunning = statuses.every((s) => (s.state as { running?: unknown }).running);
  const unready = statuses.filter((s) => !s.ready).map((s) => s.name as string);
  const nowISO = ctx.clock.nowISO();
  const status: Record<string, unknown> = { ...pod.status, containerStatuses: statuses };
  if (allRunning) {
    status.phase = 'Running';
    const ip = pod.spec.hostNetwork ? pod.status.hostIP : allocatePodIP(node, ctx.api.podsOnNode(node.metadata.name!).filter((p) => p.metadata.uid !== pod.metadata.uid));
    if (ip) { status.podIP = ip; status.podIPs = [{ ip }]; }
    status.conditions = withConditions(pod.status.conditions, [
      { type: 'PodReadyToStartContainers', status: 'True' },
      ...(unready.length ? [] : [{ type: 'Ready', status: 'True' as const }, { type: 'ContainersReady', status: 'True' as const }]),
    ], nowISO);
  }
  ctx.api.updateStatus({ ...pod, status: orderStatus(status) }, { fieldManager: NAME });
  return next !== undefined ? { requeueAfterMs: next - now } : undefined;
}

// PodStatus's Go field order, so -o json reads like the API's.
function orderStatus(s: Record<string, unknown>): Record<string, unknown> {
  const order = ['phase', 'conditions', 'message', 'reason', 'nominatedNodeName', 'hostIP', 'hostIPs', 'podIP', 'podIPs', 'startTime',
    'initContainerStatuses', 'containerStatuses', 'qosClass', 'ephemeralContainerStatuses', 'resize'];
  const out: Record<string, unknown> = {};
  for (const k of order) if (s[k] !== undefined) out[k] = s[k];
  for (const k of Object.keys(s)) if (!(k in out) && s[k] !== undefined) out[k] = s[k];
  return out;
}

function imageID(image: string, pod: KubeObject): string {
  const ref = normalizeImage(image);
  const repo = ref.slice(0, ref.lastIndexOf(':') > ref.lastIndexOf('/') ? ref.lastIndexOf(':') : ref.length);
  let digest = '';
  for (let i = 0; digest.length < 64; i++) digest += Math.floor(jitter(`${ref}#${i}`) * 16).toString(16);
  void pod;
  return `${repo}@sha256:${digest}`;
}

function markImagePresent(node: KubeObject, image: string, ctx: ReconcileContext): void {
  const fresh = ctx.api.get({ kind: 'Node', name: node.metadata.name! });
  const ref = normalizeImage(image);
  const images: { names: string[]; sizeBytes: number }[] = fresh.status?.images ?? [];
  if (images.some((i) => i.names.includes(ref))) return;
  const entry = { names: [imageID(image, fresh), ref], sizeBytes: imageInfo(image).sizeBytes };
  const next = [...images, entry].sort((a, b) => b.sizeBytes - a.sizeBytes);
  ctx.api.updateStatus({ ...fresh, status: { ...fresh.status, images: next } }, { fieldManager: NAME });
  Object.assign(node, ctx.api.get({ kind: 'Node', name: node.metadata.name! }));
}

/** terminate stops a deleted pod's containers and removes the pod once they are down. */
function terminate(pod: KubeObject, node: KubeObject, ctx: ReconcileContext): Result | void {
  const now = ctx.clock.nowMs();
  const grace = pod.metadata.deletionGracePeriodSeconds ?? 30;
  const began = Date.parse(pod.metadata.deletionTimestamp!) - grace * 1000;
  const running = (pod.status?.containerStatuses ?? []).filter((s: { state?: { running?: unknown } }) => s.state?.running);
  const prompt = (pod.spec.containers ?? []).every((c: { image: string; command?: string[] }) => imageInfo(c.image).stopsOnSigterm && !c.command);
  const stopAt = began + (prompt ? Math.min(grace * 1000, 1000) : grace * 1000);
  // The kubelet sees the deletion within the second it happens; that is when it asks the containers to stop.
  if (running.length && now < began + 1000) {
    for (const s of running) ctx.api.recordEvent(containerRef(pod, s.name), 'Normal', KILLING, `Stopping container ${s.name}`, source(node));
  }
  if (now < stopAt && running.length) return { requeueAfterMs: stopAt - now };
  try {
    ctx.api.delete({ kind: 'Pod', namespace: pod.metadata.namespace, name: pod.metadata.name! }, { fieldManager: NAME, gracePeriodSeconds: 0 });
  } catch (e) {
    if (!isNotFound(e)) throw e;
  }
}
