/**
 * kubelet: runs the pods bound to each node — pulls images, creates and starts containers
 * (init containers first, in order), probes them, restarts them with back-off, reports
 * status and Events, and stops containers when a pod is deleted. One component serves
 * every node; a pod is handled by the kubelet of its spec.nodeName.
 * Mirrors the kubelet's pod workers (pkg/kubelet/kubelet.go SyncPod/SyncTerminatingPod) as
 * timed transitions in simulated time (see container-sync.ts); kubemu: containers are
 * processes of the emulated runtime (process.ts, shell.ts).
 */
import { staticPodUID } from '../api/mirror-pod';
import type { Container, ContainerStatus } from '../api/types/core-v1';
import type { KubeObject } from '../api/meta';
import { isPodTerminal } from '../api/pod-util';
import type { EventType } from '../apiserver/client';
import { isNotFound } from '../apiserver/errors';
import type { Controller, ReconcileContext, Request, Result } from '../sim/controller';
import { keyOf, requestFor } from '../sim/controller';
import { allocatePodIP } from '../network/ipam';
import { NETWORK_NOT_READY_ERROR, NETWORK_NOT_READY_EVENT, NETWORK_NOT_READY_MESSAGE, cniConfigured } from '../network/cni';
import { toISO } from '../sim/clock';
import { imageBinaryExists, imageInfo, normalizeImage } from './images';
import { FAILED_PRE_STOP_HOOK, PRE_STOP_FAILED_MESSAGE, type HookRun, runHook } from './lifecycle-hooks';
import { filesAt } from './process';
import { podRef } from './pod-ref';
import { mountFailure, referencedObjects } from './container-config';
import {
  CONTAINER_CREATING, FAILED_MOUNT, KILLING, POD_INITIALIZING, type ContainerSlot, type SyncEnv, type Transition, imageIDOf, modelOf, nodeHasImage,
} from './container-sync';
import type { PodRecord } from './kubelet-record';
import { nextTransition } from './next-stage';
import { NETWORK_WATCHES } from './network-waiters';
import { LOAD_WATCHES } from './load-oom';
import { podStatusFor, qosClass, unreadyMessage, withConditions } from './pod-status';
import { NODE_STOPPED_ANNOTATION } from '../api/kubelet-stopped';
import { ReconciledState } from '../sim/reconciled-state';

export { PULLING, PULLED, CREATED, STARTED, KILLING } from './container-sync';

export const NAME = 'kubelet';
/** MAX_TRANSITIONS bounds the transitions one reconcile replays (a long wall-clock gap). */
export const MAX_TRANSITIONS = 2000;

