/**
 * stages: the kubelet's container stages as one table, in the order a tie is broken. Each
 * names the state it leaves (selector), when it fires (delay: from one of the container's
 * times), and what it sets (next). Golden input/output pairs for each are in
 * testdata/stages/ (stages.test.ts).
 * Mirrors pkg/kubelet/kuberuntime (computePodActions, startContainer, doBackOff),
 * pkg/kubelet/images/image_manager.go EnsureImageExists and pkg/kubelet/prober.
 */
import { formatDuration } from '../api/duration';
import { toISO } from '../sim/clock';
import { isInBackOffSince, nextBackOff } from './backoff';
import { containerConfig } from './container-config';
import {
  BACK_OFF, CONTAINER_CREATING, CRASH_LOOP_BACK_OFF, CREATE_CONTAINER_CONFIG_ERROR, ERR_IMAGE_NEVER_PULL, ERR_IMAGE_PULL, FAILED,
  IMAGE_PULL_BACK_OFF, INSPECT_FAILED, INVALID_IMAGE_NAME, KILLING, POD_INITIALIZING, POST_START_HOOK_ERROR, PULLED, PULLING, UNHEALTHY,
  createMs, nodeHasImage, podRef, restarts, startInstance,
} from './container-sync';
import { imageInfo } from './images';
import { FAILED_POST_START_HOOK, POST_START_FAILED_MESSAGE } from './lifecycle-hooks';
import { loadOomAt } from './load-oom';
import { firstReadinessFailure, readinessFlips } from './probes';
import { type ContainerStage, type StageInput, startedFrom, validImage } from './stage';
import { PULL_BACKOFF_REPORT_MS, PULL_FAIL_MS, SYNC_DELAY_MS, pullDurationMs } from './timing';

const at0 = (from: number) => ({ from, ms: 0 });

/** imageStep is the record of the first start's image step, if it is for the image the spec names now. */
function imageStep(c: StageInput) {
  return c.rec.image?.ref === c.spec.image ? c.rec.image : undefined;
}

function pullMs(c: StageInput): number {
  return pullDurationMs(imageInfo(c.spec.image).sizeBytes, `${c.env.pod.metadata.uid}/${c.spec.name}`);
}

/** terminate ends the running instance at time at. */
function terminate(c: StageInput, at: number, exitCode: number, reason: string): void {
  const cs = c.cs;
  cs.state = { terminated: { containerID: cs.containerID, exitCode, finishedAt: toISO(at), reason, startedAt: cs.state.running.startedAt } };
  cs.ready = false;
  cs.started = false;
}

/** unreported is the first failure of the probe about to kill the instance that the kubelet has not reported. */
function unreported(c: StageInput) {
  const kill = c.probeKill();
  if (!kill) return undefined;
  const through = c.probes().unhealthy[kill.kind] ?? -Infinity;
  const f = kill.failures.find((x) => x.at <= kill.killAt && x.at > through);
  return f && { kind: kill.kind, ...f };
}

function probeLabel(kind: string): string {
  return `${kind[0]!.toUpperCase()}${kind.slice(1)}`;
}

/** stopAt is when and how a container killed by a probe ends (given the probe's own grace period, else the pod's). */
function stopAt(c: StageInput, kind: string, killAt: number): { at: number; code: number } {
  return graceStop(c, c.spec[`${kind}Probe`]?.terminationGracePeriodSeconds ?? c.env.pod.spec?.terminationGracePeriodSeconds ?? 30, killAt);
}

/**
 * graceStop is when and how a container asked to stop at killAt ends: at once if it stops on
 * SIGTERM (0), when a shell's TERM trap ends it, else killed when its grace period ends (137).
 */
function graceStop(c: StageInput, graceSeconds: number, killAt: number): { at: number; code: number } {
  const grace = graceSeconds * 1000;
  const model = c.running().model;
  if (model.stopsOnSigterm) return { at: killAt + Math.min(grace, 100), code: 0 };
  const trapped = model.sigtermExit?.(killAt - c.startedAt!);
  if (trapped && c.startedAt! + trapped.atMs < killAt + grace) return { at: Math.max(killAt, c.startedAt! + trapped.atMs), code: trapped.code };
  return { at: killAt + grace, code: 137 };
}

