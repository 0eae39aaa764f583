/**
 * apply-prune: `kubectl apply --prune` as kubectl 1.32 does it without --applyset (its
 * allowlist alpha). Once every object was applied without error, the objects of the allowlisted
 * kinds that match -l (every one, with --all), carry the last-applied annotation and are not
 * among those applied are deleted and printed "pruned": in each namespace the applied objects
 * were in, then the cluster-scoped kinds.
 */
import { klogLine } from '../api/klog-line';
import { LAST_APPLIED } from '../api/last-applied';
import type { KubeObject } from '../api/meta';
import { kindPrefix, type Registry, type ResourceInfo } from '../api/registry';
import type { PropagationPolicy } from '../apiserver/client';
import type { Cluster } from '../cluster/cluster';
import { CliError } from './errors';

/** DEFAULT_PRUNE_KINDS are kubectl's default allowlist (util/prune), in its order: group/version/kind. */
const DEFAULT_PRUNE_KINDS = [
  'core/v1/ConfigMap', 'core/v1/Endpoints', 'core/v1/PersistentVolumeClaim', 'core/v1/Pod', 'core/v1/ReplicationController',
  'core/v1/Secret', 'core/v1/Service', 'batch/v1/Job', 'batch/v1/CronJob', 'networking.k8s.io/v1/Ingress', 'apps/v1/DaemonSet',
  'apps/v1/Deployment', 'apps/v1/ReplicaSet', 'apps/v1/StatefulSet', 'core/v1/Namespace', 'core/v1/PersistentVolume',
];

/** DEFAULT_KINDS_DEPRECATED is util/prune's warning when the default allowlist is used with a namespace. */
const DEFAULT_KINDS_DEPRECATED = 'Deprecated: kubectl apply will no longer prune non-namespaced resources by default when used with the --namespace flag in a future release. To preserve the current behaviour, list the resources you want to target explicitly in the --prune-allowlist flag.';

/** ERR_PRUNE_WITHOUT_SELECTION is apply's Validate when --prune has neither -l nor --all. */
export const ERR_PRUNE_WITHOUT_SELECTION = 'all resources selected for prune without explicitly passing --all. To prune all resources, pass the --all flag. If you did not mean to prune all resources, specify a label selector';

/**
 * pruneKinds maps --prune-allowlist (group/version/kind, "core" for the core group) to
 * resources, as prune.ParseResources does; none given is the default allowlist.
 */
export function pruneKinds(registry: Registry, allowlist: readonly string[]): ResourceInfo[] {
  return (allowlist.length ? allowlist : DEFAULT_PRUNE_KINDS).map((gvk) => {
    const parts = gvk.split('/');
    if (parts.length !== 3) throw new CliError(`invalid GroupVersionKind format: ${gvk}, please follow <group/version/kind>`);
    const [group, version, kind] = parts as [string, string, string];
    return registry.forKind(group === 'core' || group === '' ? version : `${group}/${version}`, kind);
  });
}

/** Visited is what the apply touched: the namespaces of its objects and the uids of those it applied. */
export interface Visited { namespaces: Set<string>; uids: Set<string> }

/** PruneScope is what decides the prune's candidates. */
export interface PruneScope {
  kinds: readonly ResourceInfo[];
  selector: string | undefined;
  /** defaultKinds: no --prune-allowlist was given, which kubectl 1.32 warns about (through klog) as it prunes. */
  defaultKinds: boolean;
  warn: (line: string) => void;
}

/**
 * unappliedObjects are the prune's candidates, in kubectl's order: each visited namespace's
 * objects of each namespaced kind, then the cluster-scoped kinds' objects.
 */
export function unappliedObjects(cluster: Cluster, visited: Visited, scope: PruneScope): { info: ResourceInfo; obj: KubeObject }[] {
  // kubectl's namespace is never empty (it defaults), so the default allowlist always draws the warning.
  if (scope.defaultKinds) scope.warn(`${klogLine('W', cluster.clock.nowMs(), process.pid, 'prune.go:71', DEFAULT_KINDS_DEPRECATED)}\n`);
  const scopes: [ResourceInfo[], (string | undefined)[]][] = [
    // kubectl walks a Go set of namespaces (no fixed order); kubemu sorts them.
    [scope.kinds.filter((k) => k.namespaced), [...visited.namespaces].sort()],
    [scope.kinds.filter((k) => !k.namespaced), [undefined]],
  ];
  const found: { info: ResourceInfo; obj: KubeObject }[] = [];
  cluster.read(() => {
    for (const [kinds, namespaces] of scopes) {
      for (const namespace of namespaces) {
        for (const info of kinds) {
          for (const obj of cluster.api.list({ kind: info.storageKind, namespace, labelSelector: scope.selector })) {
            // Only what apply (or create --save-config) made, and not what this run applied.
            if (obj.metadata.annotations?.[LAST_APPLIED] === undefined || visited.uids.has(obj.metadata.uid ?? '')) continue;
            found.push({ info, obj });
          }
        }
      }
    }
  });
  return found;
}

/** PruneOptions are apply's flags that decide how the candidates are deleted and shown. */
export interface PruneOptions extends PruneScope {
  dryRun: 'none' | 'client' | 'server';
  cascade: PropagationPolicy;
  gracePeriod: number;
  fieldManager: string;
  /** print shows a pruned object: given its name line, it prints that or the object in the -o format. */
  print: (obj: KubeObject, line: string) => void;
}

/** pruneUnapplied deletes (unless a client dry run) and prints every object the apply left behind. */
export function pruneUnapplied(cluster: Cluster, visited: Visited, o: PruneOptions): void {
  const suffix = o.dryRun === 'client' ? ' (dry run)' : o.dryRun === 'server' ? ' (server dry run)' : '';
  for (const { info, obj } of unappliedObjects(cluster, visited, o)) {
    if (o.dryRun !== 'client') {
      cluster.write(() => cluster.api.delete({ kind: info.storageKind, namespace: obj.metadata.namespace, name: obj.metadata.name! }, {
        fieldManager: o.fieldManager, dryRun: o.dryRun === 'server', propagationPolicy: o.cascade,
        gracePeriodSeconds: o.gracePeriod >= 0 ? o.gracePeriod : undefined,
      }));
    }
    o.print(obj, `${kindPrefix(info)}/${obj.metadata.name} pruned${suffix}\n`);
  }
}
