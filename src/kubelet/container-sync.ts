/**
 * container-sync: one container's life on the node as a sequence of timed transitions —
 * image decision and pull (or pull failure and back-off), create/start (or config and
 * start errors), probes, exit/OOM/liveness kill, and restart with crash back-off.
 * The state is the container's status plus the kubelet's own Events about the pod (the
 * record of pulls begun and probes failed), so every transition's time is derivable and
 * a reconcile at any moment replays exactly the transitions that fell due.
 * Mirrors pkg/kubelet/kuberuntime (computePodActions, startContainer, doBackOff) and
 * pkg/kubelet/images/image_manager.go EnsureImageExists.
 */
import { formatDuration } from '../api/duration';
import type { KubeObject } from '../api/meta';
import type { ApiClient, EventType } from '../apiserver/client';
import { toISO } from '../sim/clock';
import type { ContainerConfig } from './container-config';
import { containerConfig } from './container-config';
import { imageInfo, normalizeImage, parseImage, pullFailure } from './images';
import { readImageOverrides } from './image-overrides';
import { type ProcessModel, containerProcess } from './process';
import { type ProbeEnv, firstReadinessFailure, livenessRun, readinessFlips, startupRun } from './probes';
import {
  CREATE_START_MS, PULL_BACKOFF_REPORT_MS, PULL_FAIL_MS, SYNC_DELAY_MS, backoffMs, jitter, pullDurationMs, restartDelayMs,
} from './timing';

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

/** Waiting reasons the kubelet writes. */
export const CONTAINER_CREATING = 'ContainerCreating';
export const POD_INITIALIZING = 'PodInitializing';
export const ERR_IMAGE_PULL = 'ErrImagePull';
export const IMAGE_PULL_BACK_OFF = 'ImagePullBackOff';
export const INVALID_IMAGE_NAME = 'InvalidImageName';
export const CREATE_CONTAINER_CONFIG_ERROR = 'CreateContainerConfigError';
export const CRASH_LOOP_BACK_OFF = 'CrashLoopBackOff';
export const RUN_CONTAINER_ERROR = 'RunContainerError';
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
  /** events lists the kubelet's Events about the pod (fresh after emit). */
  events(): KubeObject[];
  /** eventsAbout lists those about one fieldPath (a container), kept current by emit. */
  eventsAbout(fieldPath: string): KubeObject[];
  /** onStart is called when a container starts (allocates the pod IP); returns the pod IP. */
  onStart(): string;
  /** onPulled marks an image present on the node. */
  onPulled(image: string): void;
  /** containerID mints a runtime container id. */
  containerID(): string;
}

/** ContainerSlot is a container, its status and when it may begin (undefined: not yet). */
export interface ContainerSlot {
  spec: KubeObject['spec'];
  status: ContainerStatus;
  init: boolean;
  sidecar: boolean;
  beginAt?: number;
}

const ms = (iso: string | undefined): number => (iso ? Date.parse(iso) : NaN);

/** fieldPathOf is the Event fieldPath for a container. */
export function fieldPathOf(slot: { spec: { name: string }; init: boolean }): string {
  return `${slot.init ? 'spec.initContainers' : 'spec.containers'}{${slot.spec.name}}`;
}

function findEvent(env: SyncEnv, fieldPath: string, reason: string, pred: (msg: string) => boolean = () => true): KubeObject | undefined {
  return env.eventsAbout(fieldPath).find((e) => e.reason === reason && pred(e.message ?? ''));
}

/** restarts says whether a container that exited with code restarts under the pod's policy. */
export function restarts(pod: KubeObject, slot: ContainerSlot, exitCode: number): boolean {
  if (slot.sidecar) return true;
  const policy = pod.spec?.restartPolicy ?? 'Always';
  if (slot.init) return exitCode !== 0 && policy !== 'Never';
  return policy === 'Always' || (policy === 'OnFailure' && exitCode !== 0);
}

