/**
 * watch-stream: one `?watch=true` request — a chunked stream of JSON watch events read from the
 * store's change log: ADDED for the current objects first when no resourceVersion is given
 * (or "0"), then every change after it, BOOKMARKs when the client allows them, and an ERROR
 * event with the 410 Expired Status when the resourceVersion was compacted away, as
 * kube-apiserver's watch cache answers. With sendInitialEvents (a watch-list) the initial
 * ADDED events end with a BOOKMARK annotated k8s.io/initial-events-end.
 */
import type { ServerResponse } from 'node:http';
import type { KubeObject } from '../../api/meta';
import { groupVersion, type ResourceInfo } from '../../api/registry';
import { parseSelector } from '../../api/labels';
import { parseFieldSelector } from '../../api/fields';
import { ApiError, badRequest } from '../../apiserver/errors';
import type { ApiServer } from '../../apiserver/apiserver';
import { authorizeRequest } from '../../apiserver/authorization/authorizing-api';
import type { Cluster } from '../../cluster/cluster';
import type { ResourcePath } from './resource-path';
import { statusOf, noSuchPath } from './status';
import { tooLargeResourceVersion } from './list-read';
import { watchListOptions } from './watch-options';
import { hostNowMs } from '../../sim/clock';
import { tableOf, type IncludeObject } from './table';
import { goCompact } from '../commands/get-raw';

/** BOOKMARK_EVERY_MS is how often (wall clock) an idle watch that allows bookmarks gets one. */
const BOOKMARK_EVERY_MS = 5000;

/** WatchStream serves one watch until the client goes, its timeout passes or the server stops. */
export class WatchStream {
  private since = 0;
  private info: ResourceInfo | undefined;
  private filter: (o: KubeObject) => boolean = () => true;
  private ended = false;
  private lastSentMs = hostNowMs();
  private timeout: NodeJS.Timeout | undefined;

  constructor(private readonly cluster: Cluster, private readonly api: ApiServer, private readonly p: ResourcePath,
    private readonly q: URLSearchParams, private readonly res: ServerResponse, private readonly onEnd: () => void,
    private readonly asTable = false) {}

  /** start checks the request (throwing its Status before any byte is sent), then opens the stream. */
  start(): void {
    const p = this.p;
    const info = this.cluster.read(() => this.api.registry().resources.find((r) => r.group === p.group && r.resource === p.resource && r.servedVersions.includes(p.version)));
    if (!info) throw noSuchPath();
    this.info = info;
    const ns = info.namespaced ? p.namespace : undefined;
    this.cluster.read(() => authorizeRequest(this.api, 'watch', info.storageKind, ns));
    const label = this.q.get('labelSelector');
    const field = this.q.get('fieldSelector');
    let ls: ReturnType<typeof parseSelector> | undefined;
    let fs: ReturnType<typeof parseFieldSelector> | undefined;
    try {
      ls = label ? parseSelector(label) : undefined;
      fs = field ? parseFieldSelector(field) : undefined;
    } catch (e) {
      throw badRequest((e as Error).message);
    }
    this.filter = (o) => (!ls || ls.matches(o.metadata.labels ?? {})) && (!fs || fs.matches(o));
    const rv = this.q.get('resourceVersion') ?? '';
    const initialEvents = watchListOptions(this.q);
    this.cluster.catchUp();
    let initial: KubeObject[] = [];
    let tooLarge: ApiError | undefined;
    if (initialEvents !== undefined) {
      // A watch-list: the state (not older than rv) as ADDED events, or none, then the changes after it.
      this.cluster.read(() => {
        this.since = this.api.revision();
        const wanted = rv === '' ? 0 : Number(rv);
        if (!Number.isInteger(wanted) || wanted < 0) throw badRequest(`invalid resource version: ${rv}`);
        if (wanted > this.since) tooLarge = tooLargeResourceVersion(wanted, this.since, 1);
        else if (initialEvents) initial = this.api.list({ kind: info.storageKind, namespace: ns, apiVersion: groupVersion(info.group, p.version) }).filter(this.filter);
      });
    } else if (rv === '' || rv === '0') {
      this.cluster.read(() => {
        initial = this.api.list({ kind: info.storageKind, namespace: ns, apiVersion: groupVersion(info.group, p.version) }).filter(this.filter);
        this.since = this.api.revision();
      });
    } else {
      this.since = Number(rv);
      if (!Number.isInteger(this.since) || this.since < 0) throw badRequest(`invalid resource version: ${rv}`);
    }
    this.res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache, private', 'Transfer-Encoding': 'chunked' });
    // Headers go out at once, as kube-apiserver flushes them: a client waits for them before reading events.
    this.res.flushHeaders();
    this.res.on('close', () => this.end());
    if (tooLarge) {
      this.send('ERROR', statusOf(tooLarge).body);
      this.end();
      return;
    }
    for (const o of initial) this.send('ADDED', o);
    // The end of the initial events is a bookmark at their revision, annotated, when the client takes bookmarks.
    if (initialEvents && this.q.get('allowWatchBookmarks') === 'true') {
      this.send('BOOKMARK', { kind: info.kind, apiVersion: groupVersion(info.group, p.version), metadata: { resourceVersion: String(this.since), creationTimestamp: null, annotations: { 'k8s.io/initial-events-end': 'true' } } });
    }
    const seconds = Number(this.q.get('timeoutSeconds') ?? 0);
    if (seconds > 0) this.timeout = setTimeout(() => this.end(), seconds * 1000);
    this.poll();
  }

  private send(type: string, object: unknown): void {
    // A watch that asked for Tables gets each object as a one-row Table, with its column definitions.
    if (this.asTable && this.info && type !== 'ERROR' && type !== 'BOOKMARK') {
      object = tableOf(this.info, [object as KubeObject], this.cluster.clock.now(), (this.q.get('includeObject') || 'Metadata') as IncludeObject, { resourceVersion: (object as KubeObject).metadata?.resourceVersion });
    }
    this.res.write(`${goCompact({ type, object })}\n`);
    this.lastSentMs = hostNowMs();
  }

  /** poll sends the changes since the last one sent (the server calls it after every catch-up). */
  poll(): void {
    if (this.ended || !this.info) return;
    const info = this.info;
    const apiVersion = groupVersion(info.group, this.p.version);
    const ns = info.namespaced ? this.p.namespace : undefined;
    let events: { type: string; object: KubeObject; revision: number }[];
    try {
      events = this.cluster.read(() => this.api.watch(info.storageKind, this.since, ns, apiVersion));
    } catch (e) {
      if (e instanceof ApiError) {
        this.send('ERROR', statusOf(e).body);
        this.end();
        return;
      }
      throw e;
    }
    for (const e of events) {
      this.since = e.revision;
      const obj = e.object;
      if (!this.filter(obj)) continue;
      this.send(e.type, obj);
    }
    if (this.q.get('allowWatchBookmarks') === 'true' && hostNowMs() - this.lastSentMs >= BOOKMARK_EVERY_MS) {
      this.send('BOOKMARK', { kind: info.kind, apiVersion, metadata: { resourceVersion: String(this.since) } });
    }
  }

  /** end closes the stream (once). */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    if (this.timeout) clearTimeout(this.timeout);
    this.res.end();
    this.onEnd();
  }
}
