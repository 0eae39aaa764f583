/**
 * apiserver: the kube-apiserver stand-in and the only code that touches the Store.
 * Every write goes through one pipeline: resolve the resource → decode (user objects) →
 * namespace lifecycle → defaults → admission → validate → stamp → store, in one transaction.
 */
import { ADMIN_USER, type UserInfo } from './authorization/user-info';
import { NODE_LEASE_NAMESPACE, leaseAt, nodeAt } from '../api/node-heartbeats';
import {
  IDENTITY_LEASE_RENEW_MS, LEADER_ELECTION_NAMESPACE, LEADER_RETRY_PERIOD_MS, apiServerIdentity, holderUUID, hostOfIdentityLease,
  isIdentityLease, isLeaderLease,
} from '../api/control-plane-leases';
import { META_CONTROLLER_MANAGER_STOPPED, META_SCHEDULER_STOPPED } from './component-statuses';
import { kubeletRunning } from '../api/kubelet-stopped';
import type { Kind, KubeObject, ListQuery, ObjectOf, ObjectRef, ObjectReference } from '../api/meta';
import { objectFields } from '../api/object-fields';
import { copyJson } from '../api/copy-json';
import { storeQuantitiesAsServed } from '../api/stored-quantities';
import { parseApiVersion, type Registry, type ResourceInfo } from '../api/registry';
import { parseSelector, selectorHints, type Selector } from '../api/labels';
import { convertFieldLabels, parseFieldSelector, validateFieldSelector } from '../api/fields';
import type { LeaseExpiry, ReadView, Store } from '../store/store';
import { CompactedError, CorruptObjectError, KeyExistsError, KeyNotFoundError, ObjectTooLargeError, RevisionMismatchError, WITHOUT_MANAGED_FIELDS } from '../store/store';
import { corruptObjectError } from './corrupt-object';
import type { Clock } from '../sim/clock';
import type { Rand } from '../sim/rand';
import {
  ApiError, SelectorError, alreadyExists, badRequest, conflict, etcdRequestTooLarge, forbidden, invalid, notFound, noSuchPath,
} from './errors';
import type {
  ApiClient, ApplyOptions, ApplyOutcome, ChangedObject, DeleteOptions, EventSource, EventType, WriteOptions, ObjectVersion, TokenRequestSpec,
} from './client';
import type { CertificateAuthority } from '../api/pki/x509';
import type { StorageContext } from './strategies/strategy';
import { canonicalOrder } from './object-order';
import { rootStructOf } from '../api/patch-meta';
import { deepEqual } from '../api/deep-equal';
import { customResources } from './custom-resources';
import { METRICS_APISERVICE, metricsResources } from '../api/metrics-api';
import { leaseFor } from './leases';
import { convertToApiVersion, CONVERTED_KINDS, servedApiVersion, toStorageVersion } from './conversion/convert';
import { VIRTUAL_RESOURCES } from './virtual-resources';
import { applyObject, type ApplyHost } from './apply';
import { EventRecorder } from './record-event';
import type { StatusCause } from './errors';

/** write is the write path's module, loaded on the first write: reads never compile it. */
const write = () => require('./write-path') as typeof import('./write-path');
/** fieldManagement is the write path's field manager (managed-fields/), loaded with the first write: reads never compile it. */
const fieldManagement = () => require('./managed-fields') as typeof import('./managed-fields');

export { LAST_APPLIED } from '../api/last-applied';

// Kinds whose strategy maintains metadata.generation (the others leave it unset).
const GENERATION_KINDS = new Set(['Deployment', 'ReplicaSet', 'StatefulSet', 'DaemonSet', 'Job', 'CronJob',
  'HorizontalPodAutoscaler', 'PodDisruptionBudget', 'Ingress', 'NetworkPolicy', 'CustomResourceDefinition',
  'ReplicationController', 'PriorityClass', 'StorageClass', 'IngressClass', 'ValidatingAdmissionPolicy',
  'ValidatingWebhookConfiguration', 'MutatingWebhookConfiguration', 'FlowSchema', 'PriorityLevelConfiguration']);

/** ApiServerConfig wires the server to its store, clock, RNG and base registry. */
export interface ApiServerConfig {
  store: Store; clock: Clock; rand: Rand; registry: Registry;
  /** podSecurity is the PodSecurity plugin's configuration from the cluster's admission configuration file. */
  podSecurity?: import('./admission/pod-security/pod-security-configuration').PodSecurityConfiguration;
}


/** ApiServer implements ApiClient over a Store. */
export class ApiServer implements ApiClient {
  private readonly store: Store;
  private readonly clock: Clock;
  private readonly rand: Rand;
  private readonly baseRegistry: Registry;
  private registryCache: { at: string; stamp: string; registry: Registry } | undefined;
  private readonly events: EventRecorder;
  /** storage is what strategies' storage hooks may consult. */
  private readonly storage: StorageContext;
  /**
   * requester is the user the CLI's requests come from (set once its credentials are known),
   * which a new CertificateSigningRequest records; the default admin until then. Components
   * share this server but create no CSRs.
   */
  requester: import('./authorization/user-info').UserInfo | undefined;
  /**
   * auditAnnotations collects the current request's audit annotations (admission's, such as
   * PodSecurity's) while an audit log is kept: the auditing wrapper sets it around each call.
   */
  auditAnnotations: Record<string, string> | undefined;
  private readonly podSecurity: ApiServerConfig['podSecurity'];

  /**
   * componentUser is the component whose write is running (componentUserApi sets it around
   * each of a component's writes), so admission sees the component's own identity.
   */
  componentUser: UserInfo | undefined;

  /**
   * readView is how the read running now sees objects: a component's reads leave managedFields
   * out (componentReadsApi sets it around each), as its informers would. Writes read whole.
   */
  readView: ReadView | undefined;

  /** clientUser is the requesting user: the CLI's for a write that answers with warnings, else the component's (if known). */
  private clientUser(warn: unknown): UserInfo | undefined {
    return warn ? this.requester ?? ADMIN_USER : this.componentUser;
  }

  /** annotator adds to auditAnnotations, or is undefined when no audit log is kept. */
  private annotator(): ((key: string, value: string) => void) | undefined {
    const into = this.auditAnnotations;
    return into && ((key, value) => { into[key] = value; });
  }

  constructor(cfg: ApiServerConfig) {
    this.podSecurity = cfg.podSecurity;
    this.store = cfg.store;
    this.clock = cfg.clock;
    this.rand = cfg.rand;
    this.baseRegistry = cfg.registry;
    this.events = new EventRecorder({
      store: this.store, clock: this.clock, rand: this.rand,
      leaseFor: (kind) => this.leaseFor(kind), wrote: (kind) => this.wrote(kind),
    });
    this.storage = { list: (kind) => this.store.listShared({ kind }), rand: this.rand };
  }

