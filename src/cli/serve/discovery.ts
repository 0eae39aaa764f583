/**
 * discovery: kube-apiserver's read-only surface that describes the API rather than serving
 * objects — /version, legacy discovery (/api, /apis/<group>, one APIResourceList per group-version;
 * /apis itself is get --raw's APIGroupList, in kube-aggregator's order),
 * aggregated discovery v2 (one APIGroupDiscoveryList for /api and one for /apis, what kubectl
 * 1.32 asks for first) and the OpenAPI v3 documents (/openapi/v3 and one per group-version).
 * All of it is a function of the registry in force (built-ins, CRDs, the metrics APIService).
 */
import { discoveryOrder, groupVersion, type Registry, type ResourceInfo } from '../../api/registry';
import type { OpenAPIDocument } from '../../api/openapi/document';
import { VERSION_INFO } from '../version';
import { hasStatusSubresource } from '../../api/status-subresource';

/** AGGREGATED_DISCOVERY is the media type of aggregated discovery v2 (Accept and Content-Type). */
export const AGGREGATED_DISCOVERY = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList';
/** OPENAPI_V2_PROTOBUF is the media type kube-apiserver answers /openapi/v2 with to kubectl. */
export const OPENAPI_V2_PROTOBUF = 'application/com.github.proto-openapi.spec.v2.v1.0+protobuf';

/** versionInfo is /version. */
export function versionInfo(): Record<string, string> {
  return { ...VERSION_INFO };
}

/** GroupVersions is every served group-version with its resources, in discovery order; the core group first. */
export interface GroupVersions {
  /** groups in discovery order, each with its versions (preferred first) and their resources. */
  groups: { name: string; preferred: string; versions: { version: string; resources: ResourceInfo[] }[] }[];
}

/** groupVersions arranges the registry's resources by group and served version. */
export function groupVersions(registry: Registry): GroupVersions {
  const sorted = [...registry.resources].sort(discoveryOrder);
  const groups = new Map<string, { name: string; preferred: string; versions: Map<string, ResourceInfo[]> }>();
  for (const r of sorted) {
    let g = groups.get(r.group);
    if (!g) { g = { name: r.group, preferred: r.version, versions: new Map() }; groups.set(r.group, g); }
    for (const v of r.servedVersions) g.versions.set(v, [...(g.versions.get(v) ?? []), r]);
  }
  return {
    groups: [...groups.values()].map((g) => ({
      name: g.name, preferred: g.preferred,
      versions: [...g.versions.entries()]
        .sort(([a], [b]) => (a === g.preferred ? -1 : b === g.preferred ? 1 : a < b ? 1 : a > b ? -1 : 0))
        .map(([version, resources]) => ({ version, resources })),
    })),
  };
}

/**
 * groupVersionDocument answers /api/<version> and /apis/<group>/<version> (APIResourceList) and
 * /apis/<group> (APIGroup), or undefined for a path nothing serves.
 */
export function groupVersionDocument(gvs: GroupVersions, path: string): Record<string, unknown> | undefined {
  const m = /^\/(?:api\/([^/]+)|apis\/([^/]+)(?:\/([^/]+))?)$/.exec(path);
  if (!m) return undefined;
  if (m[2] && !m[3]) return apiGroup(gvs, m[2]);
  const group = m[1] ? '' : m[2]!;
  const version = m[1] ?? m[3]!;
  const infos = gvs.groups.find((g) => g.name === group)?.versions.find((v) => v.version === version)?.resources;
  return infos ? resourceList(group, version, infos) : undefined;
}

/** coreVersions is /api (APIVersions). */
export function coreVersions(serverAddress: string): Record<string, unknown> {
  return { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress }] };
}

