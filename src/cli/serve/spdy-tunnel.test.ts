import { EventEmitter } from 'node:events';
import * as zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { SpdyTunnel, spdyDictionary, type ForwardedRequest } from './spdy-tunnel';

/** A WebSocket stand-in: what the tunnel sends is kept; received messages are emitted. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  sent: Buffer[] = [];
  send(b: Buffer): void { this.sent.push(b); }
  close(): void { this.readyState = 3; }
}

/** The dictionary id kubectl's SPDY client puts in its first header block (adler32 of SPDY/3's dictionary). */
const SPDY3_DICTIONARY_ID = 'e3c6a7c2';

/** nvBlock is a plain SPDY/3 name/value block. */
function nvBlock(headers: Record<string, string>): Buffer {
  const parts: Buffer[] = [];
  const u32 = (n: number) => { const b = Buffer.alloc(4); b.writeUInt32BE(n); return b; };
  parts.push(u32(Object.keys(headers).length));
  for (const [k, v] of Object.entries(headers)) parts.push(u32(k.length), Buffer.from(k), u32(v.length), Buffer.from(v));
  return Buffer.concat(parts);
}

function control(type: number, flags: number, payload: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt16BE(0x8003, 0);
  head.writeUInt16BE(type, 2);
  head.writeUInt32BE(payload.length, 4);
  head[4] = flags;
  return Buffer.concat([head, payload]);
}

function data(id: number, flags: number, payload: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(id, 0);
  head.writeUInt32BE(payload.length, 4);
  head[4] = flags;
  return Buffer.concat([head, payload]);
}

/** frames splits what the tunnel sent into frames. */
function frames(sent: Buffer[]): { control: boolean; type: number; id: number; flags: number; payload: Buffer }[] {
  let all = Buffer.concat(sent);
  const out = [];
  while (all.length >= 8) {
    const length = all.readUIntBE(5, 3);
    const isControl = !!(all[0]! & 0x80);
    const payload = all.subarray(8, 8 + length);
    out.push({ control: isControl, type: isControl ? all.readUInt16BE(2) : 0, id: isControl ? payload.readUInt32BE(0) & 0x7fffffff : all.readUInt32BE(0), flags: all[4]!, payload });
    all = all.subarray(8 + length);
  }
  return out;
}

describe('SpdyTunnel', () => {
  it('replies to kubectl\'s error and data streams and answers the request the data stream carries', () => {
    const ws = new FakeSocket();
    const asked: ForwardedRequest[] = [];
    new SpdyTunnel(ws as unknown as WebSocket, (r) => { asked.push(r); return { status: 200, body: 'hello' }; });
    // kubectl's header blocks are one zlib stream with SPDY/3's dictionary, sync-flushed after each block;
    // the first is compressed against the dictionary, the second continues the stream with stored blocks.
    const errorHeaders = nvBlock({ streamType: 'error', port: '80', requestID: '0' });
    const dataHeaders = nvBlock({ streamType: 'data', port: '80', requestID: '0' });
    const first = zlib.deflateSync(errorHeaders, { dictionary: spdyDictionary(), finishFlush: zlib.constants.Z_SYNC_FLUSH });
    expect(first.subarray(2, 6).toString('hex')).toBe(SPDY3_DICTIONARY_ID);
    const stored = (b: Buffer) => Buffer.concat([Buffer.from([0x00, b.length & 0xff, b.length >> 8, ~b.length & 0xff, (~b.length >> 8) & 0xff]), b, Buffer.from([0, 0, 0, 0xff, 0xff])]);
    const syn = (id: number, block: Buffer) => { const p = Buffer.alloc(10); p.writeUInt32BE(id, 0); return control(1, 0, Buffer.concat([p, block])); };
    ws.emit('message', syn(1, first), true);
    ws.emit('message', data(1, 1, Buffer.alloc(0)), true);
    ws.emit('message', syn(3, stored(dataHeaders)), true);
    ws.emit('message', data(3, 0, Buffer.from('GET /index.html?x=1 HTTP/1.1\r\nHost: localhost\r\n\r\n')), true);
    expect(asked).toEqual([{ port: 80, path: '/index.html', method: 'GET' }]);
    const got = frames(ws.sent);
    expect(got.map((f) => [f.control ? `ctl${f.type}` : 'data', f.id, f.flags])).toEqual([
      ['ctl2', 1, 0], ['ctl2', 3, 0], ['data', 3, 0], ['data', 3, 1], ['data', 1, 1],
    ]);
    // The replies' header blocks are one zlib stream naming SPDY/3's dictionary, each an empty name/value block.
    const replies = Buffer.concat(got.filter((f) => f.control).map((f) => f.payload.subarray(4)));
    expect(replies.subarray(2, 6).toString('hex')).toBe(SPDY3_DICTIONARY_ID);
    expect(got[2]!.payload.toString()).toBe('HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello');
  });

  it('echoes pings', () => {
    const ws = new FakeSocket();
    new SpdyTunnel(ws as unknown as WebSocket, () => ({ error: 'unused' }));
    ws.emit('message', control(6, 0, Buffer.from([0, 0, 0, 1])), true);
    expect(frames(ws.sent)).toMatchObject([{ control: true, type: 6, id: 1 }]);
  });
});
