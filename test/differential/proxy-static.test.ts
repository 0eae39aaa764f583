/**
 * kubectl proxy --www against the real kubectl 1.32: both serve one directory under
 * --www-prefix (kubectl's API server is a dead address, which its static files never need), and
 * every answer — status, the headers a client sees, the body — must be the same: files and their
 * types (by extension and sniffed), the directory listing, FileServer's and ServeMux's redirects,
 * byte ranges, If-Modified-Since, HEAD. Several byte ranges are left out (Go answers them as
 * multipart/byteranges with a random boundary; kubemu sends the whole file).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';
import { describeWithInputs, kubectlInput } from '../helpers/required-input';
import { kubemuStart, type Running } from '../reliability/spawn-cli';
import { KUBECTL_1_32 } from './kubectl-oracle';

const DEAD_SERVER_CONFIG = `apiVersion: v1
kind: Config
clusters: [{name: c, cluster: {server: "https://127.0.0.1:1"}}]
users: [{name: u, user: {token: x}}]
contexts: [{name: c, context: {cluster: c, user: u}}]
current-context: c
`;

/** FILES: names with spaces, colons and HTML characters, text and binary, types by extension and by content. */
const FILES: Record<string, string | Buffer> = {
  'a.txt': 'hello\n', 'b.html': '<html><body>x</body></html>', 'c.json': '{"a":1}', 'd.bin': Buffer.from([0, 1, 2, 98, 105, 110]),
  'sp ace.txt': 'sp', 'co:lon': 'c', '<x>&y': 'q', 's.CSS': 'body{}', noext: '  <!DOCTYPE html><p>', doc: '%PDF-1.4', 'uni.txt': 'ünï',
  'img.gif': 'GIF89a....', 'withindex/index.html': 'idx', 'sub/f.txt': 'in sub', 'empty/.keep': '',
};

type Request = [path: string, headers?: Record<string, string>, method?: string];
const REQUESTS: Request[] = [
  ['/static/'], ['/static'], ['/static?x=1'], ['/static/a.txt'], ['/static/b.html'], ['/static/c.json'], ['/static/d.bin'],
  ['/static/sp%20ace.txt'], ['/static/co:lon'], ['/static/%3Cx%3E&y'], ['/static/s.CSS'], ['/static/noext'], ['/static/doc'],
  ['/static/uni.txt'], ['/static/img.gif'], ['/static/withindex/'], ['/static/withindex'], ['/static/withindex/index.html?a=b'],
  ['/static/sub'], ['/static/sub/'], ['/static/a.txt/'], ['/static/nope'], ['/static/linkdir/'], ['/static/empty/'], ['/static/empty/.keep'], ['/static/empty/.keep', { Range: 'bytes=0-' }],
  ['/static/../a.txt'], ['/static//a.txt'], ['/static/./sub/'], ['/static/sub/..'], ['/static/%2e%2e/a.txt'],
  ['/static/a.txt', { Range: 'bytes=1-2' }], ['/static/a.txt', { Range: 'bytes=10-' }], ['/static/a.txt', { Range: 'bytes=-3' }],
  ['/static/a.txt', { Range: 'bytes=-0' }], ['/static/a.txt', { Range: 'bytes=abc' }], ['/static/a.txt', { Range: 'items=0-1' }],
  ['/static/a.txt', { Range: 'bytes= 2 - 3 ' }], ['/static/a.txt', { Range: 'bytes=3-1' }], ['/static/a.txt', { Range: 'bytes=9-,2-3' }], ['/static/a.txt', { Range: 'bytes=-9' }], ['/static/a.txt', { 'If-Modified-Since': 'Tue, 01 Jan 2999 00:00:00 GMT' }],
  ['/static/sub/', { 'If-Modified-Since': 'Tue, 01 Jan 2999 00:00:00 GMT' }],
  ['/static/a.txt', {}, 'HEAD'], ['/static/sub', {}, 'HEAD'], ['/static/', {}, 'HEAD'], ['/static/a.txt', {}, 'POST'],
];

interface Answer { code?: number; headers: Record<string, string | undefined>; body: string }
const SEEN_HEADERS = ['content-type', 'location', 'content-length', 'last-modified', 'accept-ranges', 'content-range', 'x-content-type-options', 'transfer-encoding'];

function ask(port: number, [p, headers = {}, method = 'GET']: Request): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: p, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve({
        code: res.statusCode,
        headers: Object.fromEntries(SEEN_HEADERS.map((h) => [h, res.headers[h] as string | undefined])),
        body: Buffer.concat(chunks).toString('latin1'),
      }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** servingPort waits for a proxy's "Starting to serve on" line. */
async function servingPort(stdout: () => string, stderr: () => string): Promise<number> {
  for (let i = 0; i < 400; i++) {
    const m = /Starting to serve on 127\.0\.0\.1:(\d+)\n/.exec(stdout());
    if (m) return Number(m[1]);
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`the proxy did not start: ${stdout()}${stderr()}`);
}

describeWithInputs('kubectl proxy --www vs kubectl 1.32', [kubectlInput(KUBECTL_1_32 !== undefined)], () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubemu-proxy-www-'));
  const www = path.join(dir, 'www');
  let home: TempHome;
  let theirs: ChildProcess | undefined;
  let ours: Running | undefined;
  let ports: { theirs: number; ours: number };

  beforeAll(async () => {
    for (const [name, content] of Object.entries(FILES)) {
      fs.mkdirSync(path.dirname(path.join(www, name)), { recursive: true });
      fs.writeFileSync(path.join(www, name), content);
    }
    fs.symlinkSync('sub', path.join(www, 'linkdir'));
    fs.writeFileSync(path.join(dir, 'config'), DEAD_SERVER_CONFIG);
    home = manualCluster('proxy-www', 7);
    let out = '', err = '';
    theirs = spawn(KUBECTL_1_32!, ['proxy', '--port', '0', '--www', www], { env: { ...process.env, KUBECONFIG: path.join(dir, 'config') } });
    theirs.stdout!.on('data', (d) => { out += d; });
    theirs.stderr!.on('data', (d) => { err += d; });
    ours = kubemuStart(home.dir, ['proxy', '--port', '0', '--www', www]);
    ports = { theirs: await servingPort(() => out, () => err), ours: await servingPort(ours.stdout, ours.stderr) };
  });
  afterAll(async () => {
    theirs?.kill();
    if (ours) { process.kill(ours.pid, 'SIGTERM'); await ours.done; }
    home?.cleanup();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers every request as kubectl does', async () => {
    for (const r of REQUESTS) {
      const [want, got] = [await ask(ports.theirs, r), await ask(ports.ours, r)];
      expect(got, JSON.stringify(r)).toEqual(want);
    }
  });
});
