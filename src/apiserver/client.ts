/**
 * client: ApiClient, the interface every component and the CLI talk to. The ApiServer
 * implements it; controllers, the scheduler and kubelets see only this interface.
 */
import type { Kind, KubeObject, ListQuery, ObjectOf, ObjectRef, ObjectReference } from '../api/meta';
import type { CertificateAuthority } from '../api/pki/x509';

/** FieldValidation is the server's ?fieldValidation= mode (kubectl --validate). */
export type FieldValidation = 'Strict' | 'Warn' | 'Ignore';

/** WriteOptions: fieldManager names the writer (also the Event source); dryRun skips persistence. */
export interface WriteOptions {
  fieldManager: string;
  dryRun?: boolean;
  /** fieldValidation applies to objects from users (the CLI); components' objects are trusted. */
  fieldValidation?: FieldValidation;
  /** duplicateFields are duplicate-key findings from the YAML reader ("line 26: key \"x\" already set in map"). */
  duplicateFields?: string[];
  /** warn receives the server's warnings for this request (admission's "would violate PodSecurity …"); kubectl prints each after "Warning: ". */
  warn?: (text: string) => void;
  /** subresource names the subresource the write was made through ("scale"), which admission matches by. */
  subresource?: 'scale';
  /**
   * unreadManagedFields says the caller will not read the answer's metadata.managedFields
   * (kubectl's output leaves them out). A dry-run create, whose answer is all anyone sees of
   * its object, then does not work them out, unless an audit log or an admission policy could
   * see them: nothing observable changes.
   */
  unreadManagedFields?: boolean;
}

/** ApplyOptions: onLive receives the live object apply read (undefined when there is none) before anything is written; kubectl warns from it. */
export interface ApplyOptions extends WriteOptions {
  onLive?: (live: KubeObject | undefined) => void;
  /**
   * annotate false is kubectl diff's apply: the manifest is merged without the last-applied
   * annotation (the live one stays as it is), and a new object is created as the manifest has it.
   */
  annotate?: boolean;
}

export type PropagationPolicy = 'Background' | 'Foreground' | 'Orphan';

/** DeleteOptions mirror metav1.DeleteOptions. */
export interface DeleteOptions extends WriteOptions {
  gracePeriodSeconds?: number;
  propagationPolicy?: PropagationPolicy;
  /** preconditionResourceVersion makes the delete fail with Conflict if the object changed. */
  preconditionResourceVersion?: string;
}

export type ApplyOutcome = 'created' | 'configured' | 'unchanged';

/** EventType is an Event's type column. */
export type EventType = 'Normal' | 'Warning';

/**
 * ApiClient: get throws NotFound, tryGet returns undefined; writes return the stored object.
 * Reads are typed by the kind they name: `tryGet({ kind: 'Pod', … })` is a `Pod | undefined`,
 * while a kind held in a plain string reads the loose KubeObject. (The overloads with an
 * explicit type argument, `get<T>(…)`, are the older unchecked form.)
 */
