/**
 * admission-chain: the admission plugins a v1.32 API server runs on create, in upstream's
 * order — mutating (ServiceAccount, Priority, DefaultTolerationSeconds, LimitRanger's
 * defaults for pods; DefaultStorageClass and StorageObjectInUseProtection for claims and
 * volumes, DefaultIngressClass for Ingresses) before validation, validating (LimitRanger's constraints, ResourceQuota) after;
 * and on a claim's update LimitRanger's constraints, PersistentVolumeClaimResize, ResourceQuota.
 * PodSecurity runs first among the validating plugins (pods, workloads' templates, namespaces' labels),
 * then ValidatingAdmissionPolicy (on every kind, when a binding exists), then ResourceQuota.
 */
import { scaleOf } from '../api/scale-of';
import type { KubeObject, ListQuery, ObjectRef } from '../api/meta';
import type { PriorityClass } from '../api/types/kinds';
import { builtinRegistry, qualifiedResource, type ResourceInfo } from '../api/registry';
import type { Store } from '../store/store';
import type { Rand } from '../sim/rand';
import { admitDefaultTolerations, admitPriority, admitServiceAccount } from './strategies';
import { forbidden } from './errors';
import { admitResourceQuotas, mutateLimitRanges, quotaUsage, validateLimitRanges, type NamespaceObjects } from './admission';
import { admitDefaultStorageClass } from './admission/default-storage-class';
import { admitStorageProtection } from './admission/storage-object-in-use-protection';
import { validateClaimResize } from './admission/persistent-volume-claim-resize';
import { admitDefaultIngressClass } from './admission/default-ingress-class';
import { admitPodSecurity, checksPodSecurity, type Annotate, type Warn } from './admission/pod-security/pod-security-admission';
import type { PodSecurityConfiguration } from './admission/pod-security/pod-security-configuration';
import type { UserInfo } from './authorization/user-info';
import { RbacAuthorizer } from './authorization/rbac-authorizer';
import { isSuperUser } from './authorization/user-info';
import { admitValidatingPolicies, type RequestFacts } from './admission/validating-admission-policy/validating-admission-policy';

/** AdmissionRequest is what the validating plugins know of the request besides the object. */
export interface AdmissionRequest {
  readonly info: ResourceInfo;
  /** warn receives warnings for the client (absent for components' writes). */
  readonly warn?: Warn;
  /** annotate adds an annotation to the request's audit event (absent when no audit log is kept). */
  readonly annotate?: Annotate;
  /** podSecurity is the PodSecurity plugin's configuration (defaults, exemptions), if the cluster has one. */
  readonly podSecurity?: PodSecurityConfiguration;
  /** user is the requesting user, for the CLI's requests (components' writes carry none). */
  readonly user?: UserInfo;
  /** subresource: the write came through a subresource (kubectl scale's "scale"). */
  readonly subresource?: 'scale';
}

/** priorityClassNotFound is the Priority plugin's rejection. */
export const priorityClassNotFound = (name: string): string => `no PriorityClass with name ${name} was found`;

/** serviceAccountNotFound is the ServiceAccount plugin's rejection. */
export const serviceAccountNotFound = (ns: string, name: string): string =>
  `error looking up service account ${ns}/${name}: serviceaccount "${name}" not found`;

/** mutateCreate runs the mutating plugins on a new object; throws 403 Forbidden. */
export function mutateCreate(obj: KubeObject, store: Store, rand: Rand): void {
  if (obj.kind === 'PersistentVolumeClaim') admitDefaultStorageClass(obj, store.list({ kind: 'StorageClass' }));
  admitStorageProtection(obj);
  if (obj.kind === 'Ingress') admitDefaultIngressClass(obj, store.list({ kind: 'IngressClass' }));
  if (obj.kind !== 'Pod') return;
  const sa: string | undefined = obj.spec?.serviceAccountName || obj.spec?.serviceAccount;
  // kubemu: the "default" account is not required to exist yet (the namespace's first pods can race its creation upstream).
  const account = store.get({ kind: 'ServiceAccount', namespace: obj.metadata.namespace, name: sa || 'default' });
  if (sa && sa !== 'default' && !account) {
    throw forbidden('', 'pods', obj.metadata.name ?? '', serviceAccountNotFound(obj.metadata.namespace ?? 'default', sa));
  }
  // The account's own automountServiceAccountToken applies when the pod does not say (upstream's shouldAutomount).
  admitServiceAccount(obj, rand.suffix(5), { automountServiceAccountToken: (account as { automountServiceAccountToken?: boolean } | undefined)?.automountServiceAccountToken });
  const pcName: string | undefined = obj.spec?.priorityClassName;
  if (pcName) {
    const pc = store.get({ kind: 'PriorityClass', name: pcName }) as PriorityClass | undefined;
    if (!pc) throw forbidden('', 'pods', obj.metadata.name ?? '', priorityClassNotFound(pcName));
    admitPriority(obj, pc.value ?? 0, pc.preemptionPolicy ?? 'PreemptLowerPriority');
  } else {
    admitPriority(obj);
  }
  admitDefaultTolerations(obj);
  const ranges = store.list({ kind: 'LimitRange', namespace: obj.metadata.namespace });
  if (ranges.length) mutateLimitRanges(obj, ranges);
}

