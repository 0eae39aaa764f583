/**
 * settle-memo: how the components' hand-over memos (Controller.handOver) are kept in the
 * state file between commands: their JSON, deflated and base64-encoded. At 30 000 pods the
 * scheduler's memo is 3.5-4.5 MB of JSON and deflates to a sixth of that; written whole, the
 * copies SQLite and its binding make of it raised the peak RSS of T7's apply by ~10 MiB.
 * node:zlib is loaded only by a command that hands over or takes over a memo.
 */
import type * as Zlib from 'node:zlib';

const PREFIX = 'z1:';

const zlib = (): typeof Zlib => require('node:zlib') as typeof Zlib;

/** encodeMemos renders memos for the meta table ('' when there are none). */
export function encodeMemos(memos: Record<string, unknown>): string {
  if (!Object.keys(memos).length) return '';
  return PREFIX + zlib().deflateRawSync(JSON.stringify(memos), { level: 1 }).toString('base64');
}

/** decodeMemos reads what encodeMemos wrote; anything else hands nothing over (a memo only saves reads). */
export function decodeMemos(saved: string | undefined): Record<string, unknown> {
  if (!saved?.startsWith(PREFIX)) return {};
  try {
    const memos: unknown = JSON.parse(zlib().inflateRawSync(Buffer.from(saved.slice(PREFIX.length), 'base64')).toString());
    return memos && typeof memos === 'object' && !Array.isArray(memos) ? memos as Record<string, unknown> : {};
  } catch {
    return {};
  }
}