/** startupFailures are the startup probe's failures before it succeeds. */
function startupFailures(c: StageInput) {
  const run = c.startup();
  if (!run || run.successAtMs === undefined) return undefined;
  const through = c.probes().unhealthy.startup ?? -Infinity;
  return run.failures.filter((f) => f.atMs < run.successAtMs!).map((f) => ({ at: c.startedAt! + f.atMs, detail: f.detail })).filter((f) => f.at > through);
}

/** readinessFrom is the running instance's readiness probe start, relative to its start. */
function readinessFrom(c: StageInput): number {
  return startedFrom(c.slot, c.startup());
}

const restartable = (c: StageInput) => !!c.exited && restarts(c.env.pod, c.slot, c.exited.exitCode) && c.waiting !== CRASH_LOOP_BACK_OFF;
const inCrashBackOff = (c: StageInput) => isInBackOffSince(c.rec.crashBackOff, Date.parse(c.exited!.finishedAt), Date.parse(c.exited!.finishedAt) + SYNC_DELAY_MS);

/** INVALID_IMAGE: an image reference that does not parse fails at once, and for good. */
export const INVALID_IMAGE: ContainerStage = {
  name: 'invalid-image-name',
  selector: (c) => c.firstStart && !validImage(c) && c.waiting !== INVALID_IMAGE_NAME,
  delay: (c) => at0(c.slot.beginAt!),
  next: (c) => {
    const msg = `Failed to apply default image tag "${c.spec.image}": couldn't parse image name "${c.spec.image}": invalid reference format`;
    c.env.emit(c.fieldPath, 'Warning', INSPECT_FAILED, msg);
    c.env.emit(c.fieldPath, 'Warning', FAILED, `Error: ${INVALID_IMAGE_NAME}`);
    c.cs.state = { waiting: { message: msg, reason: INVALID_IMAGE_NAME } };
  },
};

/** CONFIG_RESOLVED: a container waiting on a missing ConfigMap or Secret starts once it exists. */
export const CONFIG_RESOLVED: ContainerStage = {
  name: 'config-resolved',
  selector: (c) => c.firstStart && validImage(c) && c.waiting === CREATE_CONTAINER_CONFIG_ERROR,
  delay: (c) => (containerConfig(c.env.pod, c.spec, c.env.api).error ? undefined : at0(c.env.now)),
  next: (c, at) => startInstance(c.env, c.slot, at, false),
};

/** IMAGE_CHECK: the first start asks for the image: present on the node, to be pulled, or refused under Never. */
export const IMAGE_CHECK: ContainerStage = {
  name: 'image-check',
  selector: (c) => c.firstStart && validImage(c) && c.waiting !== CREATE_CONTAINER_CONFIG_ERROR && !imageStep(c)
    && !(c.waiting === ERR_IMAGE_NEVER_PULL && !c.rec.image),
  // A changed image (kubectl set image) is asked for when the change is seen.
  delay: (c) => at0(c.rec.image ? Math.max(c.env.now, c.slot.beginAt!) : c.slot.beginAt!),
  next: (c, at) => {
    const image = c.spec.image;
    if (c.waiting === POD_INITIALIZING && !c.slot.init) c.cs.state = { waiting: { reason: CONTAINER_CREATING } };
    const has = nodeHasImage(c.env.node, image);
    const policy = c.spec.imagePullPolicy ?? 'IfNotPresent';
    if (policy === 'Never' && !has) {
      const msg = `Container image "${image}" is not present with pull policy of Never`;
      c.env.emit(c.fieldPath, 'Warning', ERR_IMAGE_NEVER_PULL, msg);
      c.env.emit(c.fieldPath, 'Warning', FAILED, `Error: ${ERR_IMAGE_NEVER_PULL}`);
      c.cs.state = { waiting: { message: msg, reason: ERR_IMAGE_NEVER_PULL } };
      delete c.rec.image;
      return;
    }
    if (policy !== 'Always' && has) {
      c.env.emit(c.fieldPath, 'Normal', PULLED, `Container image "${image}" already present on machine`);
      c.rec.image = { ref: image, at, present: true };
    } else {
      c.env.emit(c.fieldPath, 'Normal', PULLING, `Pulling image "${image}"`);
      c.rec.image = { ref: image, at, pulling: true };
    }
  },
};

