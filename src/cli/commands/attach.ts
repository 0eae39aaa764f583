/**
 * attach: kubectl attach (POD | TYPE/NAME) [-c CONTAINER] [-i] [-t] — shows what a running
 * container writes from now until it ends (attach-stream.ts), with kubectl's refusals for a
 * completed pod and an unknown container.
 * Mirrors kubernetes/kubectl pkg/cmd/attach/attach.go (v0.32).
 * kubemu: -i's input is not delivered to a process that is already running.
 */
import type { KubeObject } from '../../api/meta';
import { badRequest } from '../../apiserver/errors';
import { authorizeRequest } from '../../apiserver/authorization';
import { defineCommand, type CommandContext } from '../command';
import { CliError, UsageError } from '../errors';
import { attachStream, completedPodAttach, isCompleted } from './attach-stream';
import { attachablePod, targetObject } from './attachable-pod';
import { containerNotFound, defaultContainer } from './exec';
import { durationFlag } from './sim-wait';

/** ERR_NO_ARGS is attach's Validate error without a pod. */
export const ERR_NO_ARGS = 'at least 1 argument is required for attach';
/** tooManyArgs is attach's Validate error for more than TYPE NAME. */
export const tooManyArgs = (args: string[]): string => `expected POD, TYPE/NAME, or TYPE NAME, (at most 2 arguments) saw ${args.length}: [${args.join(' ')}]`;
/** noSuchContainer is podcmd.FindOrDefaultContainerByName's error, wrapped by attach. */
export const noSuchContainer = (container: string, pod: string): string => `cannot attach to the container: container ${container} not found in pod ${pod}`;

/** attachCommand is `kubectl attach`. */
export const attachCommand = defineCommand({
  name: 'attach',
  short: 'Attach to a running container',
  usage: 'kubectl attach (POD | TYPE/NAME) -c CONTAINER',
  flags: [
    { name: 'container', short: 'c', type: 'string', help: 'Container name. If omitted, use the kubectl.kubernetes.io/default-container annotation for selecting the container to be attached or the first container in the pod will be chosen' },
    { name: 'stdin', short: 'i', type: 'bool', default: false, help: 'Pass stdin to the container' },
    { name: 'tty', short: 't', type: 'bool', default: false, help: 'Stdin is a TTY' },
    { name: 'quiet', short: 'q', type: 'bool', default: false, help: 'Only print output from the remote session' },
    { name: 'pod-running-timeout', type: 'duration', default: '1m0s', help: 'The length of time (like 5s, 2m, or 3h, higher than zero) to wait until at least one pod is running' },
  ],
  run(ctx): number {
    const timeoutMs = durationFlag(ctx.flags['pod-running-timeout'], 'pod-running-timeout');
    if (timeoutMs <= 0) throw new UsageError('--pod-running-timeout must be higher than zero', 'attach');
    if (!ctx.args.length) throw new CliError(ERR_NO_ARGS);
    if (ctx.args.length > 2) throw new CliError(tooManyArgs(ctx.args));
    const cluster = ctx.cluster();
    cluster.catchUp();
    const pod = attachablePod(ctx, targetObject(ctx, ctx.args), timeoutMs);
    if (isCompleted(pod)) throw new CliError(completedPodAttach(pod.status.phase));
    const container = containerToAttach(ctx, pod);
    // The attach request itself (after kubectl's notices): authorized as pods/attach, answered
    // as exec's is for a pod the kubelet has not started the container of.
    const connect = (): void => {
      cluster.read(() => authorizeRequest(cluster.api, 'create', 'Pod', pod.metadata.namespace!, pod.metadata.name!, 'attach'));
      if (!pod.spec?.nodeName) throw badRequest(`pod ${pod.metadata.name} does not have a host assigned`);
      const status = [...(pod.status?.containerStatuses ?? []), ...(pod.status?.initContainerStatuses ?? [])].find((s: { name: string }) => s.name === container);
      if (!status?.state?.running) throw new CliError(containerNotFound(container));
    };
    attachStream(ctx, pod, container, { stdin: ctx.flags.stdin, tty: ctx.flags.tty, quiet: ctx.flags.quiet, connect });
    return 0;
  },
});

/** containerToAttach is -c (which must exist) or the pod's default container, with exec's "Defaulted container" notice. */
function containerToAttach(ctx: CommandContext<{ container?: string }>, pod: KubeObject): string {
  const name = ctx.flags.container;
  if (!name) return defaultContainer(ctx, pod);
  const all = [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? []), ...(pod.spec?.ephemeralContainers ?? [])];
  if (!all.some((c: { name: string }) => c.name === name)) throw new CliError(noSuchContainer(name, pod.metadata.name!));
  return name;
}
