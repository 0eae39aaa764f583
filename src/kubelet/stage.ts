/**
 * stage: the shape of one container stage, kwok-style (its Stage API: a selector on the
 * object's state, a delay counted from one of its times, and what to set next), as data the
 * engine (next-stage.ts) walks. A stage's functions are pure over their input but for next,
 * which edits the container's status and the kubelet's record and records Events.
 */
import { parseImage, pullFailure } from './images';
import { readImageOverrides } from './image-overrides';
import { type ContainerRecord, type ProbeRecord, probeRecordOf } from './kubelet-record';
import type { ContainerConfig } from './container-config';
import { type ContainerSlot, type ContainerStatus, type SyncEnv, WAITING_AFTER_EXIT, fieldPathOf, runningModel } from './container-sync';
import type { ProcessModel } from './process';
import { type FailureRun, type ProbeEnv, livenessRun, startupRun } from './probes';

/** StageDelay is when a stage fires: ms after the time `from` (ms since epoch), kwok's durationFrom + durationMilliseconds. */
export interface StageDelay { from: number; ms: number }

/** ContainerStage is one named transition of a container. */
export interface ContainerStage {
  /** name says what the stage does ("image-pull-failed"); golden tests are named after it. */
  name: string;
  /** selector says whether the container is in the state this stage leaves. */
  selector(c: StageInput): boolean;
  /** delay is when it fires, or undefined while it cannot (a probe that never fails). */
  delay(c: StageInput): StageDelay | undefined;
  /** next applies the stage at time at: status, the kubelet's record, Events. */
  next(c: StageInput, at: number): void;
}

/** ProbeKill is a probe that will kill the running instance: which, when, and the failures before it. */
export interface ProbeKill { kind: 'startup' | 'liveness'; killAt: number; failures: { at: number; detail: string }[] }

/** StageInput is what a stage sees of one container; the costly views are computed once, on first use. */
export interface StageInput {
  env: SyncEnv;
  slot: ContainerSlot;
  /** cs is the container's status (next edits it in place). */
  cs: ContainerStatus;
  /** spec is the container's spec. */
  spec: ContainerStatus;
  /** fieldPath names the container in Events. */
  fieldPath: string;
  /** rec is the kubelet's record of the container. */
  rec: ContainerRecord;
  /** waiting is the waiting reason, if the container waits. */
  waiting?: string;
  /** exited is the instance that last exited, if the container is terminated or waits to run again. */
  exited?: ContainerStatus;
  /** firstStart says the container has not run yet and may begin (its init containers are done). */
  firstStart: boolean;
  /** startedAt is the running instance's start (ms), if it runs. */
  startedAt?: number;
  running(): { model: ProcessModel; cfg: ContainerConfig; probeEnv: ProbeEnv };
  /** pullError is the runtime's error for a pull of the container's image that fails, if it does. */
  pullError(): string | undefined;
  /** startup is the startup probe's run for the running instance (if it has one). */
  startup(): FailureRun | undefined;
  /** probeKill is the probe kill ahead of the running instance, if any. */
  probeKill(): ProbeKill | undefined;
  /** probes is the kubelet's probe record for the running instance, read-only (a blank one if it has none yet). */
  probes(): Readonly<ProbeRecord>;
  /** reportProbes is that record to write to, created for the instance if need be. */
  reportProbes(): ProbeRecord;
}

const msOf = (iso: string | undefined): number => (iso ? Date.parse(iso) : NaN);

function once<T>(f: () => T): () => T {
  let done = false;
  let v: T;
  return () => {
    if (!done) { v = f(); done = true; }
    return v;
  };
}

/** stageInput describes a container for the stages. */
export function stageInput(env: SyncEnv, slot: ContainerSlot): StageInput {
  const cs = slot.status;
  const st = cs.state ?? {};
  const waiting: string | undefined = st.waiting?.reason;
  const afterExit = waiting !== undefined && WAITING_AFTER_EXIT.has(waiting) && !!cs.lastState?.terminated;
  const startedAt = st.running ? msOf(st.running.startedAt) : undefined;
  const running = once(() => {
    const { model, cfg } = runningModel(env, slot, startedAt!);
    return { model, cfg, probeEnv: { container: slot.spec, model, cfg, podIP: env.pod.status?.podIP ?? '' } };
  });
  const startup = once(() => (slot.spec.startupProbe && startedAt !== undefined ? startupRun(slot.spec.startupProbe, running().probeEnv) : undefined));
  const probeKill = once((): ProbeKill | undefined => {
    if (startedAt === undefined) return undefined;
    const c = slot.spec;
    const rel = (run: FailureRun, kind: ProbeKill['kind']) => (run.killAtMs === undefined ? undefined
      : { kind, killAt: startedAt + run.killAtMs, failures: run.failures.map((f) => ({ at: startedAt + f.atMs, detail: f.detail })) });
    if (c.startupProbe && !cs.started) {
      const run = startup()!;
      return run.successAtMs === undefined ? rel(run, 'startup') : undefined;
    }
    if (cs.started && c.livenessProbe) return rel(livenessRun(c.livenessProbe, running().probeEnv, startedFrom(slot, startup())), 'liveness');
    return undefined;
  });
  const pullError = once(() => {
    const failure = pullFailure(slot.spec.image, readImageOverrides(env.api));
    return failure && `rpc error: code = ${failure.code} desc = ${failure.message}`;
  });
  return {
    env, slot, cs, spec: slot.spec, fieldPath: fieldPathOf(slot), rec: env.record(slot.spec.name), waiting,
    exited: st.terminated ?? (afterExit ? cs.lastState.terminated : undefined),
    firstStart: !st.running && !st.terminated && !afterExit && slot.beginAt !== undefined,
    startedAt,
    running,
    pullError,
    startup,
    probeKill,
    probes: () => {
      const rec = env.record(slot.spec.name).probes;
      return rec && rec.containerID === cs.containerID ? rec : { containerID: cs.containerID, unhealthy: {} };
    },
    reportProbes: () => probeRecordOf(env.record(slot.spec.name), cs.containerID),
  };
}

/** startedFrom is when, relative to its start, the running instance counts as started (its startup probe's success). */
export function startedFrom(slot: ContainerSlot, startup: FailureRun | undefined): number {
  return slot.spec.startupProbe ? (startup?.successAtMs ?? 0) : 0;
}

/** validImage says the container's image reference parses. */
export function validImage(c: StageInput): boolean {
  return !!parseImage(c.spec.image);
}