/** validateCreate runs the validating plugins (after the strategy's validation); throws 403 Forbidden. */
export function validateCreate(obj: KubeObject, store: Store, nowISO: string, req?: AdmissionRequest): void {
  if (checksPodSecurity(obj)) podSecurity(obj, undefined, store, req);
  if (req) validatingPolicies(obj, undefined, store, req);
  const ns = obj.metadata.namespace;
  if (!ns) return;
  if (obj.kind === 'Pod' || obj.kind === 'PersistentVolumeClaim') {
    const ranges = store.list({ kind: 'LimitRange', namespace: ns });
    if (ranges.length) validateLimitRanges(obj, ranges);
  }
  const quotas = store.list({ kind: 'ResourceQuota', namespace: ns });
  if (!quotas.length) return;
  const objects = namespaceObjects(store, ns, nowISO);
  admitResourceQuotas(obj, quotas, (q) => quotaUsage(q, objects));
}

/** validateUpdate runs the validating plugins on an update of the main resource (after the strategy's validation); throws 403 Forbidden. */
export function validateUpdate(obj: KubeObject, old: KubeObject, store: Store, nowISO: string, req?: AdmissionRequest): void {
  // PodSecurity skips a workload's subresources; a scale never changes the pod template anyway.
  if (checksPodSecurity(obj) && !req?.subresource) podSecurity(obj, old, store, req);
  if (req) validatingPolicies(obj, old, store, req);
  if (obj.kind !== 'PersistentVolumeClaim') return;
  const ns = obj.metadata.namespace;
  // LimitRanger checks claim updates too (a resize past a PersistentVolumeClaim max); pod updates it skips.
  const ranges = store.list({ kind: 'LimitRange', namespace: ns });
  if (ranges.length) validateLimitRanges(obj, ranges);
  validateClaimResize(obj, old, (name) => store.get({ kind: 'StorageClass', name }));
  // ResourceQuota last: a claim's update is charged the growth of its request.
  const quotas = store.list({ kind: 'ResourceQuota', namespace: ns });
  if (!quotas.length || !ns) return;
  const objects = namespaceObjects(store, ns, nowISO);
  admitResourceQuotas(obj, quotas, (q) => quotaUsage(q, objects), old);
}

function podSecurity(obj: KubeObject, old: KubeObject | undefined, store: Store, req: AdmissionRequest | undefined): void {
  admitPodSecurity(obj, old,
    (ns) => store.getShared({ kind: 'Namespace', name: ns })?.metadata.labels,
    (ns) => store.list({ kind: 'Pod', namespace: ns }), req?.warn, { annotate: req?.annotate, config: req?.podSecurity, user: req?.user?.name });
}

/** POLICY_KINDS are never subject to policies (upstream exempts them so a bad policy cannot lock itself in). */
const POLICY_KINDS = new Set(['ValidatingAdmissionPolicy', 'ValidatingAdmissionPolicyBinding', 'Event']);

function validatingPolicies(obj: KubeObject, old: KubeObject | undefined, store: Store, req: AdmissionRequest): void {
  // The cheap exit: most clusters have no binding, and this runs on every write.
  if (POLICY_KINDS.has(obj.kind) || !store.count({ kind: 'ValidatingAdmissionPolicyBinding' })) return;
  const ns = obj.metadata.namespace;
  // Through the scale subresource the policy sees autoscaling/v1 Scale objects, as upstream's.
  const asSeen = (o: KubeObject): KubeObject => (req.subresource === 'scale' ? scaleOf(o) : o);
  const facts: RequestFacts = {
    operation: old ? 'UPDATE' : 'CREATE', group: req.info.group, version: req.info.version, resource: req.info.resource, subresource: req.subresource ?? '',
    namespaced: req.info.namespaced, name: obj.metadata.name ?? '', object: asSeen(obj), oldObject: old ? asSeen(old) : null,
    namespaceLabels: obj.kind === 'Namespace' ? obj.metadata.labels : ns ? store.get({ kind: 'Namespace', name: ns })?.metadata.labels : undefined,
    userInfo: req.user && {
      username: req.user.name, ...(req.user.uid ? { uid: req.user.uid } : {}), groups: req.user.groups,
      ...(req.user.extra ? { extra: req.user.extra } : {}),
    },
  };
  admitValidatingPolicies(facts, {
    policies: () => store.list({ kind: 'ValidatingAdmissionPolicy' }),
    bindings: () => store.list({ kind: 'ValidatingAdmissionPolicyBinding' }),
    params: (_apiVersion, kind, namespace) => store.list({ kind, namespace }),
    namespace: (name) => store.get({ kind: 'Namespace', name }),
    authorize: (user, a) => {
      const u = { name: user.username, groups: user.groups, uid: user.uid, extra: user.extra };
      if (isSuperUser(u)) return { allowed: true, reason: '' };
      return new RbacAuthorizer({ list: (q: ListQuery) => store.list(q), tryGet: (ref: ObjectRef) => store.get(ref) })
        .authorize({ user: u, verb: a.verb, group: a.group, resource: a.resource, subresource: a.subresource || undefined, namespace: a.namespace || undefined, name: a.name || undefined, path: a.path });
    },
  }, req.warn);
}

/** namespaceObjects gathers what quota usage is computed from. */
export function namespaceObjects(store: Store, ns: string, nowISO: string): NamespaceObjects {
  const counts: Record<string, number> = {};
  for (const info of builtinRegistry.resources) {
    if (info.namespaced && info.verbs.includes('list') && info.storageKind === info.kind) counts[qualifiedResource(info)] = store.count({ kind: info.storageKind, namespace: ns });
  }
  return {
    pods: store.list({ kind: 'Pod', namespace: ns }),
    pvcs: store.list({ kind: 'PersistentVolumeClaim', namespace: ns }),
    services: store.list({ kind: 'Service', namespace: ns }),
    configmaps: counts.configmaps, secrets: counts.secrets,
    replicationcontrollers: counts.replicationcontrollers, resourcequotas: counts.resourcequotas,
    counts, now: nowISO,
  };
}
