/**
 * debug-attach: debug.go's handleAttachPod — wait until the debug container runs (or has already
 * ended), then attach to it as `kubectl attach` does; a container that has ended, or an attach
 * the user may not make, shows the container's log instead.
 * Mirrors kubernetes/kubectl pkg/cmd/debug/debug.go (waitForContainer, handleAttachPod).
 */
import type { KubeObject } from '../../api/meta';
import { CliError } from '../errors';
import type { CommandContext } from '../command';
import { attachStream, printLogs, waitForPod } from './attach-stream';
import { attachRefusal } from './debug';

/**
 * WAIT_MS bounds the wait for the container. kubemu: kubectl waits without a limit (debug has
 * no --pod-running-timeout); simulated time is fast-forwarded, so a container that never starts
 * (a bad image) must end the wait somewhere.
 */
const WAIT_MS = 5 * 60_000;

/** statusOf is the container's status in any of the pod's three lists. */
function statusOf(pod: KubeObject, name: string): Record<string, any> | undefined {
  const s = pod.status ?? {};
  return [...(s.containerStatuses ?? []), ...(s.initContainerStatuses ?? []), ...(s.ephemeralContainerStatuses ?? [])].find((x: { name: string }) => x.name === name);
}

/** attachDebugContainer follows the debug container: attach while it runs, its log once it has ended. */
export function attachDebugContainer(ctx: CommandContext, created: KubeObject, container: string, o: { stdin: boolean; tty: boolean; quiet: boolean }): void {
  const ref = { namespace: created.metadata.namespace!, name: created.metadata.name! };
  const pod = waitForPod(ctx, ref, (p) => {
    const s = statusOf(p, container);
    return !!s && !!(s.lastState?.terminated || s.state?.terminated || s.state?.running);
  }, WAIT_MS);
  const status = statusOf(pod, container);
  if (!status) throw new CliError(`error getting container status of container name "${container}": <nil>`);
  if (status.state?.terminated) { printLogs(ctx, pod, container); return; }
  const refused = attachRefusal(ctx, pod);
  if (refused) {
    ctx.io.err(`warning: couldn't attach to pod/${ref.name}, falling back to streaming logs: ${refused.message}\n`);
    printLogs(ctx, pod, container);
    return;
  }
  attachStream(ctx, pod, container, { stdin: o.stdin, tty: o.tty, quiet: o.quiet });
}
