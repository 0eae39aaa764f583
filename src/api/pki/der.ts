/**
 * der: the few ASN.1 DER shapes X.509 certificates and PKCS#10 requests are made of — a
 * writer (SEQUENCE, SET, INTEGER, OID, strings, times, BIT STRING, context tags) and a
 * reader of tag-length-value nodes. node:crypto parses and verifies certificates but builds
 * neither certificates nor requests, so kubemu writes the DER itself.
 */

/** der builds one TLV node from its tag and content bytes. */
export function der(tag: number, content: Buffer): Buffer {
  const n = content.length;
  let len: Buffer;
  if (n < 0x80) len = Buffer.from([n]);
  else {
    const bytes: number[] = [];
    for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
    len = Buffer.from([0x80 | bytes.length, ...bytes]);
  }
  return Buffer.concat([Buffer.from([tag]), len, content]);
}

export const seq = (...items: Buffer[]): Buffer => der(0x30, Buffer.concat(items));
/** set sorts its members' encodings, as DER's SET OF requires. */
export const set = (...items: Buffer[]): Buffer => der(0x31, Buffer.concat([...items].sort(Buffer.compare)));
export const nullDer = (): Buffer => Buffer.from([0x05, 0x00]);
export const bool = (v: boolean): Buffer => der(0x01, Buffer.from([v ? 0xff : 0x00]));
export const octets = (b: Buffer): Buffer => der(0x04, b);
export const utf8 = (s: string): Buffer => der(0x0c, Buffer.from(s, 'utf8'));
/** bitString wraps bytes with no unused bits (keys, signatures). */
export const bitString = (b: Buffer): Buffer => der(0x03, Buffer.concat([Buffer.from([0]), b]));
/** explicit is a constructed context-specific tag [n] around one node. */
export const explicit = (n: number, inner: Buffer): Buffer => der(0xa0 | n, inner);

/** integer encodes a non-negative integer, minimal and with a leading zero when the top bit is set. */
export function integer(v: bigint | number | Buffer): Buffer {
  let b: Buffer;
  if (Buffer.isBuffer(v)) b = v;
  else {
    let hex = BigInt(v).toString(16);
    if (hex.length % 2) hex = `0${hex}`;
    b = Buffer.from(hex, 'hex');
  }
  let i = 0;
  while (i < b.length - 1 && b[i] === 0 && !(b[i + 1]! & 0x80)) i++;
  b = b.subarray(i);
  if (b[0]! & 0x80) b = Buffer.concat([Buffer.from([0]), b]);
  return der(0x02, b);
}

/** oid encodes a dotted object identifier. */
export function oid(dotted: string): Buffer {
  const parts = dotted.split('.').map(Number);
  const bytes: number[] = [parts[0]! * 40 + parts[1]!];
  for (const p of parts.slice(2)) {
    const enc: number[] = [p & 0x7f];
    for (let v = Math.floor(p / 128); v > 0; v = Math.floor(v / 128)) enc.unshift(0x80 | (v & 0x7f));
    bytes.push(...enc);
  }
  return der(0x06, Buffer.from(bytes));
}

/** time encodes an instant as UTCTime before 2050 and GeneralizedTime from then on (RFC 5280 4.1.2.5). */
export function time(ms: number): Buffer {
  const iso = new Date(ms).toISOString(); // YYYY-MM-DDTHH:MM:SS.sssZ
  const digits = iso.slice(0, 19).replace(/[-T:]/g, '');
  const year = Number(iso.slice(0, 4));
  return year < 2050 ? der(0x17, Buffer.from(`${digits.slice(2)}Z`, 'ascii')) : der(0x18, Buffer.from(`${digits}Z`, 'ascii'));
}

/** Node is one decoded TLV: its tag, and where its content lies in the buffer. */
export interface Node { tag: number; start: number; end: number; next: number; head: number }

/** DerError is a malformed encoding. */
export class DerError extends Error { override readonly name = 'DerError'; }

/** read decodes the TLV at pos. */
export function read(buf: Buffer, pos = 0, limit = buf.length): Node {
  if (pos + 2 > limit) throw new DerError('truncated');
  const tag = buf[pos]!;
  let len = buf[pos + 1]!;
  let start = pos + 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    if (n === 0 || n > 4 || start + n > limit) throw new DerError('bad length');
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + buf[start + i]!;
    start += n;
  }
  if (start + len > limit) throw new DerError('truncated');
  return { tag, head: pos, start, end: start + len, next: start + len };
}

/** children decodes the nodes inside a constructed node. */
export function children(buf: Buffer, n: Node): Node[] {
  const out: Node[] = [];
  for (let pos = n.start; pos < n.end;) {
    const c = read(buf, pos, n.end);
    out.push(c);
    pos = c.next;
  }
  return out;
}

/** whole is a node's full encoding (tag and length included). */
export const whole = (buf: Buffer, n: Node): Buffer => buf.subarray(n.head, n.end);
/** content is a node's content bytes. */
export const content = (buf: Buffer, n: Node): Buffer => buf.subarray(n.start, n.end);

/** readOid decodes an OBJECT IDENTIFIER node's content to dotted form. */
export function readOid(buf: Buffer, n: Node): string {
  const parts: number[] = [];
  let v = 0;
  for (const b of content(buf, n)) {
    v = v * 128 + (b & 0x7f);
    if (!(b & 0x80)) { parts.push(v); v = 0; }
  }
  const first = parts.shift() ?? 0;
  const head = first < 40 ? [0, first] : first < 80 ? [1, first - 40] : [2, first - 80];
  return [...head, ...parts].join('.');
}

/** pemDecode returns the DER inside the first PEM block of the given type, or undefined. */
export function pemDecode(pem: string, type: string): Buffer | undefined {
  const m = new RegExp(`-----BEGIN ${type}-----([\\s\\S]*?)-----END ${type}-----`).exec(pem);
  return m ? Buffer.from(m[1]!.replace(/\s+/g, ''), 'base64') : undefined;
}

/** pemEncode wraps DER as a PEM block with 64-column lines. */
export function pemEncode(derBytes: Buffer, type: string): string {
  const b64 = derBytes.toString('base64').replace(/(.{64})/g, '$1\n').replace(/\n$/, '');
  return `-----BEGIN ${type}-----\n${b64}\n-----END ${type}-----\n`;
}
