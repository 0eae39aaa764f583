import { describe, expect, it, vi } from 'vitest';
import type { KubeObject } from '../api/meta';
import { newTestCluster } from '../../test/helpers/test-cluster';
import { NETWORK_WATCHES, runsNetworkTool } from './network-waiters';

const pod = (name: string, spec: Record<string, unknown>): KubeObject => ({
  apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' },
  spec: { nodeName: 'worker01', ...spec },
} as KubeObject);

describe('network waiters', () => {
  it('map a Service change to the running pods whose command lines run a network tool, reading only pods with a command line', () => {
    const c = newTestCluster({}, { warmup: false });
    c.write(() => {
      for (const p of [
        pod('waits', { initContainers: [{ name: 'w', image: 'busybox', command: ['sh', '-c', 'until nslookup db; do sleep 2; done'] }], containers: [{ name: 'c', image: 'nginx' }] }),
        pod('polls', { containers: [{ name: 'c', image: 'busybox', args: ['sh', '-c', 'while true; do nc -z db 80; sleep 5; done'] }] }),
        pod('plain', { containers: [{ name: 'c', image: 'nginx' }] }),
        pod('sleeps', { containers: [{ name: 'c', image: 'busybox', command: ['sleep', '3600'] }] }),
      ]) c.api.create(p, { fieldManager: 'test' });
    });
    const each = vi.spyOn(c.store, 'each');
    const svc = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'db', namespace: 'default' } } as KubeObject;
    const mapped = NETWORK_WATCHES[0]!.map(svc, { api: c.api, clock: c.clock, rand: c.rand }).map((r) => r.name);
    expect(mapped).toEqual(['polls', 'waits']);
    expect(mapped).toEqual(c.api.list({ kind: 'Pod', namespace: 'default' }).filter(runsNetworkTool).map((p) => p.metadata.name));
    expect(each.mock.calls[0]![0].mayContain).toEqual(['"command":', '"args":']);
    c.close();
  });
});
