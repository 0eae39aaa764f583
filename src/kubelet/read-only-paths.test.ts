import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/meta';
import { isReadOnly, readOnlyPathsOf } from './read-only-paths';
import { nonRootViolation } from './run-as-non-root';

const pod = (container: Record<string, unknown>, podSC?: Record<string, unknown>): KubeObject => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'ns', uid: 'u' },
  spec: {
    securityContext: podSC,
    containers: [{ name: 'c', image: 'busybox', ...container }],
    volumes: [{ name: 'e', emptyDir: {} }, { name: 'cm', configMap: { name: 'x' } }, { name: 'h', hostPath: { path: '/' } }],
  },
});

describe('read-only paths', () => {
  it('leaves everything writable by default, and makes ConfigMap mounts read-only anyway', () => {
    const p = pod({ volumeMounts: [{ name: 'cm', mountPath: '/etc/cm' }] });
    const paths = readOnlyPathsOf(p, p.spec.containers[0]);
    expect(isReadOnly(paths, '/x')).toBe(false);
    expect(isReadOnly(paths, '/etc/cm/a')).toBe(true);
    expect(readOnlyPathsOf(pod({}), pod({}).spec.containers[0])).toBeUndefined();
  });

  it('readOnlyRootFilesystem leaves only writable mounts, the deepest mount deciding', () => {
    const p = pod({ securityContext: { readOnlyRootFilesystem: true }, volumeMounts: [
      { name: 'e', mountPath: '/data/' }, { name: 'h', mountPath: '/data/ro', readOnly: true },
    ] });
    const paths = readOnlyPathsOf(p, p.spec.containers[0]);
    expect(['/x', '/tmp/x', '/datax', '/data/ro/f'].map((f) => isReadOnly(paths, f))).toEqual([true, true, true, true]);
    expect(['/data/f', '/data/sub/f', '/dev/null'].map((f) => isReadOnly(paths, f))).toEqual([false, false, false]);
  });
});

describe('runAsNonRoot (kubelet)', () => {
  const check = (p: KubeObject, user = '') => nonRootViolation(p, p.spec.containers[0], user, 'p_ns(u)');
  it('passes without runAsNonRoot, with a non-zero runAsUser, or a numeric non-root image user', () => {
    expect(check(pod({}))).toBeUndefined();
    expect(check(pod({}, { runAsNonRoot: true, runAsUser: 1000 }))).toBeUndefined();
    expect(check(pod({ securityContext: { runAsNonRoot: true } }), '65535:65535')).toBeUndefined();
  });
  it('words each refusal as the kubelet does; the container overrides the pod', () => {
    expect(check(pod({ securityContext: { runAsNonRoot: true } }))).toBe('container has runAsNonRoot and image will run as root (pod: "p_ns(u)", container: c)');
    expect(check(pod({ securityContext: { runAsUser: 0 } }, { runAsNonRoot: true, runAsUser: 1 }))).toBe("container's runAsUser breaks non-root policy (pod: \"p_ns(u)\", container: c)");
    expect(check(pod({ securityContext: { runAsNonRoot: true } }), 'nginx')).toBe('container has runAsNonRoot and image has non-numeric user (nginx), cannot verify user is non-root (pod: "p_ns(u)", container: c)');
    expect(check(pod({ securityContext: { runAsNonRoot: false } }, { runAsNonRoot: true }))).toBeUndefined();
  });
});