/** IMAGE_PRESENT: an image already on the node: the container is created and started. */
export const IMAGE_PRESENT: ContainerStage = {
  name: 'image-present',
  selector: (c) => c.firstStart && !!imageStep(c)?.present,
  delay: (c) => ({ from: c.rec.image!.at, ms: createMs(c.env, c.slot) }),
  next: (c, at) => {
    delete c.rec.image;
    startInstance(c.env, c.slot, at, false);
  },
};

/** IMAGE_PULLED: a pull that succeeds: Pulled with its duration, then create and start. */
export const IMAGE_PULLED: ContainerStage = {
  name: 'image-pulled',
  selector: (c) => c.firstStart && !!imageStep(c)?.pulling && !c.pullError(),
  delay: (c) => ({ from: c.rec.image!.at, ms: pullMs(c) + createMs(c.env, c.slot) }),
  next: (c, at) => {
    const d = formatDuration(pullMs(c));
    c.env.emit(c.fieldPath, 'Normal', PULLED, `Successfully pulled image "${c.spec.image}" in ${d} (${d} including waiting). Image size: ${imageInfo(c.spec.image).sizeBytes} bytes.`);
    c.env.onPulled(c.spec.image);
    delete c.rec.image;
    delete c.rec.pullBackOff;
    startInstance(c.env, c.slot, at, false, true);
  },
};

/** IMAGE_PULL_FAILED: a pull that fails: ErrImagePull, and the image's back-off moves on. */
export const IMAGE_PULL_FAILED: ContainerStage = {
  name: 'image-pull-failed',
  selector: (c) => c.firstStart && !!imageStep(c)?.pulling && !!c.pullError(),
  delay: (c) => ({ from: c.rec.image!.at, ms: PULL_FAIL_MS }),
  next: (c, at) => {
    const err = c.pullError()!;
    c.env.emit(c.fieldPath, 'Warning', FAILED, `Failed to pull image "${c.spec.image}": ${err}`);
    c.env.emit(c.fieldPath, 'Warning', FAILED, `Error: ${ERR_IMAGE_PULL}`);
    c.cs.state = { waiting: { message: err, reason: ERR_IMAGE_PULL } };
    c.rec.image = { ref: c.spec.image, at: c.rec.image!.at, pulling: false };
    const entry = c.rec.pullBackOff?.image === c.spec.image ? c.rec.pullBackOff : undefined;
    c.rec.pullBackOff = { image: c.spec.image, ...nextBackOff(entry, at, at) };
  },
};

/** IMAGE_PULL_BACK_OFF: the next sync after a failed pull finds the image in back-off: ImagePullBackOff. */
export const IMAGE_PULL_BACK_OFF_STAGE: ContainerStage = {
  name: 'image-pull-back-off',
  selector: (c) => c.firstStart && imageStep(c)?.pulling === false && c.waiting === ERR_IMAGE_PULL && !!c.rec.pullBackOff,
  delay: (c) => ({ from: c.rec.pullBackOff!.lastUpdateMs, ms: PULL_BACKOFF_REPORT_MS }),
  next: (c) => {
    c.env.emit(c.fieldPath, 'Normal', BACK_OFF, `Back-off pulling image "${c.spec.image}"`);
    c.env.emit(c.fieldPath, 'Warning', FAILED, `Error: ${IMAGE_PULL_BACK_OFF}`);
    c.cs.state = { waiting: { message: `Back-off pulling image "${c.spec.image}": ${ERR_IMAGE_PULL}: ${c.pullError() ?? ''}`, reason: IMAGE_PULL_BACK_OFF } };
  },
};

/** IMAGE_PULL_RETRY: the image's back-off runs out: the kubelet pulls again. */
export const IMAGE_PULL_RETRY: ContainerStage = {
  name: 'image-pull-retry',
  selector: (c) => c.firstStart && imageStep(c)?.pulling === false && c.waiting === IMAGE_PULL_BACK_OFF && !!c.rec.pullBackOff,
  delay: (c) => ({ from: c.rec.pullBackOff!.lastUpdateMs, ms: c.rec.pullBackOff!.backoffMs }),
  next: (c, at) => {
    c.env.emit(c.fieldPath, 'Normal', PULLING, `Pulling image "${c.spec.image}"`);
    c.rec.image = { ref: c.spec.image, at, pulling: true };
  },
};

