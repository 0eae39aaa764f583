/**
 * authorizing-api: the API server as an impersonated user reaches it — every read and write
 * the CLI makes is first put to the RBAC authorizer, and a denial is the 403 kubectl prints.
 * Components (controllers, scheduler, kubelets) keep the unwrapped server: they act with
 * their system identities' permissions, which kubemu does not check.
 * kubemu: the default caller (kubernetes-admin) gets the plain server — no RBAC object is read
 * on that path — as do members of system:masters.
 */
import type { KubeObject, ListQuery, ObjectRef } from '../../api/meta';
import type { ResourceInfo } from '../../api/registry';
import type { ApiServer } from '../apiserver';
import { SERVER_SIDE, serverSideClient, type WriteOptions } from '../client';
import { type Attributes, forbiddenError } from './attributes';
import { ApiError } from '../errors';
import { RbacAuthorizer } from './rbac-authorizer';
import { isSuperUser, type UserInfo } from './user-info';

/** REPLACE_FIELD_MANAGER marks kubectl replace, the one kubectl write that is a PUT (verb update). */
export const REPLACE_FIELD_MANAGER = 'kubectl-replace';

type Check = (args: unknown[]) => void;


/** CHECK reaches the wrapper's authorization check, for requests that are not ApiClient calls (pods/exec). */
const CHECK = Symbol('kubemu.check');

/** RequestCheck authorizes one request against a resource's storage kind; it throws the 403. */
export type RequestCheck = (verb: string, kind: string, namespace: string | undefined, name?: string, subresource?: string) => void;

/**
 * authorizeRequest authorizes a request that has no ApiClient method (e.g. create pods/exec)
 * for the caller behind api; the unwrapped server (the admin) is always allowed.
 */
export function authorizeRequest(api: ApiServer, verb: string, kind: string, namespace: string | undefined, name?: string, subresource?: string): void {
  const check = (api as unknown as Record<symbol, RequestCheck | undefined>)[CHECK];
  check?.(verb, kind, namespace, name, subresource);
}

/** serverSide returns the API server behind an authorizing wrapper (or the server itself). */
export function serverSide(api: ApiServer): ApiServer {
  return serverSideClient(api);
}

/**
 * authorizingApi wraps the server so that each call made through it is authorized for user;
 * everything else (registry, revision, writes log) passes through unchanged.
 */
