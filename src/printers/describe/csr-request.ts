/**
 * csr-request: reads the PEM PKCS#10 request of a CertificateSigningRequest far enough for
 * describe: the subject's names and the subject alternative names (what Go's
 * x509.ParseCertificateRequest yields for them). A minimal DER reader, no crypto.
 */

/** CSR_PEM_TYPE_ERROR is client-go's error when the request holds no CERTIFICATE REQUEST block. */
export const CSR_PEM_TYPE_ERROR = 'PEM block type must be CERTIFICATE REQUEST';
/** CSR_MALFORMED_ERROR is Go's x509 error for a request whose DER does not parse. */
export const CSR_MALFORMED_ERROR = 'x509: malformed certificate request';

/** CsrInfo is the part of the request's pkix.Name and SAN extension that describe prints. */
export interface CsrInfo {
  commonName: string; serialNumber: string;
  organization: string[]; organizationalUnit: string[]; country: string[]; locality: string[];
  province: string[]; streetAddress: string[]; postalCode: string[];
  dnsNames: string[]; emailAddresses: string[]; uris: string[]; ipAddresses: string[];
}

interface Tlv { tag: number; start: number; end: number; next: number }

class Malformed extends Error {}

function readTlv(buf: Buffer, pos: number, limit = buf.length): Tlv {
  if (pos + 2 > limit) throw new Malformed();
  const tag = buf[pos]!;
  let len = buf[pos + 1]!;
  let start = pos + 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    if (n === 0 || n > 4 || start + n > limit) throw new Malformed();
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + buf[start + i]!;
    start += n;
  }
  if (start + len > limit) throw new Malformed();
  return { tag, start, end: start + len, next: start + len };
}

function children(buf: Buffer, tlv: Tlv): Tlv[] {
  const out: Tlv[] = [];
  for (let pos = tlv.start; pos < tlv.end;) {
    const c = readTlv(buf, pos, tlv.end);
    out.push(c);
    pos = c.next;
  }
  return out;
}

function oid(buf: Buffer, t: Tlv): string {
  const bytes = buf.subarray(t.start, t.end);
  if (bytes.length === 0) throw new Malformed();
  const parts: number[] = [];
  let v = 0;
  for (const b of bytes) {
    v = v * 128 + (b & 0x7f);
    if (!(b & 0x80)) { parts.push(v); v = 0; }
  }
  const first = parts.shift()!;
  const head = first < 40 ? [0, first] : first < 80 ? [1, first - 40] : [2, first - 80];
  return [...head, ...parts].join('.');
}

function text(buf: Buffer, t: Tlv): string {
  const bytes = buf.subarray(t.start, t.end);
  if (t.tag === 0x1e) { // BMPString: UTF-16BE
    let s = '';
    for (let i = 0; i + 1 < bytes.length; i += 2) s += String.fromCharCode(bytes[i]! * 256 + bytes[i + 1]!);
    return s;
  }
  return t.tag === 0x0c ? bytes.toString('utf8') : bytes.toString('latin1');
}

// Go's net.IP String(): dotted IPv4 (also for IPv4-mapped IPv6), else RFC 5952 text.
function ipString(bytes: Buffer): string {
  if (bytes.length === 4) return [...bytes].join('.');
  if (bytes.length !== 16) return `?${bytes.toString('hex')}`;
  if (bytes.subarray(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff) return [...bytes.subarray(12)].join('.');
  const groups: number[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(bytes[i]! * 256 + bytes[i + 1]!);
  let best = -1; let bestLen = 0;
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) { i++; continue; }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLen && j - i >= 2) { best = i; bestLen = j - i; }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best < 0) return hex.join(':');
  return `${hex.slice(0, best).join(':')}::${hex.slice(best + bestLen).join(':')}`;
}

