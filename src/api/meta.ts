/**
 * meta: the object model every layer shares — field names exactly as upstream JSON.
 * Types only; no behaviour. Objects are plain JSON so that any kind (even one kubemu has
 * no controller for) can be stored, listed and printed.
 */

import type { Event, EventsV1Event, KindMap } from './types/kinds';
import type { ObjectMeta } from './types/meta-v1';

/** Kind is the PascalCase kind name exactly as upstream spells it ("ReplicaSet"). */
export type Kind = string;

// The object metadata every kind shares, as generated from the Go types (meta/v1).
export type { ManagedFieldsEntry, ObjectMeta, OwnerReference } from './types/meta-v1';

/**
 * KubeObject is any API object; spec and status stay loosely typed at this level. It has no
 * index signature: a kind's other fields are read through its generated type (ObjectOf<K>,
 * EventLike), and kind-agnostic code reads fields by name through object-fields.ts.
 */
export interface KubeObject<Spec = any, Status = any> {
  apiVersion: string;
  kind: Kind;
  metadata: ObjectMeta;
  spec?: Spec;
  status?: Status;
}

/**
 * ObjectOf is the object type of a kind name: the generated type for a built-in kind's literal
 * name ("Pod" → Pod), the loose KubeObject for any other string (a CRD's kind, a kind in a variable).
 */
export type ObjectOf<K extends Kind> = K extends keyof KindMap ? KindMap[K] : KubeObject;

/** BuiltinObject is an object of any built-in kind, discriminated by its literal kind. */
export type BuiltinObject = KindMap[keyof KindMap];

/**
 * ManifestObject is an object as a manifest spells it: checked against its kind's generated
 * fields when the kind is built in, a plain KubeObject otherwise (custom resources).
 */
export type ManifestObject = BuiltinObject | KubeObject;

/**
 * EventLike is an Event as its readers see it: the core/v1 fields or the events.k8s.io/v1 ones
 * (the apiserver serves both versions from one stored object, so either set may be present;
 * series is core/v1's, whose count may be unset).
 */
export type EventLike = Pick<KubeObject, 'apiVersion' | 'kind' | 'metadata'>
  & Partial<Omit<Event, 'apiVersion' | 'kind' | 'metadata'>>
  & Partial<Omit<EventsV1Event, 'apiVersion' | 'kind' | 'metadata' | 'series'>>;

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
  /**
   * askedAs is the apiVersion the request named when its objects are served in another (a Table
   * is printed from the stored form): the selectors are read as that resource's, and its errors
   * name it. Default: apiVersion.
   */
  askedAs?: string;
  /**
   * withoutManagedFields: the reader never looks at metadata.managedFields (kubectl's tables, as
   * informers strip them too), so list and each may leave them out (store's ReadView).
   */
  withoutManagedFields?: boolean;
  /**
   * mayContain: the reader keeps only objects whose JSON holds one of these strings (a label
   * selector's `"app":"web"`, labelHints), so the store may pass over the others undecoded.
   * A hint, not a filter: the reader still tests what it keeps.
   */
  mayContain?: readonly string[];
}

export interface GroupResource { group: string; resource: string }
export interface GroupKind { group: string; kind: string }

export interface Condition {
  type: string;
  /** status is "True", "False" or "Unknown" (a Go named string: typed as string, as generated). */
  status: string;
  reason?: string;
  message?: string;
  lastTransitionTime?: string;
  lastUpdateTime?: string;
  lastHeartbeatTime?: string;
  lastProbeTime?: string | null;
  observedGeneration?: number;
}

/** ObjectReference as used by Events' involvedObject. */
export type { ObjectReference } from './types/core-v1';
