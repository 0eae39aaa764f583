/**
 * content-type: the Content-Type Go's http.FileServer gives a file — mime.TypeByExtension
 * from the extension, else http.DetectContentType's sniff of the first 512 bytes (the WHATWG
 * signatures for HTML, XML, PDF, images, archives and wasm; text/plain for text without binary
 * bytes; application/octet-stream otherwise).
 * kubemu: Go also reads the machine's mime.types files (/etc/mime.types and others), which
 * differ between machines; only its built-in table is used, so a .txt file is sniffed (text:
 * text/plain; charset=utf-8, which mime.types gives it too).
 */

/** BUILTIN_TYPES is Go's mime package's built-in extension table. */
const BUILTIN_TYPES: Record<string, string> = {
  '.avif': 'image/avif',
  '.css': 'text/css; charset=utf-8',
  '.gif': 'image/gif',
  '.htm': 'text/html; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.jpeg': 'image/jpeg',
  '.jpg': 'image/jpeg',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.mjs': 'text/javascript; charset=utf-8',
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
  '.webp': 'image/webp',
  '.xml': 'text/xml; charset=utf-8',
};

/** typeByExtension is mime.TypeByExtension over the built-in table: the extension as given, else lower-cased. */
export function typeByExtension(name: string): string | undefined {
  const dot = name.lastIndexOf('.');
  if (dot < 0 || name.indexOf('/', dot) >= 0) return undefined;
  const ext = name.slice(dot);
  return BUILTIN_TYPES[ext] ?? BUILTIN_TYPES[ext.toLowerCase()];
}

const HTML = 'text/html; charset=utf-8';
/** HTML_TAGS open an HTML document when followed by a space or '>' (compared without case, after leading white space). */
const HTML_TAGS = ['<!DOCTYPE HTML', '<HTML', '<HEAD', '<SCRIPT', '<IFRAME', '<H1', '<DIV', '<FONT', '<TABLE', '<A', '<STYLE', '<TITLE', '<B', '<BODY', '<BR', '<P', '<!--'];

/** EXACT_SIGNATURES: a prefix of the bytes as they are, and its type. */
const EXACT_SIGNATURES: Array<[string, string]> = [
  ['%PDF-', 'application/pdf'],
  ['%!PS-Adobe-', 'application/postscript'],
  ['\xfe\xff', 'text/plain; charset=utf-16be'],
  ['\xff\xfe', 'text/plain; charset=utf-16le'],
  ['\xef\xbb\xbf', 'text/plain; charset=utf-8'],
  ['\x00\x00\x01\x00', 'image/x-icon'],
  ['\x00\x00\x02\x00', 'image/x-icon'],
  ['BM', 'image/bmp'],
  ['GIF87a', 'image/gif'],
  ['GIF89a', 'image/gif'],
  ['\x89PNG\x0d\x0a\x1a\x0a', 'image/png'],
  ['\xff\xd8\xff', 'image/jpeg'],
  ['\x1f\x8b\x08', 'application/x-gzip'],
  ['PK\x03\x04', 'application/zip'],
  ['Rar!\x1a\x07\x00', 'application/x-rar-compressed'],
  ['Rar!\x1a\x07\x01\x00', 'application/x-rar-compressed'],
  ['\x00asm', 'application/wasm'],
];

const isWhite = (b: number) => b === 0x09 || b === 0x0a || b === 0x0c || b === 0x0d || b === 0x20;
/** isBinary: the bytes the text signature refuses (controls other than tab, newline, form feed, carriage return and escape). */
const isBinary = (b: number) => b <= 0x08 || b === 0x0b || (b >= 0x0e && b <= 0x1a) || (b >= 0x1c && b <= 0x1f);

/** detectContentType is http.DetectContentType for the signatures above. */
export function detectContentType(head: Buffer): string {
  const data = head.subarray(0, 512);
  const text = data.toString('latin1');
  let start = 0;
  while (start < data.length && isWhite(data[start]!)) start++;
  const rest = text.slice(start);
  for (const tag of HTML_TAGS) {
    if (rest.length <= tag.length || rest.slice(0, tag.length).toUpperCase() !== tag) continue;
    const next = rest.charCodeAt(tag.length);
    if (next === 0x20 || next === 0x3e) return HTML;
  }
  if (rest.startsWith('<?xml')) return 'text/xml; charset=utf-8';
  for (const [sig, type] of EXACT_SIGNATURES) if (text.startsWith(sig)) return type;
  if (text.startsWith('RIFF') && text.slice(8, 14) === 'WEBPVP') return 'image/webp';
  for (let i = start; i < data.length; i++) if (isBinary(data[i]!)) return 'application/octet-stream';
  return 'text/plain; charset=utf-8';
}
