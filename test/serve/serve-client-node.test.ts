/**
 * kubemu serve against @kubernetes/client-node, the way controllers and operators use the API:
 * a list-watch informer follows a Deployment's rolling update and must end with the cache the
 * store holds, having seen exactly the store's change log (no event missed, none twice); after
 * the change log is compacted under a disconnected informer it gets 410 and relists; list
 * resourceVersion semantics (Exact, continue tokens and their 410 after compaction) and the
 * watch-list protocol; and create, read, update, patch and delete through the typed clients.
 * One `kubemu serve --port 0` process (the built binary) serves a manual-clock cluster; the
 * CLI in this process moves it (set image, tick), as a user in another shell would.
 */
import * as https from 'node:https';
import * as k8s from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';
import { kubemuStart, type Running } from '../reliability/spawn-cli';
import { openSqliteStore } from '../../src/store/sqlite/sqlite-store';
import { statePath } from '../../src/cluster/home';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** until polls a condition the server reaches asynchronously (its watches poll the change log). */
async function until(what: string, ok: () => boolean | Promise<boolean>, state: () => unknown = () => '', tries = 400): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await ok()) return;
    await sleep(50);
  }
  throw new Error(`never: ${what}: ${JSON.stringify(state())}`);
}

/** sorted is name → resourceVersion in name order, so two caches compare as JSON. */
const sorted = (pairs: [string, string][]): Record<string, string> => Object.fromEntries(pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** Seen is one watch event as the informer's watch received it. */
interface Seen { type: string; name: string; rv: string; code?: number; message?: string; annotations?: Record<string, string> }

describe('kubemu serve: @kubernetes/client-node', () => {
  const home = manualCluster('clients', 7);
  let server: Running;
  let kc: k8s.KubeConfig;
  let core: k8s.CoreV1Api;
  let apps: k8s.AppsV1Api;

  const cli = (args: string) => {
    const r = home.run(args);
    if (r.code !== 0) throw new Error(`${args}: ${r.stderr}`);
    return r.stdout;
  };
  /** storePods is what `kubemu get pods` reads: name → resourceVersion. */
  const storePods = (): Record<string, string> => sorted((JSON.parse(cli('get pods -o json')).items as k8s.V1Pod[])
    .map((p) => [p.metadata!.name!, p.metadata!.resourceVersion!]));
  /** withStore opens the state file the server serves, for what no CLI verb does (reading the change log, compacting). */
  const withStore = <T>(fn: (s: ReturnType<typeof openSqliteStore>) => T): T => {
    const s = openSqliteStore(statePath(home.dir, 'clients'));
    try { return fn(s); } finally { s.close(); }
  };

  beforeAll(async () => {
    cli('create deployment web --image=nginx:1.26 --replicas=3');
    cli('tick 30s');
    server = kubemuStart(home.dir, ['serve', '--port', '0']);
    for (let i = 0; i < 200 && !server.stdout().includes('Context "'); i++) await sleep(50);
    const m = /^Serving cluster "clients" at https:\/\/127\.0\.0\.1:\d+\nContext "clients-serve" in (.+)\n$/.exec(server.stdout());
    if (!m) throw new Error(`serve did not start: ${server.stdout()}${server.stderr()}`);
    kc = new k8s.KubeConfig();
    kc.loadFromFile(m[1]!);
    core = kc.makeApiClient(k8s.CoreV1Api);
    apps = kc.makeApiClient(k8s.AppsV1Api);
  });

  afterAll(async () => {
    if (server) {
      process.kill(server.pid, 'SIGTERM');
      const end = await server.done;
      expect(end.code).toBe(0);
    }
    home.cleanup();
  });

  /** informer is client-node's ListWatch over the default namespace's pods, its watch events recorded as they arrive. */
  const informer = () => {
    const seen: Seen[] = [];
    const watch = new k8s.Watch(kc);
    const recording = {
      watch: (p: string, q: Record<string, string | number | boolean | undefined>, cb: (type: string, obj: k8s.KubernetesObject & { code?: number; message?: string }, raw: unknown) => void, done: (err: unknown) => void) =>
        watch.watch(p, q, (type, obj, raw) => {
          seen.push({ type, name: obj.metadata?.name ?? '', rv: obj.metadata?.resourceVersion ?? '', ...(type === 'ERROR' ? { code: obj.code, message: obj.message } : {}) });
          cb(type, obj, raw);
        }, done),
    } as unknown as k8s.Watch;
    const lists: string[] = [];
    const lw = new k8s.ListWatch<k8s.V1Pod>('/api/v1/namespaces/default/pods', recording, async () => {
      const l = await core.listNamespacedPod({ namespace: 'default' });
      lists.push(l.metadata!.resourceVersion!);
      return l;
    }, false);
    const errors: unknown[] = [];
    // stop() aborts the watch, which the informer reports as an AbortError: that one is expected.
    lw.on('error', (e) => { if ((e as Error)?.name !== 'AbortError') errors.push(e); });
    const cache = () => sorted(lw.list('default').map((p) => [p.metadata!.name!, p.metadata!.resourceVersion!]));
    return { lw, seen, lists, errors, cache };
  };

  /** changeLog is the store's own record of the pod changes in default after a revision: what a watch from it must deliver. */
  const changeLog = (after: number): Seen[] => withStore((s) => s.watchSince(after, ['Pod'])
    .filter((e) => e.namespace === 'default')
    .map((e) => ({ type: e.type, name: e.name, rv: String(e.revision) })));

  it('an informer follows a rolling update: its cache ends as the store, its events are the change log, none missed or twice', async () => {
    const inf = informer();
    await inf.lw.start();
    await until('the informer listed', () => inf.lists.length === 1, () => inf);
    expect(inf.cache()).toEqual(storePods());
    cli('set image deployment/web nginx=nginx:1.27');
    for (let i = 0; i < 6; i++) cli('tick 10s');
    expect(cli('rollout status deployment/web --timeout=1s')).toBe('deployment "web" successfully rolled out\n');
    const final = storePods();
    await until('the informer caught up', () => JSON.stringify(inf.cache()) === JSON.stringify(final), () => [inf.cache(), final, inf.seen.slice(-5)]);
    await inf.lw.stop();
    expect(inf.cache()).toEqual(final);
    expect(Object.keys(final)).toHaveLength(3);
    // Every change after the list, in order, once: the informer saw exactly the store's change log.
    const events = inf.seen.filter((e) => e.type !== 'BOOKMARK');
    expect(events.length).toBeGreaterThan(10);
    expect(events).toEqual(changeLog(Number(inf.lists[0])));
    expect(inf.errors).toEqual([]);
  });

  it('after compaction a reconnecting informer gets 410 Expired with the watch cache\'s text, relists and ends as the store', async () => {
    const inf = informer();
    await inf.lw.start();
    await until('the informer listed', () => inf.lists.length === 1);
    const before = Number(inf.lists[0]);
    await inf.lw.stop();
    // While it is away the deployment rolls again and the change log is compacted past its version.
    cli('set image deployment/web nginx=nginx:1.28');
    for (let i = 0; i < 6; i++) cli('tick 10s');
    const head = withStore((s) => { s.compact(s.revision()); return s.revision(); });
    await inf.lw.start();
    const final = storePods();
    await until('the informer relisted', () => inf.lists.length === 2 && JSON.stringify(inf.cache()) === JSON.stringify(final));
    await inf.lw.stop();
    expect(inf.seen[0]).toEqual({ type: 'ERROR', name: '', rv: '', code: 410, message: `too old resource version: ${before} (${head})` });
    expect(Number(inf.lists[1])).toBeGreaterThanOrEqual(head);
    expect(inf.cache()).toEqual(final);
    expect(inf.errors).toEqual([]);
  });

  it('lists at an exact resourceVersion, pages one snapshot with continue tokens, and answers 410 with a new token after compaction', async () => {
    for (const n of ['a', 'b', 'c']) cli(`create configmap page-${n} --from-literal=k=${n}`);
    const first = await core.listNamespacedConfigMap({ namespace: 'default', limit: 2, labelSelector: undefined });
    const at = first.metadata!.resourceVersion!;
    expect(first.items.map((c) => c.metadata!.name)).toEqual(['kube-root-ca.crt', 'page-a']);
    expect(first.metadata!.remainingItemCount).toBe(2);
    // Changes after the first page do not show in the next one: it reads the same revision.
    cli('delete configmap page-b');
    cli('create configmap page-d --from-literal=k=d');
    const second = await core.listNamespacedConfigMap({ namespace: 'default', limit: 2, _continue: first.metadata!._continue });
    expect(second.metadata!.resourceVersion).toBe(at);
    expect(second.items.map((c) => c.metadata!.name)).toEqual(['page-b', 'page-c']);
    expect(second.metadata!._continue).toBeUndefined();
    // An exact list reads that revision too; a plain one the newest.
    const exact = await core.listNamespacedConfigMap({ namespace: 'default', resourceVersion: at, resourceVersionMatch: 'Exact' });
    expect(exact.items.map((c) => c.metadata!.name)).toEqual(['kube-root-ca.crt', 'page-a', 'page-b', 'page-c']);
    expect((await core.listNamespacedConfigMap({ namespace: 'default' })).items.map((c) => c.metadata!.name)).toEqual(['kube-root-ca.crt', 'page-a', 'page-c', 'page-d']);
    // Compacted: the token is too old; the 410 carries one that goes on at the newest state.
    withStore((s) => s.compact(s.revision()));
    const err = await core.listNamespacedConfigMap({ namespace: 'default', limit: 2, _continue: first.metadata!._continue }).then(() => undefined, (e: unknown) => e as k8s.ApiException<string>);
    expect(err?.code).toBe(410);
    const status = JSON.parse(err!.body) as { reason: string; message: string; metadata: { continue: string } };
    expect(status.reason).toBe('Expired');
    expect(status.message).toMatch(/^The provided continue parameter is too old to display a consistent list result\. You can start a new list without the continue parameter, or use the continue token in this response/);
    const rest = await core.listNamespacedConfigMap({ namespace: 'default', _continue: status.metadata.continue });
    expect(rest.items.map((c) => c.metadata!.name)).toEqual(['page-c', 'page-d']);
    const gone = await core.listNamespacedConfigMap({ namespace: 'default', resourceVersion: at, resourceVersionMatch: 'Exact' }).then(() => undefined, (e: unknown) => e as k8s.ApiException<string>);
    expect(gone?.code).toBe(410);
    expect(JSON.parse(gone!.body).message).toBe('The resourceVersion for the provided list is too old.');
  });

  /** rawGet is one GET through the kubeconfig's credentials: status and body as the server sent them. */
  const rawGet = async (path: string): Promise<{ status: number; body: string }> => {
    const opts: https.RequestOptions = {};
    await kc.applyToHTTPSOptions(opts);
    const url = new URL(path, kc.getCurrentCluster()!.server);
    return new Promise((resolve, reject) => {
      const req = https.request({ ...opts, host: url.hostname, port: url.port, path: url.pathname + url.search, method: 'GET' }, (res) => {
        let body = '';
        res.on('data', (d) => { body += d; });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
  };

  it('waits, as the watch cache does, for a NotOlderThan version not reached yet: a write meanwhile answers the read, none is the 504', async () => {
    const cms = '/api/v1/namespaces/default/configmaps';
    const current = Number((await core.listNamespacedConfigMap({ namespace: 'default' })).metadata!.resourceVersion);
    // A list and a get at the next revision wait; a write through the API (from another client) makes it.
    const list = rawGet(`${cms}?resourceVersion=${current + 1}&resourceVersionMatch=NotOlderThan`);
    const get = rawGet(`${cms}/kube-root-ca.crt?resourceVersion=${current + 1}`);
    await sleep(300);
    await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'awaited' }, data: { k: 'v' } } });
    const listed = await list;
    expect(listed.status).toBe(200);
    const body = JSON.parse(listed.body) as k8s.V1ConfigMapList;
    expect(Number(body.metadata!.resourceVersion)).toBeGreaterThanOrEqual(current + 1);
    expect(body.items.map((c) => c.metadata!.name)).toContain('awaited');
    expect((await get).status).toBe(200);
    // Nothing is written: after the wait, the watch cache's 504 with its cause and retry hint.
    const now = Number(JSON.parse(listed.body).metadata.resourceVersion);
    const tooLarge = (wanted: number) => `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"Timeout: Too large resource version: ${wanted}, current: ${now}","reason":"Timeout","details":{"causes":[{"reason":"ResourceVersionTooLarge","message":"Too large resource version"}],"retryAfterSeconds":1},"code":504}\n`;
    const [l, g] = await Promise.all([rawGet(`${cms}?resourceVersion=${now + 5}`), rawGet(`${cms}/awaited?resourceVersion=${now + 5}`)]);
    expect(l).toEqual({ status: 504, body: tooLarge(now + 5) });
    expect(g).toEqual({ status: 504, body: tooLarge(now + 5) });
    await core.deleteNamespacedConfigMap({ namespace: 'default', name: 'awaited' });
  });

  it('serves a watch-list: the state as ADDED events, then a bookmark annotated k8s.io/initial-events-end at its version, then changes', async () => {
    const seen: Seen[] = [];
    const rv = (await core.listNamespacedConfigMap({ namespace: 'default' })).metadata!.resourceVersion!;
    const req = await new k8s.Watch(kc).watch('/api/v1/namespaces/default/configmaps',
      { sendInitialEvents: true, resourceVersionMatch: 'NotOlderThan', allowWatchBookmarks: true },
      (type, obj: k8s.KubernetesObject) => seen.push({ type, name: obj.metadata?.name ?? '', rv: obj.metadata?.resourceVersion ?? '', ...(type === 'BOOKMARK' ? { annotations: obj.metadata?.annotations } : {}) }),
      () => undefined);
    await until('the initial events ended', () => seen.some((e) => e.type === 'BOOKMARK'));
    cli('create configmap after-list --from-literal=k=v');
    await until('the change arrived', () => seen.length === 6);
    req.abort();
    expect(seen.slice(0, 5).map((e) => [e.type, e.name])).toEqual([
      ['ADDED', 'kube-root-ca.crt'], ['ADDED', 'page-a'], ['ADDED', 'page-c'], ['ADDED', 'page-d'], ['BOOKMARK', ''],
    ]);
    expect(seen[4]).toEqual({ type: 'BOOKMARK', name: '', rv, annotations: { 'k8s.io/initial-events-end': 'true' } });
    expect(seen[5]).toMatchObject({ type: 'ADDED', name: 'after-list' });
  });

  it('creates, reads, updates, patches and deletes through the typed clients', async () => {
    const created = await core.createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name: 'typed' }, data: { a: '1' } } });
    expect(created.metadata!.resourceVersion).toMatch(/^\d+$/);
    expect(cli('get configmap typed -o jsonpath={.data.a}')).toBe('1');
    const read = await core.readNamespacedConfigMap({ name: 'typed', namespace: 'default' });
    read.data = { a: '2' };
    const replaced = await core.replaceNamespacedConfigMap({ name: 'typed', namespace: 'default', body: read });
    expect(Number(replaced.metadata!.resourceVersion)).toBeGreaterThan(Number(created.metadata!.resourceVersion));
    // A stale resourceVersion is a 409 Conflict, as from kube-apiserver.
    const stale = await core.replaceNamespacedConfigMap({ name: 'typed', namespace: 'default', body: read }).then(() => undefined, (e: unknown) => e as k8s.ApiException<string>);
    expect(stale?.code).toBe(409);
    expect(JSON.parse(stale!.body).message).toBe('Operation cannot be fulfilled on configmaps "typed": the object has been modified; please apply your changes to the latest version and try again');
    await core.patchNamespacedConfigMap({ name: 'typed', namespace: 'default', body: { data: { b: '3' } } }, k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.MergePatch));
    expect(cli('get configmap typed -o jsonpath={.data}')).toBe('{"a":"2","b":"3"}');
    const scaled = await apps.patchNamespacedDeploymentScale({ name: 'web', namespace: 'default', body: { spec: { replicas: 1 } } }, k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.MergePatch));
    expect(scaled.spec!.replicas).toBe(1);
    await core.deleteNamespacedConfigMap({ name: 'typed', namespace: 'default' });
    const missing = await core.readNamespacedConfigMap({ name: 'typed', namespace: 'default' }).then(() => undefined, (e: unknown) => e as k8s.ApiException<string>);
    expect(missing?.code).toBe(404);
    expect(JSON.parse(missing!.body).message).toBe('configmaps "typed" not found');
  });

  it('server-side applies through the client: a second manager conflicts on a field the first owns, until it forces', async () => {
    const apply = (manager: string, value: string, force = false) => core.patchNamespacedConfigMap(
      { name: 'owned', namespace: 'default', fieldManager: manager, force, body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'owned' }, data: { x: value } } },
      k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.ServerSideApply));
    await apply('team-a', '1');
    await apply('team-a', '1');
    // The same value from another manager is shared ownership, not a conflict.
    await apply('team-b', '1');
    const conflict = await apply('team-c', '2').then(() => undefined, (e: unknown) => e as k8s.ApiException<string>);
    expect(conflict?.code).toBe(409);
    expect(JSON.parse(conflict!.body)).toMatchObject({ reason: 'Conflict', message: 'Apply failed with 2 conflicts: conflicts with "team-a":\n- .data.x\nconflicts with "team-b":\n- .data.x' });
    await apply('team-c', '2', true);
    const owned = await core.readNamespacedConfigMap({ name: 'owned', namespace: 'default' });
    expect(owned.data).toEqual({ x: '2' });
    expect(owned.metadata!.managedFields!.map((m) => `${m.manager}/${m.operation}`)).toEqual(['team-c/Apply']);
    await core.deleteNamespacedConfigMap({ name: 'owned', namespace: 'default' });
  });

  it('records every write in managedFields under its fieldManager, and server-side applies the status subresource', async () => {
    const created = await core.createNamespacedConfigMap({ namespace: 'default', fieldManager: 'my-tool', body: { metadata: { name: 'tracked' }, data: { a: '1' } } });
    expect(created.metadata!.managedFields).toEqual([{
      apiVersion: 'v1', fieldsType: 'FieldsV1', fieldsV1: { 'f:data': { '.': {}, 'f:a': {} } }, manager: 'my-tool', operation: 'Update', time: created.metadata!.creationTimestamp,
    }]);
    await core.deleteNamespacedConfigMap({ name: 'tracked', namespace: 'default' });
    const pod = (await core.listNamespacedPod({ namespace: 'default' })).items[0]!.metadata!.name!;
    const gate = { apiVersion: 'v1', kind: 'Pod', metadata: { name: pod }, status: { conditions: [{ type: 'example.com/Gate', status: 'True' }] } };
    const applied = await core.patchNamespacedPodStatus({ name: pod, namespace: 'default', fieldManager: 'gate-controller', body: gate },
      k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.ServerSideApply));
    // The kubelet's conditions stay (conditions merge by type); the applier owns its own, under the status subresource.
    expect(applied.status!.conditions!.map((c) => c.type)).toEqual(['PodReadyToStartContainers', 'Initialized', 'Ready', 'ContainersReady', 'PodScheduled', 'example.com/Gate']);
    const entry = applied.metadata!.managedFields!.find((m) => m.manager === 'gate-controller');
    expect(entry).toMatchObject({ operation: 'Apply', subresource: 'status', fieldsV1: { 'f:status': { 'f:conditions': { 'k:{"type":"example.com/Gate"}': { '.': {}, 'f:status': {}, 'f:type': {} } } } } });
    expect(cli(`get pod ${pod} -o jsonpath={.status.conditions[?(@.type=="example.com/Gate")].status}`)).toBe('True');
  });
});
