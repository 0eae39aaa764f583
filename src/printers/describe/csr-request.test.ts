import { describe, expect, it } from 'vitest';
import { CSR_MALFORMED_ERROR, CSR_PEM_TYPE_ERROR, parseCsr } from './csr-request';

// CN=node:web-1, serialNumber=42, C=DE, L=Berlin, O=ops, OU=platform; SANs: IPv6, IPv4-mapped IPv6, URI, two DNS names.
const PEM = [
  '-----BEGIN CERTIFICATE REQUEST-----',
  'MIIBnjCCAUQCAQAwYTELMAkGA1UEBhMCREUxDzANBgNVBAcMBkJlcmxpbjEMMAoG',
  'A1UECgwDb3BzMREwDwYDVQQLDAhwbGF0Zm9ybTETMBEGA1UEAwwKbm9kZTp3ZWIt',
  'MTELMAkGA1UEBRMCNDIwWTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAAQ+CYWCb96c',
  'fQ209Vm3b8FZDOq/BkCCh5wWlM3KjUMS+N1nVzXUM3AzkeLfMv2LSKtxn1pK+FbU',
  'IwP7wCFxmwQQoIGAMH4GCSqGSIb3DQEJDjFxMG8wbQYDVR0RBGYwZIcQIAENuAAA',
  'AAAAAAAAAAAAAYcQAAAAAAAAAAAAAP//CgECA4Yoc3BpZmZlOi8vY2x1c3Rlci5s',
  'b2NhbC9ucy9kZWZhdWx0L3NhL3dlYoIJYS5leGFtcGxlggliLmV4YW1wbGUwCgYI',
  'KoZIzj0EAwIDSAAwRQIhAOiJiUJDMklwK7lgh6ABPvDtdD8lCiPr6qEST3x0qTrt',
  'AiBimp6ygBmbKQBUeJPTHeSSOmB4VLEJMfV39QLvUsWKLA==',
  '-----END CERTIFICATE REQUEST-----',
].join('\n') + '\n';
const b64 = (s: string): string => Buffer.from(s).toString('base64');

describe('parseCsr', () => {
  it('reads the subject and the alternative names as Go x509 does', () => {
    expect(parseCsr(b64(PEM))).toEqual({
      commonName: 'node:web-1', serialNumber: '42',
      organization: ['ops'], organizationalUnit: ['platform'], country: ['DE'], locality: ['Berlin'],
      province: [], streetAddress: [], postalCode: [],
      dnsNames: ['a.example', 'b.example'], emailAddresses: [],
      uris: ['spiffe://cluster.local/ns/default/sa/web'],
      // net.IP String(): compressed IPv6, and an IPv4-mapped address as IPv4.
      ipAddresses: ['2001:db8::1', '10.1.2.3'],
    });
  });

  it('refuses text without a CERTIFICATE REQUEST block', () => {
    expect(() => parseCsr(b64('hello'))).toThrow(CSR_PEM_TYPE_ERROR);
    expect(() => parseCsr(b64(PEM.replace(/CERTIFICATE REQUEST/g, 'CERTIFICATE')))).toThrow(CSR_PEM_TYPE_ERROR);
    expect(() => parseCsr(undefined)).toThrow(CSR_PEM_TYPE_ERROR);
  });

  it('refuses a block whose DER is cut short', () => {
    const cut = '-----BEGIN CERTIFICATE REQUEST-----\nMIIBnjCCAUQCAQAwYTELMAkGA1UEBhMCREUx\n-----END CERTIFICATE REQUEST-----\n';
    expect(() => parseCsr(b64(cut))).toThrow(CSR_MALFORMED_ERROR);
  });
});
