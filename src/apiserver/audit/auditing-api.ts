/**
 * auditing-api: kube-apiserver's audit log. Each ApiClient call the CLI makes is one request:
 * the policy decides its level, and unless the level is None one JSON line per stage
 * (RequestReceived, ResponseComplete) is appended to the log, with audit.k8s.io/v1 Event's
 * fields in their order. The components' writes are audited too, each as its own user
 * (componentAuditingApi, component-identities); their reads are not, as a real component
 * reads from its informers' caches, not with requests.
 */
import type { KubeObject, ListQuery, ObjectRef } from '../../api/meta';
import type { ResourceInfo } from '../../api/registry';
import { fnv32a } from '../../api/fnv32a';
import type { ApiServer } from '../apiserver';
import type { WriteOptions } from '../client';
import { ApiError } from '../errors';
import { REPLACE_FIELD_MANAGER } from '../authorization/authorizing-api';
import { deniedByAuthorizer } from '../authorization/attributes';
import { decide, type AuditRequest, type Decision, type Policy, type Stage } from './audit-policy';
import type { AuditUser, ComponentIdentity } from './component-identities';

/** KUBECTL_USER_AGENT is kubectl v1.32.2's User-Agent header. */
export const KUBECTL_USER_AGENT = 'kubectl/v1.32.2 (linux/amd64) kubernetes/67a30c0';

/** SOURCE_IP is where kubectl's requests come from: the control-plane node itself, as on an exam host. */
const SOURCE_IP = '127.0.0.1';

/** AuditContext is what the wrapper needs besides the server: the policy, the caller, the clock and where lines go. */
export interface AuditContext {
  policy: Policy;
  user: { name: string; groups: readonly string[] };
  nowMs(): number;
  /** ids numbers the requests; one sequence serves the CLI and the components of a command. */
  ids: AuditIds;
  write(line: string): void;
}

/** AuditIds hands out audit IDs. */
export interface AuditIds { next(): string }

/** auditIds makes IDs unique and replayable from a seed (the log's size when the command started). */
export function auditIds(seed: number): AuditIds {
  let n = 0;
  return { next: () => auditID(seed, n++) };
}

/** Requester is who a wrapped API's calls come from, as the audit event shows it. */
interface Requester {
  /** userOf is the call's user; undefined: the call is not a request (not audited). */
  userOf(c: Call): AuditUser | undefined;
  userAgent: string;
  sourceIP(user: AuditUser): string;
  /** writesOnly: reads are answered from a cache, not by the server. */
  writesOnly: boolean;
  /** verbOf overrides the verb the call's method implies. */
  verbOf?(c: Call): string;
}

/** microTime is metav1.MicroTime's text: RFC 3339 with six fractional digits. */
function microTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

