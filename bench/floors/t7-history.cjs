// T7's history floor: the rows a reconcile of N pods has to store, and nothing else — no API,
// no controllers, no reads. Per pod, as the control plane writes it: the pod created, bound,
// given its first status (ContainerCreating) and its Running status; five Events (Scheduled,
// Pulling, Pulled, Created, Started); its ReplicaSet's SuccessfulCreate as client-go's event
// correlator sends them (per 100-replica ReplicaSet: nine Events, then a combined one written
// 16 times, the other 75 held back by the spam filter); a change-log row per write.
// Two transactions, like `apply` and the `tick` that follows. Mode `full` keeps each change's
// body in the log (what watchers replay, as kubemu stores it); `lean` keeps only its key, the
// least any watchable store can keep; `coalesced` is lean and also writes each pod once per
// transaction, its last state (watchers would miss the steps between).
// With CHUNK, each of the two is a transaction per CHUNK pods, as kubemu's commands commit a
// tick's work, with kubemu's write-transaction page cache (16 MB), and no pod is held between
// them: how the floor grows with the cluster (T11 against T7: 150 000 pods against 30 000).
// Usage: node t7-history.cjs FILE N full|lean|coalesced [CHUNK]
// (16 KiB pages, WAL, synchronous NORMAL, the table layout: the insert floor's).
const Database = require('better-sqlite3');
const fs = require('fs');

const [file, count = '30000', mode = 'full', chunkArg] = process.argv.slice(2);
const n = Number(count);
const chunk = Number(chunkArg ?? n);
for (const f of [file, `${file}-wal`, `${file}-shm`]) { try { fs.unlinkSync(f); } catch { /* absent */ } }
const db = new Database(file);
db.pragma('page_size = 16384');
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
if (chunkArg !== undefined) db.pragma('cache_size = -16000');
// The insert floor's table layout: rows appended by rowid, the key in a unique index.
db.exec(`CREATE TABLE objects (id INTEGER PRIMARY KEY, kind TEXT NOT NULL, namespace TEXT NOT NULL, name TEXT NOT NULL, revision INTEGER NOT NULL, body TEXT NOT NULL, UNIQUE (kind, namespace, name));
  CREATE TABLE changes (revision INTEGER PRIMARY KEY, kind TEXT NOT NULL, namespace TEXT NOT NULL, name TEXT NOT NULL, body TEXT)`);
const insert = db.prepare('INSERT INTO objects (kind, namespace, name, revision, body) VALUES (?, ?, ?, ?, ?)');
const update = db.prepare('UPDATE objects SET revision = ?, body = ? WHERE kind = ? AND namespace = ? AND name = ?');
const change = db.prepare('INSERT INTO changes (revision, kind, namespace, name, body) VALUES (?, ?, ?, ?, ?)');

let revision = 0;
const coalesced = mode === 'coalesced';
const write = (obj, created) => {
  const rev = ++revision;
  obj.metadata.resourceVersion = String(rev);
  const body = JSON.stringify(obj);
  if (created) insert.run(obj.kind, obj.metadata.namespace, obj.metadata.name, rev, body);
  else update.run(rev, body, obj.kind, obj.metadata.namespace, obj.metadata.name);
  change.run(rev, obj.kind, obj.metadata.namespace, obj.metadata.name, mode === 'full' ? body : null);
};
/** step is one of a pod's writes in a transaction; coalesced, only the last one is stored. */
const step = (pod, created, last) => {
  if (!coalesced || last) write(pod, created || (coalesced && pod.metadata.resourceVersion === undefined));
};

const time = (s) => `2026-01-01T00:05:${String(s).padStart(2, '0')}Z`;
const podOf = (i) => ({
  apiVersion: 'v1', kind: 'Pod',
  metadata: {
    name: `app-${i % 300}-569f4f894c-${i.toString(36).padStart(5, '0')}`, generateName: `app-${i % 300}-569f4f894c-`, namespace: 'default',
    uid: `71332ffa-fc02-4ede-a70a-${String(i).padStart(12, '0')}`, creationTimestamp: time(0),
    labels: { app: `app-${i % 300}`, 'pod-template-hash': '569f4f894c' },
    ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: `app-${i % 300}-569f4f894c`, uid: '52bb2a89-b70b-4066-9702-000ce1ec4ff4', controller: true, blockOwnerDeletion: true }],
  },
  spec: {
    volumes: [{ name: 'kube-api-access-zgldp', projected: { sources: [{ serviceAccountToken: { expirationSeconds: 3607, path: 'token' } }, { configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } }, { downwardAPI: { items: [{ path: 'namespace', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } }] } }], defaultMode: 420 } }],
    containers: [{ name: 'main', image: 'nginx:1.27', resources: {}, terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File', imagePullPolicy: 'IfNotPresent', volumeMounts: [{ name: 'kube-api-access-zgldp', readOnly: true, mountPath: '/var/run/secrets/kubernetes.io/serviceaccount' }] }],
    restartPolicy: 'Always', terminationGracePeriodSeconds: 30, dnsPolicy: 'ClusterFirst', securityContext: {}, schedulerName: 'default-scheduler', enableServiceLinks: true,
    serviceAccountName: 'default', serviceAccount: 'default', priority: 0, preemptionPolicy: 'PreemptLowerPriority',
    tolerations: ['not-ready', 'unreachable'].map((t) => ({ key: `node.kubernetes.io/${t}`, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 })),
  },
  status: { phase: 'Pending', qosClass: 'BestEffort' },
});
const condition = (type, status, s) => ({ type, status, lastProbeTime: null, lastTransitionTime: time(s) });
let events = 0;
const eventOf = (pod, reason, message, component, s) => ({
  apiVersion: 'v1', kind: 'Event',
  // Named as the recorder names them: the object, then a creation time in nanoseconds (hex).
  metadata: { name: `${pod.metadata.name}.${(1767225900000000000n + BigInt(++events)).toString(16)}`, namespace: 'default', uid: `e0000000-0000-4000-8000-${String(events).padStart(12, '0')}`, creationTimestamp: time(s) },
  involvedObject: { kind: 'Pod', namespace: 'default', name: pod.metadata.name, uid: pod.metadata.uid, apiVersion: 'v1', resourceVersion: pod.metadata.resourceVersion, fieldPath: 'spec.containers{main}' },
  reason, message, source: { component, host: pod.spec.nodeName }, firstTimestamp: time(s), lastTimestamp: time(s), count: 1, type: 'Normal',
  eventTime: null, reportingComponent: component, reportingInstance: pod.spec.nodeName ?? '',
});

