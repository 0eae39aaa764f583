/**
 * get-raw: `kubectl get --raw PATH` — the body kube-apiserver answers a GET on PATH with,
 * printed as is: health checks, /version, legacy discovery (/api, /apis) and the JSON of a
 * list or an object under /api/v1/… and /apis/GROUP/VERSION/….
 */
import type { ResourceInfo } from '../../api/registry';
import { groupVersion } from '../../api/registry';
import { noSuchPath } from '../../apiserver/errors';
import { apiServerEndpoint } from '../../cluster/node-factory';
import type { FlagsContext } from '../command';
import { CliError } from '../errors';
import { VERSION_INFO } from '../version';
import { metricsBody } from './get-raw-metrics';
import { apiserverMetricsText } from './get-raw-apiserver-metrics';
import { requireNonResourceAccess } from '../../apiserver/authorization/non-resource-access';
import { printServerWarnings } from '../server-warnings';
import type { Reply } from '../serve/resource-handler';
import { healthAnswer } from '../../apiserver/health-endpoints';
import { METRICS_GROUP } from '../../api/metrics-api';
import type { GET_FLAGS } from './get';

export const RAW_WITH_ARGS = 'arguments may not be passed when --raw is specified';
export const RAW_WITH_OUTPUT = '--raw and --output are mutually exclusive';
export const RAW_WITH_FILTERS = '--raw may not be specified with other flags that filter the server request or alter the output';
export const RAW_NOT_A_PATH = (raw: string): string => `--raw must be a valid URL path: parse "${raw}": invalid URI for request`;


/**
 * GROUP_ORDER is kube-aggregator's order of the built-in groups in /apis (their APIServices'
 * group priorities); CRD groups follow, by name, and then metrics.k8s.io (priority 100).
 */
const GROUP_ORDER = ['apiregistration.k8s.io', 'apps', 'events.k8s.io', 'authentication.k8s.io', 'authorization.k8s.io',
  'autoscaling', 'batch', 'certificates.k8s.io', 'networking.k8s.io', 'policy', 'rbac.authorization.k8s.io',
  'storage.k8s.io', 'admissionregistration.k8s.io', 'apiextensions.k8s.io', 'scheduling.k8s.io', 'coordination.k8s.io',
  'node.k8s.io', 'discovery.k8s.io', 'flowcontrol.apiserver.k8s.io'];
const LAST_GROUPS = ['metrics.k8s.io'];

/** goCompact is Go's json.Marshal of a value already in field order: no spaces, HTML-safe escapes. */
export function goCompact(v: unknown): string {
  // <, >, & and U+2028/9 can only occur inside strings in JSON text, so escaping them afterwards is safe.
  return JSON.stringify(v).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** typeMetaFirst puts kind and apiVersion first, in Go's field order, as kube-apiserver's encoder writes them. */
function typeMetaFirst(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const { kind, apiVersion, ...rest } = body as Record<string, unknown>;
  return kind === undefined && apiVersion === undefined ? body : { kind, apiVersion, ...rest };
}

/** responseText is a response body as kube-apiserver writes it: text as it is, an object encoded with a newline. */
export function responseText(body: unknown): string | Buffer {
  return typeof body === 'string' || Buffer.isBuffer(body) ? body : `${goCompact(typeMetaFirst(body))}\n`;
}

/** versionRank orders versions as Kubernetes prefers them: GA, then beta, then alpha, higher numbers first. */
function versionRank(v: string): [number, number, number] {
  const m = /^v(\d+)(?:(alpha|beta)(\d+))?$/.exec(v);
  if (!m) return [3, 0, 0];
  return [m[2] === undefined ? 0 : m[2] === 'beta' ? 1 : 2, -Number(m[1]), -Number(m[3] ?? 0)];
}

function byVersionPriority(a: string, b: string): number {
  const ra = versionRank(a); const rb = versionRank(b);
  for (let i = 0; i < 3; i++) if (ra[i] !== rb[i]) return ra[i]! - rb[i]!;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** apiGroupList is /apis: every group but the core one, each with its versions, preferred first. */
export function apiGroupList(resources: readonly ResourceInfo[]): { kind: string; apiVersion: string; groups: { name: string }[] } {
  const versions = new Map<string, Set<string>>();
  for (const r of resources) {
    if (!r.group) continue;
    const set = versions.get(r.group) ?? new Set<string>();
    for (const v of r.servedVersions) set.add(v);
    versions.set(r.group, set);
  }
  const rank = (g: string): number => {
    const i = GROUP_ORDER.indexOf(g);
    if (i >= 0) return i;
    return LAST_GROUPS.includes(g) ? GROUP_ORDER.length + 1 : GROUP_ORDER.length;
  };
  const groups = [...versions.keys()].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0)).map((name) => {
    const vs = [...versions.get(name)!].sort(byVersionPriority).map((version) => ({ groupVersion: groupVersion(name, version), version }));
    return { name, versions: vs, preferredVersion: vs[0] };
  });
  return { kind: 'APIGroupList', apiVersion: 'v1', groups };
}

