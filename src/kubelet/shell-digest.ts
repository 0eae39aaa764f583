/**
 * shell-digest: busybox's base64 and checksum applets (md5sum, sha1sum, sha256sum, sha512sum)
 * over the container's files or stdin, with busybox's output and error lines. Files are the
 * UTF-8 bytes of their text.
 */
import { type AppletIO, WAITS, linesOf, openMsg, parseOpts, texts, writeText } from './applet-io';
import { bytesToText, textToBytes } from '../api/byte-string';

const ALGORITHM: Record<string, string> = { md5sum: 'md5', sha1sum: 'sha1', sha256sum: 'sha256', sha512sum: 'sha512' };

/** base64 encodes (76 columns, -w COLS, 0 for one line) or decodes (-d) one input. */
function base64(args: string[], io: AppletIO): number | typeof WAITS {
  const { flags, rest } = parseOpts(args, 'w');
  const got = texts('base64', rest.slice(0, 1), io, (p) => `${p}: No such file or directory`);
  if (got === WAITS) return WAITS;
  if (got.failed) return 1;
  const text = got.sources[0]![1];
  io.step(text.length);
  if (flags.has('d')) {
    // busybox skips what is not in the alphabet and decodes whole quanta; one left incomplete
    // (or anything after the padding) is "truncated input", after what came before it.
    const m = /^([A-Za-z0-9+/]*)(=*)(.*)$/s.exec(text.replace(/[^A-Za-z0-9+/=]/g, ''))!;
    const [, data, pad, rest] = m as unknown as [string, string, string, string];
    const padded = pad.length > 0 && data.length % 4 >= 2;
    const whole = padded ? data : data.slice(0, data.length - (data.length % 4));
    writeText(io, bytesToText(Buffer.from(whole, 'base64')));
    if (whole.length !== data.length || rest || (pad && !padded)) { io.err('base64: truncated input'); return 1; }
    return 0;
  }
  const cols = flags.has('w') ? Number(flags.get('w')) : 76;
  if (!Number.isInteger(cols) || cols < 0) { io.err(`base64: invalid number '${flags.get('w')}'`); return 1; }
  const out = textToBytes(text).toString('base64');
  if (!out) return 0;
  if (!cols) { io.out(out); return 0; }
  for (let i = 0; i < out.length; i += cols) io.out(out.slice(i, i + cols));
  return 0;
}

/** checksum prints "DIGEST  NAME" per input, or with -c checks such lines ("NAME: OK" / "NAME: FAILED"). */
function checksum(name: string, args: string[], io: AppletIO): number | typeof WAITS {
  const { flags, rest } = parseOpts(args, '');
  // Required here, not at the top: node:crypto takes ~7 ms to load, and every command that
  // starts a container loads this file.
  const { createHash } = require('node:crypto') as typeof import('node:crypto');
  const digest = (text: string) => { io.step(text.length); return createHash(ALGORITHM[name]!).update(textToBytes(text)).digest('hex'); };
  const got = texts(name, rest, io, openMsg);
  if (got === WAITS) return WAITS;
  if (!flags.has('c')) {
    for (const [file, text] of got.sources) io.out(`${digest(text)}  ${file}`);
    return got.failed ? 1 : 0;
  }
  let status = got.failed ? 1 : 0;
  let bad = 0;
  let checked = 0;
  for (const [, list] of got.sources) {
    for (const line of linesOf(list)) {
      const m = /^([0-9a-fA-F]+) [ *](.+)$/.exec(line);
      if (!m) continue;
      const text = io.read(m[2]!);
      if (text === undefined) { io.err(`${name}: ${openMsg(m[2]!)}`); io.out(`${m[2]}: FAILED open or read`); status = 1; continue; }
      const ok = digest(text) === m[1]!.toLowerCase();
      checked++;
      io.out(`${m[2]}: ${ok ? 'OK' : 'FAILED'}`);
      if (!ok) bad++;
    }
  }
  if (bad) { io.err(`${name}: WARNING: ${bad} of ${bad} computed checksums did NOT match`.replace(`${bad} computed`, `${checked} computed`)); status = 1; }
  return status;
}

/** runDigestApplet runs base64, md5sum, sha1sum, sha256sum or sha512sum: its exit status, or WAITS when it would wait for input forever. */
export function runDigestApplet(name: string, args: string[], io: AppletIO): number | typeof WAITS {
  return name === 'base64' ? base64(args, io) : checksum(name, args, io);
}
