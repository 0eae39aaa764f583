import { afterAll, describe, expect, it } from 'vitest';
import { newTestCluster } from '../../../test/helpers/test-cluster';
import { SPAM_BURST, SPAM_REFILL_MS } from '../event-correlator';
import { parsePolicy } from './audit-policy';
import { auditIds, auditingApi } from './auditing-api';

describe('the auditing API', () => {
  const cluster = newTestCluster({}, { warmup: false });
  afterAll(() => cluster.close());
  const lines: string[] = [];
  const api = auditingApi(cluster.api, {
    policy: parsePolicy({ apiVersion: 'audit.k8s.io/v1', kind: 'Policy', omitStages: ['RequestReceived'], rules: [{ level: 'Metadata' }] }),
    user: { name: 'kubernetes-admin', groups: ['system:authenticated'] },
    nowMs: () => cluster.clock.nowMs(),
    ids: auditIds(0),
    write: (line) => lines.push(line),
  });
  const pod = { kind: 'Pod', namespace: 'default', name: 'p', uid: '00000000-0000-4000-8000-000000000001', apiVersion: 'v1' };
  const send = (message: string) => cluster.write(() => api.recordEvent(pod, 'Normal', 'Tested', message, { component: 'tester' })) as { count?: number } | undefined;
  const requests = () => lines.splice(0).map((l) => JSON.parse(l) as { verb: string; requestURI: string; responseStatus: { code: number } });

  it('logs an Event write as the request the recorder sent: a create, a patch of its count, nothing while the spam filter holds one back', () => {
    expect(send('first')?.count).toBe(1);
    for (let i = 1; i < SPAM_BURST; i++) {
      cluster.advance(1_000);
      send('first');
    }
    expect(requests().map((r) => r.verb)).toEqual(['create', ...Array<string>(SPAM_BURST - 1).fill('patch')]);

    // The bucket is empty: a new Event is counted, not sent.
    cluster.advance(1_000);
    expect(send('second')).toBeUndefined();
    expect(requests()).toEqual([]);

    // One token back: the Event is created with the occurrence held back counted in. Its count is
    // 2, yet the request is a create (POST to the collection), not a patch.
    cluster.advance(SPAM_REFILL_MS);
    expect(send('second')?.count).toBe(2);
    expect(requests().map((r) => [r.verb, r.requestURI, r.responseStatus.code])).toEqual([['create', '/api/v1/namespaces/default/events', 201]]);
  });

  it('logs nothing for an Event repeated at the instant it was written: the recorder sends no request', () => {
    cluster.advance(SPAM_REFILL_MS);
    expect(send('third')?.count).toBe(1);
    expect(send('third')).toBeUndefined();
    expect(requests().map((r) => r.verb)).toEqual(['create']);
  });
});
