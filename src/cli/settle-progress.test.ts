import { describe, expect, it } from 'vitest';
import { PROGRESS_AFTER_MS, SettleProgress, podCounts, progressLine } from './settle-progress';
import { newTestCluster } from '../../test/helpers/test-cluster';
import { openCluster } from '../cluster/cluster';

/** fakeClock is real time as a test drives it. */
function fakeClock() {
  let now = 0;
  return { now: () => now, add: (ms: number) => { now += ms; } };
}

const counts = { created: 3, scheduled: 2, running: 1, nowMs: Date.UTC(2026, 0, 1, 0, 5) };

describe('SettleProgress', () => {
  it('draws nothing in the first second, then one line redrawn in place, cleared at the end', () => {
    const clock = fakeClock();
    let stderr = '';
    const p = new SettleProgress((t) => { stderr += t; }, () => true, clock.now, () => counts);
    for (let t = 0; t < PROGRESS_AFTER_MS; t += 100) { p.pass(); clock.add(100); }
    expect(stderr).toBe('');
    p.pass(); // at 1 s
    expect(stderr).toBe('\r\x1b[Kpods: 3 created, 2 scheduled, 1 running; simulated time 2026-01-01T00:05:00Z');
    clock.add(100);
    p.pass(); // too soon to redraw
    clock.add(200);
    p.pass();
    p.end();
    expect(stderr.split('\r\x1b[K')).toEqual(['', progressLine(counts), progressLine(counts), '']);
  });

  it('waits ten times as long as counting took before it counts again', () => {
    const clock = fakeClock();
    let drawn = 0;
    // Each count takes 100 ms of real time (a big cluster), so the next waits a second.
    const p = new SettleProgress(() => { drawn++; }, () => true, clock.now, () => { clock.add(100); return counts; });
    clock.add(PROGRESS_AFTER_MS);
    p.pass();
    expect(drawn).toBe(1);
    clock.add(900);
    p.pass();
    expect(drawn).toBe(1);
    clock.add(100);
    p.pass();
    expect(drawn).toBe(2);
  });

  it('prints nothing when stderr is not a terminal, and asks only once the line is due', () => {
    const clock = fakeClock();
    let stderr = '';
    let asked = 0;
    const p = new SettleProgress((t) => { stderr += t; }, () => { asked++; return false; }, clock.now, () => counts);
    p.pass();
    expect(asked).toBe(0);
    for (let i = 0; i < 50; i++) { clock.add(300); p.pass(); }
    p.end();
    expect(stderr).toBe('');
    expect(asked).toBe(1);
  });

  it('reports a real settle: pods created, scheduled and running, and the simulated time', () => {
    const base = newTestCluster();
    const clock = fakeClock();
    const lines: string[] = [];
    let progress: SettleProgress | undefined;
    const cluster = openCluster(':memory:', { store: base.store, onSettlePass: () => { clock.add(400); progress!.pass(); } });
    progress = new SettleProgress((t) => { if (t.length > 4) lines.push(t.slice(4)); }, () => true, clock.now, () => podCounts((v) => cluster.store.each({ kind: 'Pod' }, v), cluster.clock.nowMs()));
    const before = podCounts((v) => cluster.store.each({ kind: 'Pod' }, v), 0).created;
    cluster.write(() => cluster.api.create({
      apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web', namespace: 'default' },
      spec: { replicas: 20, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } },
    }, { fieldManager: 'test' }));
    cluster.advance(60_000);
    expect(lines.length).toBeGreaterThan(1);
    const last = /^pods: (\d+) created, (\d+) scheduled, (\d+) running; simulated time (\S+)$/.exec(lines.at(-1)!);
    expect(last).not.toBeNull();
    expect(Number(last![1])).toBe(before + 20);
    expect(Number(last![2])).toBe(before + 20);
    expect(Number(last![3])).toBeGreaterThan(before);
    expect(Date.parse(last![4]!)).toBeGreaterThan(Date.UTC(2026, 0, 1, 0, 5));
  });
});
