/**
 * auditing-api: kube-apiserver's audit log for the requests kubectl makes. Each ApiClient call
 * the CLI makes is one request: the policy decides its level, and unless the level is None
 * one JSON line per stage (RequestReceived, ResponseComplete) is appended to the log, with
 * audit.k8s.io/v1 Event's fields in their order. Components (controllers, kubelets) are not
 * audited: they keep the unwrapped server (see docs/security.md).
 */
import type { KubeObject, ListQuery, ObjectRef } from '../../api/meta';
import type { ResourceInfo } from '../../api/registry';
import { fnv32a } from '../../api/fnv32a';
import type { ApiServer } from '../apiserver';
import type { WriteOptions } from '../client';
import { ApiError } from '../errors';
import { REPLACE_FIELD_MANAGER } from '../authorization/authorizing-api';
import { decide, type AuditRequest, type Decision, type Policy, type Stage } from './audit-policy';

/** KUBECTL_USER_AGENT is kubectl v1.32.2's User-Agent header. */
export const KUBECTL_USER_AGENT = 'kubectl/v1.32.2 (linux/amd64) kubernetes/67a30c0';

/** SOURCE_IP is where kubectl's requests come from: the control-plane node itself, as on an exam host. */
const SOURCE_IP = '127.0.0.1';

/** AuditContext is what the wrapper needs besides the server: the policy, the caller, the clock and where lines go. */
export interface AuditContext {
  policy: Policy;
  user: { name: string; groups: readonly string[] };
  nowMs(): number;
  /** seed makes audit IDs unique and replayable (the log's size when the command started). */
  seed: number;
  write(line: string): void;
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

interface Call { verb: string; info?: ResourceInfo; namespace?: string; name?: string; subresource?: string; body?: KubeObject; query?: string; created?: boolean }

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

/** auditingApi wraps api so that each ApiClient call is logged per the policy. */
export function auditingApi(api: ApiServer, ctx: AuditContext): ApiServer {
  let n = 0;
  const infoOfKind = (kind: string) => api.registry().forStorageKind(kind);
  const infoOf = (o: KubeObject) => { try { return api.registry().forKind(o.apiVersion, o.kind); } catch { return undefined; } };
  const nsOf = (o: KubeObject, r: ResourceInfo | undefined) => (r?.namespaced ? o.metadata?.namespace || 'default' : undefined);
  const writeVerb = (o: WriteOptions | undefined) => (o?.fieldManager === REPLACE_FIELD_MANAGER ? 'update' : 'patch');
  const calls: Record<string, (args: unknown[]) => Call> = {
    get: ([ref]) => { const r = ref as ObjectRef; return { verb: 'get', info: infoOfKind(r.kind), namespace: r.namespace, name: r.name }; },
    tryGet: ([ref]) => { const r = ref as ObjectRef; return { verb: 'get', info: infoOfKind(r.kind), namespace: r.namespace, name: r.name }; },
    list: ([q]) => { const l = q as ListQuery; return { verb: 'list', info: infoOfKind(l.kind), namespace: l.namespace, query: '?limit=500' }; },
    each: ([q]) => { const l = q as ListQuery; return { verb: 'list', info: infoOfKind(l.kind), namespace: l.namespace, query: '?limit=500' }; },
    create: ([o]) => { const obj = o as KubeObject; const r = infoOf(obj); return { verb: 'create', info: r, namespace: nsOf(obj, r), name: obj.metadata?.name, body: obj, created: true }; },
    update: ([o, opts]) => { const obj = o as KubeObject; const r = infoOf(obj); return { verb: writeVerb(opts as WriteOptions), info: r, namespace: nsOf(obj, r), name: obj.metadata?.name, body: obj }; },
    updateStatus: ([o]) => { const obj = o as KubeObject; const r = infoOf(obj); return { verb: 'update', info: r, namespace: nsOf(obj, r), name: obj.metadata?.name, subresource: 'status', body: obj }; },
    delete: ([ref]) => { const r = ref as ObjectRef; return { verb: 'delete', info: infoOfKind(r.kind), namespace: r.namespace, name: r.name }; },
    serverSideApply: ([o]) => { const obj = o as KubeObject; const r = infoOf(obj); return { verb: 'patch', info: r, namespace: nsOf(obj, r), name: obj.metadata?.name, body: obj }; },
    apply: ([o]) => { const obj = o as KubeObject; const r = infoOf(obj); return { verb: 'patch', info: r, namespace: nsOf(obj, r), name: obj.metadata?.name, body: obj }; },
    evict: ([ref]) => { const r = ref as ObjectRef; return { verb: 'create', info: infoOfKind('Pod'), namespace: r.namespace, name: r.name, subresource: 'eviction' }; },
    bind: ([ref]) => { const r = ref as ObjectRef; return { verb: 'create', info: infoOfKind('Pod'), namespace: r.namespace, name: r.name, subresource: 'binding' }; },
    updateEphemeralContainers: ([o]) => { const p = o as KubeObject; return { verb: 'patch', info: infoOfKind('Pod'), namespace: p.metadata?.namespace, name: p.metadata?.name, subresource: 'ephemeralcontainers', body: p }; },
  };

  const log = (c: Call, d: Decision, stage: Stage, id: string, received: number, outcome?: { result?: unknown; error?: unknown }) => {
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
      user: { username: ctx.user.name, groups: ctx.user.groups }, sourceIPs: [SOURCE_IP], userAgent: KUBECTL_USER_AGENT, objectRef,
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
    if (outcome) event.annotations = { 'authorization.k8s.io/decision': e403(outcome.error) ? 'forbid' : 'allow', 'authorization.k8s.io/reason': '' };
    ctx.write(`${JSON.stringify(event)}\n`);
  };

  return new Proxy(api, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      const describe = typeof prop === 'string' ? calls[prop] : undefined;
      if (!describe) return value.bind(target);
      return (...args: unknown[]) => {
        const c = describe(args);
        const req: AuditRequest = { user: ctx.user, verb: c.verb, group: c.info?.group, resource: c.info?.resource, subresource: c.subresource, namespace: c.namespace, name: c.name };
        const d = c.info ? decide(ctx.policy, req) : undefined;
        if (!d || d.level === 'None') return value.apply(target, args);
        const id = auditID(ctx.seed, n++);
        const received = ctx.nowMs();
        log(c, d, 'RequestReceived', id, received);
        try {
          // each answers through its visitor: the items it visits are the list's response.
          const items: KubeObject[] = [];
          if (prop === 'each' && d.level === 'RequestResponse') {
            const visit = args[1] as (o: KubeObject) => void;
            args = [args[0], (o: KubeObject) => { items.push(o); visit(o); }];
          }
          const result = prop === 'each' ? (value.apply(target, args), items) : value.apply(target, args);
          log(c, d, 'ResponseComplete', id, received, { result });
          if (prop === 'each') return undefined;
          return result;
        } catch (error) {
          log(c, d, 'ResponseComplete', id, received, { error });
          throw error;
        }
      };
    },
  });
}

function e403(e: unknown): boolean {
  return e instanceof ApiError && e.code === 403;
}

/** responseOf is the body the server answered with: a list's items as a List. */
function responseOf(c: Call, result: unknown): unknown {
  if (c.verb === 'list' && Array.isArray(result)) {
    return { kind: `${c.info!.kind}List`, apiVersion: c.info!.group ? `${c.info!.group}/${c.info!.version}` : c.info!.version, metadata: {}, items: result };
  }
  if (result && typeof result === 'object' && 'object' in result && 'outcome' in result) return (result as { object: unknown }).object;
  return result;
}
