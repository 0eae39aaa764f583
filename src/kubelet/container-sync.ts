/**
 * container-sync: one container's life on the node, the engine of its stages (stages.ts):
 * image decision and pull (or pull failure and back-off), create/start (or config and start
 * errors), probes, exit/OOM/liveness kill, and restart with crash back-off. The state is the
 * container's status plus the kubelet's own record of the pod (kubelet-record.ts: back-off
 * entries, the pull in flight, the probe failures reported), so every stage's time is
 * derivable and a reconcile at any moment replays exactly the stages that fell due. Events are
 * output only: nothing here reads them.
 * Mirrors pkg/kubelet/kuberuntime (computePodActions, startContainer, doBackOff) and
 * pkg/kubelet/images/image_manager.go EnsureImageExists.
 */
import { formatDuration } from '../api/duration';
import { milliValue, tryParseQuantity } from '../api/quantity';
import type { KubeObject } from '../api/meta';
import type { ApiClient, EventType } from '../apiserver/client';
import { toISO } from '../sim/clock';
import type { ContainerConfig } from './container-config';
import { containerConfig } from './container-config';
import { nonRootViolation } from './run-as-non-root';
import { imageInfo, normalizeImage } from './images';
import { podRef } from './pod-ref';
import { DEFAULT_CPUS, type ProcessModel, containerProcess } from './process';
import type { ContainerRecord } from './kubelet-record';
import { attachedStdinOf } from './attached-stdin';
import type { NetContext } from './net-tools';
import { CREATE_START_MS, jitter } from './timing';

export const PULLING = 'Pulling';
export const PULLED = 'Pulled';
export const CREATED = 'Created';
export const STARTED = 'Started';
export const KILLING = 'Killing';
export const FAILED = 'Failed';
export const BACK_OFF = 'BackOff';
export const UNHEALTHY = 'Unhealthy';
export const INSPECT_FAILED = 'InspectFailed';
export const ERR_IMAGE_NEVER_PULL = 'ErrImageNeverPull';
export const FAILED_MOUNT = 'FailedMount';

export { podRef };
/** Waiting reasons the kubelet writes. */
export const CONTAINER_CREATING = 'ContainerCreating';
export const POD_INITIALIZING = 'PodInitializing';
export const ERR_IMAGE_PULL = 'ErrImagePull';
export const IMAGE_PULL_BACK_OFF = 'ImagePullBackOff';
export const INVALID_IMAGE_NAME = 'InvalidImageName';
export const CREATE_CONTAINER_CONFIG_ERROR = 'CreateContainerConfigError';
export const CRASH_LOOP_BACK_OFF = 'CrashLoopBackOff';
export const RUN_CONTAINER_ERROR = 'RunContainerError';
/** POST_START_HOOK_ERROR is the waiting reason of a container killed for its failed postStart hook, until it runs again (ErrPostStartHook). */
export const POST_START_HOOK_ERROR = 'PostStartHookError';
/** WAITING_AFTER_EXIT are the waiting reasons of a container whose last instance has exited (its lastState holds that instance). */
export const WAITING_AFTER_EXIT: ReadonlySet<string> = new Set([CRASH_LOOP_BACK_OFF, RUN_CONTAINER_ERROR, POST_START_HOOK_ERROR]);
/** START_ERROR is the runtime's terminated reason for a container whose process could not be started. */
export const START_ERROR = 'StartError';

/** START_ERROR_STARTED_AT is the zero time the runtime reports for a container that never started. */
export const START_ERROR_STARTED_AT = '1970-01-01T00:00:00Z';

/** ContainerStatus is the loosely typed v1.ContainerStatus the kubelet edits. */
export type ContainerStatus = Record<string, any>;

/** Transition is one due change: at is its time; apply edits the status (and records events). */
export interface Transition { at: number; apply(): void }

/** SyncEnv is what a container's transitions need from the pod worker. */
export interface SyncEnv {
  pod: KubeObject;
  node: KubeObject;
  api: ApiClient;
  /** now is the reconcile time; transitions due at or before it are applied. */
  now: number;
  /** emit records an Event about a container. */
  emit(fieldPath: string, type: EventType, reason: string, message: string): void;
  /** record is the kubelet's record of a container (by name), created empty on first use. */
  record(name: string): ContainerRecord;
  /** onStart is called when a container starts (allocates the pod IP); returns the pod IP. */
  onStart(): string;
  /** onPulled marks an image present on the node. */
  onPulled(image: string): void;
  /** containerID mints a runtime container id. */
  containerID(): string;
  /** started holds, by container name, the model startInstance built for the instance it started in this reconcile. */
  started: Map<string, StartedModel>;
}

/** StartedModel is a started instance's process model and configuration, with the inputs it was built from (instanceKey). */
export interface StartedModel { key: string; model: ProcessModel; cfg: ContainerConfig }

