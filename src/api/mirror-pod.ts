/**
 * mirror-pod: a static pod's copy in the API. The kubelet gives a static pod a UID of its own
 * (the hash of its manifest, also its config.hash) and marks the mirror pod with it; the
 * kubelet's events about the pod name that UID, which is how kubectl describe finds them.
 */
import type { KubeObject } from './meta';

/** MIRROR_POD_ANNOTATION marks a mirror pod, holding its static pod's UID (kubetypes.ConfigMirrorAnnotationKey). */
export const MIRROR_POD_ANNOTATION = 'kubernetes.io/config.mirror';

/** isMirrorPod: the pod is the API's copy of a static pod. */
export function isMirrorPod(pod: KubeObject): boolean {
  return pod.metadata.annotations?.[MIRROR_POD_ANNOTATION] !== undefined;
}

/** staticPodUID is the UID the kubelet knows a mirror pod's static pod by; undefined for another pod. */
export function staticPodUID(pod: KubeObject): string | undefined {
  return pod.metadata.annotations?.[MIRROR_POD_ANNOTATION];
}
