/**
 * meta: the object model every layer shares — field names exactly as upstream JSON.
 * Types only; no behaviour. Objects are plain JSON so that any kind (even one kubemu has
 * no controller for) can be stored, listed and printed.
 */

/** Kind is the PascalCase kind name exactly as upstream spells it ("ReplicaSet"). */
export type Kind = string;

export interface OwnerReference {
  apiVersion: string;
  kind: Kind;
  name: string;
  uid: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

export interface ManagedFieldsEntry { manager?: string; operation?: string; apiVersion?: string; time?: string }

export interface ObjectMeta {
  name?: string;
  generateName?: string;
  namespace?: string;
  uid?: string;
  /** resourceVersion is the store revision of the object's last write, as a decimal string. */
  resourceVersion?: string;
  generation?: number;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  deletionGracePeriodSeconds?: number;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: OwnerReference[];
  finalizers?: string[];
  managedFields?: ManagedFieldsEntry[];
}

/** KubeObject is any API object; spec and status stay loosely typed at this level. */
export interface KubeObject<Spec = any, Status = any> {
  apiVersion: string;
  kind: Kind;
  metadata: ObjectMeta;
  spec?: Spec;
  status?: Status;
  [field: string]: any;
}

/** ObjectRef names one object; namespace is absent for cluster-scoped kinds. */
export interface ObjectRef { kind: Kind; namespace?: string; name: string }

/** ListQuery selects objects of one kind; namespace undefined means all namespaces. */
export interface ListQuery {
  kind: Kind;
  namespace?: string;
  labelSelector?: string;
  fieldSelector?: string;
  /** apiVersion is the version to serve the objects in (default: the resource's preferred version). */
  apiVersion?: string;
}

export interface GroupResource { group: string; resource: string }
export interface GroupKind { group: string; kind: string }

export interface Condition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  reason?: string;
  message?: string;
  lastTransitionTime?: string;
  lastUpdateTime?: string;
  lastHeartbeatTime?: string;
  lastProbeTime?: string | null;
  observedGeneration?: number;
}

/** ObjectReference as used by Events' involvedObject. */
export interface ObjectReference {
  kind?: string;
  namespace?: string;
  name?: string;
  uid?: string;
  apiVersion?: string;
  resourceVersion?: string;
  fieldPath?: string;
}
