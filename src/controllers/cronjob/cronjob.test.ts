import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/meta';
import { newTestCluster } from '../../../test/helpers/test-cluster';
import { jobNameFor, rfc3339, SCHEDULED_TIMESTAMP_ANNOTATION } from './index';

function cronJob(spec: Record<string, unknown> = {}): KubeObject {
  return {
    apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: 'tick', namespace: 'default' },
    spec: {
      schedule: '*/5 * * * *',
      jobTemplate: { spec: { template: { spec: { restartPolicy: 'OnFailure', containers: [{ name: 'c', image: 'busybox', command: ['sleep', '3600'] }] } } } },
      ...spec,
    },
  };
}

describe('cronjob controller', () => {
  it('creates a job named by its scheduled minute at each scheduled time', () => {
    const cluster = newTestCluster();
    cluster.write(() => cluster.api.create(cronJob(), { fieldManager: 'test' }));
    const start = cluster.clock.nowMs();
    cluster.advance(11 * 60_000);
    const jobs = cluster.api.list({ kind: 'Job', namespace: 'default' }).map((j) => j.metadata.name).sort();
    const first = Math.floor(start / 300_000) * 300_000 + 300_000;
    expect(jobs).toEqual([jobNameFor('tick', first), jobNameFor('tick', first + 300_000)]);
    const j = cluster.api.get({ kind: 'Job', namespace: 'default', name: jobNameFor('tick', first) });
    expect(j.metadata.annotations?.[SCHEDULED_TIMESTAMP_ANNOTATION]).toBe(rfc3339(first));
    expect(j.metadata.creationTimestamp).toBe(rfc3339(first));
    const cj = cluster.api.get({ kind: 'CronJob', namespace: 'default', name: 'tick' });
    expect(cj.status!.lastScheduleTime).toBe(rfc3339(first + 300_000));
    expect(cj.status!.active!.map((r) => r.name)).toEqual(jobs);
  });

  it('Forbid skips a run while one is active; Replace deletes the active job', () => {
    const cluster = newTestCluster();
    cluster.write(() => cluster.api.create(cronJob({ concurrencyPolicy: 'Forbid' }), { fieldManager: 'test' }));
    cluster.advance(16 * 60_000);
    expect(cluster.api.list({ kind: 'Job', namespace: 'default' })).toHaveLength(1);
    cluster.write(() => {
      const cj = cluster.api.get({ kind: 'CronJob', namespace: 'default', name: 'tick' });
      cj.spec!.concurrencyPolicy = 'Replace';
      cluster.api.update(cj, { fieldManager: 'test' });
    });
    cluster.advance(5 * 60_000);
    const names = cluster.api.list({ kind: 'Job', namespace: 'default' }).filter((j) => !j.metadata.deletionTimestamp);
    expect(names).toHaveLength(1);
    const events = cluster.api.list({ kind: 'Event', namespace: 'default' }).filter((e) => e.involvedObject?.kind === 'CronJob').map((e) => e.reason);
    expect(events).toContain('SuccessfulDelete');
  });

  it('a run missed by more than startingDeadlineSeconds is skipped with MissSchedule', () => {
    const cluster = newTestCluster();
    // Suspended through 00:10, resumed at 00:12 with a 60s deadline: the 00:10 run is missed.
    cluster.write(() => cluster.api.create(cronJob({ suspend: true, startingDeadlineSeconds: 60 }), { fieldManager: 'test' }));
    const start = cluster.clock.nowMs();
    const firstRun = Math.floor(start / 300_000) * 300_000 + 300_000;
    cluster.advance(firstRun + 120_000 - start);
    cluster.write(() => {
      const cj = cluster.api.get({ kind: 'CronJob', namespace: 'default', name: 'tick' });
      cj.spec!.suspend = false;
      cluster.api.update(cj, { fieldManager: 'test' });
    });
    expect(cluster.api.list({ kind: 'Job', namespace: 'default' })).toHaveLength(0);
    cluster.advance(180_000);
    expect(cluster.api.list({ kind: 'Job', namespace: 'default' }).map((j) => j.metadata.name)).toEqual([jobNameFor('tick', firstRun + 300_000)]);
  });

  it('formats scheduled times in the CronJob time zone', () => {
    expect(rfc3339(Date.parse('2025-01-01T14:00:00Z'), 'America/New_York')).toBe('2025-01-01T09:00:00-05:00');
    expect(rfc3339(Date.parse('2025-01-01T14:00:00Z'))).toBe('2025-01-01T14:00:00Z');
    expect(rfc3339(Date.parse('2025-01-01T14:00:00Z'), 'Asia/Kolkata')).toBe('2025-01-01T19:30:00+05:30');
  });

  it('an every-minute CronJob keeps its history limits and does the same work every hour of a long advance', () => {
    const cluster = newTestCluster();
    cluster.write(() => cluster.api.create(cronJob({
      schedule: '* * * * *',
      jobTemplate: { spec: { template: { spec: { restartPolicy: 'OnFailure', containers: [{ name: 'c', image: 'busybox', command: ['sh', '-c', 'true'] }] } } } },
    }), { fieldManager: 'test' }));
    const writesPerHalfHour: number[] = [];
    for (let i = 0; i < 4; i++) {
      const before = cluster.store.revision();
      cluster.advance(30 * 60_000);
      writesPerHalfHour.push(cluster.store.revision() - before);
    }
    // successfulJobsHistoryLimit 3 finished Jobs, plus the one this minute started.
    const jobs = cluster.api.list({ kind: 'Job', namespace: 'default' });
    expect(jobs.filter((j) => j.status?.succeeded === 1)).toHaveLength(3);
    expect(jobs).toHaveLength(4);
    expect(cluster.api.list({ kind: 'Pod', namespace: 'default' })).toHaveLength(4);
    // The work of a half hour is what happens in it (30 Jobs), not more as the advance goes on:
    // once the first hour's Events expire (event-ttl 1h), every half hour writes alike.
    expect(writesPerHalfHour[3]).toBeLessThanOrEqual(writesPerHalfHour[2]! + 30);
    expect(writesPerHalfHour[3]).toBeGreaterThan(30 * 20);
  }, 60_000);
});

