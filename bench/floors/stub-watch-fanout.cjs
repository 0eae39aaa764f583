// Floor for bench/serve.mjs's watch fan-out: the least a watch server does on loopback (plain HTTP).
// GET with ?watch=true keeps a chunked response open; POST /emit writes one JSON watch event line
// (a ConfigMap ADDED) to every open watch at once and answers 201. No store, no poll, no auth.
// Usage: PORT=18081 node stub-watch-fanout.cjs
const http = require('http');
const watchers = new Set();
let n = 0;
const server = http.createServer((req, res) => {
  if (req.method === 'GET' && req.url.includes('watch=true')) {
    res.writeHead(200, { 'content-type': 'application/json', 'transfer-encoding': 'chunked' });
    res.flushHeaders();
    watchers.add(res);
    res.on('close', () => watchers.delete(res));
    return;
  }
  req.resume();
  req.on('end', () => {
    n++;
    const line = `${JSON.stringify({ type: 'ADDED', object: { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: `cm-${n}`, namespace: 'default', resourceVersion: String(1000 + n) }, data: { k: 'v' } } })}\n`;
    for (const w of watchers) w.write(line);
    res.writeHead(201, { 'content-type': 'application/json' });
    res.end('{}');
  });
});
server.listen(+(process.env.PORT || 18081), '127.0.0.1', () => console.error('stub listening'));
process.on('SIGTERM', () => process.exit(0));
