/** pod-ref: the kubelet's name for a pod in its messages (format.Pod). */
import type { KubeObject } from '../api/meta';

/** podRef is name_namespace(uid). */
export function podRef(pod: KubeObject): string {
  return `${pod.metadata.name}_${pod.metadata.namespace}(${pod.metadata.uid})`;
}