export interface ApiClient {
  get<K extends Kind>(ref: ObjectRef & { kind: K }, apiVersion?: string): ObjectOf<K>;
  get<T extends KubeObject = KubeObject>(ref: ObjectRef, apiVersion?: string): T;
  /** tryGet reads an object in apiVersion (default: its resource's preferred version). */
  tryGet<K extends Kind>(ref: ObjectRef & { kind: K }, apiVersion?: string): ObjectOf<K> | undefined;
  tryGet<T extends KubeObject = KubeObject>(ref: ObjectRef, apiVersion?: string): T | undefined;
  list<K extends Kind>(q: ListQuery & { kind: K }): ObjectOf<K>[];
  list<T extends KubeObject = KubeObject>(q: ListQuery): T[];
  /**
   * each visits what list(q) returns one object at a time, never holding the whole list (large
   * `get`s). The store is mid-read while visit runs: visit must not call the API.
   */
  each<K extends Kind>(q: ListQuery & { kind: K }, visit: (obj: ObjectOf<K>) => void): void;
  /** revision is the store's current resourceVersion: it changes with every write. */
  revision(): number;
  /** podIPsOnNode lists the pod IPs in use on a node (an indexed read that decodes no pods). */
  podIPsOnNode(nodeName: string): string[];
  /** podsOnNode lists the pods bound to a node (an indexed read, for kubelets and node describers). */
  podsOnNode(nodeName: string): KubeObject[];
  /** listControlledBy lists objects of a kind whose controller ownerReference is the given owner uid. */
  listControlledBy<K extends Kind>(kind: K, ownerUid: string): ObjectOf<K>[];
  /**
   * versions names each stored object of a kind, in list order, with its resourceVersion, decoding
   * none; with onNode, only the pods bound to that node (null: the unscheduled ones), through the
   * spec.nodeName index (as list's field selector spec.nodeName=).
   */
  versions(kind: string, onNode?: string | null): ObjectVersion[];
  /** controlledVersions names each object listControlledBy would return, with its resourceVersion, decoding none. */
  controlledVersions(kind: string, ownerUid: string): ObjectVersion[];
  /**
   * changedSince names each object of a kind written or deleted after `revision`, once, with its
   * last change's revision, from the change log and decoding none (what a watch from that
   * resourceVersion would show); undefined when the log no longer reaches back there.
   */
  changedSince(kind: string, revision: number): ChangedObject[] | undefined;
  /**
   * historyEpoch changes when a write of this process was rolled back and its resourceVersions
   * may be reused: a cache keyed by resourceVersion is valid only while the epoch stays the same.
   */
  historyEpoch(): number;
  create<T extends KubeObject = KubeObject>(obj: T, o: WriteOptions): T;
  /** update writes spec and metadata; status is kept as stored. Conflict on a stale resourceVersion. */
  update<T extends KubeObject = KubeObject>(obj: T, o: WriteOptions): T;
  /** updateStatus writes only .status. */
  updateStatus<T extends KubeObject = KubeObject>(obj: T, o: WriteOptions): T;
  /** updateApproval writes a CertificateSigningRequest's conditions through its approval subresource. */
  updateApproval(csr: KubeObject, o: WriteOptions): KubeObject;
  /** delete returns the object as left: with deletionTimestamp set when deletion is graceful, else as removed. */
  delete(ref: ObjectRef, o: DeleteOptions): KubeObject;
  apply(obj: KubeObject, o: ApplyOptions): { object: KubeObject; outcome: ApplyOutcome };
  /** evict deletes a pod through pods/eviction, honouring its PodDisruptionBudget (429 TooManyRequests when it would be violated). */
  evict(pod: ObjectRef, o: DeleteOptions): KubeObject;
  /** updateEphemeralContainers writes only a pod's spec.ephemeralContainers (pods/ephemeralcontainers, authorized as patch: kubectl debug patches it). */
  updateEphemeralContainers(pod: KubeObject, o: WriteOptions): KubeObject;
  /** bind assigns a pod to a node (pods/binding); the scheduler's only write to a pod. */
  bind(pod: ObjectRef, nodeName: string, o: WriteOptions): void;
  /**
   * nodeLocalState reads what a node keeps on its own disk under key (the kubelet's back-off and
   * runtime records), as setNodeLocalState wrote it. These are not API objects: no
   * resourceVersion, no watch, never served to users; a Pod's go when the Pod is removed.
   */
  nodeLocalState<T>(nodeName: string, key: string): T | undefined;
  /** setNodeLocalState writes (undefined: removes) a node-local record in the current write. */
  setNodeLocalState(nodeName: string, key: string, value: unknown): void;
  /**
   * recordEvent creates or counts up a core/v1 Event about an object, as the source's event
   * correlator decides; returns the Event as stored, or undefined when no request was sent (the
   * spam filter kept it back, or it repeats one written at this instant).
   */
  recordEvent(about: KubeObject | ObjectReference, type: EventType, reason: string, message: string, source: EventSource): KubeObject | undefined;
  /** certificateAuthority is the cluster CA, as kube-controller-manager's signers are given it (--cluster-signing-*-file). */
  certificateAuthority(): CertificateAuthority;
  /** requestHeaderCA is the front-proxy CA kube-apiserver trusts for request-header authentication (--requestheader-client-ca-file). */
  requestHeaderCA(): CertificateAuthority;
  /** createToken serves serviceaccounts/token (TokenRequest): a signed token for the service account. */
  createToken(namespace: string, serviceAccount: string, spec: TokenRequestSpec): { token: string; expirationTimestamp: string };
  /** legacyServiceAccountToken signs a Secret's non-expiring token, as the token controller does with the service-account key. */
  legacyServiceAccountToken(namespace: string, serviceAccount: { name: string; uid: string }, secretName: string): string;
}

/** TokenRequestSpec is authentication.k8s.io/v1 TokenRequestSpec. */
export interface TokenRequestSpec {
  audiences?: string[];
  expirationSeconds?: number;
  boundObjectRef?: { kind: string; apiVersion?: string; name: string; uid?: string };
}

/** ObjectVersion names an object (namespace empty for cluster-scoped kinds) and its resourceVersion. */
export interface ObjectVersion { namespace: string; name: string; resourceVersion: string }

/** ChangedObject is an ObjectVersion from the change log: deleted when its last change deleted it. */
export interface ChangedObject extends ObjectVersion { deleted: boolean }

/** EventSource is the Event's source: component, and host for kubelets. */
export interface EventSource { component: string; host?: string }

/** SERVER_SIDE is the property through which an authorizing wrapper hands out the server behind it. */
export const SERVER_SIDE = Symbol('kubemu.serverSide');

/**
 * serverSideClient returns the client behind an authorizing wrapper (or the client itself), for
 * work a component does as itself once the request was authorized (the kubelet computing a log).
 */
export function serverSideClient<T extends ApiClient>(api: T): T {
  return ((api as unknown as Record<symbol, T | undefined>)[SERVER_SIDE]) ?? api;
}
