/**
 * node-heartbeats: a running kubelet's Lease renewals and status re-posts are computed when read,
 * not written, so a long idle tick writes nothing for them; a kubelet stopped between two long
 * ticks still has its true last beat stored, and its node goes NotReady exactly the grace
 * period (50s) after that beat.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

const home = manualCluster('beats', 7);
afterAll(() => home.cleanup());

const json = (args: string) => JSON.parse(home.run(`${args} -o json`).stdout);
const lease = (node: string) => json(`get lease -n kube-node-lease ${node}`);
const ready = (node: string) => json(`get node ${node}`).status.conditions.find((c: { type: string }) => c.type === 'Ready');
const clock = () => home.run('tick 0s').stdout.split(' -> ')[0];

describe('node heartbeats', () => {
  it('a long idle tick writes no heartbeat, and reads show the latest beat', () => {
    home.run('tick 1m');
    const before = lease('worker02');
    expect(home.run('tick 24h').code).toBe(0);
    const after = lease('worker02');
    // No write: the same stored version, read with a day of renewals on it.
    expect(after.metadata.resourceVersion).toBe(before.metadata.resourceVersion);
    const now = Date.parse(clock());
    const renew = Date.parse(after.spec.renewTime);
    expect(now - renew).toBeGreaterThanOrEqual(0);
    expect(now - renew).toBeLessThan(10_000);
    expect((renew - Date.parse(before.spec.renewTime)) % 10_000).toBe(0);
    const beat = Date.parse(ready('worker02').lastHeartbeatTime);
    expect(now - beat).toBeGreaterThanOrEqual(0);
    expect(now - beat).toBeLessThan(300_000);
    expect(home.run('get nodes --no-headers').stdout).not.toMatch(/NotReady/);
  });

  it('a kubelet stopped between long ticks goes NotReady 50s after its last beat, at that second', () => {
    // Off a beat: 7s past the tick, so the last renewal is not the stop time.
    home.run('tick 7s');
    expect(home.run('node stop worker01').stdout).toBe('node/worker01 stopped\n');
    const stopped = lease('worker01');
    const last = Date.parse(stopped.spec.renewTime);
    const stopAt = Date.parse(clock());
    expect(stopAt - last).toBeGreaterThanOrEqual(0);
    expect(stopAt - last).toBeLessThan(10_000);
    expect(home.run('tick 24h').code).toBe(0);
    const cond = ready('worker01');
    expect(cond.status).toBe('Unknown');
    expect(cond.reason).toBe('NodeStatusUnknown');
    expect(Date.parse(cond.lastTransitionTime)).toBe(last + 50_000);
    // Its stored beats stay where the kubelet stopped; the running node's keep counting.
    expect(lease('worker01').spec.renewTime).toBe(stopped.spec.renewTime);
    expect(Date.parse(clock()) - Date.parse(lease('worker02').spec.renewTime)).toBeLessThan(10_000);
  });
});
