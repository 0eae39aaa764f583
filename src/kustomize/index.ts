/**
 * kustomize: kubemu's kustomize engine (kustomize v5.5.0 as built into kubectl 1.32), for
 * `kubectl kustomize`, `apply|create|delete|diff -k` and `kubemu check -k`. docs/kustomize.md.
 */
export { buildKustomization, objectsOf, type BuildResult } from './build';
export { KustomizeError } from './kustomize-error';
export { renderBuild } from './render';
export type { Patchers } from './patchers';
