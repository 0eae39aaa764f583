import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../api/meta';
import { newTestCluster } from '../../test/helpers/test-cluster';
import { HandedOverPods, handOverMemo } from './handed-over-pods';
import { lessPod } from './scheduling-queue';

const queued = (name: string, rv: string | undefined, priority: number | undefined, created: string, nominated?: string): KubeObject => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { namespace: 'default', name, resourceVersion: rv, creationTimestamp: created },
  spec: { priority }, status: { nominatedNodeName: nominated },
});

describe('handed-over pods', () => {
  const pods = [
    queued('a', '11', undefined, '2026-01-01T00:00:02Z'),
    queued('b', '12', 100, '2026-01-01T00:00:03Z'),
    queued('nominated', '13', 0, '2026-01-01T00:00:01Z', 'worker01'),
    queued('unversioned', undefined, 0, '2026-01-01T00:00:01Z'),
  ];

  it('hands over what PrioritySort compares of each pod that is not nominated, and stubs order as the pods do', () => {
    const memo = handOverMemo('default-scheduler', pods);
    expect(JSON.parse(JSON.stringify(memo))).toEqual({
      schedulerName: 'default-scheduler',
      pods: [['default/a', '11', 0, '2026-01-01T00:00:02Z'], ['default/b', '12', 100, '2026-01-01T00:00:03Z']],
    });
    const held = new HandedOverPods();
    held.takeOver(JSON.parse(JSON.stringify(memo)));
    const a = held.take('default/a', '11', 'default-scheduler')!;
    const b = held.take('default/b', '12', 'default-scheduler')!;
    expect(a.metadata).toMatchObject({ namespace: 'default', name: 'a', resourceVersion: '11' });
    expect(Math.sign(lessPod(a, b))).toBe(Math.sign(lessPod(pods[0]!, pods[1]!)));
    expect(lessPod(b, a)).toBeLessThan(0); // higher priority first, though created later
    expect(handOverMemo('default-scheduler', pods.slice(2))).toBeUndefined();
  });

  it('stands for a pod only at the version it was taken at, under the same scheduler, once', () => {
    const memo = JSON.parse(JSON.stringify(handOverMemo('default-scheduler', pods)));
    const held = new HandedOverPods();
    held.takeOver(memo);
    expect(held.size).toBe(2);
    expect(held.take('default/a', '14', 'default-scheduler')).toBeUndefined(); // changed since
    expect(held.take('default/a', '11', 'default-scheduler')).toBeUndefined(); // used up
    expect(held.take('default/b', '12', 'other-scheduler')).toBeUndefined();
    expect(held.take('default/gone', undefined, 'default-scheduler')).toBeUndefined();
    held.takeOver(memo);
    expect(held.take('default/b', '12', 'default-scheduler')?.spec?.priority).toBe(100);
    // A memo of another shape (an older kubemu's, a hand-edited one) holds nothing.
    for (const odd of [undefined, 'x', { pods: [] }, { schedulerName: 'default-scheduler', pods: [['default/a', 11, 0, '']] }]) {
      held.takeOver(odd);
      expect(held.size).toBe(0);
    }
  });
});

describe('handed-over pods of a whole queue', () => {
  const pending = (name: string): KubeObject => ({
    apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' },
    spec: { schedulerName: 'other', containers: [{ name: 'c', image: 'nginx' }] },
  });

  it('stands for each pod the change log shows unchanged since, and names the pods left pending', () => {
    const cluster = newTestCluster();
    cluster.write(() => { for (const name of ['a', 'b', 'c']) cluster.api.create(pending(name), { fieldManager: 't' }); });
    const get = (name: string) => cluster.api.get({ kind: 'Pod', namespace: 'default', name });
    // a and b wait in activeQ, c backs off.
    const memo = JSON.parse(JSON.stringify(handOverMemo('default-scheduler', [get('a'), get('b')], { revision: cluster.api.revision(), keys: ['default/a', 'default/b', 'default/c'] })));
    expect(memo.rest).toEqual(['default/c']);
    // b changes after the hand-over.
    cluster.write(() => cluster.api.update({ ...get('b'), metadata: { ...get('b').metadata, labels: { tier: 'web' } } }, { fieldManager: 't' }));

    const held = new HandedOverPods();
    held.takeOver(memo);
    expect(held.trusted(cluster.api)).toBe(true);
    expect(held.leftPending(cluster.api, 'default-scheduler')).toEqual(['default/a', 'default/b', 'default/c']);
    expect(held.leftPending(cluster.api, 'other-scheduler')).toBeUndefined();
    expect(held.take('default/a', undefined, 'default-scheduler', cluster.api)?.metadata.resourceVersion).toBe(get('a').metadata.resourceVersion);
    expect(held.take('default/b', undefined, 'default-scheduler', cluster.api)).toBeUndefined(); // changed since: read again
    held.usedUp();
    expect(held.size).toBe(0);
    expect(held.leftPending(cluster.api, 'default-scheduler')).toHaveLength(3); // still names them

    // Without the whole queue (no revision, or a malformed key), each pod is taken at its version only.
    for (const partial of [{ ...memo, revision: undefined }, { ...memo, rest: [1] }]) {
      held.takeOver(partial);
      expect(held.trusted(cluster.api)).toBe(false);
      expect(held.leftPending(cluster.api, 'default-scheduler')).toBeUndefined();
      expect(held.take('default/a', undefined, 'default-scheduler', cluster.api)).toBeUndefined();
    }
    // A log compacted past the revision cannot say what changed.
    held.takeOver(memo);
    cluster.write(() => cluster.store.compact(cluster.store.revision()));
    expect(held.trusted(cluster.api)).toBe(false);
    expect(held.take('default/a', get('a').metadata.resourceVersion, 'default-scheduler', cluster.api)).toBeDefined();
    cluster.close();
  });
});
