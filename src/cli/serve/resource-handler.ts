/**
 * resource-handler: kube-apiserver's REST handlers for objects, over the same API layer every
 * CLI verb uses — get and list (selectors, limit/continue, as=Table), create, update, patch
 * (strategic merge, JSON merge, JSON patch), delete, and the status, scale, approval (a CSR's)
 * and ephemeralcontainers (a Pod's) subresources;
 * dryRun=All and fieldValidation as the handlers read them. Reads run on a consistent
 * snapshot after the cluster caught up; writes run in one write transaction that settles
 * after, as a CLI command's do.
 */
import { COMPONENT_STATUS_DEPRECATED } from '../../apiserver/component-statuses';
import { load as loadYaml } from 'js-yaml';
import type { KubeObject } from '../../api/meta';
import { builtinRegistry, groupVersion, type ResourceInfo } from '../../api/registry';
import { ApiError, badRequest, isNotFound } from '../../apiserver/errors';
import type { ApiServer } from '../../apiserver/apiserver';
import type { DeleteOptions, FieldValidation, PropagationPolicy, WriteOptions } from '../../apiserver/client';
import { authorizeRequest, serverSide } from '../../apiserver/authorization/authorizing-api';
import { checkPatchedName, decodePatched, type PatchKind } from '../../apiserver/decode-patch';
import type { Cluster } from '../../cluster/cluster';
import { serverPatched } from '../patch/server-patch';
import { jsonText } from '../../yaml/yaml-to-json';
import type { ResourcePath } from './resource-path';
import { servesSubresource } from './discovery';
import { writeScale } from '../../apiserver/scale-subresource';
import { writeThroughSubresource } from '../../apiserver/subresource-write';
import { tableOf, wantsTable, type IncludeObject } from './table';
import { successStatus, noSuchPath, WarnedRefusal } from './status';
import { encodeContinue, getRead, inconsistentContinue, listRead } from './list-read';
import { isPodWriteSubresource, postPodSubresource } from './pod-subresources';
import { scaleOf } from '../../api/scale-of';
import { isServiceAccountToken, postServiceAccountToken } from './service-account-token';

/** Reply is a handler's answer: an HTTP code and a JSON body, with the server's warnings. */
export interface Reply { code: number; body: unknown; warnings: string[] }

/** ResourceRequest is what the handlers need from the HTTP request. */
export interface ResourceRequest {
  method: string;
  path: ResourcePath;
  query: URLSearchParams;
  accept?: string;
  contentType?: string;
  body?: string;
  /** userAgent names the default field manager, as kube-apiserver derives it. */
  userAgent?: string;
}

/** PATCH_TYPES maps a PATCH's Content-Type to its patch type. */
const PATCH_TYPES: Readonly<Record<string, PatchKind>> = {
  'application/strategic-merge-patch+json': 'strategic',
  'application/merge-patch+json': 'merge',
  'application/json-patch+json': 'json',
};

/** APPLY_PATCH is server-side apply's patch type. */
const APPLY_PATCH = 'application/apply-patch+yaml';

/** unsupportedMediaType is the 415 for a body the handler does not decode. */
function unsupportedMediaType(type: string): ApiError {
  return new ApiError('', 415, `the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, ${APPLY_PATCH}, application/strategic-merge-patch+json (got ${type})`);
}