/** apiGroup is /apis/<group> (APIGroup), or undefined for a group not served. */
export function apiGroup(gvs: GroupVersions, name: string): Record<string, unknown> | undefined {
  const g = gvs.groups.find((x) => x.name === name && name);
  if (!g) return undefined;
  return {
    kind: 'APIGroup', apiVersion: 'v1', name,
    versions: g.versions.map((v) => ({ groupVersion: groupVersion(name, v.version), version: v.version })),
    preferredVersion: { groupVersion: groupVersion(name, g.preferred), version: g.preferred },
  };
}

const SUBRESOURCES: Readonly<Record<string, readonly { name: string; kind: string; group?: string; version?: string; verbs: string[] }[]>> = {
  Pod: [
    { name: 'binding', kind: 'Binding', verbs: ['create'] },
    { name: 'eviction', kind: 'Eviction', group: 'policy', version: 'v1', verbs: ['create'] },
    { name: 'exec', kind: 'PodExecOptions', verbs: ['create', 'get'] },
    { name: 'log', kind: 'Pod', verbs: ['get'] },
    { name: 'status', kind: 'Pod', verbs: ['get', 'patch', 'update'] },
  ],
  ServiceAccount: [{ name: 'token', kind: 'TokenRequest', group: 'authentication.k8s.io', version: 'v1', verbs: ['create'] }],
  Deployment: [{ name: 'scale', kind: 'Scale', group: 'autoscaling', version: 'v1', verbs: ['get', 'patch', 'update'] }, { name: 'status', kind: 'Deployment', verbs: ['get', 'patch', 'update'] }],
  ReplicaSet: [{ name: 'scale', kind: 'Scale', group: 'autoscaling', version: 'v1', verbs: ['get', 'patch', 'update'] }, { name: 'status', kind: 'ReplicaSet', verbs: ['get', 'patch', 'update'] }],
  StatefulSet: [{ name: 'scale', kind: 'Scale', group: 'autoscaling', version: 'v1', verbs: ['get', 'patch', 'update'] }, { name: 'status', kind: 'StatefulSet', verbs: ['get', 'patch', 'update'] }],
  ReplicationController: [{ name: 'scale', kind: 'Scale', group: 'autoscaling', version: 'v1', verbs: ['get', 'patch', 'update'] }, { name: 'status', kind: 'ReplicationController', verbs: ['get', 'patch', 'update'] }],
};

/** hasScale reports whether a kind serves the scale subresource. */
export function hasScale(kind: string): boolean {
  return !!SUBRESOURCES[kind]?.some((s) => s.name === 'scale');
}

/**
 * servesSubresource reports whether the API server serves a resource's subresource for reads
 * and updates: status and scale where they exist, a CSR's approval, a Pod's
 * ephemeralcontainers. Anything else is its 404.
 */
export function servesSubresource(info: ResourceInfo, subresource: string): boolean {
  switch (subresource) {
    case 'status': return hasStatusSubresource(info);
    case 'scale': return hasScale(info.kind);
    case 'approval': return info.kind === 'CertificateSigningRequest' && info.group === 'certificates.k8s.io';
    case 'ephemeralcontainers': return info.kind === 'Pod' && info.group === '';
    default: return false;
  }
}

function resourceEntry(r: ResourceInfo): Record<string, unknown> {
  return {
    name: r.resource, singularName: r.singular, namespaced: r.namespaced, kind: r.kind, verbs: r.verbs,
    ...(r.shortNames.length ? { shortNames: r.shortNames } : {}),
    ...(r.categories.length ? { categories: r.categories } : {}),
  };
}

/** resourceList is /api/v1 or /apis/<group>/<version> (APIResourceList, subresources included). */
export function resourceList(group: string, version: string, infos: readonly ResourceInfo[]): Record<string, unknown> {
  const resources: Record<string, unknown>[] = [];
  for (const r of infos) {
    resources.push(resourceEntry(r));
    for (const s of SUBRESOURCES[r.kind] ?? []) {
      resources.push({ name: `${r.resource}/${s.name}`, singularName: '', namespaced: r.namespaced, ...(s.group !== undefined ? { group: s.group, version: s.version } : {}), kind: s.kind, verbs: s.verbs });
    }
  }
  return { kind: 'APIResourceList', apiVersion: 'v1', groupVersion: groupVersion(group, version), resources };
}

