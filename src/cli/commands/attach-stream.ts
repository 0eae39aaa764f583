/**
 * attach-stream: what `kubectl attach` and `kubectl run -i/--attach` show of a container —
 * kubectl's notices, then the container's output from the moment of attaching until that
 * instance ends. kubemu streams nothing in real time: it fast-forwards the simulated clock
 * until the instance ends (as `wait` does, sim-wait.ts) and prints the log lines the instance
 * wrote after the attach.
 * Mirrors kubernetes/kubectl pkg/cmd/attach/attach.go (v0.32: Run, SetupTTY's notices) and
 * pkg/cmd/run/run.go (waitForPod, handleAttachPod, logOpts).
 */
import type { KubeObject } from '../../api/meta';
import { notFound } from '../../apiserver/errors';
import { modelOf } from '../../kubelet/container-sync';
import { attachedStdinOf, withAttachedStdin } from '../../kubelet/attached-stdin';
import { containerLogs, logText, type LogLine } from '../../kubelet/logs';
import type { CommandContext } from '../command';
import type { Cluster } from '../../cluster/cluster';
import { CliError } from '../errors';
import { stdinText } from './exec';
import { MAX_WAIT_MS, WAIT_TIMEOUT, waitUntil } from './sim-wait';

/** ATTACH_PROMPT is what kubectl attach prints on stderr before it streams (unless --quiet). */
export const ATTACH_PROMPT = "If you don't see a command prompt, try pressing enter.";
/** NO_TTY_INPUT is kubectl's notice for -t when its stdin is not a terminal (it goes on without a TTY). */
export const NO_TTY_INPUT = 'Unable to use a TTY - input is not a terminal or the right kind of file';
/** noTtyAllocated is kubectl's notice for -t on a container started without one. */
export const noTtyAllocated = (container: string): string => `error: Unable to use a TTY - container ${container} did not allocate one`;
/** completedPodAttach is kubectl attach's refusal for a pod that has finished. */
export const completedPodAttach = (phase: string): string => `cannot attach a container in a completed pod; current phase is ${phase}`;
/** sessionEnded is what kubectl prints on stdout after an interactive terminal session on a restarting pod. */
export const sessionEnded = (pod: string, container: string): string => `Session ended, resume using 'kubectl attach ${pod} -c ${container} -i -t' command when the pod is running`;

/** PodRef names the pod a session waits for. */
export interface PodRef { namespace: string; name: string }

/** PodCondition is one of run.go's watch conditions: true ends the wait, 'completed' ends it as ErrPodCompleted. */
export type PodCondition = (pod: KubeObject) => boolean | 'completed';

/** isCompleted says whether the pod has run to completion (Succeeded or Failed). */
export function isCompleted(pod: KubeObject): boolean {
  return pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';
}

/** podRunningAndReady is run.go's condition before attaching: Running with Ready=True, or completed. */
export const podRunningAndReady: PodCondition = (pod) => {
  if (isCompleted(pod)) return 'completed';
  return pod.status?.phase === 'Running' && (pod.status?.conditions ?? []).some((c: { type: string; status: string }) => c.type === 'Ready' && c.status === 'True');
};
/** podCompleted is run.go's exit condition for --restart=Never. */
export const podCompleted: PodCondition = (pod) => isCompleted(pod);
/** podSucceeded is run.go's exit condition for --restart=OnFailure: only success ends it. */
export const podSucceeded: PodCondition = (pod) => pod.status?.phase === 'Succeeded';

/**
 * waitForPod fast-forwards until cond holds for the pod or timeoutMs of simulated time has
 * passed (kubectl's watch with --pod-running-timeout); a pod deleted meanwhile is NotFound.
 */
export function waitForPod(ctx: CommandContext, ref: PodRef, cond: PodCondition, timeoutMs: number): KubeObject {
  const cluster = ctx.cluster();
  const get = (): KubeObject | undefined => cluster.api.tryGet({ kind: 'Pod', namespace: ref.namespace, name: ref.name });
  let gone = false;
  const met = waitUntil(ctx, () => {
    const pod = get();
    if (!pod) { gone = true; return true; }
    return cond(pod) !== false;
  }, timeoutMs);
  // run.go's conditions answer a deleted pod with a NotFound that names no pod.
  if (gone) throw notFound('', 'pods', '');
  if (!met) throw new CliError(WAIT_TIMEOUT);
  return cluster.read(() => get()!);
}

/** containerStatusOf is the status of a pod's container by name. */
export function containerStatusOf(pod: KubeObject, name: string): Record<string, any> | undefined {
  const st = pod.status ?? {};
  return [...(st.containerStatuses ?? []), ...(st.initContainerStatuses ?? []), ...(st.ephemeralContainerStatuses ?? [])].find((s: { name: string }) => s.name === name);
}

/** printLogs is run.go's logOpts: the container's log so far, on stdout. */
export function printLogs(ctx: CommandContext, pod: KubeObject, container: string): void {
  const cluster = ctx.cluster();
  const lines = cluster.read(() => containerLogs(pod, container, false, cluster.api, cluster.clock.nowMs()));
  ctx.io.out(logText(lines));
}

/** stdinIsTerminal says whether the command's standard input is a terminal (kubectl's IsTerminalIn). */
export function stdinIsTerminal(ctx: CommandContext): boolean {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return ctx.io.stdinFd !== undefined && (require('node:tty') as typeof import('node:tty')).isatty(ctx.io.stdinFd);
}

/** AttachOptions are kubectl attach's stream options; connect makes the attach request (it throws the server's refusal). */
export interface AttachOptions { stdin: boolean; tty: boolean; quiet: boolean; connect?: () => void }