/** CONTAINER_EXIT: the process exits by itself (Completed with 0, else Error). */
export const CONTAINER_EXIT: ContainerStage = {
  name: 'container-exit',
  selector: (c) => c.startedAt !== undefined && !!c.running().model.program.exit,
  delay: (c) => ({ from: c.startedAt!, ms: c.running().model.program.exit!.atMs }),
  next: (c, at) => {
    const code = c.running().model.program.exit!.code;
    terminate(c, at, code, code === 0 ? 'Completed' : 'Error');
  },
};

/** OOM_AT keeps each view's kill time: the selector and the delay both ask. */
const OOM_AT = new WeakMap<StageInput, number | undefined>();

/** oomAt is when the running instance is OOMKilled: its own memory over the limit, or the load it serves taking it there. */
function oomAt(c: StageInput): number | undefined {
  if (OOM_AT.has(c)) return OOM_AT.get(c);
  const model = c.running().model;
  const own = model.oomAtMs === undefined ? undefined : c.startedAt! + model.oomAtMs;
  const seed = `${c.env.pod.metadata.uid}/${c.spec.name}/${c.cs.restartCount ?? 0}`;
  const load = model.startError || c.slot.init || c.slot.ephemeral ? undefined : loadOomAt(c.env, c.spec, { startMs: c.startedAt!, containerID: c.cs.containerID ?? '', rec: c.rec }, model.memoryBytes, seed);
  const at = own === undefined ? load : load === undefined ? own : Math.min(own, load);
  OOM_AT.set(c, at);
  return at;
}

/** OOM_KILLED: the process outgrows its memory limit, by itself or under load: OOMKilled, 137. */
export const OOM_KILLED: ContainerStage = {
  name: 'oom-killed',
  selector: (c) => c.startedAt !== undefined && oomAt(c) !== undefined,
  delay: (c) => ({ from: c.startedAt!, ms: oomAt(c)! - c.startedAt! }),
  next: (c, at) => terminate(c, at, 137, 'OOMKilled'),
};

/** PROBE_FAILED: a startup or liveness probe fails on its way to a kill: Unhealthy. */
export const PROBE_FAILED: ContainerStage = {
  name: 'probe-failed',
  selector: (c) => c.startedAt !== undefined && !!unreported(c),
  delay: (c) => at0(unreported(c)!.at),
  next: (c, at) => {
    const f = unreported(c)!;
    c.env.emit(c.fieldPath, 'Warning', UNHEALTHY, `${probeLabel(f.kind)} probe failed: ${f.detail.replace(/\n$/, '')}`);
    c.reportProbes().unhealthy[f.kind] = at;
  },
};

/** PROBE_KILL_NOTICE: the failure threshold is reached: the kubelet says it will restart the container. */
export const PROBE_KILL_NOTICE: ContainerStage = {
  name: 'probe-kill-notice',
  selector: (c) => c.startedAt !== undefined && !!c.probeKill() && !unreported(c) && c.probes().killNoticeAt !== c.probeKill()!.killAt,
  delay: (c) => at0(c.probeKill()!.killAt),
  next: (c, at) => {
    c.env.emit(c.fieldPath, 'Normal', KILLING, `Container ${c.spec.name} failed ${c.probeKill()!.kind} probe, will be restarted`);
    c.reportProbes().killNoticeAt = at;
  },
};

/** PROBE_KILLED: the killed container stops (0 if it stops on SIGTERM, a trapping shell's own status, else 137 after the grace period). */
export const PROBE_KILLED: ContainerStage = {
  name: 'probe-killed',
  selector: (c) => c.startedAt !== undefined && !!c.probeKill() && c.probes().killNoticeAt === c.probeKill()!.killAt,
  delay: (c) => { const k = c.probeKill()!; return at0(stopAt(c, k.kind, k.killAt).at); },
  next: (c, at) => {
    const k = c.probeKill()!;
    const { code } = stopAt(c, k.kind, k.killAt);
    terminate(c, at, code, code === 0 ? 'Completed' : 'Error');
  },
};

