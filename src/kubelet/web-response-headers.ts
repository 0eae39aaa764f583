/**
 * web-response-headers: the header lines nginx and httpd send with an answer, as `curl -I`
 * and `curl -i` print them, in each server's order: nginx's header filter writes Server, Date,
 * Content-Type, Content-Length, Last-Modified, Connection, then ETag and Accept-Ranges; httpd
 * writes Date, Server, Last-Modified, ETag, Accept-Ranges, Content-Length, Content-Type.
 * A file's ETag is nginx's "MTIME-LENGTH" (hex seconds) or httpd's "SIZE-MTIME" (hex
 * microseconds, FileETag's default MTime Size).
 * A file the image ships is dated as the image has it; kubemu dates any other file at the
 * container's start (a mounted volume's files are written just before it).
 */
import type { KubeObject } from '../api/meta';
import { tagVersion } from './images';
import { NGINX_VERSION } from './nginx-command';

/** HTTPD_VERSION is the httpd image's current version (a tag that names none runs it). */
export const HTTPD_VERSION = '2.4.63';

/**
 * NGINX_PAGES_MODIFIED is when the nginx image's own pages were last modified, by version: its
 * release, as the package keeps the files' dates. kubemu: a version not listed takes the
 * current one's, whose hour is not known here (its release day at midnight).
 */
const NGINX_PAGES_MODIFIED: Record<string, number> = {
  '1.25.3': Date.UTC(2023, 9, 24, 13, 46, 47),
  [NGINX_VERSION]: Date.UTC(2025, 1, 5),
  '1.27.5': Date.UTC(2025, 3, 16, 12, 1, 11),
};

/** HTTPD_PAGE_MODIFIED is the httpd image's "It works!" page's date, the same in every 2.4 release. */
const HTTPD_PAGE_MODIFIED = Date.UTC(2007, 5, 11, 18, 53, 14);

/** imagePagesModified is when the pages a server image ships were last modified. */
function imagePagesModified(server: 'nginx' | 'httpd', image: string): number {
  if (server === 'httpd') return HTTPD_PAGE_MODIFIED;
  return NGINX_PAGES_MODIFIED[tagVersion(image, NGINX_VERSION)] ?? NGINX_PAGES_MODIFIED[NGINX_VERSION]!;
}

/** ServedFile is the file an answer came from: its path, and whether the image ships it (else: when it was written). */
export interface ServedFile { path: string; fromImage: boolean; writtenMs?: number }

/** WebAnswer is what a web server answered, with what the headers describe. */
export interface WebAnswer { server: 'nginx' | 'httpd'; image: string; status: number; body: string; file?: ServedFile }

/** serverToken is the server's name and version, as its Server header and nginx's error pages give them (server_tokens on). */
export function serverToken(server: 'nginx' | 'httpd', image: string): string {
  return server === 'nginx' ? `nginx/${tagVersion(image, NGINX_VERSION)}` : `Apache/${tagVersion(image, HTTPD_VERSION)} (Unix)`;
}

/** NGINX_TYPES is the part of nginx's mime.types a static site meets; other names are default_type's. */
const NGINX_TYPES: Record<string, string> = {
  html: 'text/html', htm: 'text/html', shtml: 'text/html', css: 'text/css', xml: 'text/xml', txt: 'text/plain',
  js: 'application/javascript', json: 'application/json', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg',
  gif: 'image/gif', svg: 'image/svg+xml', ico: 'image/x-icon',
};

/** contentType is the Content-Type of a file by its extension: nginx's mime.types, or undefined (httpd then sends none). */
function contentType(path: string): string | undefined {
  const ext = /\.([^./]+)$/.exec(path)?.[1]?.toLowerCase();
  return ext === undefined ? undefined : NGINX_TYPES[ext];
}

/** responseHeaders are the header lines (without CRLF) the server sends with the answer, at nowMs. */
export function responseHeaders(a: WebAnswer, nowMs: number): string[] {
  const date = `Date: ${new Date(nowMs).toUTCString()}`;
  const server = `Server: ${serverToken(a.server, a.image)}`;
  const length = Buffer.byteLength(a.body);
  const modifiedMs = a.file && (a.file.fromImage ? imagePagesModified(a.server, a.image) : a.file.writtenMs ?? nowMs);
  const seconds = modifiedMs === undefined ? 0 : Math.floor(modifiedMs / 1000);
  const lastModified = `Last-Modified: ${new Date(seconds * 1000).toUTCString()}`;
  if (a.server === 'nginx') {
    if (!a.file || a.status !== 200) return [server, date, 'Content-Type: text/html', `Content-Length: ${length}`, 'Connection: keep-alive'];
    return [server, date, `Content-Type: ${contentType(a.file.path) ?? 'application/octet-stream'}`, `Content-Length: ${length}`, lastModified,
      'Connection: keep-alive', `ETag: "${seconds.toString(16)}-${length.toString(16)}"`, 'Accept-Ranges: bytes'];
  }
  if (!a.file || a.status !== 200) return [date, server, `Content-Length: ${length}`, 'Content-Type: text/html; charset=iso-8859-1'];
  const type = contentType(a.file.path);
  return [date, server, lastModified, `ETag: "${length.toString(16)}-${(seconds * 1_000_000).toString(16)}"`, 'Accept-Ranges: bytes',
    `Content-Length: ${length}`, ...(type ? [`Content-Type: ${type}`] : [])];
}

/**
 * headersOfAnswer are the header lines a pod's server sent with its answer at atMs, or
 * undefined when the answer is not from nginx or httpd (other images send none kubemu knows).
 */
export function headersOfAnswer(pod: KubeObject, answer: { server?: 'nginx' | 'httpd'; container?: string; status: number; body: string; file?: ServedFile }, atMs: number): string[] | undefined {
  const image: string | undefined = pod.spec?.containers?.find((c: { name: string }) => c.name === answer.container)?.image;
  return answer.server && image ? responseHeaders({ server: answer.server, image, status: answer.status, body: answer.body, file: answer.file }, atMs) : undefined;
}
