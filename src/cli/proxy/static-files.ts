/**
 * static-files: what `kubectl proxy --www DIR` serves under --www-prefix — Go's
 * http.StripPrefix(prefix, http.FileServer(http.Dir(DIR))): a file with its Content-Type,
 * Content-Length and Last-Modified (304 for an If-Modified-Since it meets, 206 for one byte
 * range); a directory as its index.html, else as Go's <pre> listing; the redirects FileServer
 * makes (a directory without its slash, a file with one, .../index.html to ./), all relative
 * and with no body; Go's "404 page not found" and "403 Forbidden" texts.
 * kubemu: a request for several byte ranges gets the whole file (Go sends multipart/byteranges).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { detectContentType, typeByExtension } from './content-type';

/** goError answers as Go's http.Error does: the text and a newline, plain, not sniffed. */
export function goError(res: ServerResponse, code: number, text: string): void {
  const body = `${text}\n`;
  res.writeHead(code, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

/** localRedirect is FileServer's 301 to a path relative to the request, its query kept, with no body (nor, to a HEAD, a length). */
function localRedirect(req: IncomingMessage, res: ServerResponse, to: string, query: string): void {
  res.writeHead(301, { Location: query ? `${to}?${query}` : to, ...(req.method === 'HEAD' ? {} : { 'Content-Length': 0 }) });
  res.end();
}

/** httpDate is Go's http.TimeFormat of a time, to the second. */
const httpDate = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toUTCString();

/** openError maps a failed open or stat to FileServer's answer. */
function openError(res: ServerResponse, e: NodeJS.ErrnoException): void {
  if (e.code === 'ENOENT' || e.code === 'ENOTDIR') goError(res, 404, '404 page not found');
  else if (e.code === 'EACCES' || e.code === 'EPERM') goError(res, 403, '403 Forbidden');
  else goError(res, 500, '500 Internal Server Error');
}

/** notModified says whether If-Modified-Since covers the file's time (GET and HEAD only). */
function notModified(req: IncomingMessage, mtimeMs: number): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const since = req.headers['if-modified-since'];
  if (!since) return false;
  const t = Date.parse(since);
  return !Number.isNaN(t) && Math.floor(mtimeMs / 1000) * 1000 <= t;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&#34;', "'": '&#39;' };

/** escapedPath is url.URL{Path: name}.String(): path escaping, and ./ before a first segment with a colon. */
export function escapedPath(name: string): string {
  let out = '';
  for (const b of Buffer.from(name, 'utf8')) {
    const c = String.fromCharCode(b);
    out += /[A-Za-z0-9\-_.~$&+,/:;=@]/.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out.split('/')[0]!.includes(':') ? `./${out}` : out;
}

/** dirList is FileServer's listing of a directory: its entries by name, a directory's with a slash. */
function dirList(res: ServerResponse, dir: string, head: boolean): void {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    goError(res, 500, 'Error reading directory');
    return;
  }
  // As os.File.Readdir reports them (Lstat): a link to a directory is listed as a file.
  entries.sort((a, b) => Buffer.compare(Buffer.from(a.name), Buffer.from(b.name)));
  const names = entries.map((e) => (e.isDirectory() ? `${e.name}/` : e.name));
  const body = '<!doctype html>\n<meta name="viewport" content="width=device-width">\n<pre>\n'
    + names.map((n) => `<a href="${escapedPath(n)}">${n.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]!)}</a>\n`).join('')
    + '</pre>\n';
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
  res.end(head ? undefined : body);
}

type ByteRange = [start: number, length: number];

/**
 * parseRange is Go's parseRange of a Range header against a size: the ranges ([] for none),
 * 'invalid', or 'no-overlap' when every range starts past the end.
 */
function parseRange(header: string | undefined, size: number): ByteRange[] | 'invalid' | 'no-overlap' {
  if (!header) return [];
  if (!header.startsWith('bytes=')) return 'invalid';
  const integer = (t: string) => (/^\d+$/.test(t) ? Number(t) : undefined);
  const ranges: ByteRange[] = [];
  let noOverlap = false;
  for (const part of header.slice('bytes='.length).split(',')) {
    const ra = part.trim();
    if (!ra) continue;
    const dash = ra.indexOf('-');
    if (dash < 0) return 'invalid';
    const from = ra.slice(0, dash).trim();
    const to = ra.slice(dash + 1).trim();
    if (from === '') {
      // The last n bytes.
      const n = integer(to);
      if (n === undefined) return 'invalid';
      const start = size - Math.min(n, size);
      ranges.push([start, size - start]);
      continue;
    }
    const start = integer(from);
    if (start === undefined) return 'invalid';
    if (start >= size) { noOverlap = true; continue; }
    if (to === '') { ranges.push([start, size - start]); continue; }
    const end = integer(to);
    if (end === undefined || start > end) return 'invalid';
    ranges.push([start, Math.min(end, size - 1) - start + 1]);
  }
  return noOverlap && ranges.length === 0 ? 'no-overlap' : ranges;
}

/** sniffHead reads the first 512 bytes of a file, for sniffing its type. */
function sniffHead(file: string): Buffer {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(512);
    return head.subarray(0, fs.readSync(fd, head, 0, 512, 0));
  } finally {
    fs.closeSync(fd);
  }
}

/** serveFile answers with one regular file's bytes, streamed (a file may be large). */
function serveFile(req: IncomingMessage, res: ServerResponse, file: string, st: fs.Stats): void {
  if (notModified(req, st.mtimeMs)) {
    res.writeHead(304, { 'Last-Modified': httpDate(st.mtimeMs) });
    res.end();
    return;
  }
  let type: string;
  try {
    type = typeByExtension(path.basename(file)) ?? detectContentType(sniffHead(file));
  } catch (e) {
    openError(res, e as NodeJS.ErrnoException);
    return;
  }
  const size = st.size;
  const headers: Record<string, string | number> = { 'Accept-Ranges': 'bytes', 'Content-Type': type, 'Last-Modified': httpDate(st.mtimeMs) };
  let ranges = parseRange(req.headers.range, size);
  // An empty file ignores a range that misses it, as some clients range every request.
  if (ranges === 'no-overlap' && size === 0) ranges = [];
  if (ranges === 'no-overlap' || ranges === 'invalid') {
    if (ranges === 'no-overlap') res.setHeader('Content-Range', `bytes */${size}`);
    goError(res, 416, ranges === 'no-overlap' ? 'invalid range: failed to overlap' : 'invalid range');
    return;
  }
  // Ranges adding up to more than the file are ignored; several are sent as the whole file (see the header).
  const one = ranges.length === 1 && ranges[0]![1] <= size ? ranges[0] : undefined;
  const [start, length] = one ?? [0, size];
  const end = start + length - 1;
  res.writeHead(one ? 206 : 200, { ...headers, 'Content-Length': length, ...(one ? { 'Content-Range': `bytes ${start}-${end}/${size}` } : {}) });
  if (req.method === 'HEAD' || end < start) { res.end(); return; }
  const stream = fs.createReadStream(file, { start, end });
  // A file that fails mid-way can only end the response early, as Go's io.Copy does.
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}

/**
 * serveStatic answers a request for rawPath (as sent, escaped) and query under prefix from the
 * files of base (the prefix stripped as http.StripPrefix does; a path outside it is the 404).
 */
export function serveStatic(req: IncomingMessage, res: ServerResponse, base: string, prefix: string, rawPath: string, query: string): void {
  let pathname: string;
  try {
    pathname = decodeURIComponent(rawPath);
  } catch {
    goError(res, 400, '400 Bad Request');
    return;
  }
  if (!pathname.startsWith(prefix)) { goError(res, 404, '404 page not found'); return; }
  const stripped = pathname.slice(prefix.length);
  const upath = stripped.startsWith('/') ? stripped : `/${stripped}`;
  if (upath.endsWith('/index.html')) { localRedirect(req, res, './', query); return; }
  // path.posix.resolve of a rooted path is Go's path.Clean: no .. climbs above the directory.
  const name = path.posix.resolve(upath);
  const full = path.join(base || '.', name);
  let st: fs.Stats;
  try {
    st = fs.statSync(full);
  } catch (e) {
    openError(res, e as NodeJS.ErrnoException);
    return;
  }
  if (st.isDirectory()) {
    if (!upath.endsWith('/')) { localRedirect(req, res, `${path.posix.basename(upath)}/`, query); return; }
    const index = path.join(full, 'index.html');
    let indexStat: fs.Stats | undefined;
    try { indexStat = fs.statSync(index); } catch { /* no index: the listing */ }
    if (indexStat && !indexStat.isDirectory()) { serveFile(req, res, index, indexStat); return; }
    // A directory's time is checked before it is set: its 304 has no Last-Modified.
    if (notModified(req, st.mtimeMs)) { res.writeHead(304); res.end(); return; }
    res.setHeader('Last-Modified', httpDate(st.mtimeMs));
    dirList(res, full, req.method === 'HEAD');
    return;
  }
  if (upath.endsWith('/')) {
    const b = path.posix.basename(upath);
    localRedirect(req, res, `../${b === '/' || b === '.' ? '' : b}`, query);
    return;
  }
  serveFile(req, res, full, st);
}