/** POST_START_HOOK_FAILED: the postStart hook fails: the kubelet says so and kills the container (FailedPostStartHook). */
export const POST_START_HOOK_FAILED: ContainerStage = {
  name: 'post-start-hook-failed',
  selector: (c) => c.startedAt !== undefined && c.running().model.postStartFailAtMs !== undefined && c.probes().postStartKillAt === undefined,
  delay: (c) => ({ from: c.startedAt!, ms: c.running().model.postStartFailAtMs! }),
  next: (c, at) => {
    c.env.emit(c.fieldPath, 'Warning', FAILED_POST_START_HOOK, POST_START_FAILED_MESSAGE);
    c.env.emit(c.fieldPath, 'Normal', KILLING, FAILED_POST_START_HOOK);
    c.reportProbes().postStartKillAt = at;
  },
};

/**
 * POST_START_KILLED: the container killed for its postStart hook stops as a probe-killed one
 * does; one that will run again waits with the start's failure (PostStartHookError and the
 * hook's message) until the next sync restarts it or finds it in back-off.
 */
export const POST_START_KILLED: ContainerStage = {
  name: 'post-start-killed',
  selector: (c) => c.startedAt !== undefined && c.probes().postStartKillAt !== undefined,
  delay: (c) => at0(graceStop(c, c.env.pod.spec?.terminationGracePeriodSeconds ?? 30, c.probes().postStartKillAt!).at),
  next: (c, at) => {
    const { code } = graceStop(c, c.env.pod.spec?.terminationGracePeriodSeconds ?? 30, c.probes().postStartKillAt!);
    const message = c.running().model.postStartFailure ?? '';
    terminate(c, at, code, code === 0 ? 'Completed' : 'Error');
    if (!restarts(c.env.pod, c.slot, code)) return;
    c.cs.lastState = { terminated: c.cs.state.terminated };
    c.cs.state = { waiting: { message, reason: POST_START_HOOK_ERROR } };
  },
};

/** STARTUP_SUCCEEDED: the startup probe succeeds (its failures before reported): started, ready if nothing else gates it. */
export const STARTUP_SUCCEEDED: ContainerStage = {
  name: 'startup-succeeded',
  selector: (c) => c.startedAt !== undefined && !!c.spec.startupProbe && !c.cs.started && c.startup()?.successAtMs !== undefined,
  delay: (c) => { const pending = startupFailures(c)!; return pending.length ? at0(pending[0]!.at) : { from: c.startedAt!, ms: c.startup()!.successAtMs! }; },
  next: (c, at) => {
    const pending = startupFailures(c)!;
    if (pending.length) {
      c.env.emit(c.fieldPath, 'Warning', UNHEALTHY, `Startup probe failed: ${pending[0]!.detail.replace(/\n$/, '')}`);
      c.reportProbes().unhealthy.startup = at;
      return;
    }
    c.cs.started = true;
    if (!c.spec.readinessProbe && !(c.slot.init && !c.slot.sidecar)) c.cs.ready = true;
  },
};

/** readinessNext is the readiness change due next: the latest already due if Ready disagrees, else the next that changes it. */
function readinessNext(c: StageInput) {
  const from = readinessFrom(c);
  const flips = readinessFlips(c.spec.readinessProbe, c.running().probeEnv, from).map((f) => ({ ...f, at: c.startedAt! + f.atMs }));
  const past = flips.filter((f) => f.at <= c.env.now);
  const latest = past[past.length - 1];
  return latest && latest.ready !== !!c.cs.ready ? latest : flips.find((f) => f.at > c.env.now && f.ready !== !!c.cs.ready);
}

/** READINESS_CHANGED: the readiness probe's results flip Ready. */
export const READINESS_CHANGED: ContainerStage = {
  name: 'readiness-changed',
  selector: (c) => c.startedAt !== undefined && !!c.cs.started && !!c.spec.readinessProbe,
  delay: (c) => { const n = readinessNext(c); return n && at0(n.at); },
  next: (c) => { c.cs.ready = readinessNext(c)!.ready; },
};