/** newKubelet makes the component that reconciles bound pods on every node. */
export function newKubelet(): Controller {
  // The nodes read in this pass: the pods of one node share it (markImagePresent keeps it current).
  const nodes = new Map<string, KubeObject | undefined>();
  const nodeNamed = (name: string, ctx: ReconcileContext) => {
    if (!nodes.has(name)) nodes.set(name, ctx.api.tryGet({ kind: 'Node', name }));
    return nodes.get(name);
  };
  // The version each pod's last sync left it at. A change that carries it is the kubelet's own
  // status write: upstream's pod config turns a status-only update into a reconcile, not a
  // SyncPod (kubelet/config's checkAndUpdatePod), and a sync replays every transition due by now.
  const synced = new ReconciledState();
  return {
    name: NAME,
    for: 'Pod',
    accepts: (pod, type, ctx) => !!pod.spec?.nodeName
      && !(type === 'MODIFIED' && ctx && synced.unchanged(ctx.api, keyOf(requestFor(pod)), pod.metadata.resourceVersion ?? '')),
    watches: [
      // A ConfigMap or Secret appearing (or changing) lets a pod stuck on it proceed.
      ...['ConfigMap', 'Secret'].map((kind) => ({
        kind,
        // A pod that refers to it holds its name as a JSON string: the others stay undecoded.
        map: (obj: KubeObject, ctx: ReconcileContext) => ctx.api.list({ kind: 'Pod', namespace: obj.metadata.namespace, mayContain: [JSON.stringify(obj.metadata.name)] })
          .filter((p) => p.spec?.nodeName && !isPodTerminal(p) && referencedObjects(p).includes(`${kind}/${obj.metadata.name}`))
          .map((p) => ({ namespace: p.metadata.namespace, name: p.metadata.name! })),
      })),
      // A Service or its Endpoints changing can end a container's wait on the network.
      ...NETWORK_WATCHES,
      // A load starting or stopping, or a backend's readiness changing, moves the memory its backends hold (OOM).
      ...LOAD_WATCHES,
      // A kubelet that starts again picks up what it missed while stopped: pods bound or deleted meanwhile.
      {
        kind: 'Node',
        map: (node: KubeObject, ctx: ReconcileContext) => (node.metadata.annotations?.[NODE_STOPPED_ANNOTATION] ? [] : ctx.api.podsOnNode(node.metadata.name!)
          .filter((p) => p.metadata.deletionTimestamp || !p.status?.startTime)
          .map((p) => ({ namespace: p.metadata.namespace, name: p.metadata.name! }))),
      },
    ],
    beginPass() {
      nodes.clear();
    },
    reconcile(req: Request, ctx: ReconcileContext): Result | void {
      const key = keyOf(req);
      synced.forget(ctx.api, key);
      const pod = ctx.api.tryGet({ kind: 'Pod', namespace: req.namespace, name: req.name });
      if (!pod?.spec?.nodeName) return;
      const node = nodeNamed(pod.spec.nodeName, ctx);
      if (!node || node.metadata.annotations?.[NODE_STOPPED_ANNOTATION]) return;
      if (pod.metadata.deletionTimestamp) return terminate(pod, node, ctx);
      if (isPodTerminal(pod)) return;
      // A pod admitted now is written once, with what its first sync did.
      const done = sync(pod.status?.startTime ? pod : admit(pod, node, ctx), node, ctx, pod);
      if (done.version !== undefined) synced.reconciled(ctx.api, key, done.version);
      return done.result;
    },
  };
}

function source(node: KubeObject) {
  return { component: NAME, host: node.metadata.name };
}

function containerRef(pod: KubeObject, fieldPath: string) {
  // A static pod is the kubelet's own, with the UID of its manifest and no resourceVersion: its events name that.
  const staticUID = staticPodUID(pod);
  return {
    kind: 'Pod', namespace: pod.metadata.namespace, name: pod.metadata.name, uid: staticUID ?? pod.metadata.uid,
    apiVersion: 'v1', ...(staticUID ? {} : { resourceVersion: pod.metadata.resourceVersion }), fieldPath,
  };
}

/** admit accepts a newly bound pod: Pending with its containers waiting, startTime now (returned, not written). */
function admit(pod: KubeObject, node: KubeObject, ctx: ReconcileContext): KubeObject {
  const nowISO = ctx.clock.nowISO();
  const inits: { name: string; image: string; restartPolicy?: string }[] = pod.spec.initContainers ?? [];
  const names = (pod.spec.containers ?? []).map((c: { name: string }) => c.name);
  const hostIP = node.status?.addresses?.find((a: { type: string }) => a.type === 'InternalIP')?.address;
  const waiting = (reason: string) => (c: { name: string; image: string; restartPolicy?: string }) => ({
    image: c.image, imageID: '', lastState: {}, name: c.name, ready: false, restartCount: 0, started: false,
    state: { waiting: { reason } },
  });
  const status: Record<string, unknown> = {
    ...(pod.status ?? {}),
    phase: 'Pending',
    conditions: withConditions(pod.status?.conditions, [
      { type: 'PodReadyToStartContainers', status: 'False' },
      inits.length
        ? { type: 'Initialized', status: 'False', reason: 'ContainersNotInitialized', message: `containers with incomplete status: [${inits.map((c) => c.name).join(' ')}]` }
        : { type: 'Initialized', status: 'True' },
      { type: 'Ready', status: 'False', reason: 'ContainersNotReady', message: unreadyMessage(names) },
      { type: 'ContainersReady', status: 'False', reason: 'ContainersNotReady', message: unreadyMessage(names) },
      { type: 'PodScheduled', status: 'True' },
    ], nowISO),
    hostIP, hostIPs: hostIP ? [{ ip: hostIP }] : undefined,
    startTime: nowISO,
    initContainerStatuses: inits.length ? inits.map(waiting(POD_INITIALIZING)) : undefined,
    containerStatuses: (pod.spec.containers ?? []).map(waiting(inits.length ? POD_INITIALIZING : CONTAINER_CREATING)),
    qosClass: qosClass(pod),
  };
  if (!hostIP) { delete status.hostIP; delete status.hostIPs; }
  if (!inits.length) delete status.initContainerStatuses;
  return { ...pod, status: orderStatus(status) };
}

