/**
 * spdy-tunnel: pods/portforward as kubectl 1.31+ asks for it — SPDY/3.1 frames carried in the
 * binary messages of a WebSocket with the `SPDY/3.1+portforward.k8s.io` subprotocol. For each
 * local connection kubectl opens two streams (streamType "error", then "data", with the same
 * port and requestID headers); serve replies to each, reads the HTTP request the data stream
 * carries, answers it from what the pod serves on that port (the image catalogue's servers,
 * as `kubemu port-forward` answers), and closes both streams, kubectl then closes the local
 * connection. Only the frames this needs are spoken: SYN_STREAM, SYN_REPLY, DATA, PING
 * (echoed), and the rest ignored.
 * Header blocks are zlib streams with SPDY/3's dictionary, one per direction for the whole
 * session: incoming ones are inflated over everything received so far; outgoing ones are
 * stored (uncompressed) deflate blocks, which any inflater reads.
 */
import { STATUS_CODES } from 'node:http';
import * as zlib from 'node:zlib';
import type { WebSocket } from 'ws';

/** PORT_FORWARD_TUNNEL_PROTOCOL is the WebSocket subprotocol of SPDY tunnelled for port-forward. */
export const PORT_FORWARD_TUNNEL_PROTOCOL = 'SPDY/3.1+portforward.k8s.io';

/** Header names of SPDY/3's compression dictionary, each stored length-prefixed; then its text tail. */
const DICTIONARY_WORDS = [
  'options', 'head', 'post', 'put', 'delete', 'trace', 'accept', 'accept-charset', 'accept-encoding', 'accept-language',
  'accept-ranges', 'age', 'allow', 'authorization', 'cache-control', 'connection', 'content-base', 'content-encoding',
  'content-language', 'content-length', 'content-location', 'content-md5', 'content-range', 'content-type', 'date', 'etag',
  'expect', 'expires', 'from', 'host', 'if-match', 'if-modified-since', 'if-none-match', 'if-range', 'if-unmodified-since',
  'last-modified', 'location', 'max-forwards', 'pragma', 'proxy-authenticate', 'proxy-authorization', 'range', 'referer',
  'retry-after', 'server', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'user-agent', 'vary', 'via', 'warning',
  'www-authenticate', 'method', 'get', 'status', '200 OK', 'version', 'HTTP/1.1', 'url', 'public', 'set-cookie', 'keep-alive', 'origin',
];
const DICTIONARY_TAIL = '100101201202205206300302303304305306307402405406407408409410411412413414415416417502504505'
  + '203 Non-Authoritative Information204 No Content301 Moved Permanently400 Bad Request401 Unauthorized403 Forbidden'
  + '404 Not Found500 Internal Server Error501 Not Implemented503 Service Unavailable'
  + 'Jan Feb Mar Apr May Jun Jul Aug Sept Oct Nov Dec 00:00:00 Mon, Tue, Wed, Thu, Fri, Sat, Sun, GMT'
  + 'chunked,text/html,image/png,image/jpg,image/gif,application/xml,application/xhtml+xml,text/plain,text/javascript,'
  + 'publicprivatemax-age=gzip,deflate,sdchcharset=utf-8charset=iso-8859-1,utf-,*,enq=0.';

/** spdyDictionary is SPDY/3's header-compression dictionary. */
export function spdyDictionary(): Buffer {
  const parts: Buffer[] = [];
  for (const w of DICTIONARY_WORDS) {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(w.length);
    parts.push(len, Buffer.from(w, 'latin1'));
  }
  parts.push(Buffer.from(DICTIONARY_TAIL, 'latin1'));
  return Buffer.concat(parts);
}

/** adler32 is zlib's checksum, the dictionary's id in a zlib header. */
function adler32(b: Buffer): number {
  let a = 1;
  let s = 0;
  for (const x of b) { a = (a + x) % 65521; s = (s + a) % 65521; }
  return ((s << 16) | a) >>> 0;
}

const SYN_STREAM = 1;
const SYN_REPLY = 2;
const PING = 6;
const FLAG_FIN = 0x01;

/** ForwardedRequest is one connection's request, as the data stream carried it. */
export interface ForwardedRequest { port: number; path: string; method: string }

/** ForwardedReply answers one connection: an HTTP response, or an error stream message when nothing listens. */
export type ForwardedReply = { status: number; body: string; headers?: string[] } | { error: string };

interface Stream { id: number; type: string; port: number; requestID: string; data: Buffer[]; answered: boolean }

/** SpdyTunnel serves one port-forward session over an accepted WebSocket. */
export class SpdyTunnel {
  private readonly dict = spdyDictionary();
  private pending = Buffer.alloc(0);
  private compressedIn = Buffer.alloc(0);
  private inflatedLength = 0;
  private headerStreamStarted = false;
  private readonly streams = new Map<number, Stream>();

  constructor(private readonly ws: WebSocket, private readonly answer: (r: ForwardedRequest) => ForwardedReply) {
    ws.on('message', (data) => {
      const chunk = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      this.pending = Buffer.concat([this.pending, chunk]);
      try {
        this.readFrames();
      } catch {
        // A frame serve cannot read ends the session, as a protocol error would.
        ws.close(1002);
      }
    });
  }