  /**
   * wrote keeps the registry cache valid across this server's own write of a kind that does
   * not change it (the store gave that write the next revision); other writes invalidate it.
   */
  private wrote(kind: string): void {
    const cached = this.registryCache;
    if (!cached) return;
    const rev = this.store.revision();
    const epoch = this.store.historyEpoch();
    if (kind !== 'CustomResourceDefinition' && kind !== 'APIService' && cached.at === `${epoch}:${rev - 1}`) cached.at = `${epoch}:${rev}`;
  }

  /** leaseFor is the etcd lease a write of kind is stored under (Events expire; see leases.ts). */
  private leaseFor(kind: string): LeaseExpiry | undefined {
    return leaseFor(kind, this.clock.nowMs(), () => this.store.leases.latest());
  }

  /** registry is the base registry plus the resources of every established CRD. */
  registry(): Registry {
    // Checked again after each write (revisions are reused after a rollback: the epoch tells),
    // and rebuilt only when a CRD or the APIService changed.
    const at = `${this.store.historyEpoch()}:${this.store.revision()}`;
    const cached = this.registryCache;
    if (cached?.at === at) return cached.registry;
    const stamp = this.store.kindsStamp(['CustomResourceDefinition', 'APIService']);
    if (cached?.stamp === stamp) { cached.at = at; return cached.registry; }
    const crds = this.store.count({ kind: 'CustomResourceDefinition' })
      ? this.store.list({ kind: 'CustomResourceDefinition' }) : [];
    // The Metrics API's discovery rows exist while its APIService is registered (kubemu addon enable metrics-server).
    const metrics = metricsResources(!!this.store.get({ kind: 'APIService', name: METRICS_APISERVICE }));
    const registry = this.baseRegistry.withCustom([...customResources(crds), ...metrics]);
    this.registryCache = { at, stamp, registry };
    return registry;
  }

  private infoOf(obj: Pick<KubeObject, 'apiVersion' | 'kind'>): ResourceInfo {
    return this.registry().forKind(obj.apiVersion, obj.kind);
  }

  private infoOfKind(kind: string): ResourceInfo {
    const info = this.registry().forStorageKind(kind);
    if (!info) throw badRequest(`no resource for kind ${kind}`);
    return info;
  }

  // ---- reads ----

  // Reads are typed by the kind literal they name, as ApiClient's are (see client.ts).
  get<K extends Kind>(ref: ObjectRef & { kind: K }, apiVersion?: string): ObjectOf<K>;
  get<T extends KubeObject = KubeObject>(ref: ObjectRef, apiVersion?: string): T;
  get(ref: ObjectRef, apiVersion?: string): KubeObject {
    const obj = this.tryGet(ref, apiVersion);
    if (!obj) {
      const virtual = VIRTUAL_RESOURCES.get(ref.kind);
      if (virtual) throw virtual.notFound(ref.name);
      const info = this.infoOfKind(ref.kind);
      throw notFound(info.group, info.resource, ref.name);
    }
    return obj;
  }

  tryGet<K extends Kind>(ref: ObjectRef & { kind: K }, apiVersion?: string): ObjectOf<K> | undefined;
  tryGet<T extends KubeObject = KubeObject>(ref: ObjectRef, apiVersion?: string): T | undefined;
  tryGet(ref: ObjectRef, apiVersion?: string): KubeObject | undefined {
    const virtual = VIRTUAL_RESOURCES.get(ref.kind);
    if (virtual) return virtual.list((k) => this.store.meta.get(k)).find((c) => c.metadata.name === ref.name);
    const obj = this.storedOrCorrupt(ref);
    const serve = obj && this.server(ref.kind, apiVersion);
    return serve ? serve(obj) : obj;
  }

  /**
   * copyOfStored is a second copy of a stored object this write has just read, to edit beside
   * the one it keeps as it was: decoded again from the row the transaction read (structuredClone
   * of a 4.4 kB pod costs ~3x its JSON.parse; a status write or binding cloned one each).
   */
  private copyOfStored(ref: ObjectRef, view?: ReadView): KubeObject {
    return this.store.get(ref, view)!;
  }

  /** storedOrCorrupt reads one stored object; one that does not decode is kube-apiserver's corrupt-object 500. */
  private storedOrCorrupt(ref: ObjectRef, view = this.readView): KubeObject | undefined {
    try {
      return this.store.get(ref, view);
    } catch (e) {
      if (e instanceof CorruptObjectError) throw corruptObjectError(this.infoOfKind(ref.kind), e.object);
      throw e;
    }
  }

  /**
   * server returns what turns a stored object of kind into the version a reader asked for
   * (default: the preferred one, which is also the one it is stored in; objects stored before
   * conversions existed are converted too), or undefined when objects are served as stored.
   * The resource is looked up here, before any store iteration starts.
   */
  private server(kind: string, apiVersion: string | undefined): ((obj: KubeObject) => KubeObject) | undefined {
    const convert = this.converter(kind, apiVersion);
    if (kind !== 'Node' && kind !== 'Lease') return convert;
    // A running kubelet's heartbeats are computed when read (api/node-heartbeats).
    const beats = kind === 'Node' ? (o: KubeObject) => nodeAt(o, this.clock.nowMs()) : this.leaseBeats;
    return convert ? (o) => beats(convert(o)) : beats;
  }

  /** leaseBeats is a node or control-plane Lease with the renewals its running holder has made by now. */
  private readonly leaseBeats = (lease: KubeObject): KubeObject => {
    if (lease.metadata.namespace === LEADER_ELECTION_NAMESPACE) return this.controlPlaneLeaseBeats(lease);
    if (lease.metadata.namespace !== NODE_LEASE_NAMESPACE) return lease;
    let node: KubeObject | undefined;
    try {
      node = this.store.get({ kind: 'Node', name: lease.metadata.name! });
    } catch (e) {
      if (e instanceof CorruptObjectError) return lease;
      throw e;
    }
    return node && kubeletRunning(node) ? leaseAt(lease, this.clock.nowMs()) : lease;
  };

  /**
   * controlPlaneLeaseBeats is a leader-election or identity Lease in kube-system with the
   * renewals made by now by its holder, while that holder runs and still holds it
   * (api/control-plane-leases).
   */
  private controlPlaneLeaseBeats(lease: KubeObject): KubeObject {
    const leader = isLeaderLease(lease);
    if (!leader && !isIdentityLease(lease)) return lease;
    const name = lease.metadata.name!;
    const holder: string = lease.spec?.holderIdentity ?? '';
    let clusterUID: string | undefined;
    let runs: boolean;
    try {
      clusterUID = this.store.get({ kind: 'Namespace', name: LEADER_ELECTION_NAMESPACE })?.metadata.uid;
      if (!clusterUID) return lease;
      if (leader) {
        const stoppedFlag = name === 'kube-scheduler' ? META_SCHEDULER_STOPPED : META_CONTROLLER_MANAGER_STOPPED;
        runs = this.store.meta.get(stoppedFlag) !== 'true' && holder.endsWith(`_${holderUUID(clusterUID, name)}`);
      } else {
        runs = !!hostOfIdentityLease(lease) && holder === apiServerIdentity(clusterUID, name);
      }
    } catch (e) {
      if (e instanceof CorruptObjectError) return lease;
      throw e;
    }
    return runs ? leaseAt(lease, this.clock.nowMs(), leader ? LEADER_RETRY_PERIOD_MS : IDENTITY_LEASE_RENEW_MS) : lease;
  }

