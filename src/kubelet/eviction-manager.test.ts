import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/meta';
import { DISK_RELIEVED_ANNOTATION, evictionMessage, rankForDiskPressure, transitionEndsIn, withDiskPressure } from './eviction-manager';

const pod = (name: string, priority?: number): KubeObject => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' }, spec: { priority } });

describe('eviction manager', () => {
  it('ranks the lowest priority first, then by name', () => {
    const ranked = rankForDiskPressure([pod('b', 100), pod('c'), pod('a', 100), pod('d', -5)]);
    expect(ranked.map((p) => p.metadata.name)).toEqual(['d', 'c', 'a', 'b']);
  });

  it('words the eviction with the nodefs threshold (10% of capacity) and what is available', () => {
    const node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n' }, status: { capacity: { 'ephemeral-storage': '100Gi' } } } as KubeObject;
    expect(evictionMessage(node)).toBe('The node was low on resource: ephemeral-storage. Threshold quantity: 10Gi, available: 3Gi. ');
  });

  it('records when a full disk is freed, and only then', () => {
    const full = withDiskPressure({ 'kubemu.io/pressure': 'memory' }, true, '2026-01-01T00:00:00Z');
    expect(full).toEqual({ 'kubemu.io/pressure': 'memory,disk' });
    const freed = withDiskPressure(full, false, '2026-01-01T00:01:00Z');
    expect(freed).toEqual({ 'kubemu.io/pressure': 'memory', [DISK_RELIEVED_ANNOTATION]: '2026-01-01T00:01:00Z' });
    // Freeing a disk that was not full leaves the record alone.
    expect(withDiskPressure(freed, false, '2026-01-01T00:02:00Z')[DISK_RELIEVED_ANNOTATION]).toBe('2026-01-01T00:01:00Z');
    expect(withDiskPressure({}, false, '2026-01-01T00:00:00Z')).toEqual({});
  });

  it('keeps the pressure for 5m after the disk is freed', () => {
    const node = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n', annotations: { [DISK_RELIEVED_ANNOTATION]: '2026-01-01T00:00:00Z' } } } as KubeObject;
    const at = Date.parse('2026-01-01T00:00:00Z');
    expect(transitionEndsIn(node, at + 60_000)).toBe(240_000);
    expect(transitionEndsIn(node, at + 300_000)).toBeUndefined();
  });
});
