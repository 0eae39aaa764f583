/**
 * pod: the Pod strategy (pkg/registry/core/pod/strategy.go) plus the admission plugins that
 * mutate every new Pod — ServiceAccount, DefaultTolerationSeconds and Priority — exported
 * separately because they need cluster state or a random suffix the API layer owns.
 */
import type { KubeObject } from '../../api/meta';
import type { StatusCause } from '../errors';
import { forbiddenField } from '../field-errors';
import { nameIsDNSSubdomain, validateObjectMeta, validateObjectMetaUpdate } from './object-meta';
import { defaultPodSpec } from './pod-defaults';
import { validatePodSpec } from './pod-spec-validation';
import { validateUsageAnnotation } from './usage-annotation';
import { jsonEqual } from '../../api/deep-equal';
import { isObject, setDefault, withOrder, type Strategy } from './strategy';

import { SERVICE_ACCOUNT_MOUNT_PATH } from '../../api/service-account-mount';
/** API_ACCESS_VOLUME_PREFIX names the projected token volume: kube-api-access-<5 chars>. */
export const API_ACCESS_VOLUME_PREFIX = 'kube-api-access-';
/** DEFAULT_SERVICE_ACCOUNT is the account a pod runs as when it names none. */
export const DEFAULT_SERVICE_ACCOUNT = 'default';
/** TOKEN_EXPIRATION_SECONDS is the admission plugin's token lifetime (an hour plus 7s of jitter guard). */
export const TOKEN_EXPIRATION_SECONDS = 3607;
/** DEFAULT_TOLERATION_SECONDS is DefaultTolerationSeconds' not-ready/unreachable grace. */
export const DEFAULT_TOLERATION_SECONDS = 300;
/** NOT_READY_TAINT_KEY and UNREACHABLE_TAINT_KEY are the taints the node lifecycle controller sets. */
export const NOT_READY_TAINT_KEY = 'node.kubernetes.io/not-ready';
export const UNREACHABLE_TAINT_KEY = 'node.kubernetes.io/unreachable';
/** POD_UPDATE_FORBIDDEN is the detail when an update changes an immutable part of a pod spec. */
export const POD_UPDATE_FORBIDDEN = 'pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)';

const CONTAINER_LISTS = ['initContainers', 'containers', 'ephemeralContainers'] as const;

/** defaultPod is SetDefaults_Pod: requests from limits, enableServiceLinks, then the PodSpec defaults. */
export function defaultPod(pod: KubeObject): void {
  const spec = pod.spec;
  if (!isObject(spec)) return;
  for (const list of CONTAINER_LISTS) {
    for (const c of Array.isArray(spec[list]) ? spec[list] : []) {
      // A container that sets only limits gets equal requests (what makes it Guaranteed).
      if (!isObject(c) || !isObject(c.resources) || !isObject(c.resources.limits)) continue;
      const requests = isObject(c.resources.requests) ? c.resources.requests : {};
      for (const [k, v] of Object.entries(c.resources.limits)) if (!(k in requests)) requests[k] = v;
      c.resources = withOrder({ ...c.resources, requests }, ['claims', 'limits', 'requests']);
    }
  }
  setDefault(spec, 'enableServiceLinks', true);
  defaultPodSpec(spec);
}

/** admitPriority is the Priority admission plugin for pods without a PriorityClass (or with a resolved one). */
export function admitPriority(pod: KubeObject, priority = 0, preemptionPolicy = 'PreemptLowerPriority'): void {
  const spec = pod.spec;
  if (!isObject(spec)) return;
  setDefault(spec, 'priority', priority);
  setDefault(spec, 'preemptionPolicy', preemptionPolicy);
}

/** podQOSClass is GetPodQOS: Guaranteed, Burstable or BestEffort from the containers' resources. */
export function podQOSClass(pod: KubeObject): 'Guaranteed' | 'Burstable' | 'BestEffort' {
  const containers = [...(pod.spec?.initContainers ?? []), ...(pod.spec?.containers ?? [])];
  let any = false;
  let guaranteed = true;
  for (const c of containers) {
    const limits = c?.resources?.limits ?? {};
    const requests = c?.resources?.requests ?? {};
    if (Object.keys(limits).length || Object.keys(requests).length) any = true;
    for (const r of ['cpu', 'memory']) {
      if (limits[r] === undefined) guaranteed = false;
      else if (requests[r] !== undefined && String(requests[r]) !== String(limits[r])) guaranteed = false;
    }
  }
  if (!any) return 'BestEffort';
  return guaranteed ? 'Guaranteed' : 'Burstable';
}

/**
 * admitServiceAccount is the ServiceAccount admission plugin: serviceAccountName "default" and,
 * unless automounting is off, the kube-api-access-<suffix> projected volume mounted read-only in
 * every (init) container. suffix comes from the cluster's seeded Rand.
 */