/** slotsOf pairs each container with its status and when it may begin (init containers in order). */
function slotsOf(pod: KubeObject, status: Record<string, any>): { inits: ContainerSlot[]; apps: ContainerSlot[]; initializedAt?: number } {
  const startMs = Date.parse(status.startTime);
  // Statuses by name: a pod of a thousand containers must not search them per container.
  const byName = (list: { name: string }[] | undefined) => new Map((list ?? []).map((s) => [s.name, s]));
  const initStatuses = byName(status.initContainerStatuses);
  const inits: ContainerSlot[] = (pod.spec.initContainers ?? []).map((c: { name: string; restartPolicy?: string }) => ({
    spec: c, init: true, sidecar: c.restartPolicy === 'Always', status: initStatuses.get(c.name),
  }));
  let ready: number | undefined = startMs;
  for (const s of inits) {
    s.beginAt = ready;
    if (ready === undefined) continue;
    const st = s.status?.state ?? {};
    if (s.sidecar) {
      ready = s.status?.started && st.running ? Date.parse(st.running.startedAt) : undefined;
    } else {
      ready = st.terminated && st.terminated.exitCode === 0 ? Date.parse(st.terminated.finishedAt) : undefined;
    }
  }
  const appStatuses = byName(status.containerStatuses);
  const apps: ContainerSlot[] = (pod.spec.containers ?? []).map((c: { name: string }) => ({
    spec: c, init: false, sidecar: false, beginAt: ready, status: appStatuses.get(c.name),
  }));
  return { inits, apps, initializedAt: ready };
}

/**
 * ephemeralSlots pairs each ephemeral container with its status, adding a waiting one for a
 * container the kubelet sees for the first time. An ephemeral container begins when it is
 * first seen (once the pod is initialized), not at the pod's start.
 */
function ephemeralSlots(pod: KubeObject, status: Record<string, any>, env: SyncEnv, initializedAt: number | undefined): ContainerSlot[] {
  const specs: { name: string; image: string }[] = pod.spec.ephemeralContainers ?? [];
  if (!specs.length) return [];
  const statuses: ContainerStatus[] = (status.ephemeralContainerStatuses ??= []);
  return specs.map((c) => {
    let s = statuses.find((x) => x.name === c.name);
    if (!s) {
      s = { image: c.image, imageID: '', lastState: {}, name: c.name, ready: false, restartCount: 0, state: { waiting: { reason: CONTAINER_CREATING } } };
      statuses.push(s);
    }
    const rec = env.record(c.name);
    rec.ephemeralSince ??= env.now;
    const beginAt = initializedAt === undefined ? undefined : Math.max(initializedAt, rec.ephemeralSince);
    return { spec: c, init: false, sidecar: false, ephemeral: true, beginAt, status: s };
  });
}

/**
 * Synced is what a sync did: its result, and the version it left the pod at when it replayed
 * everything due (undefined when MAX_TRANSITIONS cut it short: its own write must wake it again).
 */
interface Synced { result: Result | void; version?: string }

/**
 * sync replays every transition due by now, then writes the status once (if it differs from
 * the stored pod's) and asks to be back at the next one.
 */
