/**
 * attached-stdin: the input an attach sent to a container started with `stdin: true`
 * (`kubectl run -i`, `kubectl attach -i`). Upstream the runtime streams it into the process;
 * kubemu keeps it on the pod, as exec's written files are kept (filesystem.ts), so the
 * process model — recomputed at any moment from the pod — reads it: what the process did
 * after its read of stdin happens from the attach on. One entry per container, for the
 * instance it was sent to (stdinOnce: a restarted instance waits for an attach again).
 */
import type { KubeObject } from '../api/meta';

/** ATTACHED_STDIN_ANNOTATION holds, per container name, the input sent to its instance. */
export const ATTACHED_STDIN_ANNOTATION = 'kubemu.io/attached-stdin';

/** AttachedStdin is the input sent to one instance: its containerID, when (ms) and the text (closed after it). */
export interface AttachedStdin { containerID: string; atMs: number; text: string }

function entries(pod: KubeObject): Record<string, AttachedStdin> {
  const raw = pod.metadata.annotations?.[ATTACHED_STDIN_ANNOTATION];
  if (!raw) return {};
  try {
    const parsed = JSON.parse(raw) as unknown;
    return parsed && typeof parsed === 'object' ? parsed as Record<string, AttachedStdin> : {};
  } catch {
    // A hand-edited, unreadable annotation sent nothing.
    return {};
  }
}

/** attachedStdinOf is the input sent to the container's instance containerID, if any. */
export function attachedStdinOf(pod: KubeObject, container: string, containerID: string | undefined): AttachedStdin | undefined {
  const e = entries(pod)[container];
  return e && containerID && e.containerID === containerID && typeof e.text === 'string' && typeof e.atMs === 'number' ? e : undefined;
}

/** withAttachedStdin returns the pod's annotations with the input sent to one container's instance recorded. */
export function withAttachedStdin(pod: KubeObject, container: string, sent: AttachedStdin): Record<string, string> {
  return { ...(pod.metadata.annotations ?? {}), [ATTACHED_STDIN_ANNOTATION]: JSON.stringify({ ...entries(pod), [container]: sent }) };
}