/** auditID is a UUID-shaped ID derived from the seed and the request's number. */
function auditID(seed: number, n: number): string {
  const h = [0, 1, 2, 3].map((i) => fnv32a(`${seed}/${n}/${i}`).toString(16).padStart(8, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Call is one API call described as the HTTP request it stands for. */
export interface Call { method: string; verb: string; info?: ResourceInfo; namespace?: string; name?: string; subresource?: string; body?: KubeObject; query?: string; created?: boolean; ref?: ObjectRef }

function uriOf(c: Call): string {
  const r = c.info!;
  const base = r.group ? `/apis/${r.group}/${r.version}` : `/api/${r.version}`;
  const ns = r.namespaced && c.namespace ? `/namespaces/${c.namespace}` : '';
  const name = c.name && c.verb !== 'create' && c.verb !== 'list' ? `/${c.name}` : c.subresource && c.name ? `/${c.name}` : '';
  return `${base}${ns}/${r.resource}${name}${c.subresource ? `/${c.subresource}` : ''}${c.query ?? ''}`;
}

function withoutManagedFields(o: unknown): unknown {
  if (!o || typeof o !== 'object') return o;
  const obj = o as KubeObject & { items?: KubeObject[] };
  const out: Record<string, unknown> = { ...obj };
  if (obj.metadata?.managedFields) { out.metadata = { ...obj.metadata }; delete (out.metadata as Record<string, unknown>).managedFields; }
  if (Array.isArray(obj.items)) out.items = obj.items.map(withoutManagedFields);
  return out;
}

/** auditingApi wraps api so that each ApiClient call the CLI makes is logged per the policy. */
export function auditingApi(api: ApiServer, ctx: AuditContext): ApiServer {
  const user = { username: ctx.user.name, groups: ctx.user.groups };
  return wrap(api, ctx, { userOf: () => user, userAgent: KUBECTL_USER_AGENT, sourceIP: () => SOURCE_IP, writesOnly: false });
}

/** NodeAddresses tells the components' source IPs: the control plane's and a node's InternalIP. */
export interface NodeAddresses { controlPlane(): string; of(node: string): string }

/**
 * componentAuditingApi wraps the API a component reconciles with: its writes are logged as its
 * identity's (a kubelet's as the node's it writes about), from the node it runs on.
 */
export function componentAuditingApi(api: ApiServer, ctx: Omit<AuditContext, 'user'>, id: ComponentIdentity, nodes: NodeAddresses): ApiServer {
  const fixed = typeof id.user === 'function' ? undefined : id.user;
  const forNode = typeof id.user === 'function' ? id.user : undefined;
  const nodeOfUser = (u: AuditUser) => u.username.slice('system:node:'.length);
  return wrap(api, { ...ctx, user: { name: '', groups: [] } }, {
    userOf: (c) => {
      if (fixed) return fixed;
      const node = nodeOfCall(api, c);
      return node ? forNode!(node) : undefined;
    },
    userAgent: id.userAgent,
    sourceIP: (u) => (id.onNode ? nodes.of(nodeOfUser(u)) : nodes.controlPlane()),
    writesOnly: true,
    // Controllers PUT what they change; the kubelet patches pod and node status (its status
    // manager and node status updater).
    verbOf: (c) => (c.method === 'update' ? 'update' : id.onNode && c.method === 'updateStatus' ? 'patch' : c.verb),
  });
}

/** nodeOfCall is the node a kubelet's call is about: the Node, the Pod's node, its Lease, the Event's host. */
export function nodeOfCall(api: ApiServer, c: Pick<Call, 'body' | 'ref' | 'name'>): string | undefined {
  const o = c.body as (KubeObject & { spec?: { nodeName?: string }; source?: { host?: string } }) | undefined;
  const kind = o?.kind ?? c.ref?.kind;
  if (kind === 'Node' || kind === 'Lease') return c.name;
  if (kind === 'Event') return o?.source?.host;
  if (kind === 'Pod') return o?.spec?.nodeName ?? (c.ref ? (api.tryGet(c.ref) as { spec?: { nodeName?: string } } | undefined)?.spec?.nodeName : undefined);
  return undefined;
}

/** WRITES are the ApiClient methods that are write requests. */
const WRITES = new Set(['create', 'update', 'updateStatus', 'delete', 'apply', 'evict', 'bind', 'updateEphemeralContainers', 'recordEvent']);

function wrap(api: ApiServer, ctx: AuditContext, who: Requester): ApiServer {
  const infoOfKind = (kind: string) => api.registry().forStorageKind(kind);
  const infoOf = (o: KubeObject) => { try { return api.registry().forKind(o.apiVersion, o.kind); } catch { return undefined; } };
  const nsOf = (o: KubeObject, r: ResourceInfo | undefined) => (r?.namespaced ? o.metadata?.namespace || 'default' : undefined);
  const writeVerb = (o: WriteOptions | undefined) => (o?.fieldManager === REPLACE_FIELD_MANAGER ? 'update' : 'patch');
  const calls: Record<string, (args: unknown[]) => Omit<Call, 'method'>> = {
    get: ([ref]) => { const r = ref as ObjectRef; return { verb: 'get', info: infoOfKind(r.kind), namespace: r.namespace, name: r.name }; },
    tryGet: ([ref]) => { const r = ref as ObjectRef; return { verb: 'get', info: infoOfKind(r.kind), namespace: r.namespace, name: r.name }; },
    list: ([q]) => { const l = q as ListQuery; return { verb: 'list', info: infoOfKind(l.kind), namespace: l.namespace, query: '?limit=500' }; },
    each: ([q]) => { const l = q as ListQuery; return { verb: 'list', info: infoOfKind(l.kind), namespace: l.namespace, query: '?limit=500' }; },
    create: ([o]) => { const obj = o as KubeObject; const r = infoOf(obj); return { verb: 'create', info: r, namespace: nsOf(obj, r), name: obj.metadata?.name, body: obj, created: true }; },
    update: ([o, opts]) => { const obj = o as KubeObject; const r = infoOf(obj); return { verb: writeVerb(opts as WriteOptions), info: r, namespace: nsOf(obj, r), name: obj.metadata?.name, body: obj }; },
    updateStatus: ([o]) => { const obj = o as KubeObject; const r = infoOf(obj); return { verb: 'update', info: r, namespace: nsOf(obj, r), name: obj.metadata?.name, subresource: 'status', body: obj }; },
    delete: ([ref]) => { const r = ref as ObjectRef; return { verb: 'delete', info: infoOfKind(r.kind), namespace: r.namespace, name: r.name, ref: r }; },
    serverSideApply: ([o]) => { const obj = o as KubeObject; const r = infoOf(obj); return { verb: 'patch', info: r, namespace: nsOf(obj, r), name: obj.metadata?.name, body: obj }; },
    apply: ([o]) => { const obj = o as KubeObject; const r = infoOf(obj); return { verb: 'patch', info: r, namespace: nsOf(obj, r), name: obj.metadata?.name, body: obj }; },
    evict: ([ref]) => { const r = ref as ObjectRef; return { verb: 'create', info: infoOfKind('Pod'), namespace: r.namespace, name: r.name, subresource: 'eviction', ref: { ...r, kind: 'Pod' }, created: true }; },
    bind: ([ref]) => { const r = ref as ObjectRef; return { verb: 'create', info: infoOfKind('Pod'), namespace: r.namespace, name: r.name, subresource: 'binding', ref: { ...r, kind: 'Pod' }, created: true }; },
    // An Event is created, or patched when it repeats one (its count goes up): decided by the answer.
    recordEvent: ([about, , , , source]) => {
      const a = about as { metadata?: { namespace?: string }; namespace?: string };
      return { verb: 'create', info: infoOfKind('Event'), namespace: a.metadata?.namespace ?? a.namespace ?? 'default', created: true, body: { apiVersion: 'v1', kind: 'Event', metadata: {}, source } as unknown as KubeObject };
    },
    updateEphemeralContainers: ([o]) => { const p = o as KubeObject; return { verb: 'patch', info: infoOfKind('Pod'), namespace: p.metadata?.namespace, name: p.metadata?.name, subresource: 'ephemeralcontainers', body: p }; },
  };

  const log = (c: Call, user: AuditUser, d: Decision, stage: Stage, id: string, received: number, outcome?: { result?: unknown; error?: unknown; annotations?: Record<string, string> }) => {
    if (d.omitStages.has(stage)) return;
    const r = c.info!;
    const objectRef: Record<string, unknown> = { resource: r.resource };
    if (r.namespaced && c.namespace) objectRef.namespace = c.namespace;
    if (c.name) objectRef.name = c.name;
    if (r.group) objectRef.apiGroup = r.group;
    objectRef.apiVersion = r.version;
    if (c.subresource) objectRef.subresource = c.subresource;
    const event: Record<string, unknown> = {
      kind: 'Event', apiVersion: 'audit.k8s.io/v1', level: d.level, auditID: id, stage, requestURI: uriOf(c), verb: c.verb,
      user: { username: user.username, groups: user.groups }, sourceIPs: [who.sourceIP(user)], userAgent: who.userAgent, objectRef,
    };
    const strip = d.omitManagedFields ? withoutManagedFields : (o: unknown) => o;
    if (outcome) {
      // tryGet answers a missing object with undefined: the server's 404.
      const e = outcome.error ?? (c.verb === 'get' && outcome.result === undefined
        ? new ApiError('NotFound', 404, `${r.group ? `${r.resource}.${r.group}` : r.resource} "${c.name}" not found`) : undefined);
      event.responseStatus = e instanceof ApiError
        ? { metadata: {}, status: 'Failure', message: e.message, reason: e.reason, code: e.code }
        : e ? { metadata: {}, status: 'Failure', message: (e as Error).message, reason: 'InternalError', code: 500 }
        : { metadata: {}, code: c.created ? 201 : 200 };
      if ((d.level === 'Request' || d.level === 'RequestResponse') && c.body) event.requestObject = strip(c.body);
      if (d.level === 'RequestResponse' && !e && outcome.result !== undefined) event.responseObject = strip(responseOf(c, outcome.result));
    }
    event.requestReceivedTimestamp = microTime(received);
    event.stageTimestamp = microTime(outcome ? ctx.nowMs() : received);
    // Go writes the annotations map with its keys sorted.
    if (outcome) event.annotations = Object.fromEntries(Object.entries({ 'authorization.k8s.io/decision': deniedByAuthorizer(outcome.error) ? 'forbid' : 'allow', 'authorization.k8s.io/reason': '', ...outcome.annotations }).sort(([a], [b]) => (a < b ? -1 : 1)));
    ctx.write(`${JSON.stringify(event)}\n`);
  };

  return new Proxy(api, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      const describe = typeof prop === 'string' && (!who.writesOnly || WRITES.has(prop)) ? calls[prop] : undefined;
      if (!describe) return value.bind(target);
      return (...args: unknown[]) => {
        const c: Call = { method: prop as string, ...describe(args) };
        if (who.verbOf) c.verb = who.verbOf(c);
        const user = who.userOf(c);
        const req: AuditRequest | undefined = user && { user: { name: user.username, groups: user.groups }, verb: c.verb, group: c.info?.group, resource: c.info?.resource, subresource: c.subresource, namespace: c.namespace, name: c.name };
        const d = req && c.info ? decide(ctx.policy, req) : undefined;
        if (!d || d.level === 'None') return value.apply(target, args);
        const id = ctx.ids.next();
        const received = ctx.nowMs();
        if (prop === 'recordEvent') return recordedEvent(c, user!, d, id, received, () => value.apply(target, args) as KubeObject | undefined);
        log(c, user!, d, 'RequestReceived', id, received);
        // Admission adds its annotations while the call runs (PodSecurity's).
        const annotations: Record<string, string> = {};
        target.auditAnnotations = annotations;
        try {
          // each answers through its visitor: the items it visits are the list's response.
          const items: KubeObject[] = [];
          if (prop === 'each' && d.level === 'RequestResponse') {
            const visit = args[1] as (o: KubeObject) => void;
            args = [args[0], (o: KubeObject) => { items.push(o); visit(o); }];
          }
          // A log of the answer shows its managedFields: they must be worked out (WriteOptions.unreadManagedFields).
          if (d.level === 'RequestResponse' && !d.omitManagedFields) args = withManagedFieldsRead(args);
          const result = prop === 'each' ? (value.apply(target, args), items) : value.apply(target, args);
          log(c, user!, d, 'ResponseComplete', id, received, { result, annotations });
          if (prop === 'each') return undefined;
          return result;
        } catch (error) {
          log(c, user!, d, 'ResponseComplete', id, received, { error, annotations });
          throw error;
        } finally {
          target.auditAnnotations = undefined;
        }
      };
    },
  });

  /** recordedEvent logs an Event write once its answer tells a new Event (create) from a repeat (patch of its count). */
  function recordedEvent(c: Call, user: AuditUser, d: Decision, id: string, received: number, call: () => KubeObject | undefined): KubeObject | undefined {
    let event: KubeObject | undefined;
    try {
      event = call();
    } catch (error) {
      log(c, user, d, 'RequestReceived', id, received);
      log(c, user, d, 'ResponseComplete', id, received, { error });
      throw error;
    }
    // The spam filter kept it back, or it repeated one written at this instant: no request was sent.
    if (!event) return undefined;
    // A repeat's write (its count patched) comes in a later second than the Event's creation; an
    // Event created now may still count more than 1: occurrences the spam filter held back.
    const repeat = event.metadata.creationTimestamp !== (event as { lastTimestamp?: string }).lastTimestamp;
    const done: Call = { ...c, verb: repeat ? 'patch' : 'create', created: !repeat, name: repeat ? event.metadata.name : undefined, body: event };
    // The request names the Event it creates in its body, not in its path.
    log({ ...done, name: repeat ? done.name : undefined }, user, d, 'RequestReceived', id, received);
    log({ ...done, name: event.metadata.name }, user, d, 'ResponseComplete', id, received, { result: event });
    return event;
  }
}

/** responseOf is the body the server answered with: a list's items as a List. */
function responseOf(c: Call, result: unknown): unknown {
  if (c.verb === 'list' && Array.isArray(result)) {
    return { kind: `${c.info!.kind}List`, apiVersion: c.info!.group ? `${c.info!.group}/${c.info!.version}` : c.info!.version, metadata: {}, items: result };
  }
  if (result && typeof result === 'object' && 'object' in result && 'outcome' in result) return (result as { object: unknown }).object;
  return result;
}

/** withManagedFieldsRead is a write's arguments with its options no longer saying the answer's managedFields go unread. */
function withManagedFieldsRead(args: unknown[]): unknown[] {
  const o = args[1] as WriteOptions | undefined;
  return o?.unreadManagedFields ? [args[0], { ...o, unreadManagedFields: false }, ...args.slice(2)] : args;
}