  /** converter is server's version conversion alone. */
  private converter(kind: string, apiVersion: string | undefined): ((obj: KubeObject) => KubeObject) | undefined {
    if (!CONVERTED_KINDS.has(kind) && apiVersion === undefined) return undefined;
    const info = this.registry().forStorageKind(kind);
    if (!info || info.kind !== kind) return undefined;
    if (!CONVERTED_KINDS.has(kind) && info.servedVersions.length < 2) return undefined;
    const wanted = servedApiVersion(info, apiVersion);
    const storage = apiVersionOf(info, info.version);
    // Stored objects are in the storage version and clean: only another version needs converting.
    return (obj) => (obj.apiVersion === wanted && (wanted === storage || !CONVERTED_KINDS.has(kind))
      ? obj : convertToApiVersion(obj, info, wanted));
  }

  /** served is a stored object in the version a reader asked for (see server). */
  private served(obj: KubeObject, apiVersion?: string): KubeObject {
    const serve = this.server(obj.kind, apiVersion);
    return serve ? serve(obj) : obj;
  }

  /**
   * toStorage converts a client's object to its resource's storage version (400 for a bad
   * round-trip annotation): another group's resource stored as this kind (events.k8s.io's
   * Events) is converted to the stored resource's, so selectors and readers find it.
   */
  private toStorage(obj: KubeObject, info: ResourceInfo): KubeObject {
    const canonical = this.registry().forStorageKind(info.storageKind);
    const stored = canonical && canonical.group !== info.group ? canonical : info;
    if (stored === info && info.servedVersions.length < 2) return obj;
    try {
      return toStorageVersion(obj, stored);
    } catch (e) {
      // Only autoscaling/v1 is converted, so its module is loaded by now.
      if (e instanceof (require('./conversion/hpa-v1') as typeof import('./conversion/hpa-v1')).HpaAnnotationError) throw badRequest(e.message);
      throw e;
    }
  }

  list<K extends Kind>(q: ListQuery & { kind: K }): ObjectOf<K>[];
  list<T extends KubeObject = KubeObject>(q: ListQuery): T[];
  list(q: ListQuery): KubeObject[] {
    const out: KubeObject[] = [];
    this.each(q, (o) => out.push(o));
    return out;
  }

  /**
   * listAt lists as list does, the objects as they were at a revision (a list with
   * resourceVersionMatch=Exact, or a continued one, as etcd reads it); 410 Expired when the
   * history no longer reaches back to it. Virtual resources have no history: they list as now.
   */
  listAt<K extends Kind>(q: ListQuery & { kind: K }, revision: number): ObjectOf<K>[];
  listAt<T extends KubeObject = KubeObject>(q: ListQuery, revision: number): T[];
  listAt(q: ListQuery, revision: number): KubeObject[] {
    const { keep } = this.listFilter(q);
    if (VIRTUAL_RESOURCES.has(q.kind)) return this.list(q);
    let objects: KubeObject[];
    try {
      objects = this.store.listAt({ kind: q.kind, namespace: q.namespace }, revision);
    } catch (e) {
      if ((e as Error).name === 'CompactedError') throw new ApiError('Expired', 410, 'The resourceVersion for the provided list is too old.');
      throw e;
    }
    const serve = this.server(q.kind, q.apiVersion) ?? ((o: KubeObject) => o);
    return objects.filter((o) => !keep || keep(o)).map(serve);
  }

  each<K extends Kind>(q: ListQuery & { kind: K }, visit: (obj: ObjectOf<K>) => void): void;
  each(q: ListQuery, visit: (obj: KubeObject) => void): void {
    const serve = this.server(q.kind, q.apiVersion);
    if (serve) {
      const inner = visit;
      visit = (o) => inner(serve(o));
    }
    const { keep, label } = this.listFilter(q);
    const virtual = VIRTUAL_RESOURCES.get(q.kind);
    if (virtual) {
      for (const c of virtual.list((k) => this.store.meta.get(k))) if (!keep || keep(c)) visit(c);
      return;
    }
    const node = q.kind === 'Pod' && q.fieldSelector ? nodeNameSelected(q.fieldSelector) : undefined;
    const view = q.withoutManagedFields ? WITHOUT_MANAGED_FIELDS : this.readView;
    // An Event's involvedObject.uid is indexed too (describe's searchEvents asks by it).
    const subject = q.kind === 'Event' && q.fieldSelector && !q.askedAs && !q.apiVersion?.includes('/') ? involvedUidSelected(q.fieldSelector) : undefined;
    if (subject !== undefined) {
      for (const o of this.store.listByOwner(subject, 'Event', view)) {
        if ((q.namespace === undefined || o.metadata.namespace === q.namespace) && (!keep || keep(o))) visit(o);
      }
      return;
    }
    if (node === undefined) {
      // A label selector's objects hold its labels: the store passes over the rest undecoded.
      const mayContain = q.mayContain ?? (label ? selectorHints(label) : undefined);
      this.store.each({ kind: q.kind, namespace: q.namespace, mayContain }, keep ? (o) => { if (keep(o)) visit(o); } : visit, view);
      return;
    }
    // Like kube-apiserver's pod storage, spec.nodeName is indexed: a node's pods, the unscheduled
    // ones, or (spec.nodeName!=) the scheduled ones.
    const visitKept = (o: KubeObject) => {
      if ((q.namespace === undefined || o.metadata.namespace === q.namespace) && (!keep || keep(o))) visit(o);
    };
    if (node === ON_SOME_NODE) this.store.eachBound('Pod', visitKept, view);
    else this.store.eachOnNode(node || null, 'Pod', visitKept, view);
  }

