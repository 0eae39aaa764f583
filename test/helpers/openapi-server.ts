/**
 * openapi-server: a loopback HTTP server with just enough of kube-apiserver's read-only surface
 * — legacy discovery (/api, /apis, /api/v1, /apis/<group>/<version>) and the OpenAPI v3
 * documents (/openapi/v3 and one document per group-version) — for the real kubectl to run
 * `explain` against, so kubemu's explain output can be compared with kubectl's over the same
 * schemas.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { builtinRegistry, groupVersion, type ResourceInfo } from '../../src/api/registry';
import type { OpenAPIDocument } from '../../src/api/openapi/document';
import { openAPIDocument } from '../../src/api/openapi/documents';
import { openAPIV2Proto } from '../../src/cli/serve/openapi-v2-proto';

function resourceList(gv: string, infos: ResourceInfo[]) {
  return {
    kind: 'APIResourceList', apiVersion: 'v1', groupVersion: gv,
    resources: infos.map((r) => ({ name: r.resource, singularName: r.singular, namespaced: r.namespaced, kind: r.kind, verbs: r.verbs, ...(r.shortNames.length ? { shortNames: r.shortNames } : {}) })),
  };
}

/** gvDocument is the OpenAPI document of one group-version: its resources' paths (with their kinds) and all schemas. */
function gvDocument(all: OpenAPIDocument, infos: ResourceInfo[], group: string, version: string): OpenAPIDocument {
  const prefix = group ? `/apis/${group}/${version}` : `/api/${version}`;
  const paths: Record<string, unknown> = {};
  for (const r of infos) {
    const path = r.namespaced ? `${prefix}/namespaces/{namespace}/${r.resource}` : `${prefix}/${r.resource}`;
    paths[path] = { get: { 'x-kubernetes-group-version-kind': { group, version, kind: r.kind } } };
  }
  return { openapi: '3.0.0', paths, components: all.components };
}

/** startOpenAPIServer serves the built-in resources; resolves with the server and its base URL. */
export async function startOpenAPIServer(): Promise<{ server: Server; url: string }> {
  const all = openAPIDocument();
  const byGV = new Map<string, ResourceInfo[]>();
  for (const r of builtinRegistry.resources) {
    for (const v of r.servedVersions) {
      const key = groupVersion(r.group, v);
      byGV.set(key, [...(byGV.get(key) ?? []), r]);
    }
  }
  const groups = [...new Set(builtinRegistry.resources.map((r) => r.group).filter((g) => g))];
  const routes = new Map<string, unknown>();
  routes.set('/api', { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [] });
  routes.set('/apis', {
    kind: 'APIGroupList', apiVersion: 'v1',
    groups: groups.map((g) => {
      const versions = [...byGV.keys()].filter((k) => k.startsWith(`${g}/`)).map((k) => ({ groupVersion: k, version: k.slice(g.length + 1) }));
      const preferred = builtinRegistry.resources.find((r) => r.group === g)!.version;
      return { name: g, versions, preferredVersion: { groupVersion: `${g}/${preferred}`, version: preferred } };
    }),
  });
  const v3paths: Record<string, { serverRelativeURL: string }> = {};
  for (const [gv, infos] of byGV) {
    const [group, version] = gv.includes('/') ? gv.split('/') as [string, string] : ['', gv];
    const base = group ? `apis/${gv}` : `api/${gv}`;
    routes.set(`/${base}`, resourceList(gv, infos));
    routes.set(`/openapi/v3/${base}`, gvDocument(all, infos, group, version));
    v3paths[base] = { serverRelativeURL: `/openapi/v3/${base}?hash=0` };
  }
  routes.set('/openapi/v3', { paths: v3paths });
  const v2 = openAPIV2Proto(all);
  const server = createServer((req, res) => {
    // /openapi/v2 (explain -o plaintext-openapiv2) is protobuf, as kube-apiserver sends it to kubectl.
    if ((req.url ?? '').split('?')[0] === '/openapi/v2') { res.writeHead(200, { 'Content-Type': 'application/com.github.proto-openapi.spec.v2.v1.0+protobuf' }); res.end(v2); return; }
    const body = routes.get((req.url ?? '').split('?')[0]!);
    res.writeHead(body ? 200 : 404, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body ?? { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'NotFound', code: 404 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}
