import { describe, expect, it } from 'vitest';
import { contentHash, goJson } from './content-hash';
import { encodeBase64 } from './generators';

// Suffixes kubectl 1.32's kustomize gives these generated objects (checked with `kubectl kustomize`).
describe('contentHash', () => {
  it('matches kustomize for ConfigMaps and Secrets, whatever their name', () => {
    expect(contentHash({ kind: 'ConfigMap', metadata: { name: 'cfg' }, data: { A: '1' } })).toBe('89g4tffbfk');
    expect(contentHash({ kind: 'ConfigMap', metadata: { name: 'other' }, data: { A: '1' } })).toBe('89g4tffbfk');
    expect(contentHash({ kind: 'ConfigMap', metadata: { name: 'cfg' }, data: { A: '1', B: 'yes' } })).toBe('4g9d9fm4mt');
    expect(contentHash({ kind: 'Secret', metadata: { name: 'sec' }, type: 'Opaque', data: { pw: 'czNjcmV0' } })).toBe('c6mc6k7dmf');
  });
  it('encodes like Go json.Marshal: sorted keys, HTML-safe escapes', () => {
    expect(goJson({ b: '<&>', a: [1, true, null] })).toBe('{"a":[1,true,null],"b":"\\u003c\\u0026\\u003e"}');
    expect(goJson('\b\f\n')).toBe('"\\u0008\\u000c\\n"');
  });
});

describe('encodeBase64', () => {
  it('breaks encodings of 70 characters or more into newline-ended lines of 70', () => {
    expect(encodeBase64(Buffer.from('short'))).toBe('c2hvcnQ=');
    const long = encodeBase64(Buffer.alloc(60, 'a'));
    expect(long.split('\n').map((l) => l.length)).toEqual([70, 10, 0]);
  });
});