/** parseApplyBody reads an apply patch: JSON (what kubectl sends) or YAML. */
function parseApplyBody(text: string | undefined): KubeObject {
  let v: unknown;
  try {
    v = JSON.parse(text ?? '');
  } catch {
    try {
      v = loadYaml(text ?? '');
    } catch (e) {
      throw badRequest(`error decoding YAML: ${(e as Error).message}`);
    }
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw badRequest('error decoding YAML: the apply patch is not an object');
  return v as KubeObject;
}

/** resourceInfo is the resource a path names, served in its version, or the server's 404. */
export function resourceInfo(api: ApiServer, p: ResourcePath): ResourceInfo {
  const info = api.registry().resources.find((r) => r.group === p.group && r.resource === p.resource && r.servedVersions.includes(p.version));
  if (!info) throw noSuchPath();
  return info;
}

function parseBody(text: string | undefined): unknown {
  try {
    return JSON.parse(text ?? '');
  } catch (e) {
    throw badRequest(`error decoding request body: ${(e as Error).message}`);
  }
}

function fieldValidation(q: URLSearchParams): FieldValidation {
  const v = q.get('fieldValidation') || 'Warn';
  if (v !== 'Strict' && v !== 'Warn' && v !== 'Ignore') throw badRequest(`fieldValidation must be one of [Ignore Warn Strict], got "${v}"`);
  return v;
}

function dryRun(q: URLSearchParams): boolean {
  const values = q.getAll('dryRun');
  for (const v of values) if (v !== 'All') throw badRequest(`Invalid dry run value: ${v}`);
  return values.length > 0;
}

/** fieldManager is ?fieldManager=, else the user agent's program name, as kube-apiserver defaults it. */
function fieldManager(r: ResourceRequest): string {
  return r.query.get('fieldManager') || (r.userAgent ?? '').split('/')[0] || 'unknown';
}

/** defaultTypeMeta fills a body's missing apiVersion and kind from the path, as the decoder defaults them (client-node leaves them out). */
function defaultTypeMeta(obj: KubeObject, apiVersion: string, kind: string): KubeObject {
  if (obj && typeof obj === 'object') {
    obj.apiVersion ||= apiVersion;
    obj.kind ||= kind;
  }
  return obj;
}

/** writeOptions are a write request's options; its warnings go to warnings. */
function writeOptions(r: ResourceRequest, warnings: string[]) {
  return { fieldManager: fieldManager(r), dryRun: dryRun(r.query), fieldValidation: fieldValidation(r.query), warn: (t: string) => warnings.push(t), warnings };
}

/** invalidPatchOptions is the 422 for bad PatchOptions query parameters. */
function invalidPatchOptions(field: string, detail: string): ApiError {
  return new ApiError('Invalid', 422, `PatchOptions.meta.k8s.io "" is invalid: ${field}: ${detail}`,
    { group: 'meta.k8s.io', kind: 'PatchOptions', causes: [{ field, message: detail }] });
}

/** afterKey says an object comes after a continue token's key, in the list's (namespace, name) order. */
function afterKey(o: KubeObject, key: string, withNamespace: boolean): boolean {
  const [namespace, name] = withNamespace ? [key.slice(0, key.indexOf('/')), key.slice(key.indexOf('/') + 1)] : [o.metadata.namespace ?? '', key];
  const ons = o.metadata.namespace ?? '';
  return ons > namespace || (ons === namespace && o.metadata.name! > name);
}

/** ResourceHandler answers one resource request for the user api was authorized for. */
export class ResourceHandler {
  constructor(private readonly cluster: Cluster, private readonly api: ApiServer) {}

  /** handle answers one request; a refusal keeps the warnings made before it, as kube-apiserver's response headers do. */
  handle(r: ResourceRequest): Reply {
    const warnings: string[] = [];
    try {
      return this.answer(r, warnings);
    } catch (e) {
      if (e instanceof ApiError && warnings.length) throw new WarnedRefusal(e, warnings);
      throw e;
    }
  }

  private answer(r: ResourceRequest, warnings: string[]): Reply {
    const p = r.path;
    const info = this.cluster.read(() => resourceInfo(this.api, p));
    // kube-apiserver warns of the deprecated API with every componentstatuses request.
    if (p.group === '' && p.resource === 'componentstatuses') warnings.push(COMPONENT_STATUS_DEPRECATED);
    if (p.namespace !== undefined && !info.namespaced) throw noSuchPath();
    const apiVersion = groupVersion(info.group, p.version);
    const ns = info.namespaced ? p.namespace : undefined;
    const ref = (name: string) => ({ kind: info.storageKind, namespace: ns, name });
    const opts = () => writeOptions(r, warnings);
    const reply = (code: number, body: unknown): Reply => ({ code, body, warnings });
    if (isPodWriteSubresource(r.method, p)) {
      const o = opts();
      return { ...postPodSubresource(this.cluster, this.api, p, parseBody(r.body), { dryRun: o.dryRun, fieldManager: o.fieldManager }), warnings };
    }
    if (isServiceAccountToken(r.method, p)) return { ...postServiceAccountToken(this.cluster, this.api, p, parseBody(r.body)), warnings };
    if (p.subresource && !servesSubresource(info, p.subresource)) throw noSuchPath();

    switch (r.method) {
      case 'GET': {
        if (!p.name) return reply(200, this.list(r, info, apiVersion, ns));
        this.cluster.catchUp();
        const obj = this.cluster.read(() => {
          getRead(r.query, this.api.revision());
          return this.api.get(ref(p.name!), apiVersion);
        });
        if (p.subresource === 'scale') {
          const scale = scaleOf(obj);
          // The Scale's own printer (NAME, DESIRED, AVAILABLE, AGE) when kubectl asks for a table.
          return reply(200, wantsTable(r.accept) ? this.table({ ...info, kind: 'Scale', printerColumns: undefined }, [scale], r.query, { resourceVersion: obj.metadata.resourceVersion }) : scale);
        }
        if (wantsTable(r.accept)) return reply(200, this.table(info, [obj], r.query, { resourceVersion: obj.metadata.resourceVersion }));
        return reply(200, obj);
      }
      case 'POST': {
        if (p.name) throw new ApiError('MethodNotAllowed', 405, `the server does not allow this method on the requested resource`);
        const obj = defaultTypeMeta(parseBody(r.body) as KubeObject, apiVersion, info.kind);
        this.checkNamespace(obj, ns);
        const o = opts();
        const created = this.cluster.write(() => this.api.create(obj, o));
        return reply(201, created);
      }
      case 'PUT': {
        if (!p.name) throw new ApiError('MethodNotAllowed', 405, `the server does not allow this method on the requested resource`);
        const obj = parseBody(r.body) as KubeObject;
        const o = opts();
        if (p.subresource === 'scale') return reply(200, this.writeScale(info, ref(p.name), o, () => obj));
        defaultTypeMeta(obj, apiVersion, info.kind);
        this.checkNamespace(obj, ns);
        checkPatchedName(obj, p.name, ns);
        const updated = this.cluster.write(() => writeThroughSubresource(this.api, p.subresource, obj, o));
        return reply(200, updated);
      }
      case 'PATCH': {
        if (!p.name) throw new ApiError('MethodNotAllowed', 405, `the server does not allow this method on the requested resource`);
        const mediaType = (r.contentType ?? '').split(';')[0]!.trim();
        if (mediaType === APPLY_PATCH && p.subresource !== 'scale') return this.applyPatch(r, info, apiVersion, p.name, ns, opts(), p.subresource === 'status');
        const type = PATCH_TYPES[mediaType];
        if (!type) throw unsupportedMediaType(r.contentType ?? '');
        if (r.query.has('force')) throw invalidPatchOptions('force', 'Forbidden: may not be specified for non-apply patch');
        // The handler reads the body as JSON when it applies the patch (serverPatched says how it fails).
        const body = jsonText(r.body ?? '');
        const o = opts();
        if (p.subresource === 'scale') return reply(200, this.writeScale(info, ref(p.name), o, (scale) => serverPatched(scale, body, type) as KubeObject));
        const updated = this.cluster.write(() => {
          const before = this.api.get(ref(p.name!), apiVersion);
          const decoded = decodePatched(serverPatched(before, body, type) as KubeObject, info, (body as { value: unknown }).value, type, o.fieldValidation);
          checkPatchedName(decoded.object, p.name!, ns);
          for (const w of decoded.warnings) o.warn(w);
          return writeThroughSubresource(this.api, p.subresource, decoded.object, o);
        });
        return reply(200, updated);
      }
      case 'DELETE': {
        const body = r.body ? parseBody(r.body) as { propagationPolicy?: string; gracePeriodSeconds?: number; dryRun?: string[]; preconditions?: { resourceVersion?: string } } : {};
        const policy = r.query.get('propagationPolicy') ?? body.propagationPolicy;
        const grace = r.query.get('gracePeriodSeconds') ?? body.gracePeriodSeconds;
        const o = {
          ...opts(),
          dryRun: dryRun(r.query) || !!body.dryRun?.includes('All'),
          propagationPolicy: policy ? policy as PropagationPolicy : undefined,
          gracePeriodSeconds: grace !== undefined && grace !== null ? Number(grace) : undefined,
          preconditionResourceVersion: body.preconditions?.resourceVersion,
        };
        if (!p.name) return reply(200, this.deleteCollection(r, info, apiVersion, ns, o));
        const left = this.cluster.write(() => this.api.delete(ref(p.name!), o));
        // The object as left (graceful deletion) or as it was when removed: kube-apiserver answers with it either way.
        return reply(200, left.kind ? left : successStatus({ name: p.name, group: info.group, kind: info.resource }));
      }
      default:
        throw new ApiError('MethodNotAllowed', 405, `the server does not allow this method on the requested resource`);
    }
  }

  /**
   * deleteCollection deletes what a list with the same selectors returns, in one write
   * transaction, and answers with the objects as each delete left them (a list, as the
   * registry's DeleteCollection does). RBAC checks the deletecollection verb, not each delete.
   */
  private deleteCollection(r: ResourceRequest, info: ResourceInfo, apiVersion: string, ns: string | undefined, o: DeleteOptions): unknown {
    authorizeRequest(this.api, 'deletecollection', info.storageKind, ns);
    const server = serverSide(this.api);
    const q = {
      kind: info.storageKind, namespace: ns, apiVersion,
      labelSelector: r.query.get('labelSelector') || undefined, fieldSelector: r.query.get('fieldSelector') || undefined,
    };
    const { items, rv } = this.cluster.write(() => {
      const left = server.list(q).map((obj) => {
        try {
          const out = server.delete({ kind: info.storageKind, namespace: obj.metadata.namespace, name: obj.metadata.name! }, o);
          return out.kind ? out : obj;
        } catch (e) {
          if (isNotFound(e)) return undefined; // gone meanwhile (a finalizer's last step)
          throw e;
        }
      }).filter((x): x is KubeObject => !!x);
      return { items: left, rv: server.revision() };
    });
    const builtin = builtinRegistry.resources.includes(info);
    return { kind: `${info.kind}List`, apiVersion, metadata: { resourceVersion: String(rv) }, items: builtin ? items.map(withoutTypeMeta) : items };
  }

  /** applyPatch is server-side apply (of the status subresource when status): 201 when it created the object, else 200. */
  private applyPatch(r: ResourceRequest, info: ResourceInfo, apiVersion: string, name: string, ns: string | undefined, o: ReturnType<typeof writeOptions>, status = false): Reply {
    const manager = r.query.get('fieldManager');
    if (!manager) throw invalidPatchOptions('fieldManager', 'Required value: is required for apply patch');
    const force = r.query.get('force');
    if (force !== null && force !== 'true' && force !== 'false') throw badRequest(`strconv.ParseBool: parsing ${JSON.stringify(force)}: invalid syntax`);
    const obj = parseApplyBody(r.body);
    this.checkNamespace(obj, ns);
    checkPatchedName(obj, name, ns);
    if (obj.apiVersion !== apiVersion || info.kind !== obj.kind) {
      throw badRequest(`the API version in the data (${obj.apiVersion}) does not match the expected API version (${apiVersion})`);
    }
    const { object, created } = this.cluster.write(() => this.api.serverSideApply(obj, { ...o, fieldManager: manager, force: force === 'true', status }));
    return { code: created && !o.dryRun ? 201 : 200, body: object, warnings: o.warnings };
  }

  private checkNamespace(obj: KubeObject, ns: string | undefined): void {
    if (!obj || typeof obj !== 'object' || !obj.metadata || typeof obj.metadata !== 'object') return;
    if (ns === undefined) return;
    if (obj.metadata.namespace && obj.metadata.namespace !== ns) {
      throw badRequest('the namespace of the provided object does not match the namespace sent on the request');
    }
    obj.metadata.namespace = ns;
  }

  private list(r: ResourceRequest, info: ResourceInfo, apiVersion: string, ns: string | undefined): unknown {
    this.cluster.catchUp();
    const q = {
      kind: info.storageKind, namespace: ns, apiVersion,
      labelSelector: r.query.get('labelSelector') || undefined, fieldSelector: r.query.get('fieldSelector') || undefined,
    };
    const { items, rv, plan } = this.cluster.read(() => {
      const current = this.api.revision();
      const plan = listRead(r.query, current);
      if (plan.at === undefined) return { items: this.api.list(q), rv: current, plan };
      try {
        return { items: this.api.listAt(q, plan.at), rv: plan.at, plan };
      } catch (e) {
        if (plan.fromContinue && e instanceof ApiError && e.reason === 'Expired') throw inconsistentContinue(plan.after!);
        throw e;
      }
    });
    // Keys are etcd's below the resource's prefix: "ns/name" across namespaces, else "name".
    const keyOf = (o: KubeObject) => (info.namespaced && ns === undefined ? `${o.metadata.namespace}/${o.metadata.name}` : o.metadata.name!);
    let page = items;
    if (plan.after !== undefined) page = page.filter((o) => afterKey(o, plan.after!, info.namespaced && ns === undefined));
    const meta: Record<string, unknown> = { resourceVersion: String(rv) };
    if (plan.limit > 0 && page.length > plan.limit) {
      const rest = page.length - plan.limit;
      page = page.slice(0, plan.limit);
      meta.continue = encodeContinue(rv, keyOf(page[page.length - 1]!));
      // etcd counts what is left only when no selector filtered the page.
      if (!q.labelSelector && !q.fieldSelector) meta.remainingItemCount = rest;
    }
    if (wantsTable(r.accept)) return this.table(info, page, r.query, meta);
    // A built-in kind's list is a typed list: its items carry no kind or apiVersion (a custom resource's do).
    const builtin = builtinRegistry.resources.includes(info);
    return { kind: `${info.kind}List`, apiVersion, metadata: meta, items: builtin ? page.map(withoutTypeMeta) : page };
  }

  private table(info: ResourceInfo, objects: KubeObject[], q: URLSearchParams, meta: Record<string, unknown>): unknown {
    const include = (q.get('includeObject') || 'Metadata') as IncludeObject;
    return tableOf(info, objects, this.cluster.clock.now(), include, meta);
  }

  /** writeScale reads the object's Scale, lets change make the new one, and writes its spec.replicas through the object. */
  private writeScale(info: ResourceInfo, ref: { kind: string; namespace?: string; name: string }, o: WriteOptions, change: (scale: KubeObject) => KubeObject): KubeObject {
    return this.cluster.write(() => writeScale(this.api, info, ref, o, change));
  }
}

function withoutTypeMeta(o: KubeObject): Record<string, unknown> {
  const { apiVersion: _a, kind: _k, ...rest } = o;
  return rest;
}


