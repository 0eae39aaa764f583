import { describe, expect, it } from 'vitest';
import { ConnectionIdentities } from './connection-identity';

describe('ConnectionIdentities', () => {
  const alice = { name: 'alice', groups: ['dev', 'system:authenticated'] };
  const from = 'Jan  1 00:00:00 2025 GMT';
  const to = 'Jan  1 00:00:00 2026 GMT';

  it('knows a connection\'s user while its certificate is valid on the cluster clock, and only that connection\'s', () => {
    const ids = new ConnectionIdentities();
    const socket = {};
    ids.remember(socket, alice, from, to);
    expect(ids.known(socket, Date.parse('2025-06-01T00:00:00Z'))).toBe(alice);
    expect(ids.known({}, Date.parse('2025-06-01T00:00:00Z'))).toBeUndefined();
    // Expired (or not yet valid) on the cluster clock: verified again, which refuses it.
    expect(ids.known(socket, Date.parse('2026-01-01T00:00:01Z'))).toBeUndefined();
    expect(ids.known(socket, Date.parse('2024-12-31T23:59:59Z'))).toBeUndefined();
  });

  it('remembers nothing for a validity it cannot read', () => {
    const ids = new ConnectionIdentities();
    const socket = {};
    ids.remember(socket, alice, 'someday', to);
    expect(ids.known(socket, Date.parse('2025-06-01T00:00:00Z'))).toBeUndefined();
  });
});
