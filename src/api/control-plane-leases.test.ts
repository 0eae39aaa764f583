import { describe, expect, it } from 'vitest';
import { apiServerID, expiresAt, holderUUID, identityLease, isIdentityLease, isLeaderLease, leaderLease } from './control-plane-leases';

describe('control-plane leases', () => {
  it('names an API server as kube-apiserver does: base32 of sha256 over the length-prefixed hostname and "kube-apiserver"', () => {
    // Computed apart from the module (Python's hashlib and base64.b32encode).
    expect(apiServerID('control01')).toBe('apiserver-y3npz54xhhlxpa4nho2ova3bui');
    expect(apiServerID('control02')).toBe('apiserver-7lca2qydtrk7ijcfq34wgnhpge');
    expect(apiServerID('cp-1.example.internal')).toBe('apiserver-4dni3fspn2cx6npbjtprjzejlm');
  });

  it('draws a version-4 holder uuid that depends on the cluster and the lease', () => {
    const a = holderUUID('uid-1', 'kube-scheduler');
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(holderUUID('uid-1', 'kube-scheduler')).toBe(a);
    expect(holderUUID('uid-2', 'kube-scheduler')).not.toBe(a);
    expect(holderUUID('uid-1', 'kube-controller-manager')).not.toBe(a);
  });

  it('writes leases as client-go and the identity lease controller create them', () => {
    const t = Date.parse('2026-01-01T00:00:00Z');
    const leader = leaderLease('kube-scheduler', 'control01_x', t);
    expect(leader).toEqual({
      apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: 'kube-scheduler', namespace: 'kube-system' },
      spec: { holderIdentity: 'control01_x', leaseDurationSeconds: 15, acquireTime: '2026-01-01T00:00:00.000000Z', renewTime: '2026-01-01T00:00:00.000000Z', leaseTransitions: 0 },
    });
    const identity = identityLease('control01', 'apiserver-abc_x', t);
    expect(identity.metadata).toEqual({
      name: 'apiserver-abc', namespace: 'kube-system',
      labels: { 'apiserver.kubernetes.io/identity': 'kube-apiserver', 'kubernetes.io/hostname': 'control01' },
    });
    expect(isLeaderLease(leader as never)).toBe(true);
    expect(isIdentityLease(identity as never)).toBe(true);
    expect(isLeaderLease({ ...leader, metadata: { name: 'kube-scheduler', namespace: 'default' } } as never)).toBe(false);
    expect(expiresAt(leader as never)).toBe(t + 15_000);
    expect(expiresAt(identity as never)).toBe(t + 3_600_000);
  });
});
