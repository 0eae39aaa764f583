import { describe, expect, it } from 'vitest';
import { LEAF_VALIDITY_MS, certificateExpired, mayHaveExpired } from './serving-cert';

describe('certificateExpired', () => {
  const issued = Date.UTC(2026, 0, 1);
  it('is silent while the certificate is valid, up to its last instant', () => {
    expect(certificateExpired(issued + LEAF_VALIDITY_MS, issued + LEAF_VALIDITY_MS)).toBeUndefined();
    expect(certificateExpired(issued, undefined)).toBeUndefined();
  });
  it('words the handshake failure as kubectl prints Go\'s x509 error, in RFC 3339', () => {
    expect(certificateExpired(issued + LEAF_VALIDITY_MS + 86_400_500, issued + LEAF_VALIDITY_MS)).toBe(
      'Unable to connect to the server: tls: failed to verify certificate: x509: certificate has expired or is not yet valid: current time 2027-01-02T00:00:00Z is after 2027-01-01T00:00:00Z');
  });
});

describe('mayHaveExpired', () => {
  const created = Date.UTC(2026, 0, 1);
  it('needs no node read within a year of the cluster\'s creation, and one after it', () => {
    expect(mayHaveExpired(created + LEAF_VALIDITY_MS, created)).toBe(false);
    expect(mayHaveExpired(created + LEAF_VALIDITY_MS + 1, created)).toBe(true);
  });
  it('always checks a state file that does not say when it was created', () => {
    expect(mayHaveExpired(created, undefined)).toBe(true);
    expect(mayHaveExpired(created, Number('x'))).toBe(true);
  });
});
