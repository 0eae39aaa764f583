import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/meta';
import { ApiError } from './errors';
import { STATIC_PODS_REFUSED, withEphemeralContainers } from './ephemeral-containers';

const pod = (extra: Record<string, unknown> = {}): KubeObject => ({
  apiVersion: 'v1', kind: 'Pod',
  metadata: { name: 'web', namespace: 'default', ...extra },
  spec: { restartPolicy: 'Always', dnsPolicy: 'ClusterFirst', containers: [{ name: 'app', image: 'nginx', imagePullPolicy: 'Always', terminationMessagePath: '/dev/termination-log', terminationMessagePolicy: 'File' }] },
} as KubeObject);

const causesOf = (fn: () => unknown): string[] => {
  try { fn(); } catch (e) { if (e instanceof ApiError) return (e.details?.causes ?? []).map((c) => `${c.field}: ${c.message}`); throw e; }
  return [];
};

describe('pods/ephemeralcontainers', () => {
  it('takes only spec.ephemeralContainers from what is sent, defaulted', () => {
    const sent = pod();
    sent.spec.containers[0].image = 'httpd';
    sent.spec.ephemeralContainers = [{ name: 'dbg', image: 'busybox' }];
    const next = withEphemeralContainers(pod(), sent);
    expect(next.spec.containers[0].image).toBe('nginx');
    expect(next.spec.ephemeralContainers).toEqual([expect.objectContaining({ name: 'dbg', image: 'busybox', terminationMessagePath: '/dev/termination-log', imagePullPolicy: 'Always' })]);
  });

  it('refuses changing or removing an ephemeral container already added', () => {
    const current = withEphemeralContainers(pod(), { ...pod(), spec: { ...pod().spec, ephemeralContainers: [{ name: 'dbg', image: 'busybox' }] } });
    expect(causesOf(() => withEphemeralContainers(current, pod()))).toEqual(['spec.ephemeralContainers: Forbidden: existing ephemeral containers "dbg" may not be changed']);
    const changed = structuredClone(current);
    changed.spec.ephemeralContainers[0].image = 'alpine';
    expect(causesOf(() => withEphemeralContainers(current, changed))).toEqual(['spec.ephemeralContainers: Forbidden: existing ephemeral containers "dbg" may not be changed']);
  });

  it('refuses a name a container already has, and mirror pods', () => {
    const sent = pod();
    sent.spec.ephemeralContainers = [{ name: 'app', image: 'busybox' }];
    expect(causesOf(() => withEphemeralContainers(pod(), sent))[0]).toBe('spec.ephemeralContainers[0].name: Duplicate value: "app"');
    const mirror = pod({ annotations: { 'kubernetes.io/config.mirror': 'abc' } });
    expect(causesOf(() => withEphemeralContainers(mirror, sent))).toEqual([`: Forbidden: ${STATIC_PODS_REFUSED}`]);
  });
});