  /**
   * listFilter is the query's label and field selectors as one predicate (keep; undefined: keep
   * all) and its label selector as parsed; 400 for a bad selector.
   */
  private listFilter(q: ListQuery): { keep?: (o: KubeObject) => boolean; label?: Selector } {
    const label = q.labelSelector ? this.selector(q, () => parseSelector(q.labelSelector!)) : undefined;
    let field = q.fieldSelector ? this.selector(q, () => parseFieldSelector(q.fieldSelector!)) : undefined;
    if (field) {
      const asked = this.askedInfo(q);
      // Another group's resource stored as this kind maps its own labels first (events.k8s.io's regarding.*).
      const converted = convertFieldLabels(field, asked.group, asked.kind);
      if (typeof converted === 'string') throw this.selectorError(q, converted, asked);
      if (converted) field = converted;
      else {
        const problem = validateFieldSelector(field, asked.group, asked.kind);
        if (problem) throw this.selectorError(q, problem, asked);
      }
    }
    if (!label && !field) return {};
    return { keep: (o) => (!label || label.matches(o.metadata.labels ?? {})) && (!field || field.matches(o)), label };
  }

  private selector<S>(q: ListQuery, parse: () => S): S {
    try {
      return parse();
    } catch (e) {
      throw this.selectorError(q, (e as Error).message);
    }
  }

  /** askedInfo is the resource a list asks for: the one of its apiVersion, else the kind's own. */
  private askedInfo(q: ListQuery): ResourceInfo {
    const info = this.infoOfKind(q.kind);
    const asked = q.askedAs ?? q.apiVersion;
    if (!asked || asked === apiVersionOf(info, info.version)) return info;
    try {
      return this.registry().forKind(asked, info.kind);
    } catch {
      return info;
    }
  }

  /** selectorError is the list handler's 400 for a selector it cannot use (info: the resource asked for, when known). */
  private selectorError(q: ListQuery, detail: string, info = this.askedInfo(q)): ApiError {
    const askedAs = q.askedAs ?? q.apiVersion;
    const asked = askedAs && parseApiVersion(askedAs);
    const gvr = `${info.group}/${asked && asked.group === info.group ? asked.version : info.version}, Resource=${info.resource}`;
    return new SelectorError(`Unable to find "${gvr}" that match label selector "${q.labelSelector ?? ''}", field selector "${q.fieldSelector ?? ''}": ${detail}`, detail);
  }

  nodeLocalState<T>(nodeName: string, key: string): T | undefined {
    const value = this.store.nodeState.get(nodeName, key);
    return value === undefined ? undefined : JSON.parse(value) as T;
  }

  setNodeLocalState(nodeName: string, key: string, value: unknown): void {
    this.store.nodeState.set(nodeName, key, value === undefined ? undefined : JSON.stringify(value));
  }

  podIPsOnNode(nodeName: string): string[] {
    return this.store.podIPsOnNode(nodeName);
  }

  podsOnNode(nodeName: string): KubeObject[] {
    return this.store.listByNode(nodeName, 'Pod', this.readView);
  }

  listControlledBy<K extends Kind>(kind: K, ownerUid: string): ObjectOf<K>[] {
    // The store holds what the API server wrote: its rows of a kind are that kind's objects.
    return this.store.listByOwner(ownerUid, kind, this.readView) as ObjectOf<K>[];
  }

  versions(kind: string, onNode?: string | null): ObjectVersion[] {
    const stored = onNode === undefined ? this.store.versions(kind) : this.store.versionsOnNode(onNode, kind);
    return stored.map((v) => ({ namespace: v.namespace, name: v.name, resourceVersion: String(v.revision) }));
  }

  controlledVersions(kind: string, ownerUid: string): ObjectVersion[] {
    return this.store.versionsByOwner(ownerUid, kind).map((v) => ({ namespace: v.namespace, name: v.name, resourceVersion: String(v.revision) }));
  }

  changedSince(kind: string, revision: number): ChangedObject[] | undefined {
    let changes;
    try {
      changes = this.store.watchSince(revision, [kind]);
    } catch (e) {
      if (e instanceof CompactedError) return undefined;
      throw e;
    }
    const last = new Map<string, ChangedObject>();
    for (const c of changes) last.set(`${c.namespace}/${c.name}`, { namespace: c.namespace, name: c.name, resourceVersion: String(c.revision), deleted: c.type === 'DELETED' });
    return [...last.values()];
  }

  historyEpoch(): number {
    return this.store.historyEpoch();
  }

  /**
   * watch returns the changes to a kind after a resourceVersion, oldest first; a version older
   * than the compacted history is 410 Expired ("too old resource version"), as from etcd.
   */
  watch(kind: string, sinceRevision: number, namespace?: string, apiVersion?: string): { type: string; object: KubeObject; revision: number }[] {
    let events;
    try {
      events = this.store.watchSince(sinceRevision, [kind]);
    } catch (e) {
      if ((e as Error).name === 'CompactedError') {
        throw new ApiError('Expired', 410, `too old resource version: ${sinceRevision} (${this.store.meta.get('compactedRevision') ?? '0'})`);
      }
      throw e;
    }
    // Objects stay decoded on demand: a long tick's summary reads tens of thousands of Events.
    const serve = this.server(kind, apiVersion) ?? ((o: KubeObject) => o);
    return events.filter((e) => namespace === undefined || e.namespace === namespace)
      .map((e) => ({ type: e.type, revision: e.revision, get object() { return serve(e.object); } }));
  }

  /** storedCount is how many objects of a kind the store holds (apiserver_storage_objects), without decoding them. */
  storedCount(kind: string): number {
    return this.store.count({ kind });
  }

  /** revision is the store's current resourceVersion (a list's metadata.resourceVersion). */
  revision(): number {
    return this.store.revision();
  }

  // ---- writes ----

  create<T extends KubeObject = KubeObject>(input: T, o: WriteOptions): T {
    return this.createObject(input, o, false);
  }

  /**
   * createObject is create. fresh says the input is the caller's own decoded copy, free to
   * edit, and that this transaction has just found no object under its key (apply): neither the
   * copy nor a dry run's existence check is made again.
   */
  private createObject<T extends KubeObject>(input: T, o: WriteOptions, fresh: boolean): T {
    return this.store.transaction(() => {
      const info = this.infoOf(input);
      // Taken first: a fresh input is edited into the stored object.
      const apiVersion = input.apiVersion;
      let obj = this.admitNew(input, info, o, fresh);
      // The response is in the version the client sent; a dry run still meets an existing object, as etcd's create would.
      if (o.dryRun) {
        if (!fresh && this.store.get({ kind: info.storageKind, namespace: obj.metadata.namespace, name: obj.metadata.name! })) throw alreadyExists(info.group, info.resource, obj.metadata.name!);
        return this.answer(obj, apiVersion) as T;
      }
      try {
        obj = this.store.create(canonicalOrder(obj), this.leaseFor(obj.kind)) as T;
        this.wrote(obj.kind);
      } catch (e) {
        if (e instanceof KeyExistsError) throw alreadyExists(info.group, info.resource, obj.metadata.name!);
        if (e instanceof ObjectTooLargeError) throw etcdRequestTooLarge();
        throw e;
      }
      return this.answer(obj, apiVersion) as T;
    });
  }