export function authorizingApi(api: ApiServer, user: UserInfo): ApiServer {
  if (isSuperUser(user)) return api;
  const rbac = new RbacAuthorizer(api);
  const info = (kind: string): ResourceInfo | undefined => api.registry().forStorageKind(kind);
  const infoOf = (o: KubeObject): ResourceInfo | undefined => {
    try { return api.registry().forKind(o.apiVersion, o.kind); } catch { return undefined; }
  };
  const check = (r: ResourceInfo | undefined, verb: string, namespace: string | undefined, name?: string, subresource?: string): void => {
    if (!r) return; // unknown kinds fail in the server itself
    const a: Attributes = {
      user, verb, group: r.group, resource: r.resource, subresource,
      namespace: r.namespaced ? namespace : undefined, name: name || undefined,
    };
    const d = rbac.authorize(a);
    if (!d.allowed) throw forbiddenError(a, d.reason);
  };
  const nsOf = (o: KubeObject, r: ResourceInfo | undefined) => (r?.namespaced ? o.metadata?.namespace || 'default' : undefined);
  const roles = {
    tryGet: (kind: string, namespace: string | undefined, name: string) => api.tryGet({ kind, namespace, name }),
  };
  /** guard refuses writing an RBAC object that grants what the user does not hold (escalation.ts). */
  const guard = (obj: KubeObject, r: ResourceInfo | undefined): void => {
    if (r?.group !== 'rbac.authorization.k8s.io') return;
    const resource = r.resource as 'roles' | 'clusterroles' | 'rolebindings' | 'clusterrolebindings';
    // Loaded on an RBAC write only: reads never need it.
    const { confirmNoEscalation } = require('./escalation') as typeof import('./escalation');
    confirmNoEscalation(rbac, roles, user, { obj, resource, namespace: nsOf(obj, r) ?? '' });
  };
  const writeVerb = (o: WriteOptions) => (o.fieldManager === REPLACE_FIELD_MANAGER ? 'update' : 'patch');

  const checks: Record<string, Check> = {
    get: ([ref]) => { const r = ref as ObjectRef; check(info(r.kind), 'get', r.namespace, r.name); },
    tryGet: ([ref]) => { const r = ref as ObjectRef; check(info(r.kind), 'get', r.namespace, r.name); },
    list: ([q]) => { const l = q as ListQuery; check(info(l.kind), 'list', l.namespace); },
    each: ([q]) => { const l = q as ListQuery; check(info(l.kind), 'list', l.namespace); },
    listAt: ([q]) => { const l = q as ListQuery; check(info(l.kind), 'list', l.namespace); },
    watch: ([kind, , namespace]) => check(info(kind as string), 'watch', namespace as string | undefined),
    podsOnNode: () => check(info('Pod'), 'list', undefined),
    create: ([o]) => { const obj = o as KubeObject; const r = infoOf(obj); check(r, 'create', nsOf(obj, r)); guard(obj, r); },
    update: ([o, opts]) => { const obj = o as KubeObject; const r = infoOf(obj); check(r, writeVerb(opts as WriteOptions), nsOf(obj, r), obj.metadata?.name); guard(obj, r); },
    updateStatus: ([o]) => { const obj = o as KubeObject; const r = infoOf(obj); check(r, 'update', nsOf(obj, r), obj.metadata?.name, 'status'); },
    updateApproval: ([o]) => {
      const csr = o as KubeObject;
      check(infoOf(csr), 'update', undefined, csr.metadata?.name, 'approval');
      // The CertificateApproval admission plugin: approve on the signer's name, or on its domain's wildcard.
      const signer: string = api.tryGet({ kind: 'CertificateSigningRequest', name: csr.metadata?.name ?? '' })?.spec?.signerName ?? csr.spec?.signerName ?? '';
      const may = (name: string) => rbac.authorize({ user, verb: 'approve', group: 'certificates.k8s.io', resource: 'signers', name }).allowed;
      if (!may(signer) && !(signer.includes('/') && may(`${signer.slice(0, signer.indexOf('/'))}/*`))) {
        throw new ApiError('Forbidden', 403, `certificatesigningrequests.certificates.k8s.io "${csr.metadata?.name}" is forbidden: user not permitted to approve requests with signerName "${signer}"`,
          { group: 'certificates.k8s.io', kind: 'certificatesigningrequests', name: csr.metadata?.name });
      }
    },
    delete: ([ref]) => { const r = ref as ObjectRef; check(info(r.kind), 'delete', r.namespace, r.name); },
    evict: ([ref]) => { const r = ref as ObjectRef; check(info('Pod'), 'create', r.namespace, r.name, 'eviction'); },
    bind: ([ref]) => { const r = ref as ObjectRef; check(info('Pod'), 'create', r.namespace, r.name, 'binding'); },
    // kubectl debug sends a strategic merge patch to the subresource: RBAC sees a patch.
    updateEphemeralContainers: ([o]) => { const p = o as KubeObject; check(info('Pod'), 'patch', p.metadata?.namespace || 'default', p.metadata?.name, 'ephemeralcontainers'); },
    serverSideApply: ([o, opts]) => {
      // A PATCH of type apply; when the object does not exist the handler creates it, which needs create too.
      const obj = o as KubeObject;
      const r = infoOf(obj);
      if (!r) return;
      const ns = nsOf(obj, r);
      if ((opts as { status?: boolean } | undefined)?.status) { check(r, 'patch', ns, obj.metadata?.name, 'status'); return; }
      check(r, 'patch', ns, obj.metadata?.name);
      if (!api.tryGet({ kind: r.storageKind, namespace: ns, name: obj.metadata?.name ?? '' })) check(r, 'create', ns);
      guard(obj, r);
    },
    apply: ([o]) => {
      // kubectl apply GETs the live object, then PATCHes it or POSTs a new one.
      const obj = o as KubeObject;
      const r = infoOf(obj);
      if (!r) return;
      const ns = nsOf(obj, r);
      check(r, 'get', ns, obj.metadata?.name);
      const exists = !!api.tryGet({ kind: r.storageKind, namespace: ns, name: obj.metadata?.name ?? '' });
      check(r, exists ? 'patch' : 'create', ns, exists ? obj.metadata?.name : undefined);
      guard(obj, r);
    },
  };

  return new Proxy(api, {
    get(target, prop, receiver) {
      if (prop === SERVER_SIDE) return target;
      if (prop === CHECK) return ((verb, kind, ns, name, sub) => check(info(kind), verb, ns, name, sub)) as RequestCheck;
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      if (prop === 'listControlledBy') {
        // An indexed helper read (describers): keep what the user may list in each namespace.
        return (kind: string, ownerUid: string) => filterListable(target.listControlledBy(kind, ownerUid), info(kind), user, rbac);
      }
      if (prop === 'versions') {
        return (kind: string, onNode?: string | null) => {
          const may = listableIn(info(kind), user, rbac);
          return target.versions(kind, onNode).filter((v) => may(v.namespace));
        };
      }
      if (prop === 'controlledVersions') {
        return (kind: string, ownerUid: string) => {
          const may = listableIn(info(kind), user, rbac);
          return target.controlledVersions(kind, ownerUid).filter((v) => may(v.namespace));
        };
      }
      const pre = typeof prop === 'string' ? checks[prop] : undefined;
      if (!pre) return value.bind(target);
      return (...args: unknown[]) => { pre(args); return value.apply(target, args); };
    },
  });
}

function filterListable(items: KubeObject[], r: ResourceInfo | undefined, user: UserInfo, rbac: RbacAuthorizer): KubeObject[] {
  const may = listableIn(r, user, rbac);
  return items.filter((o) => may(o.metadata.namespace ?? ''));
}

/** listableIn says, namespace by namespace, whether the user may list the resource there (every answer kept). */
function listableIn(r: ResourceInfo | undefined, user: UserInfo, rbac: RbacAuthorizer): (namespace: string) => boolean {
  if (!r) return () => true;
  const allowed = new Map<string, boolean>();
  return (namespace) => {
    const ns = r.namespaced ? namespace : '';
    if (!allowed.has(ns)) {
      allowed.set(ns, rbac.authorize({ user, verb: 'list', group: r.group, resource: r.resource, namespace: ns || undefined }).allowed);
    }
    return allowed.get(ns)!;
  };
}
