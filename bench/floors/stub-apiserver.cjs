// Floor for bench/serve.mjs: a minimal stand-in kube-apiserver on loopback (plain HTTP), copied
// unchanged below this header from the benchmark floors that BENCHMARKS.md's method uses. It answers
// legacy discovery and a list of PODS pods (a Table when asked) from memory, built once: the least
// any server must do to answer `get pods`. Usage: PODS=1000 PORT=18080 node stub-apiserver.cjs
// Minimal stand-in kube-apiserver on loopback: legacy discovery + a 100-pod list (Table when asked), for timing kubectl round trips.
const http = require('http');
const N = +(process.env.PODS || 100);
const now = Date.now();
const pods = Array.from({ length: N }, (_, i) => ({ name: `web-${i}`, namespace: 'default', uid: `uid-${i}`, resourceVersion: String(100 + i), creationTimestamp: new Date(now - 3600e3).toISOString() }));
let hits = 0;
const server = http.createServer((req, res) => {
  hits++;
  const accept = req.headers.accept || '';
  const send = (obj, code = 200) => { const b = JSON.stringify(obj); res.writeHead(code, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(b) }); res.end(b); };
  const u = new URL(req.url, 'http://x');
  if (process.env.LOG) console.error(req.method, req.url, accept);
  if (u.pathname === '/version') return send({ major: '1', minor: '32', gitVersion: 'v1.32.0-stub', platform: 'linux/amd64' });
  if (u.pathname === '/api') return send({ kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: '127.0.0.1' }] });
  if (u.pathname === '/apis') return send({ kind: 'APIGroupList', apiVersion: 'v1', groups: [] });
  if (u.pathname === '/api/v1') return send({ kind: 'APIResourceList', groupVersion: 'v1', resources: [
    { name: 'pods', singularName: 'pod', namespaced: true, kind: 'Pod', verbs: ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'], shortNames: ['po'], categories: ['all'] },
    { name: 'namespaces', singularName: 'namespace', namespaced: false, kind: 'Namespace', verbs: ['get', 'list'], shortNames: ['ns'] },
    { name: 'configmaps', singularName: 'configmap', namespaced: true, kind: 'ConfigMap', verbs: ['create', 'delete', 'get', 'list', 'patch', 'update'], shortNames: ['cm'] }] });
  if (u.pathname === '/api/v1/namespaces/default/pods') {
    if (accept.includes('as=Table')) {
      return send({ kind: 'Table', apiVersion: 'meta.k8s.io/v1', metadata: { resourceVersion: '1000' },
        columnDefinitions: [{ name: 'Name', type: 'string', format: 'name', priority: 0 }, { name: 'Ready', type: 'string', priority: 0 }, { name: 'Status', type: 'string', priority: 0 }, { name: 'Restarts', type: 'string', priority: 0 }, { name: 'Age', type: 'string', priority: 0 }],
        rows: pods.map(p => ({ cells: [p.name, '1/1', 'Running', '0', '60m'], object: { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: p } })) });
    }
    return send({ kind: 'PodList', apiVersion: 'v1', metadata: { resourceVersion: '1000' }, items: pods.map(p => ({ metadata: p, spec: { containers: [{ name: 'main', image: 'nginx' }] }, status: { phase: 'Running' } })) });
  }
  send({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'NotFound', code: 404 }, 404);
});
server.listen(+(process.env.PORT || 18080), '127.0.0.1', () => console.error('stub listening'));
process.on('SIGTERM', () => { console.error('hits', hits); process.exit(0); });
