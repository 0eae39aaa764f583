import { describe, expect, it } from 'vitest';
import { decodeProtobufBody } from './protobuf-body';
import { ApiError } from '../../apiserver/errors';

// A minimal protobuf writer: the same wire format client-go's generated marshallers write.
const varint = (n: number): Buffer => {
  const out: number[] = [];
  let v = BigInt.asUintN(64, BigInt(n));
  do { let b = Number(v & 0x7fn); v >>= 7n; if (v) b |= 0x80; out.push(b); } while (v);
  return Buffer.from(out);
};
const bytes = (num: number, b: Buffer | string): Buffer => {
  const buf = typeof b === 'string' ? Buffer.from(b, 'utf8') : b;
  return Buffer.concat([varint((num << 3) | 2), varint(buf.length), buf]);
};
const int = (num: number, n: number): Buffer => Buffer.concat([varint(num << 3), varint(n)]);
const msg = (...parts: Buffer[]): Buffer => Buffer.concat(parts);
const entry = (k: string, v: string) => msg(bytes(1, k), bytes(2, v));
const envelope = (apiVersion: string, kind: string, raw: Buffer): Buffer =>
  Buffer.concat([Buffer.from('k8s\0', 'binary'), bytes(1, msg(bytes(1, apiVersion), bytes(2, kind))), bytes(2, raw)]);

describe('decodeProtobufBody', () => {
  it('decodes a ConfigMap as kubectl create configmap sends it: maps, empty strings, a zero time', () => {
    // ObjectMeta: name=1, generateName=2 (empty, omitempty), namespace=3, creationTimestamp=8 (zero: empty message).
    const meta = msg(bytes(1, 'settings'), bytes(2, ''), bytes(3, ''), bytes(8, Buffer.alloc(0)), bytes(11, entry('app', 'web')));
    // ConfigMap: metadata=1, data=2 (map entries), binaryData=3.
    const cm = msg(bytes(1, meta), bytes(2, entry('mode', 'fast')), bytes(2, entry('level', '3')), bytes(3, msg(bytes(1, 'blob'), bytes(2, Buffer.from([1, 2, 3])))));
    expect(decodeProtobufBody(envelope('v1', 'ConfigMap', cm))).toEqual({
      apiVersion: 'v1', kind: 'ConfigMap',
      metadata: { name: 'settings', creationTimestamp: null, labels: { app: 'web' } },
      data: { mode: 'fast', level: '3' },
      binaryData: { blob: 'AQID' },
    });
  });

  it('decodes nested structs, pointers, repeated messages, int-or-string and negative numbers', () => {
    const container = msg(bytes(1, 'nginx'), bytes(2, 'nginx:1.27'));
    const podSpec = msg(bytes(2, container));
    const template = msg(bytes(1, msg(bytes(11, entry('app', 'web')))), bytes(2, podSpec));
    const rollingUpdate = msg(bytes(1, msg(int(1, 1), bytes(3, '25%'))), bytes(2, msg(int(1, 0), int(2, 1))));
    const spec = msg(int(1, 2), bytes(2, msg(bytes(1, entry('app', 'web')))), bytes(3, template), bytes(4, msg(bytes(1, 'RollingUpdate'), bytes(2, rollingUpdate))), int(9, -1));
    const d = decodeProtobufBody(envelope('apps/v1', 'Deployment', msg(bytes(1, msg(bytes(1, 'web'))), bytes(2, spec))));
    expect(d).toMatchObject({
      apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' },
      spec: {
        replicas: 2, selector: { matchLabels: { app: 'web' } },
        template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } },
        strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: 1 } },
        progressDeadlineSeconds: -1,
      },
    });
  });

  it('refuses a body without the magic or of a kind it does not know, with a 400', () => {
    expect(() => decodeProtobufBody(Buffer.from('{}'))).toThrow(ApiError);
    expect(() => decodeProtobufBody(envelope('example.com/v1', 'Widget', Buffer.alloc(0)))).toThrow(/no kind "Widget" is registered/);
  });
});