// The ReplicaSets' SuccessfulCreate Events: pod i is the (i / 300)th of ReplicaSet i % 300.
const combined = new Map();
const successfulCreate = (pod, i) => {
  const nth = Math.floor(i / 300);
  if (nth >= 25) return;
  const rs = { kind: 'ReplicaSet', name: pod.metadata.generateName.slice(0, -1), uid: `r0000000-0000-4000-8000-${String(i % 300).padStart(12, '0')}` };
  const message = `Created pod: ${pod.metadata.name}`;
  if (nth > 9) {
    const ev = combined.get(rs.name);
    Object.assign(ev, { count: ev.count + 1, message: `(combined from similar events): ${message}` });
    write(ev, false);
    return;
  }
  const ev = eventOf(pod, 'SuccessfulCreate', nth === 9 ? `(combined from similar events): ${message}` : message, 'replicaset-controller', 0);
  ev.metadata.name = `${rs.name}.${ev.metadata.name.split('.')[1]}`;
  ev.involvedObject = { kind: 'ReplicaSet', namespace: 'default', name: rs.name, uid: rs.uid, apiVersion: 'apps/v1', resourceVersion: '1' };
  delete ev.source.host;
  if (nth === 9) { ev.reportingComponent = ''; ev.reportingInstance = ''; combined.set(rs.name, ev); }
  write(ev, true);
};

const bind = (pod, i) => {
  pod.spec.nodeName = `worker${String(i % 1000).padStart(2, '0')}`;
  pod.status.conditions = [condition('PodScheduled', 'True', 0)];
};
const containerCreating = (pod) => Object.assign(pod.status, {
  conditions: [condition('PodReadyToStartContainers', 'False', 0), condition('Initialized', 'True', 0), condition('Ready', 'False', 0), condition('ContainersReady', 'False', 0), condition('PodScheduled', 'True', 0)],
  hostIP: '172.18.0.16', hostIPs: [{ ip: '172.18.0.16' }], startTime: time(0),
  containerStatuses: [{ image: 'nginx:1.27', imageID: '', lastState: {}, name: 'main', ready: false, restartCount: 0, started: false, state: { waiting: { reason: 'ContainerCreating' } } }],
});
/** inChunks runs fn(i) for every pod, a transaction per chunk. */
const inChunks = (fn) => {
  for (let from = 0; from < n; from += chunk) db.transaction(() => { for (let i = from; i < Math.min(n, from + chunk); i++) fn(i); })();
};

// Held between the two only unchunked; chunked, a pod is made again from its last version.
const pods = [];
const versions = new Int32Array(n);
inChunks((i) => {
  const pod = podOf(i);
  if (chunk >= n) pods.push(pod);
  step(pod, true, false);
  successfulCreate(pod, i);
  bind(pod, i);
  step(pod, false, false);
  write(eventOf(pod, 'Scheduled', `Successfully assigned default/${pod.metadata.name} to ${pod.spec.nodeName}`, 'default-scheduler', 0), true);
  containerCreating(pod);
  step(pod, false, true);
  versions[i] = Number(pod.metadata.resourceVersion);
  write(eventOf(pod, 'Pulling', 'Pulling image "nginx:1.27"', 'kubelet', 0), true);
});
const podAt = (i) => {
  if (chunk >= n) return pods[i];
  const pod = podOf(i);
  bind(pod, i);
  containerCreating(pod);
  pod.metadata.resourceVersion = String(versions[i]);
  return pod;
};
inChunks((i) => {
  const pod = podAt(i);
  write(eventOf(pod, 'Pulled', 'Successfully pulled image "nginx:1.27" in 2.5s (2.5s including waiting). Image size: 72099467 bytes.', 'kubelet', 3), true);
  write(eventOf(pod, 'Created', 'Created container: main', 'kubelet', 3), true);
  write(eventOf(pod, 'Started', 'Started container main', 'kubelet', 3), true);
  pod.status.phase = 'Running';
  pod.status.conditions = pod.status.conditions.map((c) => (c.status === 'False' ? condition(c.type, 'True', 3) : c));
  pod.status.podIP = '10.244.14.5';
  pod.status.podIPs = [{ ip: '10.244.14.5' }];
  pod.status.containerStatuses = [{ image: 'docker.io/library/nginx:1.27', imageID: `docker.io/library/nginx@sha256:${'6'.repeat(64)}`, lastState: {}, name: 'main', ready: true, restartCount: 0, started: true, state: { running: { startedAt: time(3) } }, containerID: `containerd://${'2'.repeat(64)}` }];
  step(pod, false, true);
});
db.close();
