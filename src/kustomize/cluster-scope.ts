/**
 * cluster-scope: whether a kind is cluster-scoped, as kustomize decides it from its built-in
 * OpenAPI schema; kinds it does not know (custom resources) count as namespaced.
 */
import { BUILTIN_RESOURCES } from '../api/registry';

let clusterKinds: Set<string> | undefined;

/** isClusterScoped answers for a group and kind. */
export function isClusterScoped(group: string, kind: string): boolean {
  clusterKinds ??= new Set(BUILTIN_RESOURCES.filter((r) => !r.namespaced).map((r) => `${r.group}/${r.kind}`));
  return clusterKinds.has(`${group}/${kind}`);
}