/** ContainerSlot is a container, its status and when it may begin (undefined: not yet). */
export interface ContainerSlot {
  spec: KubeObject['spec'];
  status: ContainerStatus;
  init: boolean;
  sidecar: boolean;
  /** ephemeral marks a container added through pods/ephemeralcontainers: never restarted, never ready. */
  ephemeral?: boolean;
  beginAt?: number;
}

/** fieldPathOf is the Event fieldPath for a container. */
export function fieldPathOf(slot: { spec: { name: string }; init: boolean; ephemeral?: boolean }): string {
  return `${slot.ephemeral ? 'spec.ephemeralContainers' : slot.init ? 'spec.initContainers' : 'spec.containers'}{${slot.spec.name}}`;
}

/** restarts says whether a container that exited with code restarts under the pod's policy. */
export function restarts(pod: KubeObject, slot: ContainerSlot, exitCode: number): boolean {
  if (slot.sidecar) return true;
  if (slot.ephemeral) return false;
  const policy = pod.spec?.restartPolicy ?? 'Always';
  if (slot.init) return exitCode !== 0 && policy !== 'Never';
  return policy === 'Always' || (policy === 'OnFailure' && exitCode !== 0);
}

/**
 * modelOf builds the process model of the instance started at startMs; served hears of the
 * requests its network tools make to web servers. The node is the kubelet's copy when it has
 * one, else read when the model asks for it.
 */
export function modelOf(env: { pod: KubeObject; api: ApiClient; node?: KubeObject }, slot: ContainerSlot, startMs: number, cfg?: ContainerConfig, served?: NetContext['served']): { model: ProcessModel; cfg: ContainerConfig } {
  const c = cfg ?? containerConfig(env.pod, slot.spec, env.api);
  const sent = attachedStdinOf(env.pod, slot.spec.name, slot.status.containerID);
  const model = containerProcess(env.pod, slot.spec, c, {
    startMs, podIP: env.pod.status?.podIP, init: slot.init, seed: `${env.pod.metadata.uid}/${slot.spec.name}/${slot.status.restartCount ?? 0}`,
    net: { namespace: env.pod.metadata.namespace ?? 'default', api: env.api, pod: env.pod, ...(served ? { served } : {}) },
    stdin: sent && { text: sent.text, delayMs: sent.atMs - startMs },
    cpus: () => nodeCpus(env.node ?? env.api.tryGet({ kind: 'Node', name: env.pod.spec?.nodeName ?? '' })),
  });
  return { model, cfg: c };
}

/** nodeCpus is how many CPUs a process on the node counts: its capacity's whole CPUs. */
function nodeCpus(node: KubeObject | undefined): number {
  const cpu = tryParseQuantity(node?.status?.capacity?.cpu);
  return cpu === undefined ? DEFAULT_CPUS : Math.max(1, Math.floor(Number(milliValue(cpu)) / 1000));
}

/**
 * instanceKey is what a running instance's model is built from beside the reconcile's pod and
 * spec: its container id (an attach's input is kept per id), its start, its restart count (the
 * model's seed) and the pod IP.
 */
function instanceKey(env: SyncEnv, slot: ContainerSlot, startMs: number): string {
  return `${slot.status.containerID}|${startMs}|${slot.status.restartCount ?? 0}|${env.pod.status?.podIP ?? ''}`;
}

/**
 * runningModel is the model of the container's running instance, started at startMs: the one
 * startInstance built when it started the instance, if nothing it was built from has changed
 * since, else built now. A start's model decides its start error and then its running stages
 * (exit, probes), so a start builds it once. It is taken once: the stages ask for it right
 * after the start, before any other container moves; a later ask (after a sibling's change,
 * whose files a shared volume shows this one) builds it from the pod as it is then.
 */
export function runningModel(env: SyncEnv, slot: ContainerSlot, startMs: number): { model: ProcessModel; cfg: ContainerConfig } {
  const kept = env.started.get(slot.spec.name);
  if (kept) env.started.delete(slot.spec.name);
  return kept && kept.key === instanceKey(env, slot, startMs) ? kept : modelOf(env, slot, startMs);
}

/** nodeHasImage says whether a node's status lists an image (by its normalized reference). */
export function nodeHasImage(node: KubeObject, image: string): boolean {
  const ref = normalizeImage(image);
  return (node.status?.images ?? []).some((i: { names?: string[] }) => i.names?.includes(ref));
}

// imageIDs remembers each image's digest reference: every container start of the same image asks again.
const imageIDs = new Map<string, string>();

/** imageIDOf is the digest reference the runtime reports for an image (stable per reference). */
export function imageIDOf(image: string): string {
  let id = imageIDs.get(image);
  if (id === undefined) imageIDs.set(image, id = digestReferenceOf(image));
  return id;
}