/** modelOf builds the process model of the instance started at startMs. */
export function modelOf(env: { pod: KubeObject; api: ApiClient }, slot: ContainerSlot, startMs: number, cfg?: ContainerConfig): { model: ProcessModel; cfg: ContainerConfig } {
  const c = cfg ?? containerConfig(env.pod, slot.spec, env.api);
  const model = containerProcess(env.pod, slot.spec, c, {
    startMs, podIP: env.pod.status?.podIP, init: slot.init, seed: `${env.pod.metadata.uid}/${slot.spec.name}/${slot.status.restartCount ?? 0}`,
  });
  return { model, cfg: c };
}

/** nodeHasImage says whether a node's status lists an image (by its normalized reference). */
export function nodeHasImage(node: KubeObject, image: string): boolean {
  const ref = normalizeImage(image);
  return (node.status?.images ?? []).some((i: { names?: string[] }) => i.names?.includes(ref));
}

/** imageIDOf is the digest reference the runtime reports for an image (stable per reference). */
export function imageIDOf(image: string): string {
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

function podRef(pod: KubeObject): string {
  return `${pod.metadata.name}_${pod.metadata.namespace}(${pod.metadata.uid})`;
}

/** nextTransition returns the container's earliest pending transition, if any. */
export function nextTransition(env: SyncEnv, slot: ContainerSlot): Transition | undefined {
  const cs = slot.status;
  const st = cs.state ?? {};
  if (st.running) return runningTransition(env, slot);
  if (st.terminated) return terminatedTransition(env, slot);
  const reason: string | undefined = st.waiting?.reason;
  if (reason === CRASH_LOOP_BACK_OFF) {
    const last = cs.lastState?.terminated;
    const delay = restartDelayMs(cs.restartCount ?? 0, ranMs(last));
    return { at: ms(last?.finishedAt) + delay, apply: () => startInstance(env, slot, ms(last?.finishedAt) + delay, true) };
  }
  if (reason === RUN_CONTAINER_ERROR && cs.lastState?.terminated) return exitedTransition(env, slot, cs.lastState.terminated);
  return firstStartTransition(env, slot);
}

/**
 * ranMs is how long a terminated instance ran. One that never started (StartError) ran for no
 * time: its startedAt is the runtime's zero time, and reading 1970 as its start would make
 * every failed start look like a long run that resets the crash back-off.
 */
function ranMs(t: ContainerStatus | undefined): number {
  if (!t || t.reason === START_ERROR) return 0;
  return ms(t.finishedAt) - ms(t.startedAt);
}

function firstStartTransition(env: SyncEnv, slot: ContainerSlot): Transition | undefined {
  if (slot.beginAt === undefined) return undefined;
  const cs = slot.status;
  const c = slot.spec;
  const fp = fieldPathOf(slot);
  const reason: string | undefined = cs.state?.waiting?.reason;
  const T0 = slot.beginAt;
  if (!parseImage(c.image)) {
    if (reason === INVALID_IMAGE_NAME) return undefined;
    return {
      at: T0,
      apply: () => {
        const msg = `Failed to apply default image tag "${c.image}": couldn't parse image name "${c.image}": invalid reference format`;
        env.emit(fp, 'Warning', INSPECT_FAILED, msg);
        env.emit(fp, 'Warning', FAILED, `Error: ${INVALID_IMAGE_NAME}`);
        cs.state = { waiting: { message: msg, reason: INVALID_IMAGE_NAME } };
      },
    };
  }
  if (reason === CREATE_CONTAINER_CONFIG_ERROR) {
    const cfg = containerConfig(env.pod, c, env.api);
    if (cfg.error) return undefined;
    return { at: env.now, apply: () => startInstance(env, slot, env.now, false) };
  }
  const pulling = findEvent(env, fp, PULLING);
  const present = findEvent(env, fp, PULLED, (m) => m.endsWith('already present on machine'));
  const policy = c.imagePullPolicy ?? 'IfNotPresent';
  if (!pulling && !present) {
    if (reason === ERR_IMAGE_NEVER_PULL) return undefined;
    return {
      at: T0,
      apply: () => {
        if (reason === POD_INITIALIZING && !slot.init) cs.state = { waiting: { reason: CONTAINER_CREATING } };
        const has = nodeHasImage(env.node, c.image);
        if (policy === 'Never' && !has) {
          env.emit(fp, 'Warning', ERR_IMAGE_NEVER_PULL, `Container image "${c.image}" is not present with pull policy of Never`);
          env.emit(fp, 'Warning', FAILED, `Error: ${ERR_IMAGE_NEVER_PULL}`);
          cs.state = { waiting: { message: `Container image "${c.image}" is not present with pull policy of Never`, reason: ERR_IMAGE_NEVER_PULL } };
          return;
        }
        if (policy !== 'Always' && has) env.emit(fp, 'Normal', PULLED, `Container image "${c.image}" already present on machine`);
        else env.emit(fp, 'Normal', PULLING, `Pulling image "${c.image}"`);
      },
    };
  }
  if (present && !pulling) {
    const D = ms(present.firstTimestamp);
    const S = D + createMs(env, slot);
    return { at: S, apply: () => startInstance(env, slot, S, false) };
  }
  const D = ms(pulling!.lastTimestamp);
  const failure = pullFailure(c.image, readImageOverrides(env.api));
  if (!failure) {
    const pullMs = pullDurationMs(imageInfo(c.image).sizeBytes, `${env.pod.metadata.uid}/${c.name}`);
    const S = D + pullMs + createMs(env, slot);
    return {
      at: S,
      apply: () => {
        const d = formatDuration(pullMs);
        env.emit(fp, 'Normal', PULLED, `Successfully pulled image "${c.image}" in ${d} (${d} including waiting). Image size: ${imageInfo(c.image).sizeBytes} bytes.`);
        env.onPulled(c.image);
        startInstance(env, slot, S, false, true);
      },
    };
  }
  // A failing pull: ErrImagePull when it fails, ImagePullBackOff at the next sync, another attempt after the back-off.
  const attempt = (pulling!.count ?? 1) - 1;
  const failAt = D + PULL_FAIL_MS;
  const err = `rpc error: code = ${failure.code} desc = ${failure.message}`;
  const backOff = findEvent(env, fp, BACK_OFF, (m) => m.startsWith('Back-off pulling image'));
  const reported = backOff && ms(backOff.lastTimestamp) >= D && reason === IMAGE_PULL_BACK_OFF;
  if (reported) {
    const retryAt = failAt + backoffMs(attempt);
    return { at: retryAt, apply: () => env.emit(fp, 'Normal', PULLING, `Pulling image "${c.image}"`) };
  }
  if (reason === ERR_IMAGE_PULL) {
    return {
      at: failAt + PULL_BACKOFF_REPORT_MS,
      apply: () => {
        env.emit(fp, 'Normal', BACK_OFF, `Back-off pulling image "${c.image}"`);
        env.emit(fp, 'Warning', FAILED, `Error: ${IMAGE_PULL_BACK_OFF}`);
        cs.state = { waiting: { message: `Back-off pulling image "${c.image}": ${ERR_IMAGE_PULL}: ${err}`, reason: IMAGE_PULL_BACK_OFF } };
      },
    };
  }
  return {
    at: failAt,
    apply: () => {
      env.emit(fp, 'Warning', FAILED, `Failed to pull image "${c.image}": ${err}`);
      env.emit(fp, 'Warning', FAILED, `Error: ${ERR_IMAGE_PULL}`);
      cs.state = { waiting: { message: err, reason: ERR_IMAGE_PULL } };
    },
  };
}

function createMs(env: SyncEnv, slot: ContainerSlot): number {
  return Math.round(CREATE_START_MS * (0.5 + jitter(`${env.pod.metadata.uid}/${slot.spec.name}/start`)));
}

/** startInstance creates and starts a new instance of the container at time at (or fails to). */
function startInstance(env: SyncEnv, slot: ContainerSlot, at: number, restart: boolean, pulledNow = false): void {
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
  if (cfg.error) {
    env.emit(fp, 'Warning', FAILED, `Error: ${cfg.error}`);
    cs.state = { waiting: { message: cfg.error, reason: CREATE_CONTAINER_CONFIG_ERROR } };
    return;
  }
  env.onStart();
  const { model } = modelOf(env, slot, at, cfg);
  const waitingAfterExit = [CRASH_LOOP_BACK_OFF, RUN_CONTAINER_ERROR].includes(cs.state?.waiting?.reason);
  const previous = cs.state?.terminated ?? (waitingAfterExit ? cs.lastState?.terminated : undefined);
  if (restart) {
    cs.restartCount = (cs.restartCount ?? 0) + 1;
    if (previous) cs.lastState = { terminated: previous };
  }
  cs.containerID = env.containerID();
  cs.image = normalizeImage(c.image);
  cs.imageID = imageIDOf(c.image);
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
  cs.state = { running: { startedAt: toISO(at) } };
}

function runningTransition(env: SyncEnv, slot: ContainerSlot): Transition | undefined {
  const cs = slot.status;
  const c = slot.spec;
  const fp = fieldPathOf(slot);
  const A = ms(cs.state.running.startedAt);
  const { model, cfg } = modelOf(env, slot, A);
  const penv: ProbeEnv = { container: c, model, cfg, podIP: env.pod.status?.podIP ?? '' };
  const candidates: Transition[] = [];
  const terminate = (at: number, exitCode: number, reason: string) => () => {
    cs.state = { terminated: { containerID: cs.containerID, exitCode, finishedAt: toISO(at), reason, startedAt: cs.state.running.startedAt } };
    cs.ready = false;
    cs.started = false;
  };
  if (model.program.exit) {
    const at = A + model.program.exit.atMs;
    candidates.push({ at, apply: terminate(at, model.program.exit.code, model.program.exit.code === 0 ? 'Completed' : 'Error') });
  }
  if (model.oomAtMs !== undefined) {
    const at = A + model.oomAtMs;
    candidates.push({ at, apply: terminate(at, 137, 'OOMKilled') });
  }
  // Probes: startup first; liveness and readiness only once started.
  const kill = (kind: 'liveness' | 'startup', killAt: number, failures: { atMs: number; detail: string }[], label: string) => {
    for (const f of failures) {
      const t = A + f.atMs;
      if (t > killAt) break;
      const msg = `${label} probe failed: ${f.detail.replace(/\n$/, '')}`;
      const seen = findEvent(env, fp, UNHEALTHY, (m) => m === msg);
      if (!seen || ms(seen.lastTimestamp) < Math.floor(t / 1000) * 1000 || ms(seen.lastTimestamp) < A) {
        candidates.push({ at: t, apply: () => env.emit(fp, 'Warning', UNHEALTHY, msg) });
        return;
      }
    }
    const killMsg = `Container ${c.name} failed ${kind} probe, will be restarted`;
    const killed = findEvent(env, fp, KILLING, (m) => m === killMsg);
    const grace = (c[`${kind}Probe`]?.terminationGracePeriodSeconds ?? env.pod.spec?.terminationGracePeriodSeconds ?? 30) * 1000;
    const stopAt = killAt + (model.stopsOnSigterm ? Math.min(grace, 100) : grace);
    if (!killed || ms(killed.lastTimestamp) < Math.floor(killAt / 1000) * 1000) {
      candidates.push({ at: killAt, apply: () => env.emit(fp, 'Normal', KILLING, killMsg) });
    } else {
      candidates.push({ at: stopAt, apply: terminate(stopAt, model.stopsOnSigterm ? 0 : 137, model.stopsOnSigterm ? 'Completed' : 'Error') });
    }
  };
  if (c.startupProbe && !cs.started) {
    const run = startupRun(c.startupProbe, penv);
    if (run.successAtMs !== undefined) {
      const at = A + run.successAtMs;
      const pendingFailures = run.failures.filter((f) => f.atMs < run.successAtMs!);
      let emitted = false;
      for (const f of pendingFailures) {
        const t = A + f.atMs;
        const msg = `Startup probe failed: ${f.detail.replace(/\n$/, '')}`;
        const seen = findEvent(env, fp, UNHEALTHY, (m) => m === msg);
        if (!seen || ms(seen.lastTimestamp) < Math.floor(t / 1000) * 1000) { candidates.push({ at: t, apply: () => env.emit(fp, 'Warning', UNHEALTHY, msg) }); emitted = true; break; }
      }
      if (!emitted) candidates.push({ at, apply: () => { cs.started = true; if (!c.readinessProbe && !(slot.init && !slot.sidecar)) cs.ready = true; } });
    } else if (run.killAtMs !== undefined) kill('startup', A + run.killAtMs, run.failures, 'Startup');
  } else if (cs.started) {
    let startedAt = A;
    if (c.startupProbe) {
      const run = startupRun(c.startupProbe, penv);
      startedAt = A + (run.successAtMs ?? 0);
    }
    const from = startedAt - A;
    if (c.livenessProbe) {
      const run = livenessRun(c.livenessProbe, penv, from);
      if (run.killAtMs !== undefined) kill('liveness', A + run.killAtMs, run.failures, 'Liveness');
    }
    if (c.readinessProbe) {
      const flips = readinessFlips(c.readinessProbe, penv, from).map((f) => ({ ...f, at: A + f.atMs }));
      // Catch up to the latest flip already due; otherwise wait for the next one that changes Ready.
      const past = flips.filter((f) => f.at <= env.now);
      const latest = past[past.length - 1];
      const next = latest && latest.ready !== !!cs.ready ? latest : flips.find((f) => f.at > env.now && f.ready !== !!cs.ready);
      if (next) candidates.push({ at: next.at, apply: () => { cs.ready = next.ready; } });
      if (!cs.ready) {
        const fail = firstReadinessFailure(c.readinessProbe, penv, from);
        if (fail) {
          const msg = `Readiness probe failed: ${fail.detail.replace(/\n$/, '')}`;
          const seen = findEvent(env, fp, UNHEALTHY, (m) => m === msg);
          if (!seen || ms(seen.lastTimestamp) < A) candidates.push({ at: A + fail.atMs, apply: () => env.emit(fp, 'Warning', UNHEALTHY, msg) });
        }
      }
    }
  }
  candidates.sort((a, b) => a.at - b.at);
  return candidates[0];
}

function terminatedTransition(env: SyncEnv, slot: ContainerSlot): Transition | undefined {
  return exitedTransition(env, slot, slot.status.state.terminated);
}

/** exitedTransition is the next sync after instance t exited: a restart, or the crash back-off. */
function exitedTransition(env: SyncEnv, slot: ContainerSlot, t: ContainerStatus): Transition | undefined {
  const cs = slot.status;
  if (!restarts(env.pod, slot, t.exitCode)) return undefined;
  const F = ms(t.finishedAt);
  const delay = restartDelayMs(cs.restartCount ?? 0, ranMs(t));
  const at = F + SYNC_DELAY_MS;
  if (delay <= SYNC_DELAY_MS) return { at, apply: () => startInstance(env, slot, at, true) };
  return {
    at,
    apply: () => {
      const fp = fieldPathOf(slot);
      env.emit(fp, 'Warning', BACK_OFF, `Back-off restarting failed container ${slot.spec.name} in pod ${podRef(env.pod)}`);
      cs.lastState = { terminated: t };
      cs.state = { waiting: { message: `back-off ${formatDuration(delay)} restarting failed container=${slot.spec.name} pod=${podRef(env.pod)}`, reason: CRASH_LOOP_BACK_OFF } };
    },
  };
}