  private readFrames(): void {
    while (this.pending.length >= 8) {
      const length = this.pending.readUIntBE(5, 3);
      if (this.pending.length < 8 + length) return;
      const head = this.pending.subarray(0, 8);
      const payload = this.pending.subarray(8, 8 + length);
      this.pending = this.pending.subarray(8 + length);
      if (head[0]! & 0x80) this.control(head.readUInt16BE(2), payload);
      else this.data(head.readUInt32BE(0) & 0x7fffffff, head[4]!, payload);
    }
  }

  private control(type: number, payload: Buffer): void {
    if (type === PING) { this.sendControl(PING, 0, payload); return; }
    if (type !== SYN_STREAM) return;
    const id = payload.readUInt32BE(0) & 0x7fffffff;
    const headers = this.headers(payload.subarray(10));
    this.streams.set(id, { id, type: headers.streamtype ?? '', port: Number(headers.port ?? 0), requestID: headers.requestid ?? '', data: [], answered: false });
    this.sendControl(SYN_REPLY, 0, Buffer.concat([u32(id), this.headerBlock()]));
  }

  private data(id: number, flags: number, payload: Buffer): void {
    const s = this.streams.get(id);
    if (!s || s.type !== 'data' || s.answered) return;
    s.data.push(payload);
    const text = Buffer.concat(s.data).toString('latin1');
    if (!text.includes('\r\n\r\n') && !(flags & FLAG_FIN)) return;
    s.answered = true;
    const [method = 'GET', target = '/'] = (text.split('\r\n')[0] ?? '').split(' ');
    const reply = this.answer({ port: s.port, path: target.replace(/\?.*$/, ''), method });
    const errorStream = [...this.streams.values()].find((e) => e.type === 'error' && e.requestID === s.requestID);
    if ('error' in reply) {
      if (errorStream) this.sendData(errorStream.id, Buffer.from(reply.error), 0);
    } else {
      const body = method === 'HEAD' ? '' : reply.body;
      // The server's own head where kubemu knows it (nginx's, httpd's), else a plain one.
      const head = reply.headers ?? ['Content-Type: text/html', `Content-Length: ${Buffer.byteLength(reply.body)}`, 'Connection: close'];
      const response = `HTTP/1.1 ${reply.status} ${STATUS_CODES[reply.status] ?? ''}\r\n${head.map((h) => `${h}\r\n`).join('')}\r\n${body}`;
      this.sendData(s.id, Buffer.from(response), 0);
    }
    this.sendData(s.id, Buffer.alloc(0), FLAG_FIN);
    if (errorStream) this.sendData(errorStream.id, Buffer.alloc(0), FLAG_FIN);
    this.streams.delete(s.id);
    if (errorStream) this.streams.delete(errorStream.id);
  }

  /** headers inflates one incoming header block (the zlib stream continues across blocks) and reads its pairs. */
  private headers(block: Buffer): Record<string, string> {
    this.compressedIn = Buffer.concat([this.compressedIn, block]);
    const all = zlib.inflateSync(this.compressedIn, { dictionary: this.dict, finishFlush: zlib.constants.Z_SYNC_FLUSH });
    const plain = all.subarray(this.inflatedLength);
    this.inflatedLength = all.length;
    const out: Record<string, string> = {};
    let at = 4;
    for (let i = plain.readUInt32BE(0); i > 0; i--) {
      const nameLength = plain.readUInt32BE(at);
      const name = plain.subarray(at + 4, at + 4 + nameLength).toString('latin1');
      at += 4 + nameLength;
      const valueLength = plain.readUInt32BE(at);
      out[name.toLowerCase()] = plain.subarray(at + 4, at + 4 + valueLength).toString('latin1');
      at += 4 + valueLength;
    }
    return out;
  }

  /** headerBlock is an outgoing header block with no pairs: stored deflate blocks, after the zlib header the first time. */
  private headerBlock(): Buffer {
    const plain = u32(0);
    const stored = Buffer.from([0x00, plain.length & 0xff, plain.length >> 8, ~plain.length & 0xff, (~plain.length >> 8) & 0xff]);
    // An empty stored block ends it, as a sync flush does: inflaters hand out a block's bytes when the next block starts.
    const parts = [stored, plain, Buffer.from([0x00, 0x00, 0x00, 0xff, 0xff])];
    if (!this.headerStreamStarted) {
      this.headerStreamStarted = true;
      // CMF 0x78 (deflate, 32 KiB window), FLG 0x20 (a preset dictionary follows; 0x7820 is a multiple of 31).
      parts.unshift(Buffer.from([0x78, 0x20]), u32(adler32(this.dict)));
    }
    return Buffer.concat(parts);
  }

  private sendControl(type: number, flags: number, payload: Buffer): void {
    const head = Buffer.alloc(8);
    head.writeUInt16BE(0x8003, 0);
    head.writeUInt16BE(type, 2);
    head.writeUInt32BE(payload.length, 4);
    head[4] = flags;
    this.send(Buffer.concat([head, payload]));
  }

  private sendData(id: number, payload: Buffer, flags: number): void {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(id & 0x7fffffff, 0);
    head.writeUInt32BE(payload.length, 4);
    head[4] = flags;
    this.send(Buffer.concat([head, payload]));
  }

  private send(frame: Buffer): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(frame);
  }
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
}
