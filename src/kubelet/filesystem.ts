/**
 * filesystem: a container's writable layer — the files `exec` wrote or removed — kept while
 * that container instance lives. It is kubelet-owned state stored on the pod itself (one
 * annotation for all of the pod's containers), so it lives in the cluster's state, goes away
 * with the pod, and is dropped when the container restarts (each record names the instance's
 * containerID). Its size is bounded: past WRITABLE_LAYER_BYTES a write fails as a full disk does.
 */
import type { KubeObject } from '../api/meta';

/** CONTAINER_FILES_ANNOTATION holds the pod's writable layers: {container: {id, files}}. */
export const CONTAINER_FILES_ANNOTATION = 'kubemu.io/container-files';
/**
 * WRITABLE_LAYER_BYTES bounds one container's written files. kubemu: small, as every layer of
 * a pod shares one annotation, and annotations are limited to 256 KiB per object.
 */
export const WRITABLE_LAYER_BYTES = 48 * 1024;

/** Layer maps a path to what exec wrote there, or null where exec removed it. */
export type Layer = Record<string, string | null>;

interface Stored { id: string; files: Layer }

function storedLayers(pod: KubeObject): Record<string, Stored> {
  const raw = pod.metadata.annotations?.[CONTAINER_FILES_ANNOTATION];
  if (!raw) return {};
  try {
    const v = JSON.parse(raw);
    return v && typeof v === 'object' && !Array.isArray(v) ? v : {};
  } catch {
    // A hand-edited, unreadable annotation is an empty layer, as after a restart.
    return {};
  }
}

/** layerOf is the writable layer of one container instance (empty when it restarted since). */
export function layerOf(pod: KubeObject, container: string, containerID: string): Layer {
  const s = storedLayers(pod)[container];
  return s && s.id === containerID && s.files && typeof s.files === 'object' ? s.files : {};
}

/** applyLayer lays a writable layer over the files the container sees. */
export function applyLayer(files: Record<string, string>, layer: Layer): Record<string, string> {
  const out = { ...files };
  for (const [p, c] of Object.entries(layer)) {
    if (c === null) delete out[p]; else if (typeof c === 'string') out[p] = c;
  }
  return out;
}

/** diffLayer is the layer that turns `base` into `files`. */
export function diffLayer(base: Record<string, string>, files: Record<string, string>): Layer {
  const layer: Layer = {};
  for (const [p, c] of Object.entries(files)) if (base[p] !== c) layer[p] = c;
  for (const p of Object.keys(base)) if (!(p in files)) layer[p] = null;
  return layer;
}

/** layerBytes is what a layer's files take on disk. */
export function layerBytes(layer: Layer): number {
  let n = 0;
  for (const c of Object.values(layer)) if (c) n += c.length;
  return n;
}

/** withLayer returns the pod's annotations with one container's layer replaced (removed when empty). */
export function withLayer(pod: KubeObject, container: string, containerID: string, layer: Layer): Record<string, string> {
  const all = storedLayers(pod);
  if (Object.keys(layer).length) all[container] = { id: containerID, files: layer };
  else delete all[container];
  const annotations = { ...(pod.metadata.annotations ?? {}) };
  if (Object.keys(all).length) annotations[CONTAINER_FILES_ANNOTATION] = JSON.stringify(all);
  else delete annotations[CONTAINER_FILES_ANNOTATION];
  return annotations;
}

/** annotationsAfter is withLayer for an update: no empty annotations map where the pod had none. */
export function annotationsAfter(pod: KubeObject, container: string, containerID: string, layer: Layer): Record<string, string> | undefined {
  const a = withLayer(pod, container, containerID, layer);
  return Object.keys(a).length || pod.metadata.annotations ? a : undefined;
}