const SUBJECT_FIELDS: Readonly<Record<string, keyof CsrInfo>> = {
  '2.5.4.6': 'country', '2.5.4.7': 'locality', '2.5.4.8': 'province', '2.5.4.9': 'streetAddress',
  '2.5.4.10': 'organization', '2.5.4.11': 'organizationalUnit', '2.5.4.17': 'postalCode',
};
const EXTENSION_REQUEST = '1.2.840.113549.1.9.14';
const SUBJECT_ALT_NAME = '2.5.29.17';

function readSubject(buf: Buffer, name: Tlv, info: CsrInfo): void {
  for (const rdn of children(buf, name)) {
    for (const atv of children(buf, rdn)) {
      const [type, value] = children(buf, atv);
      if (!type || !value) throw new Malformed();
      const id = oid(buf, type);
      const v = text(buf, value);
      if (id === '2.5.4.3') info.commonName = v;
      else if (id === '2.5.4.5') info.serialNumber = v;
      else if (SUBJECT_FIELDS[id]) (info[SUBJECT_FIELDS[id]!] as string[]).push(v);
    }
  }
}

function readSans(buf: Buffer, extnValue: Tlv, info: CsrInfo): void {
  const names = readTlv(buf, extnValue.start, extnValue.end);
  for (const n of children(buf, names)) {
    const bytes = buf.subarray(n.start, n.end);
    switch (n.tag) {
      case 0x81: info.emailAddresses.push(bytes.toString('latin1')); break;
      case 0x82: info.dnsNames.push(bytes.toString('latin1')); break;
      case 0x86: info.uris.push(bytes.toString('latin1')); break;
      case 0x87: info.ipAddresses.push(ipString(bytes)); break;
    }
  }
}

function readAttributes(buf: Buffer, attrs: Tlv, info: CsrInfo): void {
  for (const attr of children(buf, attrs)) {
    const [type, values] = children(buf, attr);
    if (!type || !values || oid(buf, type) !== EXTENSION_REQUEST) continue;
    for (const exts of children(buf, values)) {
      for (const ext of children(buf, exts)) {
        const parts = children(buf, ext);
        if (oid(buf, parts[0]!) === SUBJECT_ALT_NAME) readSans(buf, parts[parts.length - 1]!, info);
      }
    }
  }
}

/** pemBlock returns the type and bytes of the first PEM block in text, as Go's pem.Decode does. */
function pemBlock(pem: string): { type: string; der: Buffer } | undefined {
  const m = /-----BEGIN ([^\n-]*)-----\r?\n([\s\S]*?)-----END \1-----/.exec(pem);
  if (!m) return undefined;
  const body = m[2]!.split(/\r?\n/).filter((l) => !l.includes(':')).join('');
  return { type: m[1]!, der: Buffer.from(body, 'base64') };
}

/** parseCsr reads spec.request (base64 of the PEM text); it throws with Go's message when it cannot. */
export function parseCsr(request: string | undefined): CsrInfo {
  const block = pemBlock(Buffer.from(request ?? '', 'base64').toString('latin1'));
  if (!block || block.type !== 'CERTIFICATE REQUEST') throw new Error(CSR_PEM_TYPE_ERROR);
  const info: CsrInfo = {
    commonName: '', serialNumber: '', organization: [], organizationalUnit: [], country: [], locality: [],
    province: [], streetAddress: [], postalCode: [], dnsNames: [], emailAddresses: [], uris: [], ipAddresses: [],
  };
  try {
    const buf = block.der;
    const outer = readTlv(buf, 0);
    const cri = readTlv(buf, outer.start, outer.end);
    const [, subject, , attributes] = children(buf, cri);
    if (!subject) throw new Malformed();
    readSubject(buf, subject, info);
    if (attributes && attributes.tag === 0xa0) readAttributes(buf, attributes, info);
  } catch (e) {
    if (e instanceof Malformed || e instanceof RangeError) throw new Error(CSR_MALFORMED_ERROR);
    throw e;
  }
  return info;
}
