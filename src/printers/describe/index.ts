/**
 * describe: `kubectl describe` text for every kind kubemu serves. Each kind has one
 * describer file (mirroring kubernetes/kubectl pkg/describe/describe.go); they write
 * TAB-separated cells through a PrefixWriter whose buffer is aligned like Go's
 * text/tabwriter, so output matches kubectl byte for byte. Kinds without a describer fall
 * back to the generic describer. Everything here is pure: time comes from ctx.now and
 * related objects from ctx.list/ctx.get.
 */
import { staticPodUID } from '../../api/mirror-pod';
import type { EventLike, KubeObject } from '../../api/meta';
import type { DescribeContext, Describer } from './context';
import { describeCertificateSigningRequest } from './certificatesigningrequest';
import { describeConfigMap } from './configmap';
import { describeCronJob } from './cronjob';
import { describeDaemonSet } from './daemonset';
import { describeDeployment } from './deployment';
import { describeEndpoints } from './endpoints';
import { describeEndpointSlice } from './endpointslice';
import { describeGeneric } from './generic';
import { describeHorizontalPodAutoscaler } from './horizontalpodautoscaler';
import { describeIngress } from './ingress';
import { describeIngressClass } from './ingressclass';
import { describeJob } from './job';
import { describeLimitRange } from './limitrange';
import { describeNamespace } from './namespace';
import { describeNetworkPolicy } from './networkpolicy';
import { describeNode } from './node';
import { describePersistentVolume } from './persistentvolume';
import { describePersistentVolumeClaim } from './persistentvolumeclaim';
import { describePod } from './pod';
import { describePodDisruptionBudget } from './poddisruptionbudget';
import { describePriorityClass } from './priorityclass';
import { describeReplicaSet } from './replicaset';
import { describeReplicationController } from './replicationcontroller';
import { describeResourceQuota } from './resourcequota';
import { describeRole } from './role';
import { describeRoleBinding } from './rolebinding';
import { describeSecret } from './secret';
import { describeService } from './service';
import { describeServiceAccount } from './serviceaccount';
import { describeStatefulSet } from './statefulset';
import { describeStorageClass } from './storageclass';

export type { DescribeContext, Describer } from './context';

/** describerKey is "<Kind>" for the core group and "<Kind>.<group>" otherwise ("Deployment.apps"). */
export function describerKey(apiVersion: string | undefined, kind: string): string {
  const gv = apiVersion ?? 'v1';
  const group = gv.includes('/') ? gv.slice(0, gv.indexOf('/')) : '';
  return group ? `${kind}.${group}` : kind;
}

/**
 * DESCRIBERS maps a describerKey to its describer; anything else uses describeGeneric
 * (kubectl's describerMap: CustomResourceDefinitions and custom resources are not in it).
 */
export const DESCRIBERS: Readonly<Record<string, Describer>> = {
  Pod: describePod,
  Node: describeNode,
  Namespace: describeNamespace,
  Service: describeService,
  ServiceAccount: describeServiceAccount,
  ConfigMap: describeConfigMap,
  Secret: describeSecret,
  PersistentVolumeClaim: describePersistentVolumeClaim,
  PersistentVolume: describePersistentVolume,
  ReplicationController: describeReplicationController,
  'Deployment.apps': describeDeployment,
  'ReplicaSet.apps': describeReplicaSet,
  'DaemonSet.apps': describeDaemonSet,
  'StatefulSet.apps': describeStatefulSet,
  'Job.batch': describeJob,
  'CronJob.batch': describeCronJob,
  'Ingress.networking.k8s.io': describeIngress,
  LimitRange: describeLimitRange,
  ResourceQuota: describeResourceQuota,
  Endpoints: describeEndpoints,
  'EndpointSlice.discovery.k8s.io': describeEndpointSlice,
  'HorizontalPodAutoscaler.autoscaling': describeHorizontalPodAutoscaler,
  'IngressClass.networking.k8s.io': describeIngressClass,
  'NetworkPolicy.networking.k8s.io': describeNetworkPolicy,
  'PodDisruptionBudget.policy': describePodDisruptionBudget,
  'PriorityClass.scheduling.k8s.io': describePriorityClass,
  'StorageClass.storage.k8s.io': describeStorageClass,
  'Role.rbac.authorization.k8s.io': describeRole,
  'ClusterRole.rbac.authorization.k8s.io': describeRole,
  'RoleBinding.rbac.authorization.k8s.io': describeRoleBinding,
  'ClusterRoleBinding.rbac.authorization.k8s.io': describeRoleBinding,
  'CertificateSigningRequest.certificates.k8s.io': describeCertificateSigningRequest,
};

/** describeObject renders one object as `kubectl describe` does (the text ends with a newline). */
export function describeObject(obj: KubeObject, ctx: DescribeContext): string {
  const describer = DESCRIBERS[describerKey(obj.apiVersion, obj.kind)] ?? describeGeneric;
  return describer(obj, ctx);
}

/**
 * eventsFor keeps the events kubectl describe finds for obj (searchEvents: its name and UID):
 * a mirror pod's are its static pod's UID (the kubelet's events); a Node's also those whose UID
 * is its name (the kubelet's, where the controllers' carry the Node's UID).
 */
export function eventsFor(obj: KubeObject, events: readonly EventLike[]): EventLike[] {
  const uids = eventSubjectUids(obj);
  return events.filter((e) => {
    const ref = e.involvedObject ?? {};
    return ref.name === obj.metadata.name && ref.uid !== undefined && uids.includes(ref.uid);
  });
}

/** eventSubjectUids are the involvedObject uids eventsFor accepts for obj (an Event list may ask by each). */
export function eventSubjectUids(obj: KubeObject): string[] {
  const uid = (obj.kind === 'Pod' ? staticPodUID(obj) : undefined) ?? obj.metadata.uid;
  const uids = uid ? [uid] : [];
  if (obj.kind === 'Node' && obj.metadata.name && obj.metadata.name !== uid) uids.push(obj.metadata.name);
  return uids;
}

/** ContextSource is one shared context (events filtered per object) or a per-object factory. */
export type ContextSource = DescribeContext | ((obj: KubeObject) => DescribeContext);

function contextFor(obj: KubeObject, source: ContextSource): DescribeContext {
  if (typeof source === 'function') return source(obj);
  return { ...source, events: eventsFor(obj, source.events) };
}

/**
 * describeMany renders several objects the way `kubectl describe TYPE` / several names /
 * `-l` do: the first description as-is, every following one preceded by "\n\n" (so two
 * empty lines separate objects).
 */
export function describeMany(objs: readonly KubeObject[], ctx: ContextSource): string {
  return objs.map((o, i) => (i === 0 ? '' : '\n\n') + describeObject(o, contextFor(o, ctx))).join('');
}

/**
 * describePrefixMatches renders the objects found when `kubectl describe TYPE NAME` names no
 * object but is a prefix of some: each description followed by "\n".
 */
export function describePrefixMatches(objs: readonly KubeObject[], ctx: ContextSource): string {
  return objs.map((o) => describeObject(o, contextFor(o, ctx)) + '\n').join('');
}