/**
 * attachStream is kubectl attach's Run on a running pod: the TTY notices, the prompt notice,
 * then what the container writes from now until its running instance ends. kubemu: an instance
 * whose process never ends (a server, `sleep infinity`) is left at once, as a user detaching
 * would; one that ends is followed for at most MAX_WAIT_MS of simulated time.
 */
export function attachStream(ctx: CommandContext, pod: KubeObject, container: string, o: AttachOptions): void {
  const cluster = ctx.cluster();
  const spec = [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? []), ...(pod.spec?.ephemeralContainers ?? [])].find((c: { name: string }) => c.name === container);
  let tty = o.tty;
  if (tty && !spec?.tty) {
    tty = false;
    if (!o.quiet) ctx.io.err(`${noTtyAllocated(container)}\n`);
  } else if (!tty && spec?.tty) tty = true;
  let raw = false;
  if (o.stdin && tty) {
    if (stdinIsTerminal(ctx)) raw = true;
    else if (!o.quiet) ctx.io.err(`${NO_TTY_INPUT}\n`);
  }
  if (!o.quiet) ctx.io.err(`${ATTACH_PROMPT}\n`);
  o.connect?.();
  const status = containerStatusOf(pod, container);
  const instance: string | undefined = status?.containerID;
  const ref = { kind: 'Pod', namespace: pod.metadata.namespace!, name: pod.metadata.name! };
  // What the instance wrote before the attach is not streamed (run -i printed it from the log).
  const before = cluster.read(() => instanceLines(ctx, ref, container, instance).length);
  if (o.stdin && instance && status?.state?.running && spec?.stdin) sendStdin(ctx, ref, container, instance, spec);
  const running = cluster.read(() => cluster.api.tryGet(ref));
  const now = running && containerStatusOf(running, container);
  if (running && now?.containerID === instance && now?.state?.running && endsByItself(ctx, running, spec, now)) {
    waitUntil(ctx, () => {
      const now = cluster.api.tryGet(ref);
      const s = now && containerStatusOf(now, container);
      return !s || s.containerID !== instance || !s.state?.running;
    }, MAX_WAIT_MS);
  }
  const lines = cluster.read(() => instanceLines(ctx, ref, container, instance));
  ctx.io.out(logText(lines.slice(before)));
  if (!o.quiet && o.stdin && raw && pod.spec?.restartPolicy === 'Always') ctx.io.out(`${sessionEnded(pod.metadata.name!, container)}\n`);
}

/** instanceLines is what the instance containerID of the pod's container has written so far (the previous instance's log once it restarted). */
function instanceLines(ctx: CommandContext, ref: { kind: string; namespace: string; name: string }, container: string, instance: string | undefined): LogLine[] {
  const cluster = ctx.cluster();
  const pod = cluster.api.tryGet(ref);
  if (!pod) return [];
  const s = containerStatusOf(pod, container);
  const previous = s?.containerID !== instance && s?.lastState?.terminated?.containerID === instance;
  try {
    return containerLogs(pod, container, previous, cluster.api, cluster.clock.nowMs());
  } catch {
    // A container that has not started has written nothing.
    return [];
  }
}

/**
 * sendStdin is the attach's stdin reaching a process that waits for it: the command's input
 * (a terminal's is not read, as exec does not: it sends end of input). Sent once per instance,
 * as stdinOnce closes it after the first attach.
 */
function sendStdin(ctx: CommandContext, ref: { kind: string; namespace: string; name: string }, container: string, instance: string, spec: KubeObject['spec']): void {
  deliverAttachedStdin(ctx.cluster(), ref, container, instance, spec, () => stdinText(ctx) ?? '');
}

/**
 * deliverAttachedStdin gives an attach's whole input to the container's instance when its
 * process waits on stdin and none was sent to it yet, keeping it on the pod for the instance
 * (attached-stdin.ts), timed at the cluster's now. `kubemu attach -i` and serve's pods/attach
 * (once the client closes its stdin) both deliver through it. input is read only when the
 * process takes it. Says whether it was delivered.
 */
export function deliverAttachedStdin(cluster: Cluster, ref: { kind: string; namespace: string; name: string }, container: string, instance: string, spec: KubeObject['spec'], input: () => string): boolean {
  const pod = cluster.read(() => cluster.api.tryGet(ref));
  const status = pod && containerStatusOf(pod, container);
  if (!pod || status?.containerID !== instance || !status.state?.running || attachedStdinOf(pod, container, instance)) return false;
  const { model } = cluster.read(() => modelOf({ pod, api: cluster.api }, { spec, status, init: false, sidecar: false }, Date.parse(status.state.running.startedAt)));
  if (!model.program.waitsForInput || model.program.exit) return false;
  const text = input();
  return cluster.write(() => {
    const current = cluster.api.tryGet(ref);
    if (!current || current.metadata.uid !== pod.metadata.uid) return false;
    // Whole seconds, as the status's startedAt/finishedAt are: the process's times are reckoned from them.
    const sent = { containerID: instance, atMs: Math.floor(cluster.clock.nowMs() / 1000) * 1000, text };
    cluster.api.update({ ...current, metadata: { ...current.metadata, annotations: withAttachedStdin(current, container, sent) } }, { fieldManager: 'kubelet' });
    return true;
  });
}

/** endsByItself says whether the running instance's process ends without being stopped (it exits or is OOM-killed). */
function endsByItself(ctx: CommandContext, pod: KubeObject, spec: KubeObject['spec'], status: Record<string, any>): boolean {
  const cluster = ctx.cluster();
  const startMs = Date.parse(status.state.running.startedAt);
  const { model } = cluster.read(() => modelOf({ pod, api: cluster.api }, { spec, status, init: false, sidecar: false }, startMs));
  return model.program.exit !== undefined || model.oomAtMs !== undefined;
}