  /** admitNew runs the create pipeline up to (not including) the store write; a fresh input is used as it is (see createObject). */
  private admitNew<T extends KubeObject>(input: T, info: ResourceInfo, o: WriteOptions, fresh: boolean): T {
    const apiVersion = input.apiVersion;
    let obj = fresh ? input : this.decode(input, info, o);
    obj.metadata ??= {};
    obj = this.toStorage(obj, info);
    const strategy = write().strategyFor(obj.kind);
    strategy.convertIn?.(obj);
    const meta = obj.metadata;
    if (info.namespaced) meta.namespace ||= 'default';
    else delete meta.namespace;
    if (!meta.name && meta.generateName) meta.name = meta.generateName + this.rand.suffix(5);
    if (info.namespaced) this.admitNamespace(meta.namespace!, info, meta.name ?? '');
    delete meta.deletionTimestamp;
    delete meta.deletionGracePeriodSeconds;
    meta.uid = this.rand.uuid();
    meta.creationTimestamp = this.clock.nowISO();
    strategy.defaults(obj);
    // kube-apiserver records the creator's fields after decoding (defaults included), before admission mutates the object.
    if (!this.fieldsUnseen(obj, o)) this.manageFields(undefined, obj, o, apiVersion, 'main');
    strategy.prepareForCreate?.(obj);
    if (obj.kind === 'CertificateSigningRequest') write().stampRequester(obj, this.requester);
    write().mutateCreate(obj, this.store, this.rand);
    if (info.statusSubresource) delete obj.status;
    const causes = [...strategy.validate(obj, apiVersion), ...this.schemaCauses(obj, apiVersion, info)];
    if (causes.length) throw invalid({ group: info.group, kind: obj.kind }, meta.name ?? '', causes);
    write().validateCreate(obj, this.store, this.clock.nowISO(), { info, warn: o.warn, annotate: this.annotator(), podSecurity: this.podSecurity, user: this.clientUser(o.warn) });
    if (GENERATION_KINDS.has(obj.kind) || info.group.includes('.') && !info.group.endsWith('k8s.io')) meta.generation = 1;
    strategy.beginCreate?.(obj, this.storage);
    return obj as T;
  }

  private admitNamespace(ns: string, info: ResourceInfo, name: string): void {
    const nsObj = this.store.getShared({ kind: 'Namespace', name: ns });
    if (!nsObj) throw notFound('', 'namespaces', ns);
    if (nsObj.metadata.deletionTimestamp || nsObj.status?.phase === 'Terminating') {
      throw forbidden(info.group, info.resource, name,
        `unable to create new content in namespace ${ns} because it is being terminated`);
    }
  }


  update<T extends KubeObject = KubeObject>(input: T, o: WriteOptions): T {
    return this.store.transaction(() => {
      const info = this.infoOf(input);
      const ref = refOf(input, info);
      const current = this.store.get(ref);
      if (!current) throw notFound(info.group, info.resource, ref.name);
      let obj = this.decode(input, info, o);
      obj = this.toStorage(obj, info);
      const strategy = write().strategyFor(obj.kind);
      strategy.convertIn?.(obj);
      this.checkPrecondition(obj, current, info);
      // Spec writes never change status or the server-owned parts of metadata.
      obj.status = current.status;
      if (obj.status === undefined) delete obj.status;
      const meta = obj.metadata;
      meta.uid = current.metadata.uid;
      meta.creationTimestamp = current.metadata.creationTimestamp;
      meta.namespace = current.metadata.namespace;
      if (current.metadata.deletionTimestamp) {
        meta.deletionTimestamp = current.metadata.deletionTimestamp;
        meta.deletionGracePeriodSeconds = current.metadata.deletionGracePeriodSeconds;
      } else {
        delete meta.deletionTimestamp;
        delete meta.deletionGracePeriodSeconds;
      }
      if (meta.generation === undefined && current.metadata.generation !== undefined) meta.generation = current.metadata.generation;
      else if (current.metadata.generation !== undefined) meta.generation = current.metadata.generation;
      strategy.defaults(obj);
      strategy.prepareForUpdate?.(obj, current);
      strategy.beginUpdate?.(obj, current, this.storage);
      // kube-apiserver runs one ValidateXUpdate, which validates the new object once; the
      // strategies split that in two, so a cause both halves find is reported once.
      const causes = distinctCauses([...strategy.validate(obj, input.apiVersion), ...strategy.validateUpdate(obj, current, input.apiVersion), ...this.schemaCauses(obj, input.apiVersion, info, current)]);
      if (causes.length) throw invalid({ group: info.group, kind: obj.kind }, meta.name ?? '', causes);
      write().validateUpdate(obj, current, this.store, this.clock.nowISO(), { info, warn: o.warn, subresource: o.subresource, annotate: this.annotator(), podSecurity: this.podSecurity, user: this.clientUser(o.warn) });
      const specChanged = strategy.specChanged
        ? strategy.specChanged(obj, current)
        : !deepEqual(stripForCompare(obj), stripForCompare(current));
      if (meta.generation !== undefined && specChanged) meta.generation += 1;
      this.manageFields(current, obj, o, input.apiVersion, o.subresource === 'scale' ? 'scale' : 'main');
      strategy.finishUpdate?.(obj, current);
      // An unchanged object is not written again, unless its stored bytes are stale (encrypted with
      // a provider that no longer writes): that write is how `replace` re-encrypts, as in etcd3's GuaranteedUpdate.
      if (deepEqual(withoutRV(obj), withoutRV(current)) && !this.store.staleValue(ref)) return this.answer(current, input.apiVersion) as T;
      if (o.dryRun) return this.answer(obj, input.apiVersion) as T;
      // Removing the last finalizer of an object being deleted completes the deletion.
      if (meta.deletionTimestamp && !(meta.finalizers?.length) && !strategy.gracefulDelete?.heldBack(obj)) {
        return this.answer(this.removeStored(ref), input.apiVersion) as T;
      }
      return this.answer(this.persistUpdate(obj, current, info), input.apiVersion) as T;
    });
  }

  /** answer is a write's result in the version the client sent. */
  private answer(obj: KubeObject, apiVersion: string): KubeObject {
    return CONVERTED_KINDS.has(obj.kind) || obj.apiVersion !== apiVersion ? this.served(obj, apiVersion) : obj;
  }

  /** schemaCauses are a custom resource's schema and validation-rule errors, in the version the client wrote. */
  private schemaCauses(obj: KubeObject, apiVersion: string | undefined, info: ResourceInfo, current?: KubeObject): StatusCause[] {
    const schema = info.schemas && write().schemaOf(info, apiVersion);
    return schema ? write().validateCustomResource(obj, schema, current) : [];
  }

