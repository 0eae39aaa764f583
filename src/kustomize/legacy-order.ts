/**
 * legacy-order: kustomize's default output order (the SortOrderTransformer's "legacy" order):
 * Namespaces, quotas, storage classes, CRDs, service accounts, RBAC, ConfigMaps, Secrets,
 * Services … first, webhook configurations last, the rest by group_version_kind, then by
 * namespace and name.
 */
import { groupVersionOf, kindOf, nameOf, namespaceOf, type Resource } from './resource';

const ORDER_FIRST = ['Namespace', 'ResourceQuota', 'StorageClass', 'CustomResourceDefinition', 'ServiceAccount', 'PodSecurityPolicy', 'Role', 'ClusterRole',
  'RoleBinding', 'ClusterRoleBinding', 'ConfigMap', 'Secret', 'Service', 'LimitRange', 'PriorityClass', 'PersistentVolume', 'PersistentVolumeClaim',
  'Deployment', 'StatefulSet', 'CronJob', 'PodDisruptionBudget'];
const ORDER_LAST = ['MutatingWebhookConfiguration', 'ValidatingWebhookConfiguration'];

const TYPE_ORDER = new Map<string, number>([
  ...ORDER_FIRST.map((k, i): [string, number] => [k, -ORDER_FIRST.length + i]),
  ...ORDER_LAST.map((k, i): [string, number] => [k, 1 + i]),
]);

function gvkString(r: Resource): string {
  const { group, version } = groupVersionOf(r.obj);
  return [group || '~G', version || '~V', kindOf(r.obj) || '~K'].join('_');
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function compare(a: Resource, b: Resource): number {
  const ga = gvkString(a), gb = gvkString(b);
  if (ga !== gb) {
    const ia = TYPE_ORDER.get(kindOf(a.obj)) ?? 0, ib = TYPE_ORDER.get(kindOf(b.obj)) ?? 0;
    if (ia !== ib) return ia - ib;
    // Core-group Namespaces sort after other groups' (kustomize compares them reversed).
    if (kindOf(a.obj) === 'Namespace' && kindOf(b.obj) === 'Namespace' && (!groupVersionOf(a.obj).group || !groupVersionOf(b.obj).group)) return cmp(gb, ga);
    return cmp(ga, gb);
  }
  return cmp(`${namespaceOf(a) || '~X'}|${nameOf(a) || '~N'}`, `${namespaceOf(b) || '~X'}|${nameOf(b) || '~N'}`);
}

/** legacySort orders the build's output as kustomize does by default. */
export function legacySort(all: Resource[]): Resource[] {
  return [...all].sort(compare);
}
