import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/meta';
import { CONTAINER_FILES_ANNOTATION, annotationsAfter, applyLayer, diffLayer, layerBytes, layerOf, withLayer } from './filesystem';

const pod = (annotations?: Record<string, string>): KubeObject => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', annotations }, spec: {} }) as KubeObject;

describe('container writable layer', () => {
  it('round-trips a layer for the same container instance only', () => {
    const a = withLayer(pod(), 'c', 'containerd://1', { '/tmp/x': 'hi\n', '/etc/hostname': null });
    expect(layerOf(pod(a), 'c', 'containerd://1')).toEqual({ '/tmp/x': 'hi\n', '/etc/hostname': null });
    expect(layerOf(pod(a), 'c', 'containerd://2')).toEqual({});
    expect(layerOf(pod(a), 'other', 'containerd://1')).toEqual({});
  });

  it('applies and diffs writes and removals', () => {
    const base = { '/etc/hostname': 'p\n', '/a': '1' };
    const files = applyLayer(base, { '/a': null, '/b': '2' });
    expect(files).toEqual({ '/etc/hostname': 'p\n', '/b': '2' });
    expect(diffLayer(base, files)).toEqual({ '/a': null, '/b': '2' });
    expect(layerBytes({ '/a': null, '/b': '22' })).toBe(2);
  });

  it('drops the annotation when no layer is left, and ignores an unreadable one', () => {
    const a = withLayer(pod(), 'c', 'id', { '/x': '' });
    expect(Object.keys(a)).toEqual([CONTAINER_FILES_ANNOTATION]);
    expect(annotationsAfter(pod(a), 'c', 'id', {})).toEqual({});
    expect(annotationsAfter(pod(), 'c', 'id', {})).toBeUndefined();
    expect(layerOf(pod({ [CONTAINER_FILES_ANNOTATION]: '{nope' }), 'c', 'id')).toEqual({});
  });
});