  /** decode turns a body into a new object (the input is neither changed nor shared). */
  private decode(input: KubeObject, info: ResourceInfo, o: WriteOptions): KubeObject {
    const schema = info.schemas && write().schemaOf(info, input.apiVersion);
    if (schema) return write().decodeCustomResource(copyJson(input), schema, o.fieldValidation, o.warn);
    if (!o.fieldValidation) {
      // Without field validation nothing is refused, but quantities are still kept as decoding
      // keeps them, and so are empty label and annotation maps: left out (omitempty).
      const copy = copyJson(input);
      storeQuantitiesAsServed(copy);
      const meta = copy.metadata;
      if (meta?.labels && !Object.keys(meta.labels).length) delete meta.labels;
      if (meta?.annotations && !Object.keys(meta.annotations).length) delete meta.annotations;
      return copy;
    }
    // Strict decoding builds its result anew (decode.ts), so the body is not copied first.
    const decoded = write().decodeObject(objectFields(input), info, {
      fieldValidation: o.fieldValidation, duplicateFields: o.duplicateFields,
    });
    // Under Warn, what Strict would refuse is the response's warnings (unknown and duplicate fields).
    for (const w of decoded.warnings) o.warn?.(w);
    return decoded.object;
  }

  private persistUpdate(obj: KubeObject, current: KubeObject, info: ResourceInfo): KubeObject {
    try {
      const stored = this.store.update(canonicalOrder(obj), Number(current.metadata.resourceVersion), this.leaseFor(obj.kind));
      this.wrote(stored.kind);
      return stored;
    } catch (e) {
      if (e instanceof RevisionMismatchError) throw conflict(info.group, info.resource, obj.metadata.name!);
      if (e instanceof ObjectTooLargeError) throw etcdRequestTooLarge();
      if (e instanceof KeyNotFoundError) throw notFound(info.group, info.resource, obj.metadata.name!);
      throw e;
    }
  }

  private checkPrecondition(obj: KubeObject, current: KubeObject, info: ResourceInfo): void {
    const rv = obj.metadata.resourceVersion;
    if (rv && rv !== current.metadata.resourceVersion) throw conflict(info.group, info.resource, obj.metadata.name!);
    if (obj.metadata.uid && obj.metadata.uid !== current.metadata.uid) {
      throw conflict(info.group, info.resource, obj.metadata.name!,
        `Precondition failed: UID in precondition: ${obj.metadata.uid}, UID in object meta: ${current.metadata.uid}`);
    }
  }

  updateStatus<T extends KubeObject = KubeObject>(input: T, o: WriteOptions): T {
    // The answer is converted after the write: nothing may throw past it (oneWrite).
    const out = this.store.oneWrite(() => {
      const info = this.infoOf(input);
      const ref = refOf(input, info);
      const current = this.store.get(ref);
      if (!current) throw notFound(info.group, info.resource, ref.name);
      this.checkPrecondition(input, current, info);
      const sent = this.toStorage(input, info);
      // A status apply's managedFields are final (they may change when the status does not).
      const applied = this.applying ? sent.metadata.managedFields : undefined;
      if (deepEqual(sent.status, current.status) && (!applied || deepEqual(applied, current.metadata.managedFields))) return current;
      // Outside an apply, manageFields gives the copy its managedFields: it need not parse the stored ones.
      const obj = this.copyOfStored(ref, this.applying ? undefined : WITHOUT_MANAGED_FIELDS);
      obj.status = structuredClone(sent.status);
      if (applied) obj.metadata.managedFields = structuredClone(applied);
      this.manageFields(current, obj, o, input.apiVersion, 'status');
      const causes = [...write().strategyFor(obj.kind).validateStatusUpdate?.(obj, current) ?? [], ...this.schemaCauses(obj, input.apiVersion, info, current)];
      if (causes.length) throw invalid({ group: info.group, kind: obj.kind }, obj.metadata.name ?? '', causes);
      if (o.dryRun) return obj;
      return this.persistUpdate(obj, current, info);
    });
    return this.answer(out, input.apiVersion) as T;
  }

  /**
   * updateApproval is a CertificateSigningRequest's approval subresource (csrApprovalStrategy):
   * the request as stored with the client's conditions, their times filled in; only it may add
   * an Approved or Denied condition.
   */
  updateApproval(input: KubeObject, o: WriteOptions): KubeObject {
    const out = this.store.oneWrite(() => {
      const info = this.infoOf(input);
      if (info.kind !== 'CertificateSigningRequest') throw noSuchPath();
      const ref = refOf(input, info);
      const current = this.store.get(ref);
      if (!current) throw notFound(info.group, info.resource, ref.name);
      this.checkPrecondition(input, current, info);
      const { prepareApproval, validateApprovalUpdate } = require('./strategies/certificate-signing-request') as typeof import('./strategies/certificate-signing-request');
      const obj = this.copyOfStored(ref, WITHOUT_MANAGED_FIELDS);
      obj.status = structuredClone(input.status);
      prepareApproval(obj, current, this.clock.nowISO());
      if (deepEqual(obj.status, current.status)) return current;
      this.manageFields(current, obj, o, input.apiVersion, 'approval');
      const causes = validateApprovalUpdate(obj, current);
      if (causes.length) throw invalid({ group: info.group, kind: obj.kind }, obj.metadata.name ?? '', causes);
      if (o.dryRun) return obj;
      return this.persistUpdate(obj, current, info);
    });
    return this.answer(out, input.apiVersion);
  }

