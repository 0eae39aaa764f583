import { describe, expect, it } from 'vitest';
import { bootstrapTokenFromSecret, bootstrapTokenSecret, expiredAt, generateBootstrapToken, parseToken } from './bootstrap-token';

describe('bootstrap token Secrets', () => {
  const token = { id: 'abcdef', secret: '0123456789abcdef', description: 'd', expires: '2026-01-02T00:00:00Z', usages: ['signing', 'authentication'], groups: ['system:bootstrappers:x'] };

  it('round-trips a token through its Secret, usages sorted as kubeadm reads them', () => {
    const secret = bootstrapTokenSecret(token);
    expect(secret.metadata).toEqual({ name: 'bootstrap-token-abcdef', namespace: 'kube-system' });
    expect(Object.keys(secret.data!)).toEqual(['auth-extra-groups', 'description', 'expiration', 'token-id', 'token-secret', 'usage-bootstrap-authentication', 'usage-bootstrap-signing']);
    expect(bootstrapTokenFromSecret(secret)).toEqual({ ...token, usages: ['authentication', 'signing'] });
  });

  it('says what kubeadm says of a Secret that is not a token', () => {
    const secret = bootstrapTokenSecret(token);
    expect(bootstrapTokenFromSecret({ ...secret, metadata: { ...secret.metadata, name: 'bootstrap-token-xyzxyz' } }))
      .toEqual({ error: 'bootstrap token name is not of the form \'bootstrap-token-(token-id)\'. Actual: "bootstrap-token-xyzxyz". Expected: "bootstrap-token-abcdef"' });
    const { 'token-secret': _s, ...data } = secret.data!;
    expect(bootstrapTokenFromSecret({ ...secret, data })).toEqual({ error: 'bootstrap Token Secret has no token-secret data: bootstrap-token-abcdef' });
  });

  it('expires at its expiration, and at once when that does not parse', () => {
    const secret = bootstrapTokenSecret(token);
    expect(expiredAt(secret, Date.parse('2026-01-01T23:59:59Z'))).toBe(false);
    expect(expiredAt(secret, Date.parse('2026-01-02T00:00:00Z'))).toBe(true);
    expect(expiredAt(bootstrapTokenSecret({ ...token, expires: 'tomorrow' }), 0)).toBe(true);
    expect(expiredAt(bootstrapTokenSecret({ ...token, expires: undefined }), Number.MAX_SAFE_INTEGER)).toBe(false);
  });

  it('generates and parses tokens of the form [a-z0-9]{6}.[a-z0-9]{16}', () => {
    let k = 0;
    const t = generateBootstrapToken((n) => (k++ * 7) % n);
    expect(t).toMatch(/^[a-z0-9]{6}\.[a-z0-9]{16}$/);
    expect(parseToken(t)).toEqual({ id: t.slice(0, 6), secret: t.slice(7) });
    expect(parseToken('ABCDEF.0123456789abcdef')).toBeUndefined();
  });
});
