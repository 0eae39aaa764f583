#!/usr/bin/env node
/**
 * serve: `kubemu serve` under API load, against loopback floors (bench/floors/).
 * 1. `get pods` as kubectl asks for it (a Table, 1 000 pods, keep-alive connection, one request
 *    at a time): requests per second of kubemu serve and of the stand-in API server that answers
 *    the same table from memory (stub-apiserver.cjs), and serve's own overhead per request (its
 *    median time minus the floor's). Serve's `/version` is timed too: the fixed cost of TLS,
 *    authentication and routing without a list.
 * 2. Watch fan-out: 50 watches on ConfigMaps, then ConfigMaps created one at a time through the
 *    API; the time from the create's answer until all 50 watches have the event, against a
 *    floor that writes one line to 50 open responses (stub-watch-fanout.cjs). A write serve
 *    answered wakes its watches at once (CLI writes from elsewhere wait for the 100 ms poll).
 * Interleaved rounds (the order rotates each round), medians and median per-round ratios.
 * Usage: node bench/serve.mjs [--quick] [--rounds N] [--no-build] [--json FILE]
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as https from 'node:https';
import * as net from 'node:net';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { KUBEMU, ensureBuilt, tempHome, removeHome, envFor, km, manualCluster } from './lib/cli.mjs';
import { quantile } from './lib/interleave.mjs';
import { note, roundsFor, saveVerdicts } from './lib/verdict.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const PODS = 1000;
const WATCHERS = 50;
const PER_ROUND = Number(process.argv.includes('--quick') ? 20 : 50);
const EVENTS_PER_ROUND = 5;
const TABLE_ACCEPT = 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json';
const median = (a) => quantile(a, 0.5);

ensureBuilt();
const home = tempHome('serve');
const env = envFor(home);
manualCluster(home, 'bench', ['--workers', '10']);
km(home, ['create', 'deployment', 'web', '--image=nginx', `--replicas=${PODS}`]);
km(home, ['tick', '60s']);
const running = km(home, ['get', 'pods', '--no-headers']).stdout.split('\n').filter((l) => /\sRunning\s/.test(l)).length;
note(`cluster: ${PODS} pods in default (${running} Running) on 10 workers`);

const freePort = () => new Promise((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
});
/** started spawns a server and resolves once it printed `ready` (a regexp) on stdout or stderr. */
const started = (cmd, args, opts, ready) => new Promise((resolve, reject) => {
  const child = spawn(cmd, args, { ...opts, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const look = (d) => { out += d; const m = ready.exec(out); if (m) resolve({ child, m }); };
  child.stdout.on('data', look);
  child.stderr.on('data', look);
  child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code}: ${out}`)));
});

// kubemu serve, and its admin credentials from the kubeconfig it wrote.
const { child: serve, m } = await started(process.execPath, [KUBEMU, 'serve', '--port', '0'], { env }, /Serving cluster "bench" at https:\/\/127\.0\.0\.1:(\d+)\nContext "bench-serve" in (.+)\n/);
const cfg = fs.readFileSync(m[2], 'utf8');
const field = (name) => Buffer.from(new RegExp(`${name}: (\\S+)`).exec(cfg)[1], 'base64');
const serveTarget = {
  name: 'kubemu serve', port: Number(m[1]),
  agent: new https.Agent({ keepAlive: true, maxSockets: 64, ca: field('certificate-authority-data'), cert: field('client-certificate-data'), key: field('client-key-data') }),
  mod: https,
};
const floorPort = await freePort();
const { child: stub } = await started(process.execPath, [path.join(here, 'floors', 'stub-apiserver.cjs')], { env: { ...process.env, PODS: String(PODS), PORT: String(floorPort) } }, /stub listening/);
const stubTarget = { name: 'floor: stub API server', port: floorPort, agent: new http.Agent({ keepAlive: true, maxSockets: 64 }), mod: http };
const fanPort = await freePort();
const { child: fan } = await started(process.execPath, [path.join(here, 'floors', 'stub-watch-fanout.cjs')], { env: { ...process.env, PORT: String(fanPort) } }, /stub listening/);
const fanTarget = { name: 'floor: fan-out stub', port: fanPort, agent: new http.Agent({ keepAlive: true, maxSockets: 64 }), mod: http };

/** request sends one request and resolves with { status, body } once the answer is read. */
const request = (t, method, p, { accept = 'application/json', body } = {}) => new Promise((resolve, reject) => {
  const req = t.mod.request({ host: '127.0.0.1', port: t.port, method, path: p, agent: t.agent, headers: { Accept: accept, ...(body ? { 'Content-Type': 'application/json' } : {}) } }, (res) => {
    const chunks = [];
    res.on('data', (c) => chunks.push(c));
    res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
  });
  req.on('error', reject);
  req.end(body);
});

const PODS_PATH = '/api/v1/namespaces/default/pods';
const check = await request(serveTarget, 'GET', PODS_PATH, { accept: TABLE_ACCEPT });
const rows = JSON.parse(check.body).rows?.length;
const floorRows = JSON.parse((await request(stubTarget, 'GET', PODS_PATH, { accept: TABLE_ACCEPT })).body).rows.length;
note(`get pods (Table): serve answers ${check.status} with ${rows} rows (${check.body.length} bytes); the floor ${floorRows} rows`);

/** burst times n sequential requests; ms per request. */
async function burst(t, p, accept, n) {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) {
    const r = await request(t, 'GET', p, { accept });
    if (r.status !== 200) throw new Error(`${t.name} ${p}: ${r.status} ${r.body.slice(0, 200)}`);
  }
  return Number(process.hrtime.bigint() - t0) / 1e6 / n;
}

const rounds = roundsFor(15);
const steps = [
  { name: 'floor: stub get pods (Table)', run: () => burst(stubTarget, PODS_PATH, TABLE_ACCEPT, PER_ROUND) },
  { name: 'kubemu serve get pods (Table)', run: () => burst(serveTarget, PODS_PATH, TABLE_ACCEPT, PER_ROUND) },
  { name: 'kubemu serve /version', run: () => burst(serveTarget, '/version', 'application/json', PER_ROUND) },
];
console.log(`serve: get pods, ${PER_ROUND} sequential requests per step (${rounds} interleaved rounds + 2 warm-up)`);
const times = steps.map(() => []);
for (let r = 0; r < rounds + 2; r++) {
  for (let k = 0; k < steps.length; k++) {
    const i = (k + r) % steps.length;
    const ms = await steps[i].run();
    if (r >= 2) times[i].push(ms);
  }
}
const ratios = times[1].map((ms, i) => ms / times[0][i]);
for (const [i, s] of steps.entries()) {
  const med = median(times[i]);
  console.log(`  ${s.name.padEnd(32)} median ${med.toFixed(2)} ms/request = ${(1000 / med).toFixed(0)} requests/s (p90 ${quantile(times[i], 0.9).toFixed(2)} ms)`);
}
note(`serve / floor (median of per-round ratios): ${median(ratios).toFixed(2)}x`);
note(`serve's own overhead per get pods: ${(median(times[1]) - median(times[0])).toFixed(2)} ms (serve's median minus the floor's; the floor is plain HTTP, serve TLS)`);

// Watch fan-out.
/** openWatches opens n watches and resolves with a function that waits for a named event on all of them. */
async function openWatches(t, n, p) {
  const seen = Array.from({ length: n }, () => new Set());
  const reqs = [];
  await Promise.all(seen.map((set) => new Promise((resolve, reject) => {
    const req = t.mod.request({ host: '127.0.0.1', port: t.port, method: 'GET', path: p, agent: t.agent }, (res) => {
      let buf = '';
      res.on('data', (d) => {
        buf += d;
        let nl;
        while ((nl = buf.indexOf('\n')) >= 0) {
          const ev = JSON.parse(buf.slice(0, nl));
          buf = buf.slice(nl + 1);
          set.add(ev.object?.metadata?.name);
        }
      });
      resolve();
    });
    req.on('error', reject);
    req.end();
    reqs.push(req);
  })));
  const all = (name) => new Promise((resolve) => {
    const poll = () => (seen.every((s) => s.has(name)) ? resolve() : setImmediate(poll));
    poll();
  });
  return { all, close: () => reqs.forEach((r) => r.destroy()) };
}

const rv = JSON.parse((await request(serveTarget, 'GET', '/api/v1/namespaces/default/configmaps')).body).metadata.resourceVersion;
const serveWatches = await openWatches(serveTarget, WATCHERS, `/api/v1/namespaces/default/configmaps?watch=true&resourceVersion=${rv}`);
const fanWatches = await openWatches(fanTarget, WATCHERS, '/watch?watch=true');
let served = 0;
let emitted = 0;
/** fanOut creates one ConfigMap and returns ms from the create's answer until every watch has it. */
async function fanOut(t, watches) {
  const floor = t === fanTarget;
  // The floor names its events cm-1, cm-2, … in the order it was asked.
  const name = floor ? `cm-${++emitted}` : `fan-${++served}`;
  const body = JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { k: 'v' } });
  const r = await request(t, 'POST', floor ? '/emit' : '/api/v1/namespaces/default/configmaps', { body });
  if (r.status !== 201) throw new Error(`${t.name} create: ${r.status} ${r.body.slice(0, 200)}`);
  const t0 = process.hrtime.bigint();
  await watches.all(name);
  return Number(process.hrtime.bigint() - t0) / 1e6;
}
const fanSteps = [
  { name: 'floor: fan-out stub', run: () => fanOut(fanTarget, fanWatches) },
  { name: 'kubemu serve', run: () => fanOut(serveTarget, serveWatches) },
];
console.log(`serve: watch fan-out to ${WATCHERS} watchers, ${EVENTS_PER_ROUND} events per step (${rounds} interleaved rounds + 2 warm-up)`);
const fanTimes = fanSteps.map(() => []);
for (let r = 0; r < rounds + 2; r++) {
  for (let k = 0; k < fanSteps.length; k++) {
    const i = (k + r) % fanSteps.length;
    const each = [];
    for (let e = 0; e < EVENTS_PER_ROUND; e++) each.push(await fanSteps[i].run());
    if (r >= 2) fanTimes[i].push(median(each));
  }
}
for (const [i, s] of fanSteps.entries()) {
  console.log(`  ${s.name.padEnd(32)} median ${median(fanTimes[i]).toFixed(2)} ms until all ${WATCHERS} watches have the event (p90 ${quantile(fanTimes[i], 0.9).toFixed(2)} ms)`);
}
note(`fan-out: serve delivers ${WATCHERS} events in ${median(fanTimes[1]).toFixed(1)} ms (${(WATCHERS * 1000 / median(fanTimes[1])).toFixed(0)} events/s); the floor in ${median(fanTimes[0]).toFixed(2)} ms`);

serveWatches.close();
fanWatches.close();
for (const c of [stub, fan]) c.kill('SIGTERM');
serve.kill('SIGTERM');
await new Promise((r) => serve.on('exit', r));
for (const t of [serveTarget, stubTarget, fanTarget]) t.agent.destroy();
removeHome(home);
await saveVerdicts();
