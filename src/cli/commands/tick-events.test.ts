import { describe, expect, it, vi } from 'vitest';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Database from 'better-sqlite3';
import type { KubeObject } from '../../api/meta';
import { newTestCluster } from '../../../test/helpers/test-cluster';
import { DEFAULT_SPEC, initialiseCluster } from '../../cluster/bootstrap';
import { openCluster } from '../../cluster/cluster';
import { addonPath } from '../../store/sqlite/addon-path';
import { eventsSince } from './tick';

const event = (name: string, reason: string, at: string) => ({
  apiVersion: 'v1', kind: 'Event', metadata: { name, namespace: 'default' },
  involvedObject: { kind: 'Pod', namespace: 'default', name: 'web' }, reason, message: reason, type: 'Normal',
  firstTimestamp: at, lastTimestamp: at, count: 1, source: { component: 'kubelet' },
}) as unknown as KubeObject;

describe('eventsSince', () => {
  it('after compaction counts the Events written since the revision, even at the second the tick started from', () => {
    const cluster = newTestCluster();
    const now = new Date(cluster.clock.nowMs()).toISOString().replace(/\.\d+Z$/, 'Z');
    cluster.write(() => cluster.api.create(event('before.1', 'Pulled', now), { fieldManager: 'test' }));
    const before = cluster.api.revision();
    cluster.write(() => {
      cluster.api.create(event('after.1', 'Started', now), { fieldManager: 'test' });
      cluster.api.create(event('after.2', 'Started', now), { fieldManager: 'test' });
      cluster.api.create(event('after.3', 'Created', now), { fieldManager: 'test' });
    });
    expect(Object.fromEntries(eventsSince(cluster, before))).toEqual({ Created: 1, Started: 2 });
    // A long tick wrote more than the log keeps: the watch from `before` is Expired.
    cluster.write(() => cluster.store.compact(cluster.api.revision()));
    expect(() => cluster.api.watch('Event', before)).toThrow(/too old resource version/);
    // Only the Events written since are read (a big cluster keeps hundreds of thousands).
    const reads = vi.spyOn(cluster.store, 'get');
    expect(Object.fromEntries(eventsSince(cluster, before))).toEqual({ Created: 1, Started: 2 });
    expect(reads.mock.calls.map(([ref]) => ref.name).sort()).toEqual(['after.1', 'after.2', 'after.3']);
  });

  it('after compaction passes over a corrupt Event, as a list does', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubemu-tick-events-'));
    try {
      const file = path.join(dir, 'state.db');
      const cluster = initialiseCluster(file, { ...DEFAULT_SPEC, clock: 'manual', seed: 1, workers: 1 });
      const now = new Date(cluster.clock.nowMs()).toISOString().replace(/\.\d+Z$/, 'Z');
      const before = cluster.api.revision();
      cluster.write(() => {
        cluster.api.create(event('after.1', 'Started', now), { fieldManager: 'test' });
        cluster.api.create(event('after.2', 'Created', now), { fieldManager: 'test' });
      });
      cluster.write(() => cluster.store.compact(cluster.api.revision()));
      cluster.close();
      const db = new Database(file, { nativeBinding: addonPath() });
      db.prepare("UPDATE objects SET body = '{not json' WHERE kind = 'Event' AND name = 'after.1'").run();
      db.close();
      const again = openCluster(file);
      expect(Object.fromEntries(again.read(() => eventsSince(again, before)))).toEqual({ Created: 1 });
      again.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