/** rawGet prints what kube-apiserver would answer a GET on ctx.flags.raw with. */
export function rawGet(ctx: FlagsContext<typeof GET_FLAGS>): number {
  const raw = ctx.flags.raw ?? '';
  if (ctx.args.length) throw new CliError(RAW_WITH_ARGS);
  if (ctx.flags.watch || ctx.flags['watch-only'] || ctx.flags.selector) throw new CliError(RAW_WITH_FILTERS);
  if (ctx.flags.output) throw new CliError(RAW_WITH_OUTPUT);
  if (!raw.startsWith('/')) throw new CliError(RAW_NOT_A_PATH(raw));
  const path = raw.replace(/[?#].*$/, '').replace(/\/+$/, '') || '/';
  const cluster = ctx.cluster();
  cluster.catchUp();
  const query = new URLSearchParams(/\?([^#]*)/.exec(raw)?.[1] ?? '');
  const health = healthAnswer(path, query);
  if (health) {
    const user = ctx.requestUser?.();
    if (user) cluster.read(() => requireNonResourceAccess(cluster.api, user, 'get', path));
    if (health.code === 404) throw noSuchPath();
    ctx.io.out(health.body);
    return 0;
  }
  // /version is written with json.MarshalIndent and no newline; API objects with an encoder that ends each with one.
  if (path === '/version') { ctx.io.out(JSON.stringify(VERSION_INFO, null, 2)); return 0; }
  const resources = cluster.api.registry().resources;
  if (path === '/metrics') {
    const user = ctx.requestUser?.();
    const text = cluster.read(() => {
      if (user) requireNonResourceAccess(cluster.api, user, 'get', path);
      return apiserverMetricsText(resources, (kind) => cluster.api.storedCount(kind));
    });
    ctx.io.out(text);
    return 0;
  }
  if (path === '/api') {
    ctx.io.out(`${goCompact({ kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: apiServerEndpoint() }] })}\n`);
    return 0;
  }
  if (path === '/apis') { ctx.io.out(`${goCompact(apiGroupList(resources))}\n`); return 0; }
  // A group-version's resources and a group's versions: discovery as kube-apiserver serves it.
  if (/^\/(?:api\/[^/]+|apis\/[^/]+(?:\/[^/]+)?)$/.test(path)) {
    const { groupVersionDocument, groupVersions } = require('../serve/discovery') as typeof import('../serve/discovery');
    const doc = groupVersionDocument(groupVersions(cluster.api.registry()), path);
    if (!doc) throw noSuchPath();
    ctx.io.out(`${goCompact(doc)}\n`);
    return 0;
  }
  const { parseResourcePath } = require('../serve/resource-path') as typeof import('../serve/resource-path');
  const rp = parseResourcePath(path);
  if (!rp) throw noSuchPath();
  if (rp.group === METRICS_GROUP) {
    const { resourceInfo } = require('../serve/resource-handler') as typeof import('../serve/resource-handler');
    const info = cluster.read(() => resourceInfo(cluster.api, rp));
    // A namespaced metric by name needs its namespace; no metric has a subresource.
    if (rp.subresource || (rp.namespace !== undefined && !info.namespaced) || (rp.namespace === undefined && info.namespaced && rp.name)) throw noSuchPath();
    ctx.io.out(`${goCompact(cluster.read(() => metricsBody(cluster, info, rp.namespace, rp.name)))}\n`);
    return 0;
  }
  // Every other resource path is answered by the handlers \`kubemu serve\` answers HTTP with:
  // its query (selectors, limit, continue, resourceVersion) read as kube-apiserver reads it.
  const { asSent } = require('../serve/status') as typeof import('../serve/status');
  const { isPodLog, openPodLog } = require('../serve/pod-log') as typeof import('../serve/pod-log');
  if (isPodLog('GET', rp)) {
    // kubectl reads the body once: a follow=true is not followed.
    try {
      ctx.io.out(openPodLog(cluster, cluster.api, rp, query).reader.first);
    } catch (e) {
      throw asSent(e);
    }
    return 0;
  }
  const { ResourceHandler } = require('../serve/resource-handler') as typeof import('../serve/resource-handler');
  let reply: Reply;
  try {
    reply = new ResourceHandler(cluster, cluster.api).handle({ method: 'GET', path: rp, query, userAgent: 'kubectl' });
  } catch (e) {
    throw asSent(e);
  }
  const warn = printServerWarnings(ctx.io);
  for (const w of reply.warnings) warn(w);
  ctx.io.out(String(responseText(reply.body)));
  return 0;
}
