import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/meta';
import { downwardAPIValue } from './downward-api-files';

const pod = {
  metadata: {
    name: 'dapi', namespace: 'team', uid: '00000000-0000-4000-8000-000000000001',
    labels: { zone: 'us-est-coast', cluster: 'test-cluster1' },
    annotations: { builder: 'john-doe', note: 'say "hi"\n\tback\\slash\x01' },
  },
  status: { startTime: '2026-01-01T00:05:07Z' },
} as unknown as KubeObject;
const field = (fieldPath: string) => downwardAPIValue(pod, { path: 'x', fieldRef: { fieldPath } }, () => 'unused');

describe('downward API volume files', () => {
  it('write labels and annotations as sorted, Go-quoted key="value" lines with no last newline', () => {
    expect(field('metadata.labels')).toBe('cluster="test-cluster1"\nzone="us-est-coast"');
    expect(field('metadata.annotations').split('\n')).toEqual([
      'builder="john-doe"',
      `kubernetes.io/config.seen="${field("metadata.annotations['kubernetes.io/config.seen']")}"`,
      'kubernetes.io/config.source="api"',
      'note="say \\"hi\\"\\n\\tback\\\\slash\\x01"',
    ]);
  });

  it('add when the kubelet first saw the pod, within its start\'s second, in RFC 3339 with nanoseconds', () => {
    expect(field("metadata.annotations['kubernetes.io/config.seen']")).toMatch(/^2026-01-01T00:05:07\.\d{1,9}Z$/);
    expect(field("metadata.annotations['kubernetes.io/config.seen']")).toBe(field("metadata.annotations['kubernetes.io/config.seen']"));
  });

  it('write one field, label or annotation as it is, and a resource through the container\'s reader', () => {
    expect([field('metadata.name'), field('metadata.namespace'), field('metadata.uid'), field("metadata.labels['zone']"), field("metadata.annotations['builder']"), field("metadata.labels['none']")])
      .toEqual(['dapi', 'team', '00000000-0000-4000-8000-000000000001', 'us-est-coast', 'john-doe', '']);
    expect(downwardAPIValue(pod, { path: 'cpu', resourceFieldRef: { containerName: 'c', resource: 'limits.cpu', divisor: '1m' } }, (ref) => `${ref.resource}/${ref.divisor}`)).toBe('limits.cpu/1m');
  });
});
