/**
 * name-references: kustomize's FixBackReferences. After prefixes, suffixes, namespaces and
 * hash suffixes have renamed objects, every field that named an object by one of its old
 * names is pointed at its current name (and, for RBAC subjects and webhook services, at its
 * current namespace).
 */
import { isClusterScoped } from './cluster-scope';
import { specMatches, visitPath } from './field-spec';
import { NAME_REFERENCES, type NameReference } from './name-reference-table';
import { groupVersionOf, hadName, isObj, kindOf, nameOf, namespaceOf, type Obj, type Resource } from './resource';

const effectiveNs = (ns: string): string => ns || 'default';

/**
 * findReferral: the referral object once called `name`, in one of the namespaces the
 * reference can mean (undefined: any, for a cluster-scoped referrer or referral).
 */
function findReferral(all: Resource[], ref: NameReference, name: string, namespaces: string[] | undefined): Resource | undefined {
  const found = all.filter((r) => kindOf(r.obj) === ref.kind && (!ref.group || groupVersionOf(r.obj).group === ref.group) && hadName(r, name));
  if (!namespaces || isClusterScoped(groupVersionOf(found[0]?.obj ?? {}).group, ref.kind)) return found[0];
  const wanted = new Set(namespaces.map(effectiveNs));
  return found.find((r) => r.namespaces.some((ns) => wanted.has(effectiveNs(ns))));
}

function fixValue(all: Resource[], ref: NameReference, referrerNs: string[] | undefined, value: unknown, parent?: Obj): unknown {
  if (typeof value === 'string') {
    const target = findReferral(all, ref, value, referrerNs);
    return target ? nameOf(target) : undefined;
  }
  if (Array.isArray(value)) {
    // rules/resourceNames and RBAC subjects are lists: fix each element.
    return value.map((v) => (isObj(v) ? (fixMap(all, ref, referrerNs, v), v) : fixValue(all, ref, referrerNs, v, parent) ?? v));
  }
  if (isObj(value)) fixMap(all, ref, referrerNs, value);
  return undefined;
}

// fixMap: a {name, namespace} reference (a subject, a webhook's service).
// kustomize does not look at a subject's kind: a User named like a renamed ServiceAccount is renamed too.
function fixMap(all: Resource[], ref: NameReference, referrerNs: string[] | undefined, m: Obj): void {
  if (typeof m.name !== 'string') return;
  const ns = typeof m.namespace === 'string' ? [m.namespace] : referrerNs;
  const target = findReferral(all, ref, m.name, ns);
  if (!target) return;
  m.name = nameOf(target);
  if (namespaceOf(target)) m.namespace = namespaceOf(target);
}

/** fixNameReferences rewrites every reference to a renamed object. */
export function fixNameReferences(all: Resource[]): void {
  for (const ref of NAME_REFERENCES) {
    for (const referrer of all) {
      // A cluster-scoped referrer (a ClusterRoleBinding, a PersistentVolume) may name an object in any namespace.
      const referrerNs = isClusterScoped(groupVersionOf(referrer.obj).group, kindOf(referrer.obj)) ? undefined : referrer.namespaces;
      for (const spec of ref.referrers) {
        if (!specMatches(spec, referrer.obj)) continue;
        if (spec.path === 'roleRef/name') {
          const roleRef = referrer.obj.roleRef;
          if (!isObj(roleRef) || roleRef.kind !== ref.kind || typeof roleRef.name !== 'string') continue;
          const target = findReferral(all, ref, roleRef.name, referrerNs);
          if (target) roleRef.name = nameOf(target);
          continue;
        }
        visitPath(referrer.obj, spec.path, false, (v) => fixValue(all, ref, referrerNs, v));
      }
    }
  }
}
