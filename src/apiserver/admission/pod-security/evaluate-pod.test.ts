import { describe, expect, it } from 'vitest';
import type { PodSpec } from '../../../api/types/core-v1';
import { evaluatePod, forbiddenDetail, forbiddenReasons } from './evaluate-pod';
import { policyOf } from './policy-labels';

const spec = (s: Partial<PodSpec>): PodSpec => ({ containers: [{ name: 'c', image: 'nginx' }], ...s });
const RESTRICTED_OK = {
  securityContext: { runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' as const } },
  containers: [{ name: 'c', image: 'nginx', securityContext: { allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } } }],
};

describe('Pod Security checks (texts from pod-security-admission v1.32)', () => {
  it.each<[string, Partial<PodSpec>, string]>([
    ['host namespaces', { hostNetwork: true, hostPID: true }, 'host namespaces (hostNetwork=true, hostPID=true)'],
    ['hostPath', { volumes: [{ name: 'h', hostPath: { path: '/' } }] }, 'hostPath volumes (volume "h")'],
    ['hostPorts', { containers: [{ name: 'a', image: 'x', ports: [{ containerPort: 80, hostPort: 80 }, { containerPort: 8, hostPort: 443 }] }] },
      'hostPort (container "a" uses hostPorts 443, 80)'],
    ['capabilities', { containers: [{ name: 'a', image: 'x', securityContext: { capabilities: { add: ['SYS_ADMIN', 'NET_ADMIN', 'CHOWN'] } } }] },
      'non-default capabilities (container "a" must not include "NET_ADMIN", "SYS_ADMIN" in securityContext.capabilities.add)'],
    ['sysctls', { securityContext: { sysctls: [{ name: 'kernel.msgmax', value: '1' }, { name: 'net.ipv4.tcp_syncookies', value: '1' }] } },
      'forbidden sysctls (kernel.msgmax)'],
    ['seccomp Unconfined', { securityContext: { seccompProfile: { type: 'Unconfined' } } },
      'seccompProfile (pod must not set securityContext.seccompProfile.type to "Unconfined")'],
    ['procMount', { containers: [{ name: 'a', image: 'x', securityContext: { procMount: 'Unmasked' } }] },
      'procMount (container "a" must not set securityContext.procMount to "Unmasked")'],
  ])('baseline: %s', (_n, s, detail) => {
    expect(forbiddenDetail(evaluatePod('baseline', {}, spec(s)))).toBe(detail);
  });

  it('admits a default pod at baseline and nothing is checked at privileged', () => {
    expect(evaluatePod('baseline', {}, spec({}))).toEqual([]);
    expect(evaluatePod('privileged', {}, spec({ hostNetwork: true }))).toEqual([]);
  });

  it('restricted: a compliant pod passes; each field broken names its container', () => {
    expect(evaluatePod('restricted', {}, RESTRICTED_OK)).toEqual([]);
    const bad = spec({
      securityContext: { runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } },
      volumes: [{ name: 'n', nfs: { server: 's', path: '/' } }],
      containers: [
        { name: 'a', image: 'x', securityContext: { allowPrivilegeEscalation: false, runAsNonRoot: false, runAsUser: 0, capabilities: { drop: ['ALL'], add: ['NET_BIND_SERVICE', 'NET_RAW'] } } },
      ],
    });
    expect(forbiddenDetail(evaluatePod('restricted', {}, bad))).toBe(
      'unrestricted capabilities (container "a" must not include "NET_RAW" in securityContext.capabilities.add), ' +
      'restricted volume types (volumes ["n"] have restricted types), ' +
      'runAsNonRoot != true (container "a" must not set securityContext.runAsNonRoot=false), ' +
      'runAsUser=0 (container "a" must not set runAsUser=0)');
    expect(forbiddenReasons(evaluatePod('restricted', {}, bad))).toBe('unrestricted capabilities, restricted volume types, runAsNonRoot != true, runAsUser=0');
  });

  it('checks at the policy version: each check from the version upstream added it in', () => {
    const root = spec({
      securityContext: { runAsNonRoot: true, runAsUser: 0, seccompProfile: { type: 'RuntimeDefault' } },
      containers: [{ name: 'c', image: 'nginx', securityContext: { allowPrivilegeEscalation: false, capabilities: { add: ['SYS_ADMIN'] } } }],
    });
    // v1.23+: runAsUser and the restricted capabilities check.
    expect(forbiddenReasons(evaluatePod('restricted', {}, root, 'v1.23'))).toBe('unrestricted capabilities, runAsUser=0');
    expect(forbiddenReasons(evaluatePod('restricted', {}, root, 'latest'))).toBe('unrestricted capabilities, runAsUser=0');
    // v1.22: runAsUser=0 is not checked yet.
    expect(forbiddenReasons(evaluatePod('restricted', {}, root, 'v1.22'))).toBe('unrestricted capabilities');
    // v1.21: capabilities are checked as baseline checks them.
    expect(forbiddenDetail(evaluatePod('restricted', {}, root, 'v1.21'))).toBe('non-default capabilities (container "c" must not include "SYS_ADMIN" in securityContext.capabilities.add)');
    // A version past the newest reads as latest.
    expect(evaluatePod('restricted', {}, root, 'v1.99')).toEqual(evaluatePod('restricted', {}, root));
  });

  it('allows sysctls from the version that made them safe', () => {
    const pod = spec({ securityContext: { sysctls: [{ name: 'net.ipv4.ip_local_reserved_ports', value: '80' }, { name: 'net.ipv4.tcp_keepalive_time', value: '60' }] } });
    expect(forbiddenDetail(evaluatePod('baseline', {}, pod, 'v1.26'))).toBe('forbidden sysctls (net.ipv4.ip_local_reserved_ports, net.ipv4.tcp_keepalive_time)');
    expect(forbiddenDetail(evaluatePod('baseline', {}, pod, 'v1.28'))).toBe('forbidden sysctls (net.ipv4.tcp_keepalive_time)');
    expect(evaluatePod('baseline', {}, pod, 'v1.29')).toEqual([]);
  });

  it('skips the Linux-only restricted checks for Windows pods from v1.25', () => {
    const win = spec({ os: { name: 'windows' }, securityContext: { runAsNonRoot: true } });
    expect(forbiddenReasons(evaluatePod('restricted', {}, win, 'v1.25'))).toBe('');
    expect(forbiddenReasons(evaluatePod('restricted', {}, win, 'v1.24'))).toBe('allowPrivilegeEscalation != false, unrestricted capabilities, seccompProfile');
  });

  it('reads namespace labels, falling back to restricted on a bad level', () => {
    expect(policyOf({ 'pod-security.kubernetes.io/warn': 'baseline', 'pod-security.kubernetes.io/warn-version': 'v1.30' }).policy.warn)
      .toEqual({ level: 'baseline', version: 'v1.30' });
    const { policy, errors } = policyOf({ 'pod-security.kubernetes.io/enforce': 'strict' });
    expect(policy.enforce.level).toBe('restricted');
    expect(errors).toHaveLength(1);
    expect(policyOf(undefined).policy.audit).toEqual({ level: 'privileged', version: 'latest' });
  });
});