function sync(pod: KubeObject, node: KubeObject, ctx: ReconcileContext, stored: KubeObject): Synced {
  const now = ctx.clock.nowMs();
  const status: Record<string, any> = structuredClone(pod.status);
  const before = JSON.stringify(stored.status);
  const nodeName = node.metadata.name!;
  const uid = pod.metadata.uid!;
  // The kubelet's own record of the pod (back-off entries, pulls, probe reports): read once, written once if it changed.
  const record: PodRecord = ctx.api.nodeLocalState<PodRecord>(nodeName, uid) ?? { containers: {} };
  const recordBefore = JSON.stringify(record);
  let version = stored.metadata.resourceVersion;
  const flush = () => {
    if (JSON.stringify(status) !== before) version = ctx.api.updateStatus({ ...pod, status: orderStatus(status) }, { fieldManager: NAME }).metadata.resourceVersion;
    const kept = compactRecord(record);
    if (JSON.stringify(kept ?? { containers: {} }) !== recordBefore) ctx.api.setNodeLocalState(nodeName, uid, kept);
  };
  const env: SyncEnv = {
    pod: { ...pod, status }, node, api: ctx.api, now,
    emit: (fieldPath: string, type: EventType, reason: string, message: string) => {
      ctx.api.recordEvent(containerRef(pod, fieldPath), type, reason, message, source(node));
    },
    record: (name: string) => (record.containers[name] ??= {}),
    onStart: () => {
      if (!status.podIP) {
        const ip = pod.spec.hostNetwork ? status.hostIP
          : allocatePodIP(node, ctx.api.podIPsOnNode(nodeName).filter((ip) => ip !== pod.status?.podIP));
        if (ip) { status.podIP = ip; status.podIPs = [{ ip }]; }
      }
      return status.podIP ?? '';
    },
    onPulled: (image: string) => markImagePresent(node, image, ctx),
    containerID: () => `containerd://${ctx.rand.hex(64)}`,
    started: new Map(),
  };
  // Without a pod network the runtime creates no sandbox: only host-network pods start (kubelet syncPod's networkErrors check).
  if (!pod.spec.hostNetwork && !cniConfigured(nodeName, ctx.api)) {
    const msg = `${NETWORK_NOT_READY_ERROR}: ${NETWORK_NOT_READY_MESSAGE}`;
    if (record.networkNotReady !== msg) {
      ctx.api.recordEvent({ ...containerRef(pod, ''), fieldPath: undefined }, 'Warning', NETWORK_NOT_READY_EVENT, msg, source(node));
      record.networkNotReady = msg;
    }
    flush();
    // Nothing the kubelet watches changes when a CNI agent writes its config: look again, lazily.
    return { result: { requeueAfterMs: 10_000, lazy: true }, version };
  }
  delete record.networkNotReady;
  // Volumes are set up before any container: a missing ConfigMap/Secret keeps the pod ContainerCreating.
  const mount = mountFailure(pod, ctx.api);
  if (mount) {
    const msg = `MountVolume.SetUp failed for volume "${mount.volume}" : ${mount.message}`;
    if (record.mountFailure !== msg) {
      ctx.api.recordEvent({ ...containerRef(pod, ''), fieldPath: undefined }, 'Warning', FAILED_MOUNT, msg, source(node));
      record.mountFailure = msg;
    }
    flush();
    return { result: undefined, version };
  }
  delete record.mountFailure;
  let next: number | undefined;
  // A container's next transition depends on its own status and record, on when it may begin
  // (the init containers) and on the pod IP: it is kept until one of those changes, so a pass
  // over n containers computes O(n) transitions, not n per transition applied.
  const transitions = new Map<ContainerSlot['spec'], Transition | undefined>();
  let slots = slotsOf(pod, status);
  const ephemerals = ephemeralSlots(pod, status, env, slots.initializedAt);
  let caughtUp = false;
  for (let n = 0; n < MAX_TRANSITIONS; n++) {
    let best: Transition | undefined;
    let bestSlot: ContainerSlot | undefined;
    for (const slot of [...slots.inits, ...slots.apps, ...ephemerals]) {
      if (!slot.status) continue;
      if (!transitions.has(slot.spec)) transitions.set(slot.spec, nextTransition(env, slot));
      const t = transitions.get(slot.spec);
      if (t && (!best || t.at < best.at)) { best = t; bestSlot = slot; }
    }
    if (!best || best.at > now) { next = best?.at; recompute(pod, status, slots.initializedAt, now); caughtUp = true; break; }
    const podIP = status.podIP;
    best.apply();
    transitions.delete(bestSlot!.spec);
    if (bestSlot!.init || status.podIP !== podIP) {
      transitions.clear();
      slots = slotsOf(pod, status);
    }
    recompute(pod, status, slots.initializedAt, best.at);
    if (status.phase === 'Succeeded' || status.phase === 'Failed') { caughtUp = true; break; }
  }
  flush();
  if (!caughtUp) return { result: undefined };
  if (status.phase === 'Succeeded' || status.phase === 'Failed') return { result: undefined, version };
  return { result: next !== undefined ? { requeueAfterMs: Math.max(0, next - now) } : undefined, version };
}