/** aggregatedDiscovery is the APIGroupDiscoveryList of the core group (core: true) or of every named group, in order's order. */
export function aggregatedDiscovery(gvs: GroupVersions, core: boolean, order: readonly string[] = []): Record<string, unknown> {
  const rank = (name: string) => { const i = order.indexOf(name); return i < 0 ? order.length : i; };
  const groups = gvs.groups.filter((g) => (g.name === '') === core).sort((a, b) => rank(a.name) - rank(b.name));
  const items = groups.map((g) => ({
    metadata: { name: g.name, creationTimestamp: null },
    versions: g.versions.map((v) => ({
      version: v.version,
      resources: v.resources.map((r) => ({
        resource: r.resource,
        responseKind: { group: '', version: '', kind: r.kind },
        scope: r.namespaced ? 'Namespaced' : 'Cluster',
        singularResource: r.singular,
        verbs: r.verbs,
        ...(r.shortNames.length ? { shortNames: r.shortNames } : {}),
        ...(r.categories.length ? { categories: r.categories } : {}),
        ...(SUBRESOURCES[r.kind] ? {
          subresources: SUBRESOURCES[r.kind]!.map((s) => ({
            subresource: s.name,
            responseKind: { group: s.group ?? '', version: s.version ?? '', kind: s.kind },
            verbs: s.verbs,
          })),
        } : {}),
      })),
      freshness: 'Current',
    })),
  }));
  return { kind: 'APIGroupDiscoveryList', apiVersion: 'apidiscovery.k8s.io/v2', metadata: {}, items };
}

/** OpenAPI operations' query parameters kubectl looks for before relying on server-side validation. */
const WRITE_PARAMETERS = ['dryRun', 'fieldManager', 'fieldValidation'].map((name) => ({ name, in: 'query', schema: { type: 'string', uniqueItems: true } }));

/** openAPIIndex is /openapi/v3: one document per group-version. */
export function openAPIIndex(gvs: GroupVersions): Record<string, unknown> {
  const paths: Record<string, { serverRelativeURL: string }> = {};
  for (const g of gvs.groups) {
    for (const v of g.versions) {
      const base = g.name ? `apis/${g.name}/${v.version}` : `api/${v.version}`;
      paths[base] = { serverRelativeURL: `/openapi/v3/${base}?hash=0` };
    }
  }
  return { paths };
}

/** openAPIGroupVersion is /openapi/v3/<api|apis/group>/<version>: the group-version's paths (with their kinds) and all schemas. */
export function openAPIGroupVersion(all: OpenAPIDocument, gvs: GroupVersions, group: string, version: string): OpenAPIDocument | undefined {
  const infos = gvs.groups.find((g) => g.name === group)?.versions.find((v) => v.version === version)?.resources;
  if (!infos) return undefined;
  const prefix = group ? `/apis/${group}/${version}` : `/api/${version}`;
  const paths: Record<string, unknown> = {};
  for (const r of infos) {
    const gvk = { 'x-kubernetes-group-version-kind': { group, version, kind: r.kind } };
    const collection = r.namespaced ? `${prefix}/namespaces/{namespace}/${r.resource}` : `${prefix}/${r.resource}`;
    paths[collection] = { get: { ...gvk }, post: { ...gvk, parameters: WRITE_PARAMETERS } };
    paths[`${collection}/{name}`] = { get: { ...gvk }, put: { ...gvk, parameters: WRITE_PARAMETERS }, patch: { ...gvk, parameters: WRITE_PARAMETERS } };
  }
  return { openapi: '3.0.0', paths, components: all.components };
}
