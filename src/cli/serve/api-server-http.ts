/**
 * api-server-http: `kubemu serve`'s HTTPS front — kube-apiserver's filter chain in miniature
 * (authentication by client certificate or bearer token, impersonation headers, then the
 * handler), serving discovery, OpenAPI, health checks, access reviews, objects and watches from
 * one open cluster. Every request is served in order on the one thread, each read or write in
 * its own transaction, so the CLI in another shell sees the same state at once.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from 'node:https';
import type { TLSSocket } from 'node:tls';
import type { AddressInfo } from 'node:net';
import { ApiError } from '../../apiserver/errors';
import type { ApiServer } from '../../apiserver/apiserver';
import { authorizingApi } from '../../apiserver/authorization/authorizing-api';
import { ADMIN_USER, isSuperUser, type UserInfo } from '../../apiserver/authorization/user-info';
import { RbacAuthorizer } from '../../apiserver/authorization/rbac-authorizer';
import type { Attributes } from '../../apiserver/authorization/attributes';
import { effectiveUser } from '../request-identity';
import { apiGroupList, responseText } from '../commands/get-raw';
import type { Cluster } from '../../cluster/cluster';
import { openAPIDocument } from '../../api/openapi/documents';
import type { Registry } from '../../api/registry';
import type { OpenAPIDocument } from '../../api/openapi/document';
import {
  AGGREGATED_DISCOVERY, OPENAPI_V2_PROTOBUF, aggregatedDiscovery, coreVersions, groupVersionDocument, groupVersions, openAPIGroupVersion, openAPIIndex, resourceList, versionInfo, type GroupVersions,
} from './discovery';
import { parseResourcePath } from './resource-path';
import { cacheWaitsFor, FRESH_WAIT_MS } from './list-read';
import { ResourceHandler, type Reply } from './resource-handler';
import { internal, notFoundPath, statusOf, type StatusBody, noSuchPath, WarnedRefusal } from './status';
import { WatchStream } from './watch-stream';
import { isPodLog, servePodLog, type PolledStream } from './pod-log';
import { chooseProtocol, isPodStream, refuseUpgrade, servePodStream } from './pod-stream';
import type { Duplex } from 'node:stream';
import type { WebSocketServer } from 'ws';
import { wantsTable } from './table';
import type { KeyPair } from './serving-certs';
import { ConnectionIdentities } from './connection-identity';
import { adminTick, ADMIN_TICK_PATH } from './admin-tick';
import { apiserverMetricsText } from '../commands/get-raw-apiserver-metrics';
import { requireNonResourceAccess } from '../../apiserver/authorization/non-resource-access';
import { healthAnswer } from '../../apiserver/health-endpoints';
import { selfSubjectReview } from '../../apiserver/authentication/self-subject-review';

/** ServeOptions configure one server. */
export interface ServeOptions {
  cluster: Cluster;
  address: string;
  port: number;
  /** serving and caPem are the TLS identity start() listens with (a handler() front brings its own socket). */
  serving?: KeyPair;
  caPem?: string;
  /** settleEveryMs is how often (wall clock) the cluster is caught up between requests. */
  settleEveryMs: number;
  /** identity, when set, is who every request is made as: `kubectl proxy`'s kubeconfig user, whose callers bring no credentials. */
  identity?: UserInfo;
}

/** pem turns a DER certificate from the TLS layer into PEM. */
function pem(der: Buffer): string {
  const b64 = der.toString('base64').replace(/(.{64})/g, '$1\n').replace(/\n$/, '');
  return `-----BEGIN CERTIFICATE-----\n${b64}\n-----END CERTIFICATE-----\n`;
}

/** warningHeader is one Warning header value: code 299, agent "-", the text quoted as Go's strconv.Quote would. */
function warningHeader(text: string): string {
  return `299 - ${JSON.stringify(text)}`;
}

/** WATCH_POLL_MS is how often (wall clock) open watches read the change log. */
const WATCH_POLL_MS = 100;

/** FRESH_POLL_MS is how often (wall clock) a read waiting for a revision looks at the store's. */
const FRESH_POLL_MS = 50;