  delete(ref: ObjectRef, o: DeleteOptions): KubeObject {
    return this.store.transaction(() => {
      const info = this.infoOfKind(ref.kind);
      let current: KubeObject | undefined;
      try {
        current = this.store.get(ref);
      } catch (e) {
        // An object that does not decode has nothing to finalize or wait for: it goes at once
        // (kube-apiserver's unsafe deletion of a corrupt object, see docs/differences-from-kubectl.md).
        if (!(e instanceof CorruptObjectError)) throw e;
        return o.dryRun ? { kind: ref.kind, metadata: { name: ref.name, namespace: ref.namespace } } as KubeObject : this.removeStored(ref);
      }
      if (!current) throw notFound(info.group, info.resource, ref.name);
      if (o.preconditionResourceVersion && o.preconditionResourceVersion !== current.metadata.resourceVersion) {
        throw conflict(info.group, info.resource, ref.name);
      }
      const obj = structuredClone(current);
      const meta = obj.metadata;
      const now = this.clock.nowISO();
      const strategy = write().strategyFor(current.kind);
      if (strategy.deleteInStages) {
        const next = strategy.deleteInStages(obj, now);
        if (next === 'keep') return current;
        if (next === 'remove') return this.remove(ref, info, o);
        if (o.dryRun) return obj;
        return this.persistUpdate(obj, current, info);
      }
      const policy = o.propagationPolicy ?? 'Background';
      const finalizers = [...(meta.finalizers ?? [])];
      if (policy === 'Foreground' && !finalizers.includes('foregroundDeletion')) finalizers.push('foregroundDeletion');
      if (policy === 'Orphan' && !finalizers.includes('orphan')) finalizers.push('orphan');
      const graceful = strategy.gracefulDelete;
      const grace = graceful ? graceful.gracePeriodSeconds(obj, o.gracePeriodSeconds) : 0;
      if (meta.deletionTimestamp) {
        // Already terminating: a shorter grace period (e.g. --force) still shortens it.
        if (graceful && grace === 0 && !finalizers.length) return this.remove(ref, info, o);
        if (graceful && grace < (meta.deletionGracePeriodSeconds ?? 0)) {
          meta.deletionGracePeriodSeconds = grace;
          meta.deletionTimestamp = this.clock.nowISO();
          if (o.dryRun) return obj;
          return this.persistUpdate(obj, current, info);
        }
        return current;
      }
      if (finalizers.length || grace > 0) {
        meta.finalizers = finalizers.length ? finalizers : undefined;
        if (!meta.finalizers) delete meta.finalizers;
        meta.deletionTimestamp = grace > 0 ? toISOAfter(this.clock.nowMs(), grace) : now;
        meta.deletionGracePeriodSeconds = grace;
        if (o.dryRun) return obj;
        return this.persistUpdate(obj, current, info);
      }
      return this.remove(ref, info, o);
    });
  }

  private remove(ref: ObjectRef, info: ResourceInfo, o: DeleteOptions): KubeObject {
    if (o.dryRun) return this.store.get(ref)!;
    return this.removeStored(ref);
  }

  /** removeStored deletes an object from the store; a Pod's node forgets it (its kubelet state) with it. */
  private removeStored(ref: ObjectRef): KubeObject {
    const gone = this.store.delete(ref);
    this.wrote(ref.kind);
    if (gone.kind === 'Pod' && gone.spec?.nodeName && gone.metadata.uid) this.store.nodeState.set(gone.spec.nodeName, gone.metadata.uid, undefined);
    return gone;
  }

  /**
   * manageFields records a create (current undefined) or update in obj's managedFields
   * (managed-fields/), as kube-apiserver's field manager does for every write: the writer's
   * Update entry owns what it changed.
   */
  private manageFields(current: KubeObject | undefined, obj: KubeObject, o: WriteOptions, apiVersion: string, scope: 'main' | 'status' | 'scale' | 'approval'): void {
    if (this.applying) return;
    const mf = fieldManagement();
    // A writer owns fields of the version it wrote in: a converted kind is compared in that version.
    const written = (x: KubeObject): KubeObject => (x.apiVersion !== apiVersion && CONVERTED_KINDS.has(x.kind) ? this.served(x, apiVersion) : x);
    const next = written(obj);
    const entries = mf.recordUpdate(current && written(current), next, {
      manager: mf.managerName(o.fieldManager), apiVersion, scope, now: this.clock.nowISO(), struct: rootStructOf(next.apiVersion, next.kind),
    });
    if (entries?.length) obj.metadata.managedFields = entries;
    else delete obj.metadata.managedFields;
  }

  /**
   * fieldsUnseen says no one could see a new object's managedFields (WriteOptions.unreadManagedFields):
   * a dry run whose caller does not read them, no admission policy to inspect the object, and no
   * managedFields sent (those would be checked).
   */
  private fieldsUnseen(obj: KubeObject, o: WriteOptions): boolean {
    return !!(o.dryRun && o.unreadManagedFields) && obj.metadata.managedFields === undefined
      && !this.store.count({ kind: 'ValidatingAdmissionPolicyBinding' });
  }

  /** applying is set while server-side apply writes the object it merged (its managedFields are final). */
  private applying = false;

  /**
   * serverSideApply is a PATCH of type application/apply-patch+yaml: the configuration merged
   * into the live object (or created) for o.fieldManager, with managedFields and conflicts.
   */
  serverSideApply(input: KubeObject, o: WriteOptions & { force?: boolean; status?: boolean }): { object: KubeObject; created: boolean } {
    return this.store.transaction(() => {
      const info = this.infoOf(input);
      const config = this.decode(input, info, o);
      config.metadata ??= {};
      if (info.namespaced) config.metadata.namespace ||= 'default';
      else delete config.metadata.namespace;
      const stored = this.store.get(refOf(config, info));
      const live = stored && this.served(stored, config.apiVersion);
      // The status subresource patches an object that exists (a 404 otherwise, as kube-apiserver's).
      if (o.status && !live) throw notFound(info.group, info.resource, config.metadata.name ?? '');
      const object = fieldManagement().applyConfiguration(live, config, {
        manager: o.fieldManager, apiVersion: config.apiVersion, force: !!o.force, now: this.clock.nowISO(), struct: rootStructOf(config.apiVersion, config.kind),
        scope: o.status ? 'status' : 'main',
      });
      const { force: _f, status: _s, ...rest } = o;
      const w: WriteOptions = { ...rest, fieldValidation: undefined };
      this.applying = true;
      try {
        if (!live) return { object: this.create(object, w), created: true };
        object.metadata.resourceVersion = live.metadata.resourceVersion;
        return { object: o.status ? this.updateStatus(object, w) : this.update(object, w), created: false };
      } finally {
        this.applying = false;
      }
    });
  }

  apply(input: KubeObject, o: ApplyOptions): { object: KubeObject; outcome: ApplyOutcome } {
    return applyObject(this.applyHost, input, o);
  }

  /** applyHost is what apply.ts runs on: this server's one-write transaction, decoding and live reads. */
  private get applyHost(): ApplyHost {
    return {
      oneWrite: (fn) => this.store.oneWrite(fn),
      infoOf: (obj) => this.infoOf(obj),
      decode: (obj, info, o) => this.decode(obj, info, o),
      refOf,
      live: (ref, apiVersion) => {
        const stored = this.storedOrCorrupt(ref, undefined);
        return stored && this.served(stored, apiVersion);
      },
      create: (obj, o) => this.createObject(obj, o, true),
      update: (obj, o) => this.update(obj, o),
    };
  }

  bind(podRef: ObjectRef, nodeName: string, o: WriteOptions): void {
    this.store.oneWrite(() => {
      const pod = this.store.get(podRef);
      if (!pod) throw notFound('', 'pods', podRef.name);
      if (pod.spec?.nodeName) {
        // BindingREST names the subresource in its conflict: `Operation cannot be fulfilled on pods/binding "p": …`.
        throw conflict('', 'pods/binding', podRef.name, `pod ${podRef.name} is already assigned to node "${pod.spec.nodeName}"`);
      }
      // Only the Node's key is looked up: its body (kilobytes of status) is not decoded to see that it is there.
      if (!this.store.has({ kind: 'Node', name: nodeName })) throw notFound('', 'nodes', nodeName);
      const obj = this.copyOfStored(podRef);
      obj.spec.nodeName = nodeName;
      const conditions = (obj.status?.conditions ?? []).filter((c: { type: string }) => c.type !== 'PodScheduled');
      conditions.push({ type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: this.clock.nowISO() });
      obj.status = { ...(obj.status ?? {}), conditions };
      if (o.dryRun) return;
      this.persistUpdate(obj, pod, this.infoOfKind('Pod'));
    });
  }

