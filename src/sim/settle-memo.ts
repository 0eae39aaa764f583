/**
 * settle-memo: how the components' hand-over memos (Controller.handOver) are kept in the
 * state file between commands: their JSON, deflated and base64-encoded once it is big. At
 * 30 000 pods the scheduler's memo is 3.5-4.5 MB of JSON and deflates to a sixth of that;
 * written whole, the copies SQLite and its binding make of it raised the peak RSS of T7's apply
 * by ~10 MiB. A small memo stays plain JSON: node:zlib's load and first use cost a command ~6 ms
 * of CPU (it loads node:stream), more than its memo's inflate and parse together.
 */
import type * as Zlib from 'node:zlib';

const PREFIX = 'z1:';
const PLAIN_PREFIX = 'j1:';
/** PLAIN_MAX is the longest JSON kept plain: the memo of a few hundred pods. */
const PLAIN_MAX = 128 << 10;

const zlib = (): typeof Zlib => require('node:zlib') as typeof Zlib;

/** encodeMemos renders memos for the meta table ('' when there are none). */
export function encodeMemos(memos: Record<string, unknown>): string {
  return Object.keys(memos).length ? packMemo(memos) : '';
}

/** decodeMemos reads what encodeMemos wrote; anything else hands nothing over (a memo only saves reads). */
export function decodeMemos(saved: string | undefined): Record<string, unknown> {
  const memos = unpackMemo(saved);
  return memos && typeof memos === 'object' && !Array.isArray(memos) ? memos as Record<string, unknown> : {};
}

/**
 * packMemo renders a value as encodeMemos renders the memos: a component packs a big part of its
 * memo this way so that reading the rest does not decode it (unpackMemo, on demand).
 */
export function packMemo(value: unknown): string {
  const json = JSON.stringify(value);
  if (json.length <= PLAIN_MAX) return PLAIN_PREFIX + json;
  return PREFIX + zlib().deflateRawSync(json, { level: 1 }).toString('base64');
}

/** unpackMemo reads what packMemo wrote (undefined: anything else). */
export function unpackMemo(saved: unknown): unknown {
  if (typeof saved !== 'string') return undefined;
  try {
    if (saved.startsWith(PLAIN_PREFIX)) return JSON.parse(saved.slice(PLAIN_PREFIX.length));
    if (saved.startsWith(PREFIX)) return JSON.parse(zlib().inflateRawSync(Buffer.from(saved.slice(PREFIX.length), 'base64')).toString());
  } catch {
    // a torn or foreign memo hands nothing over
  }
  return undefined;
}