/** compactRecord drops what the record holds nothing for, and the whole record when it is empty (no row). */
function compactRecord(record: PodRecord): PodRecord | undefined {
  for (const [name, c] of Object.entries(record.containers)) if (!Object.keys(c).length) delete record.containers[name];
  return Object.keys(record.containers).length || record.mountFailure || record.networkNotReady ? record : undefined;
}

/** recompute derives phase and conditions from the container statuses, as of time at. */
function recompute(pod: KubeObject, status: Record<string, any>, initializedAt: number | undefined, at: number): void {
  const derived = podStatusFor(pod, status, initializedAt !== undefined && initializedAt <= at);
  status.phase = derived.phase;
  const iso = toISO(at);
  const init = pod.spec.initContainers ?? [];
  const incomplete = init.filter((c: { name: string; restartPolicy?: string }) => {
    const s = (status.initContainerStatuses ?? []).find((x: { name: string }) => x.name === c.name);
    return c.restartPolicy === 'Always' ? !s?.started : !(s?.state?.terminated?.exitCode === 0);
  }).map((c: { name: string }) => c.name);
  const terminal = derived.phase === 'Succeeded' || derived.phase === 'Failed';
  const unready = [...(status.initContainerStatuses ?? []).filter((s: ContainerStatus) => init.find((c: Container) => c.name === s.name)?.restartPolicy === 'Always'), ...(status.containerStatuses ?? [])]
    .filter((s: { ready?: boolean }) => !s.ready).map((s: { name: string }) => s.name);
  const anyStarted = [...(status.initContainerStatuses ?? []), ...(status.containerStatuses ?? [])].some((s: ContainerStatus) => s.containerID);
  const readyCond = terminal
    ? { status: 'False' as const, reason: derived.phase === 'Succeeded' ? 'PodCompleted' : 'PodFailed' }
    : unready.length ? { status: 'False' as const, reason: 'ContainersNotReady', message: unreadyMessage(unready) } : { status: 'True' as const };
  status.conditions = withConditions(status.conditions, [
    { type: 'PodReadyToStartContainers', status: anyStarted && !terminal ? 'True' : 'False' },
    incomplete.length && !initializedAt
      ? { type: 'Initialized', status: 'False', reason: 'ContainersNotInitialized', message: `containers with incomplete status: [${incomplete.join(' ')}]` }
      : { type: 'Initialized', status: 'True', ...(terminal && derived.phase === 'Succeeded' && init.length ? { reason: 'PodCompleted' } : {}) },
    { type: 'Ready', ...readyCond },
    { type: 'ContainersReady', ...readyCond },
  ], iso);
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

/** markImagePresent lists a pulled image on the node, keeping the pass's copy of the node current. */
function markImagePresent(node: KubeObject, image: string, ctx: ReconcileContext): void {
  // The pass's copy is current: an image it lists is stored already (most pulls after a node's first).
  if (nodeHasImage(node, image)) return;
  const fresh = ctx.api.get({ kind: 'Node', name: node.metadata.name! });
  if (nodeHasImage(fresh, image)) { Object.assign(node, fresh); return; }
  const images = fresh.status?.images ?? [];
  const entry = { names: [imageIDOf(image), normalizeImage(image)], sizeBytes: imageInfo(image).sizeBytes };
  const next = [...images, entry].sort((a, b) => (b.sizeBytes ?? 0) - (a.sizeBytes ?? 0));
  Object.assign(node, ctx.api.updateStatus({ ...fresh, status: { ...fresh.status, images: next } }, { fieldManager: NAME }));
}

/** terminate stops a deleted pod's containers and removes the pod once they are down. */
function terminate(pod: KubeObject, node: KubeObject, ctx: ReconcileContext): Result | void {
  const now = ctx.clock.nowMs();
  const grace = pod.metadata.deletionGracePeriodSeconds ?? 30;
  const began = Date.parse(pod.metadata.deletionTimestamp!) - grace * 1000;
  const all = [...(pod.status?.initContainerStatuses ?? []).map((s: ContainerStatus) => ({ s, init: true })), ...(pod.status?.containerStatuses ?? []).map((s: ContainerStatus) => ({ s, init: false }))];
  const running = all.filter(({ s }) => s.state?.running);
  const specs = [...(pod.spec.initContainers ?? []), ...(pod.spec.containers ?? [])];
  // Each container runs its preStop hook, then is asked to stop (killContainer): it stops at
  // SIGTERM when its process does (the image's server as PID 1, itself or exec'd by a shell; a
  // shell as PID 1 ignores it unless it traps it), else it is killed when the grace period left
  // after the hook ends.
  const stops = running.map(({ s, init }) => {
    const c = specs.find((x: { name: string }) => x.name === s.name);
    const slot = c && { spec: c, status: s, init, sidecar: init && c.restartPolicy === 'Always' };
    const startMs = Date.parse(s.state!.running!.startedAt!);
    let made: ReturnType<typeof modelOf> | undefined;
    const built = () => (made ??= modelOf({ pod, api: ctx.api, node }, slot!, startMs));
    const hook = c?.lifecycle?.preStop && grace > 0 ? preStopRun(pod, c, built(), startMs, began) : undefined;
    const hookMs = hook ? Math.min(hook.durationMs, grace * 1000) : 0;
    // The grace period left after a hook is counted in whole seconds, and is at least 2 (minimumGracePeriodInSeconds).
    const left = hook ? Math.max(2, grace - Math.floor(hookMs / 1000)) * 1000 : grace * 1000;
    // The image's own command is its server: only a command or args of the pod's need the process model.
    const prompt = !!c && imageInfo(c.image).stopsOnSigterm && (!c.command && !c.args ? true : built().model.stopsOnSigterm);
    // A shell that traps SIGTERM ends when its trap ends it (at the end of the command it runs then).
    const termAt = began + hookMs - startMs;
    const trapped = !prompt && c && (c.command || c.args) ? built().model.sigtermExit?.(termAt) : undefined;
    const byTrap = trapped && trapped.atMs - termAt < left ? Math.max(0, trapped.atMs - termAt) : undefined;
    return { s, init, hook, hookMs, stopMs: hookMs + (prompt ? Math.min(left, 1000) : byTrap ?? left) };
  });
  const stopAt = began + Math.max(0, ...stops.map((x) => x.stopMs));
  // The kubelet sees the deletion within the second it happens; that is when it asks the containers to stop.
  if (running.length && now < began + 1000) {
    for (const { s, init } of running) {
      ctx.api.recordEvent(containerRef(pod, `${init ? 'spec.initContainers' : 'spec.containers'}{${s.name}}`), 'Normal', KILLING, `Stopping container ${s.name}`, source(node));
    }
  }
  // A preStop hook that fails within the grace period is reported when it ends.
  const failed = stops.filter((x) => x.hook && !x.hook.ok && x.hook.durationMs <= grace * 1000);
  for (const { s, init, hookMs } of failed) {
    if (now >= began + hookMs && now < began + hookMs + 1000) {
      ctx.api.recordEvent(containerRef(pod, `${init ? 'spec.initContainers' : 'spec.containers'}{${s.name}}`), 'Warning', FAILED_PRE_STOP_HOOK, PRE_STOP_FAILED_MESSAGE, source(node));
    }
  }
  const nextReport = failed.map((x) => began + x.hookMs).filter((at) => at > now).sort((a, b) => a - b)[0];
  if (nextReport !== undefined && nextReport < stopAt) return { requeueAfterMs: nextReport - now };
  if (now < stopAt && running.length) return { requeueAfterMs: stopAt - now };
  try {
    ctx.api.delete({ kind: 'Pod', namespace: pod.metadata.namespace, name: pod.metadata.name! }, { fieldManager: NAME, gracePeriodSeconds: 0 });
  } catch (e) {
    if (!isNotFound(e)) throw e;
  }
}

/** preStopRun runs a container's preStop hook at atMs against the container as it is then (started at startMs), as an exec probe runs. */
function preStopRun(pod: KubeObject, c: Container, { model, cfg }: ReturnType<typeof modelOf>, startMs: number, atMs: number): HookRun {
  const t = Math.max(0, atMs - startMs);
  const info = imageInfo(c.image ?? '');
  const exited = !!model.program.exit && model.program.exit.atMs <= t;
  return runHook(c.lifecycle!.preStop, {
    container: c, serves: (port) => !exited && model.program.serves.includes(port), pod: podRef(pod), podIP: pod.status?.podIP ?? '',
    shell: { env: cfg.env, files: () => filesAt(cfg, model.program, t), startMs: atMs, shell: info.shell === 'bash' ? 'bash' : 'sh', binary: (a) => (imageBinaryExists(info, a[0] ?? '') ? 'exists' : undefined) },
  });
}