  /** updateEphemeralContainers is the pods/ephemeralcontainers subresource (ephemeral-containers.ts). */
  updateEphemeralContainers(input: KubeObject, o: WriteOptions): KubeObject {
    return this.store.transaction(() => {
      const info = this.infoOfKind('Pod');
      const ref = { kind: 'Pod', namespace: input.metadata.namespace, name: input.metadata.name! };
      const current = this.store.get(ref);
      if (!current) throw notFound('', 'pods', ref.name);
      this.checkPrecondition(input, current, info);
      const { withEphemeralContainers } = require('./ephemeral-containers') as typeof import('./ephemeral-containers');
      const obj = withEphemeralContainers(current, input);
      if (deepEqual(obj.spec, current.spec) || o.dryRun) return obj;
      return this.persistUpdate(obj, current, info);
    });
  }

  /** evict is the pods/eviction subresource (evict.ts). */
  evict(podRef: ObjectRef, o: DeleteOptions): KubeObject {
    const { evictPod } = require('./evict') as typeof import('./evict'); // evictions are rare: not loaded by every start
    return evictPod({ api: this, clock: this.clock, transaction: (fn) => this.store.transaction(fn) }, podRef, o);
  }

  recordEvent(about: KubeObject | ObjectReference, type: EventType, reason: string, message: string, source: EventSource): KubeObject | undefined {
    return this.events.record(about, type, reason, message, source);
  }

  // Identities (authentication/): loaded on first use, so a command that needs no key loads no node:crypto.
  private authn(): typeof import('./authentication') {
    return require('./authentication') as typeof import('./authentication');
  }

  private readObject = (kind: string, namespace: string | undefined, name: string): KubeObject | undefined =>
    this.store.get({ kind, namespace, name });

  certificateAuthority(): CertificateAuthority {
    return this.authn().clusterCA(this.store.meta.get('seed') ?? '1');
  }

  requestHeaderCA(): CertificateAuthority {
    return this.authn().frontProxyCA(this.store.meta.get('seed') ?? '1');
  }

  createToken(namespace: string, serviceAccount: string, spec: TokenRequestSpec): { token: string; expirationTimestamp: string } {
    const a = this.authn();
    return a.requestToken(this.readObject, a.serviceAccountKey(this.store.meta), this.clock.nowMs(), namespace, serviceAccount, spec);
  }

  legacyServiceAccountToken(namespace: string, serviceAccount: { name: string; uid: string }, secretName: string): string {
    const a = this.authn();
    return a.legacyToken(a.serviceAccountKey(this.store.meta), namespace, serviceAccount, secretName);
  }

  /** authenticate turns a kubeconfig user's credentials into the request's user (401 when they do not hold). */
  authenticate(creds: import('./authentication').Credentials): import('./authorization/user-info').UserInfo {
    const a = this.authn();
    if (creds.kind === 'anonymous') return a.ANONYMOUS_USER;
    // The authenticators in kube-apiserver's order: x509 first, then the token ones; the first to accept wins.
    if (creds.kind === 'certificate') {
      try {
        return a.authenticateCertificate(this.certificateAuthority(), creds.certPem, creds.keyPem, this.clock.nowMs());
      } catch (e) {
        if (creds.token === undefined || !(e instanceof ApiError && e.code === 401)) throw e;
        return this.authenticateToken(creds.token);
      }
    }
    return this.authenticateToken(creds.token);
  }

  private authenticateToken(token: string): import('./authorization/user-info').UserInfo {
    const a = this.authn();
    return a.authenticateBootstrapToken(this.readObject, token, this.clock.nowMs())
      ?? a.authenticateToken(this.readObject, a.serviceAccountKey(this.store.meta), token, this.clock.nowMs());
  }
}

function toISOAfter(ms: number, seconds: number): string {
  return new Date(Math.floor(ms / 1000) * 1000 + seconds * 1000).toISOString().replace('.000Z', 'Z');
}

function apiVersionOf(info: ResourceInfo, version: string): string {
  return info.group ? `${info.group}/${version}` : version;
}

function refOf(obj: KubeObject, info: ResourceInfo): ObjectRef {
  if (!obj.metadata?.name) throw badRequest('resource name may not be empty');
  return { kind: info.storageKind, namespace: info.namespaced ? (obj.metadata.namespace || 'default') : undefined, name: obj.metadata.name };
}


function withoutRV(obj: KubeObject): KubeObject {
  const c = { ...obj, metadata: { ...obj.metadata } };
  delete c.metadata.resourceVersion;
  delete c.metadata.generation;
  return c;
}

function stripForCompare(obj: KubeObject): unknown {
  // Without a strategy's own rule, everything but metadata and status counts as spec.
  const { metadata: _m, status: _s, ...rest } = obj;
  return rest;
}

/** ON_SOME_NODE is nodeNameSelected's answer for spec.nodeName!= (the scheduled pods). */
const ON_SOME_NODE = Symbol('on some node');

/**
 * nodeNameSelected is the node a pod field selector pins spec.nodeName to with = or == ('' for
 * unscheduled pods), ON_SOME_NODE for != '' (scheduled pods), or undefined when it does neither
 * (the selector is still checked in full).
 */
function nodeNameSelected(selector: string): string | typeof ON_SOME_NODE | undefined {
  let node: string | typeof ON_SOME_NODE | undefined;
  for (const r of parseFieldSelector(selector).requirements) {
    if (r.field !== 'spec.nodeName' && r.field !== 'spec.host') continue;
    if (r.operator !== '!=') node = r.value;
    else if (r.value === '' && node === undefined) node = ON_SOME_NODE;
  }
  return node;
}

/** involvedUidSelected is the uid a core Event field selector asks for (involvedObject.uid=X, X not empty). */
function involvedUidSelected(selector: string): string | undefined {
  for (const r of parseFieldSelector(selector).requirements) {
    if (r.field === 'involvedObject.uid' && r.operator !== '!=' && r.value !== '') return r.value;
  }
  return undefined;
}

/** distinctCauses keeps the first of each cause (same type, field and message). */
function distinctCauses(causes: StatusCause[]): StatusCause[] {
  const seen = new Set<string>();
  return causes.filter((c) => {
    const key = `${c.reason ?? ''}\u0000${c.field ?? ''}\u0000${c.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