export function admitServiceAccount(pod: KubeObject, suffix: string, opts: { automountServiceAccountToken?: boolean } = {}): void {
  const spec = pod.spec;
  if (!isObject(spec)) return;
  if (!spec.serviceAccountName) spec.serviceAccountName = spec.serviceAccount || DEFAULT_SERVICE_ACCOUNT;
  // The deprecated alias is kept equal to serviceAccountName, as conversion does.
  spec.serviceAccount = spec.serviceAccountName;
  const automount = spec.automountServiceAccountToken ?? opts.automountServiceAccountToken ?? true;
  const containers = [...(spec.initContainers ?? []), ...(spec.containers ?? [])].filter(isObject);
  const alreadyMounted = containers.some((c: any) => (c.volumeMounts ?? []).some((m: any) => m?.mountPath === SERVICE_ACCOUNT_MOUNT_PATH));
  if (automount && !alreadyMounted) {
    const name = `${API_ACCESS_VOLUME_PREFIX}${suffix}`;
    spec.volumes = [...(Array.isArray(spec.volumes) ? spec.volumes : []), {
      name,
      projected: {
        sources: [
          { serviceAccountToken: { expirationSeconds: TOKEN_EXPIRATION_SECONDS, path: 'token' } },
          { configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
          { downwardAPI: { items: [{ path: 'namespace', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } }] } },
        ],
        defaultMode: 420,
      },
    }];
    for (const c of containers) {
      c.volumeMounts = [...(Array.isArray(c.volumeMounts) ? c.volumeMounts : []), { name, readOnly: true, mountPath: SERVICE_ACCOUNT_MOUNT_PATH }];
    }
  }
  withOrder(spec, ['volumes', 'initContainers', 'containers']);
}

function tolerates(tolerations: any[], key: string): boolean {
  return tolerations.some((t) => isObject(t) && (t.effect === 'NoExecute' || !t.effect)
    && ((t.key === key) || (!t.key && t.operator === 'Exists')));
}

/** admitDefaultTolerations is DefaultTolerationSeconds: tolerate not-ready/unreachable NoExecute for 300s. */
export function admitDefaultTolerations(pod: KubeObject, seconds = DEFAULT_TOLERATION_SECONDS): void {
  const spec = pod.spec;
  if (!isObject(spec)) return;
  const tolerations: any[] = Array.isArray(spec.tolerations) ? spec.tolerations : [];
  for (const key of [NOT_READY_TAINT_KEY, UNREACHABLE_TAINT_KEY]) {
    if (!tolerates(tolerations, key)) tolerations.push({ key, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: seconds });
  }
  spec.tolerations = tolerations;
}

/** mutableView masks what a pod update may change, so the rest can be compared. */
function mutableView(spec: any): any {
  const s = structuredClone(spec ?? {});
  for (const list of CONTAINER_LISTS) for (const c of s[list] ?? []) if (isObject(c)) delete c.image;
  delete s.activeDeadlineSeconds;
  delete s.tolerations;
  delete s.terminationGracePeriodSeconds;
  delete s.schedulingGates;
  delete s.nodeName;
  return s;
}

/** POD_STRATEGY validates pods; status is owned by the kubelet and reset on create. */
export const POD_STRATEGY: Strategy = {
  defaults: defaultPod,
  validate(obj) {
    return [...validateObjectMeta(obj.metadata, { namespaced: true, nameFn: nameIsDNSSubdomain }), ...validateUsageAnnotation('metadata.annotations', obj.metadata.annotations), ...validatePodSpec('spec', obj.spec)];
  },
  validateUpdate(obj, old) {
    const out: StatusCause[] = [...validateObjectMetaUpdate(obj, old, { namespaced: true, nameFn: nameIsDNSSubdomain }), ...validateUsageAnnotation('metadata.annotations', obj.metadata.annotations), ...validatePodSpec('spec', obj.spec)];
    if (!jsonEqual(mutableView(obj.spec), mutableView(old.spec))) out.push(forbiddenField('spec', POD_UPDATE_FORBIDDEN));
    return out;
  },
  prepareForCreate(obj) {
    obj.status = { phase: 'Pending', qosClass: podQOSClass(obj) };
  },
  prepareForUpdate(obj, old) {
    if (old.status === undefined) delete obj.status; else obj.status = structuredClone(old.status);
  },
  gracefulDelete: {
    // Pods bound to a node terminate gracefully; unbound or finished ones go at once.
    gracePeriodSeconds(obj, requested) {
      if (!obj.spec?.nodeName) return 0;
      const phase = obj.status?.phase;
      if (phase === 'Succeeded' || phase === 'Failed') return 0;
      if (requested !== undefined && requested >= 0) return requested;
      return obj.spec?.terminationGracePeriodSeconds ?? 30;
    },
    // A pod with a grace period left is removed by its kubelet (or the GC for unbound pods), not by a finalizer update.
    heldBack: (obj) => !!obj.spec?.nodeName && (obj.metadata.deletionGracePeriodSeconds ?? 0) > 0,
  },
};
