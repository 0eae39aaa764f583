/**
 * etcd-keys: where kube-apiserver keeps each resource in etcd (its storage prefixes), so
 * `etcdctl get /registry/… --prefix --keys-only` lists what a real cluster's etcd holds:
 * /registry/<resource>/<namespace>/<name>, with the exceptions kube-apiserver's REST storage
 * registers (Services under services/specs, Nodes under minions…), and custom resources and
 * aggregated APIs under their group.
 */
import type { ResourceInfo } from '../../api/registry';

/** REGISTRY_ROOT is kube-apiserver's --etcd-prefix default. */
export const REGISTRY_ROOT = '/registry';

/** RESOURCE_PREFIXES are the storage prefixes that are not the resource's plural (each resource's registry storage package). */
const RESOURCE_PREFIXES: Readonly<Record<string, string>> = {
  '/services': 'services/specs',
  '/endpoints': 'services/endpoints',
  '/nodes': 'minions',
  '/replicationcontrollers': 'controllers',
  'networking.k8s.io/ingresses': 'ingress',
};

/** BUILT_IN_GROUPS are kube-apiserver's own groups: their keys carry no group (custom resources' do). */
const BUILT_IN_GROUPS = new Set(['', 'apps', 'batch', 'autoscaling', 'policy', 'networking.k8s.io', 'rbac.authorization.k8s.io', 'storage.k8s.io',
  'scheduling.k8s.io', 'coordination.k8s.io', 'discovery.k8s.io', 'node.k8s.io', 'certificates.k8s.io', 'admissionregistration.k8s.io',
  'flowcontrol.apiserver.k8s.io', 'events.k8s.io', 'resource.k8s.io', 'storagemigration.k8s.io', 'internal.apiserver.k8s.io']);

/** storagePrefix is a resource's key prefix without the root or a trailing slash ("pods", "services/specs", "stable.example.com/crontabs"). */
export function storagePrefix(info: Pick<ResourceInfo, 'group' | 'resource'>): string {
  const special = RESOURCE_PREFIXES[`${info.group}/${info.resource}`];
  if (special) return special;
  return BUILT_IN_GROUPS.has(info.group) ? info.resource : `${info.group}/${info.resource}`;
}

/** etcdKey is the key of one object: /registry/<prefix>/[<namespace>/]<name>. */
export function etcdKey(info: Pick<ResourceInfo, 'group' | 'resource'>, namespace: string, name: string): string {
  return `${REGISTRY_ROOT}/${storagePrefix(info)}/${namespace ? `${namespace}/` : ''}${name}`;
}
