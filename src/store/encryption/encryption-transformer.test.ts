import { describe, expect, it } from 'vitest';
import nacl from 'tweetnacl';
import { newEncryptionTransformer, type EncryptionRule } from './encryption-transformer';
import { ValueTransformError } from '../value-transformer';

const cbc = { type: 'aescbc', keyName: 'k1', secret: Buffer.alloc(32, 7) } as const;
const gcm = { type: 'aesgcm', keyName: 'k2', secret: Buffer.alloc(16, 9) } as const;
const box = { type: 'secretbox', keyName: 'k3', secret: Buffer.alloc(32, 5) } as const;
const rule = (providers: EncryptionRule['providers'], kinds = ['Secret'], everyKind = false): EncryptionRule => ({ kinds: new Set(kinds), everyKind, providers });

describe('encryption transformer', () => {
  it('writes with the first provider and its prefix, and reads back', () => {
    for (const p of [cbc, gcm, box]) {
      const t = newEncryptionTransformer([rule([p, { type: 'identity' }])]);
      const stored = t.toStorage('Secret', '{"a":"secret value"}');
      expect(Buffer.from(stored).subarray(0, 20).toString('latin1')).toBe(`k8s:enc:${p.type}:v1:${p.keyName}:`.slice(0, 20));
      expect(Buffer.from(stored).includes('secret value')).toBe(false);
      expect(t.fromStorage(stored)).toBe('{"a":"secret value"}');
    }
  });

  it('writes the same bytes for the same value (a synthetic IV), and different IVs for different values', () => {
    for (const p of [cbc, gcm, box]) {
      const t = newEncryptionTransformer([rule([p])]);
      const prefix = `k8s:enc:${p.type}:v1:${p.keyName}:`.length;
      const iv = (v: string) => Buffer.from(t.toStorage('Secret', v)).subarray(prefix, prefix + 12).toString('hex');
      expect(Buffer.from(t.toStorage('Secret', '{"a":1}')).equals(Buffer.from(t.toStorage('Secret', '{"a":1}')))).toBe(true);
      expect(iv('{"a":1}')).not.toBe(iv('{"a":2}'));
    }
  });

  it('secretbox stores the 24-byte nonce then NaCl secretbox (tag, ciphertext), as x/crypto seals it', () => {
    const t = newEncryptionTransformer([rule([box])]);
    const value = '{"data":{"k":"dg=="}}';
    const stored = Buffer.from(t.toStorage('Secret', value));
    const prefix = Buffer.from('k8s:enc:secretbox:v1:k3:');
    expect(stored.subarray(0, prefix.length).equals(prefix)).toBe(true);
    const body = stored.subarray(prefix.length);
    expect(body.length).toBe(24 + 16 + value.length);
    const opened = nacl.secretbox.open(body.subarray(24), body.subarray(0, 24), box.secret);
    expect(opened && Buffer.from(opened).toString()).toBe(value);
    const damaged = Buffer.from(stored);
    damaged[damaged.length - 1]! ^= 1;
    expect(() => t.fromStorage(damaged)).toThrow('failed to decrypt the value with secretbox key "k3": output array was not large enough for encryption');
    expect(() => t.fromStorage(stored.subarray(0, prefix.length + 30))).toThrow(/the stored data was shorter than the required size/);
  });

  it('covers only the kinds a rule names, or every kind with *.*', () => {
    const t = newEncryptionTransformer([rule([cbc])]);
    expect([t.transforms('Secret'), t.transforms('ConfigMap')]).toEqual([true, false]);
    const all = newEncryptionTransformer([rule([{ type: 'identity' }]), rule([gcm], [], true)]);
    expect([all.transforms('Secret'), all.transforms('ConfigMap')]).toEqual([false, true]);
  });

  it('reads with any listed key, calls a value stale unless the first provider wrote it, and refuses unknown prefixes', () => {
    const old = newEncryptionTransformer([rule([cbc])]);
    const value = old.toStorage('Secret', '{}');
    const rotated = newEncryptionTransformer([rule([gcm, cbc])]);
    expect(rotated.fromStorage(value)).toBe('{}');
    expect(rotated.stale('Secret', value)).toBe(true);
    expect(rotated.stale('Secret', rotated.toStorage('Secret', '{}'))).toBe(false);
    expect(rotated.stale('Secret', '{}')).toBe(true);
    expect(rotated.stale('ConfigMap', '{}')).toBe(false);
    expect(() => newEncryptionTransformer([rule([gcm])]).fromStorage(value)).toThrow(ValueTransformError);
    const damaged = Buffer.from(rotated.toStorage('Secret', '{"x":1}'));
    damaged[damaged.length - 1]! ^= 1;
    expect(() => rotated.fromStorage(damaged)).toThrow(/failed to decrypt the value with aesgcm key "k2"/);
  });
});