function digestReferenceOf(image: string): string {
  const ref = normalizeImage(image);
  const at = ref.indexOf('@');
  const repo = at >= 0 ? ref.slice(0, at) : ref.slice(0, ref.lastIndexOf(':') > ref.lastIndexOf('/') ? ref.lastIndexOf(':') : ref.length);
  // A real content digest is a SHA-256; hashing the reference gives one that looks and behaves alike.
  const digest = at >= 0 ? ref.slice(at + '@sha256:'.length) : sha256Hex(ref);
  return `${repo}@sha256:${digest}`;
}

/** sha256Hex loads node:crypto on first use: it costs ~8 ms to load, and most runs start no container. */
function sha256Hex(text: string): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('node:crypto') as typeof import('node:crypto')).createHash('sha256').update(text).digest('hex');
}

/** createMs is how long creating and starting the container takes once its image is ready. */
export function createMs(env: SyncEnv, slot: ContainerSlot): number {
  return Math.round(CREATE_START_MS * (0.5 + jitter(`${env.pod.metadata.uid}/${slot.spec.name}/start`)));
}

/** startInstance creates and starts a new instance of the container at time at (or fails to). */
export function startInstance(env: SyncEnv, slot: ContainerSlot, at: number, restart: boolean, pulledNow = false): void {
  const cs = slot.status;
  const c = slot.spec;
  const fp = fieldPathOf(slot);
  const cfg = containerConfig(env.pod, c, env.api);
  if (restart && !pulledNow) {
    const policy = c.imagePullPolicy ?? 'IfNotPresent';
    if (policy === 'Always') {
      env.emit(fp, 'Normal', PULLING, `Pulling image "${c.image}"`);
      const d = formatDuration(Math.round(400 + 400 * jitter(`${env.pod.metadata.uid}/${c.name}/${cs.restartCount}`)));
      env.emit(fp, 'Normal', PULLED, `Successfully pulled image "${c.image}" in ${d} (${d} including waiting). Image size: ${imageInfo(c.image).sizeBytes} bytes.`);
    } else env.emit(fp, 'Normal', PULLED, `Container image "${c.image}" already present on machine`);
  }
  // The environment and mounts are resolved before the non-root check, as in generateContainerConfig.
  const configError = cfg.error ?? nonRootViolation(env.pod, c, imageInfo(c.image).user ?? '', podRef(env.pod));
  if (configError) {
    env.emit(fp, 'Warning', FAILED, `Error: ${configError}`);
    cs.state = { waiting: { message: configError, reason: CREATE_CONTAINER_CONFIG_ERROR } };
    return;
  }
  const podIP = env.pod.status?.podIP;
  env.onStart();
  const waitingAfterExit = WAITING_AFTER_EXIT.has(cs.state?.waiting?.reason);
  const previous = cs.state?.terminated ?? (waitingAfterExit ? cs.lastState?.terminated : undefined);
  if (restart) {
    cs.restartCount = (cs.restartCount ?? 0) + 1;
    if (previous) cs.lastState = { terminated: previous };
  }
  cs.containerID = env.containerID();
  cs.image = normalizeImage(c.image);
  cs.imageID = imageIDOf(c.image);
  // The model is built as the running stages read the instance back (its start at the status's
  // second, its id and restart count, the configuration with the pod IP the start allocated),
  // and kept for them: the start error it decides depends on none of those.
  const startMs = Date.parse(toISO(at));
  const started = modelOf(env, slot, startMs, env.pod.status?.podIP === podIP ? cfg : undefined);
  const { model } = started;
  env.started.set(c.name, { key: instanceKey(env, slot, startMs), ...started });
  env.emit(fp, 'Normal', CREATED, `Created container: ${c.name}`);
  if (model.startError) {
    env.emit(fp, 'Warning', FAILED, `Error: ${model.startError}`);
    cs.ready = false;
    cs.started = false;
    const terminated = { containerID: cs.containerID, exitCode: 128, finishedAt: toISO(at), message: model.startError, reason: START_ERROR, startedAt: START_ERROR_STARTED_AT };
    // The kubelet reports a container it will start again as waiting, with the failed start's
    // reason (RunContainerError) and the exited instance as its last state.
    if (restarts(env.pod, slot, 128)) {
      cs.lastState = { terminated };
      cs.state = { waiting: { message: model.startError, reason: RUN_CONTAINER_ERROR } };
    } else cs.state = { terminated };
    return;
  }
  env.emit(fp, 'Normal', STARTED, `Started container ${c.name}`);
  cs.started = !c.startupProbe;
  cs.ready = !c.startupProbe && !c.readinessProbe && !slot.init;
  if (slot.init && !slot.sidecar) cs.ready = false;
  if (slot.sidecar) cs.ready = !c.startupProbe && !c.readinessProbe;
  if (slot.ephemeral) cs.ready = false;
  cs.state = { running: { startedAt: toISO(at) } };
}