/** KubemuApiServer is the listening server; start() resolves with its URL. */
export class KubemuApiServer {
  private server: Server | undefined;
  private timer: NodeJS.Timeout | undefined;
  private watchTimer: NodeJS.Timeout | undefined;
  private readonly watches = new Set<WatchStream>();
  /** podStreams are the followed logs and attaches, fed after each catch-up. */
  private readonly podStreams = new Set<PolledStream>();
  /** connections remember the user each TLS connection's client certificate authenticated (connection-identity.ts). */
  private readonly connections = new ConnectionIdentities();
  private wss: WebSocketServer | undefined;
  private discovery: { registry: Registry; gvs: GroupVersions; openapi?: OpenAPIDocument; openapiV2?: Buffer } | undefined;

  constructor(private readonly o: ServeOptions) {}

  /** start listens; resolves with the URL (the chosen port when port is 0). */
  async start(): Promise<string> {
    const https = require('node:https') as typeof import('node:https');
    if (!this.o.serving || !this.o.caPem) throw new Error('serving over TLS needs a serving certificate');
    const server = https.createServer({
      cert: this.o.serving.certPem, key: this.o.serving.keyPem, ca: this.o.caPem,
      // Client certificates are checked by the x509 authenticator, so a request without one can still use a token.
      requestCert: true, rejectUnauthorized: false,
    }, (req, res) => { void this.serve(req, res); });
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => this.upgrade(req, socket, head));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.o.port, this.o.address, () => resolve());
    });
    this.startLoops();
    const port = (server.address() as AddressInfo).port;
    return `https://${this.o.address.includes(':') ? `[${this.o.address}]` : this.o.address}:${port}`;
  }

  /**
   * handler is the request handling without a listener of its own, for a front that owns the
   * socket (`kubectl proxy`'s plain HTTP); it starts the reconcile and watch loops.
   */
  handler(): (req: IncomingMessage, res: ServerResponse) => void {
    this.startLoops();
    return (req, res) => { void this.serve(req, res); };
  }

  private startLoops(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), this.o.settleEveryMs);
    this.timer.unref();
    // Watches read the change log more often than the cluster settles: another process's writes reach them within WATCH_POLL_MS.
    this.watchTimer = setInterval(() => { for (const w of this.watches) w.poll(); }, WATCH_POLL_MS);
    this.watchTimer.unref();
  }

  /** stop closes the listener, ends every watch and closes the cluster. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if (this.watchTimer) clearInterval(this.watchTimer);
    for (const w of this.watches) w.end();
    for (const f of this.podStreams) f.end();
    for (const c of this.wss?.clients ?? []) c.terminate();
    const server = this.server;
    this.server = undefined;
    if (server) {
      server.closeAllConnections?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    this.o.cluster.close();
  }

  /** tick runs the reconcile loop between requests and feeds the watches. */
  private tick(): void {
    try {
      this.o.cluster.catchUp();
    } catch {
      // A failed catch-up is retried on the next tick or request; the server keeps serving.
    }
    for (const w of this.watches) w.poll();
    for (const f of this.podStreams) {
      // A stream that cannot be read on ends; the server keeps serving.
      try { f.poll(); } catch { f.end(); }
    }
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    let reply: Reply | StatusBody | (StatusBody & { warnings: readonly string[] });
    try {
      const body = bodyText(req.headers['content-type'], raw);
      const url = new URL(req.url ?? '/', 'https://kubemu');
      const user = this.authenticate(req);
      const wanted = req.method === 'GET' ? cacheRevision(url) : undefined;
      if (wanted !== undefined) await this.untilRevision(wanted);
      const r = this.route(req, url, user, body, res);
      if (r === 'streaming') return;
      reply = r;
    } catch (e) {
      reply = e instanceof WarnedRefusal ? { ...statusOf(e.error), warnings: e.warnings } : e instanceof ApiError ? statusOf(e) : internal(e);
    }
    this.send(res, reply);
    // A write this server committed reaches the open watches now, not at the next poll.
    if (req.method !== 'GET' && reply.code < 300) for (const w of this.watches) w.poll();
  }

  /**
   * untilRevision waits, as the watch cache does before a NotOlderThan read, until the store
   * has reached the revision (a write through this server or from the CLI elsewhere) or
   * FRESH_WAIT_MS have passed; the read then answers, or is the 504 for a version too large.
   */
  private async untilRevision(wanted: number): Promise<void> {
    const cluster = this.o.cluster;
    const deadline = Date.now() + FRESH_WAIT_MS;
    while (cluster.read(() => cluster.api.revision()) < wanted && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, FRESH_POLL_MS));
    }
  }

  private send(res: ServerResponse, reply: Reply | StatusBody | { code: number; body: unknown; contentType?: string; warnings?: string[] }): void {
    const headers: Record<string, string | string[]> = { 'Content-Type': ('contentType' in reply && reply.contentType) || 'application/json', 'Cache-Control': 'no-cache, private' };
    const warnings = 'warnings' in reply ? reply.warnings ?? [] : [];
    if (warnings.length) headers.Warning = warnings.map(warningHeader);
    // Go's encoder: TypeMeta first (kind, apiVersion), HTML-safe escapes, a newline after each object.
    const text = responseText(reply.body);
    res.writeHead(reply.code, headers);
    res.end(text);
  }

  /** upgrade answers an upgrade request (exec, attach, port-forward) or refuses it with its Status. */
  private upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => socket.destroy());
    try {
      const url = new URL(req.url ?? '/', 'https://kubemu');
      const user = this.authenticate(req);
      const rp = parseResourcePath(url.pathname.replace(/\/+$/, ''));
      if (!rp || !isPodStream(rp)) throw noSuchPath();
      const cluster = this.o.cluster;
      const api: ApiServer = isSuperUser(user) || user === ADMIN_USER ? cluster.api : authorizingApi(cluster.api, user);
      if (!this.wss) {
        const { WebSocketServer: Wss } = require('ws') as typeof import('ws');
        this.wss = new Wss({ noServer: true, handleProtocols: chooseProtocol });
      }
      servePodStream({ cluster, api, path: rp, query: url.searchParams, req, socket, head, wss: this.wss, streams: this.podStreams });
    } catch (e) {
      refuseUpgrade(socket, e);
    }
  }

  /** authenticate is the authentication filter, then impersonation. */
  private authenticate(req: IncomingMessage): UserInfo {
    const cluster = this.o.cluster;
    const api = cluster.api;
    const socket = req.socket as TLSSocket;
    let user: UserInfo | undefined = this.o.identity ?? this.connections.known(socket, cluster.clock.nowMs());
    const auth = req.headers.authorization;
    const cert = user ? undefined : socket.getPeerCertificate?.();
    if (cert && cert.raw) {
      try {
        user = cluster.read(() => api.authenticate({ kind: 'certificate', certPem: pem(cert.raw) }));
      } catch { user = undefined; }
      // kubeadm's admin.conf identity is the cluster's admin, as the CLI's own admin is.
      if (user && user.name === ADMIN_USER.name && user.groups.includes(ADMIN_USER.groups[0]!)) user = ADMIN_USER;
      if (user) this.connections.remember(socket, user, cert.valid_from, cert.valid_to);
    }
    if (!user && auth?.startsWith('Bearer ')) {
      user = cluster.read(() => api.authenticate({ kind: 'token', token: auth.slice('Bearer '.length).trim() }));
    }
    if (!user) throw new ApiError('Unauthorized', 401, 'Unauthorized');
    const as = req.headers['impersonate-user'];
    const groups = req.headers['impersonate-group'];
    const uid = req.headers['impersonate-uid'];
    if (typeof as === 'string' && as) {
      const list = Array.isArray(groups) ? groups : groups ? String(groups).split(',').map((g) => g.trim()) : [];
      const who = user;
      return cluster.read(() => effectiveUser(api, who, as, list, typeof uid === 'string' && uid ? uid : undefined));
    }
    return user;
  }

  private gvs(): { gvs: GroupVersions; openapi: () => OpenAPIDocument } {
    const cluster = this.o.cluster;
    // The API server keeps one Registry until a CRD or APIService changes: discovery follows it.
    const registry = cluster.read(() => cluster.api.registry());
    if (this.discovery?.registry !== registry) this.discovery = { registry, gvs: groupVersions(registry) };
    const d = this.discovery;
    return {
      gvs: d.gvs,
      openapi: () => (d.openapi ??= openAPIDocument(cluster.read(() => cluster.api.list({ kind: 'CustomResourceDefinition' })))),
    };
  }

  /** openAPIV2 is /openapi/v2's body, kept until the registry changes (a CRD or APIService). */
  private openAPIV2(): Buffer {
    const { openapi } = this.gvs();
    const d = this.discovery!;
    if (!d.openapiV2) {
      const { openAPIV2Proto } = require('./openapi-v2-proto') as typeof import('./openapi-v2-proto');
      d.openapiV2 = openAPIV2Proto(openapi());
    }
    return d.openapiV2;
  }

  /** route answers one authenticated request; 'streaming' when a watch took over the response. */
  private route(req: IncomingMessage, url: URL, user: UserInfo, body: string, res: ServerResponse): Reply | StatusBody | 'streaming' {
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const ok = (b: unknown, contentType?: string) => ({ code: 200, body: b, contentType, warnings: [] as string[] });
    const health = healthAnswer(path, url.searchParams);
    if (health) {
      // Authorised as any non-resource path: system:public-info-viewer grants the three roots, not their checks.
      const { cluster } = this.o;
      cluster.read(() => requireNonResourceAccess(cluster.api, user, 'get', path));
      return health.code === 404 ? notFoundPath() : ok(health.body, 'text/plain; charset=utf-8');
    }
    if (path === '/metrics') {
      const { cluster } = this.o;
      cluster.catchUp();
      const text = cluster.read(() => {
        requireNonResourceAccess(cluster.api, user, 'get', path);
        return apiserverMetricsText(cluster.api.registry().resources, (kind) => cluster.api.storedCount(kind));
      });
      return ok(text, 'text/plain; version=0.0.4; charset=utf-8');
    }
    // /version is written with json.MarshalIndent and no newline.
    if (path === '/version') return ok(JSON.stringify(versionInfo(), null, 2));
    const accept = req.headers.accept ?? '';
    const aggregated = accept.split(',')[0]?.includes('as=APIGroupDiscoveryList');
    if (path === '/api') {
      this.o.cluster.catchUp();
      return aggregated ? ok(aggregatedDiscovery(this.gvs().gvs, true), AGGREGATED_DISCOVERY) : ok(coreVersions(`${this.o.address}:${this.server ? (this.server.address() as AddressInfo).port : this.o.port}`));
    }
    if (path === '/apis') {
      this.o.cluster.catchUp();
      // Groups in kube-aggregator's order, as `get --raw /apis` prints them.
      const list = apiGroupList(this.o.cluster.read(() => this.o.cluster.api.registry()).resources);
      return aggregated ? ok(aggregatedDiscovery(this.gvs().gvs, false, list.groups.map((g) => g.name)), AGGREGATED_DISCOVERY) : ok(list);
    }
    if (path === '/openapi/v3') return ok(openAPIIndex(this.gvs().gvs));
    // kubectl asks for v2 in protobuf (explain's v2 layout, the client-side validation of a List).
    if (path === '/openapi/v2') return ok(this.openAPIV2(), OPENAPI_V2_PROTOBUF);
    const oa = /^\/openapi\/v3\/(?:api\/([^/]+)|apis\/([^/]+)\/([^/]+))$/.exec(path);
    if (oa) {
      const { gvs, openapi } = this.gvs();
      const doc = oa[1] ? openAPIGroupVersion(openapi(), gvs, '', oa[1]) : openAPIGroupVersion(openapi(), gvs, oa[2]!, oa[3]!);
      return doc ? ok(doc) : notFoundPath();
    }
    const gv = /^\/(?:api\/[^/]+|apis\/[^/]+(?:\/[^/]+)?)$/.test(path);
    if (gv) {
      const doc = groupVersionDocument(this.gvs().gvs, path);
      return doc ? ok(doc) : notFoundPath();
    }
    if (path === ADMIN_TICK_PATH) {
      const reply = adminTick(this.o.cluster, user, req.method ?? 'GET', url.searchParams, body);
      // Attaches and followed logs see what the tick made happen now, not at the next catch-up.
      this.tick();
      return reply;
    }
    const rp = parseResourcePath(path);
    if (!rp) return notFoundPath();
    const cluster = this.o.cluster;
    const api: ApiServer = isSuperUser(user) || user === ADMIN_USER ? cluster.api : authorizingApi(cluster.api, user);
    if (req.method === 'POST' && rp.group === 'authorization.k8s.io' && rp.resource === 'selfsubjectaccessreviews') return this.accessReview(user, body);
    if (req.method === 'POST' && rp.group === 'authorization.k8s.io' && rp.resource === 'selfsubjectrulesreviews') return this.rulesReview(user, body);
    if (req.method === 'POST' && rp.group === 'authentication.k8s.io' && rp.resource === 'selfsubjectreviews') {
      return { code: 201, body: selfSubjectReview(user, rp.version), warnings: [] };
    }
    const query = url.searchParams;
    if (req.method === 'GET' && !rp.name && (query.get('watch') === 'true' || query.get('watch') === '1')) {
      const w = new WatchStream(cluster, api, rp, query, res, () => this.watches.delete(w), wantsTable(accept));
      this.watches.add(w);
      w.start();
      return 'streaming';
    }
    if (isPodLog(req.method, rp)) {
      servePodLog(cluster, api, rp, query, res, this.podStreams);
      return 'streaming';
    }
    return new ResourceHandler(cluster, api).handle({
      method: req.method ?? 'GET', path: rp, query, accept, body,
      contentType: req.headers['content-type'], userAgent: req.headers['user-agent'],
    });
  }

  /** rulesReview answers a SelfSubjectRulesReview: the rules RBAC grants the user in spec.namespace. */
  private rulesReview(user: UserInfo, text: string): Reply {
    let review: { apiVersion?: string; kind?: string; spec?: { namespace?: string } };
    try { review = JSON.parse(text); } catch (e) { throw new ApiError('BadRequest', 400, `error decoding request body: ${(e as Error).message}`); }
    const cluster = this.o.cluster;
    const { rules, errors } = cluster.read(() => new RbacAuthorizer(cluster.api).rulesFor(user, review.spec?.namespace ?? ''));
    const resourceRules = rules.filter((r) => !r.nonResourceURLs?.length).map((r) => ({
      verbs: r.verbs, ...(r.apiGroups ? { apiGroups: r.apiGroups } : {}), ...(r.resources ? { resources: r.resources } : {}), ...(r.resourceNames ? { resourceNames: r.resourceNames } : {}),
    }));
    const nonResourceRules = rules.filter((r) => r.nonResourceURLs?.length).map((r) => ({ verbs: r.verbs, nonResourceURLs: r.nonResourceURLs }));
    return {
      code: 201,
      body: {
        kind: review.kind ?? 'SelfSubjectRulesReview', apiVersion: review.apiVersion ?? 'authorization.k8s.io/v1', metadata: { creationTimestamp: null }, spec: review.spec ?? {},
        status: { resourceRules, nonResourceRules, incomplete: errors.length > 0, ...(errors.length ? { evaluationError: errors.length === 1 ? errors[0] : `[${errors.join(', ')}]` } : {}) },
      },
      warnings: [],
    };
  }

  /** accessReview answers a SelfSubjectAccessReview for the requesting user. */
  private accessReview(user: UserInfo, text: string): Reply {
    let review: { apiVersion?: string; spec?: { resourceAttributes?: Record<string, string>; nonResourceAttributes?: { path?: string; verb?: string } } };
    try { review = JSON.parse(text); } catch (e) { throw new ApiError('BadRequest', 400, `error decoding request body: ${(e as Error).message}`); }
    const ra = review.spec?.resourceAttributes;
    const nra = review.spec?.nonResourceAttributes;
    const attrs: Attributes = ra
      ? { user, verb: ra.verb ?? '', group: ra.group ?? '', resource: ra.resource ?? '', subresource: ra.subresource || undefined, namespace: ra.namespace || undefined, name: ra.name || undefined }
      : { user, verb: nra?.verb ?? '', group: '', resource: '', path: nra?.path ?? '' };
    const cluster = this.o.cluster;
    const decision = isSuperUser(user) || user === ADMIN_USER ? { allowed: true, reason: '' } : cluster.read(() => new RbacAuthorizer(cluster.api).authorize(attrs));
    return {
      code: 201,
      body: { ...review, metadata: { creationTimestamp: null }, status: { allowed: decision.allowed, ...(decision.reason ? { reason: decision.reason } : {}) } },
      warnings: [],
    };
  }
}

/** cacheRevision is the revision a GET (an object or a list, not a watch or a log) must wait for, as the watch cache serves it. */
function cacheRevision(url: URL): number | undefined {
  const q = url.searchParams;
  if (q.get('watch') === 'true' || q.get('watch') === '1') return undefined;
  const rp = parseResourcePath(url.pathname.replace(/\/+$/, ''));
  if (!rp || (rp.subresource && rp.subresource !== 'status' && rp.subresource !== 'scale')) return undefined;
  return cacheWaitsFor(q, !rp.name);
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** bodyText is the request body as JSON text: typed clients' protobuf bodies are decoded first. */
function bodyText(contentType: string | undefined, raw: Buffer): string {
  if (!raw.length) return '';
  if ((contentType ?? '').startsWith('application/vnd.kubernetes.protobuf')) {
    const { decodeProtobufBody } = require('./protobuf-body') as typeof import('./protobuf-body');
    return JSON.stringify(decodeProtobufBody(raw));
  }
  return raw.toString('utf8');
}