/** readinessFailure is the instance's first readiness failure while not ready, unless already reported. */
function readinessFailure(c: StageInput) {
  if (c.cs.ready || c.probes().unhealthy.readiness !== undefined) return undefined;
  const fail = firstReadinessFailure(c.spec.readinessProbe, c.running().probeEnv, readinessFrom(c));
  return fail && { at: c.startedAt! + fail.atMs, detail: fail.detail };
}

/** READINESS_FAILED: a not-ready container's readiness probe fails: Unhealthy, once per instance. */
export const READINESS_FAILED: ContainerStage = {
  name: 'readiness-failed',
  selector: (c) => c.startedAt !== undefined && !!c.cs.started && !!c.spec.readinessProbe && !!readinessFailure(c),
  delay: (c) => at0(readinessFailure(c)!.at),
  next: (c, at) => {
    c.env.emit(c.fieldPath, 'Warning', UNHEALTHY, `Readiness probe failed: ${readinessFailure(c)!.detail.replace(/\n$/, '')}`);
    c.reportProbes().unhealthy.readiness = at;
  },
};

/** RESTARTED: the sync after an exit finds the container out of back-off: it starts again, and its back-off moves on. */
export const RESTARTED: ContainerStage = {
  name: 'restarted',
  selector: (c) => restartable(c) && !inCrashBackOff(c),
  delay: (c) => ({ from: Date.parse(c.exited!.finishedAt), ms: SYNC_DELAY_MS }),
  next: (c, at) => {
    c.rec.crashBackOff = nextBackOff(c.rec.crashBackOff, Date.parse(c.exited!.finishedAt), at);
    delete c.rec.probes;
    startInstance(c.env, c.slot, at, true);
  },
};

/** CRASH_LOOP: the sync after an exit finds the container in back-off: BackOff, CrashLoopBackOff. */
export const CRASH_LOOP: ContainerStage = {
  name: 'crash-loop-back-off',
  selector: (c) => restartable(c) && inCrashBackOff(c),
  delay: (c) => ({ from: Date.parse(c.exited!.finishedAt), ms: SYNC_DELAY_MS }),
  next: (c) => {
    const name = c.spec.name;
    const pod = podRef(c.env.pod);
    c.env.emit(c.fieldPath, 'Warning', BACK_OFF, `Back-off restarting failed container ${name} in pod ${pod}`);
    c.cs.lastState = { terminated: c.exited };
    c.cs.state = { waiting: { message: `back-off ${formatDuration(c.rec.crashBackOff!.backoffMs)} restarting failed container=${name} pod=${pod}`, reason: CRASH_LOOP_BACK_OFF } };
  },
};

/** BACK_OFF_RESTART: the back-off since the last exit runs out: the container starts again. */
export const BACK_OFF_RESTART: ContainerStage = {
  name: 'back-off-restart',
  selector: (c) => c.waiting === CRASH_LOOP_BACK_OFF && !!c.exited,
  delay: (c) => ({ from: Date.parse(c.exited!.finishedAt), ms: c.rec.crashBackOff?.backoffMs ?? 0 }),
  next: (c, at) => {
    c.rec.crashBackOff = nextBackOff(c.rec.crashBackOff, Date.parse(c.exited!.finishedAt), at);
    delete c.rec.probes;
    startInstance(c.env, c.slot, at, true);
  },
};

/** CONTAINER_STAGES is every container stage, in the order a tie is broken. */
export const CONTAINER_STAGES: readonly ContainerStage[] = [
  INVALID_IMAGE, CONFIG_RESOLVED, IMAGE_CHECK, IMAGE_PRESENT, IMAGE_PULLED, IMAGE_PULL_FAILED, IMAGE_PULL_BACK_OFF_STAGE, IMAGE_PULL_RETRY,
  CONTAINER_EXIT, OOM_KILLED, PROBE_FAILED, PROBE_KILL_NOTICE, PROBE_KILLED, POST_START_HOOK_FAILED, POST_START_KILLED, STARTUP_SUCCEEDED, READINESS_CHANGED, READINESS_FAILED,
  RESTARTED, CRASH_LOOP, BACK_OFF_RESTART,
];
