/**
 * kubelet-stopped: the annotation with which `kubemu node stop|partition` silences a node's
 * kubelet. The kubelet, the node lifecycle controller and the CLI all read it, so it lives
 * below all three.
 */
import type { KubeObject } from './meta';

/** NODE_STOPPED_ANNOTATION marks a node whose kubelet is stopped (kubemu node stop). */
export const NODE_STOPPED_ANNOTATION = 'kubemu.io/kubelet-stopped';

/** kubeletRunning reports whether a node's kubelet talks to the API server (not stopped or partitioned). */
export function kubeletRunning(node: KubeObject): boolean {
  return !node.metadata.annotations?.[NODE_STOPPED_ANNOTATION];
}
