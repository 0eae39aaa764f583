/**
 * componentReadsApi: a component's decoding reads leave managedFields out; its writes keep the
 * stored ones (and record its own); every other reader still reads objects whole.
 */
import { describe, expect, it } from 'vitest';
import { newTestCluster } from '../../test/helpers/test-cluster';
import { componentReadsApi } from './component-reads-api';
import type { KubeObject } from '../api/meta';

describe('component reads', () => {
  it('leave managedFields out of every decoding read; writes and other readers see them', () => {
    const cluster = newTestCluster({ workers: 1 }, { warmup: false });
    const api = cluster.api;
    // An owner that exists, so that the garbage collector leaves the pod be.
    const owner = cluster.write(() => api.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'owner', namespace: 'default' } } as KubeObject, { fieldManager: 'kubectl-create' })).metadata.uid!;
    cluster.write(() => api.create({
      apiVersion: 'v1', kind: 'Pod',
      metadata: { name: 'p', namespace: 'default', labels: { app: 'p' }, ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: owner, controller: true }] },
      spec: { nodeName: 'worker01', containers: [{ name: 'c', image: 'nginx' }] },
    }, { fieldManager: 'kubectl-create' }));
    const ref = { kind: 'Pod', namespace: 'default', name: 'p' } as const;
    const stored = api.get(ref);
    const managers = stored.metadata.managedFields!.map((e) => e.manager);
    expect(managers).toEqual(['kubectl-create', 'kubelet']);

    const component = componentReadsApi(api);
    const { managedFields: _m, ...metadata } = stored.metadata;
    const lean = { ...stored, metadata };
    const each: KubeObject[] = [];
    component.each({ kind: 'Pod', namespace: 'default' }, (o) => each.push(o));
    const reads = [
      component.get(ref), component.tryGet(ref), component.list({ kind: 'Pod', namespace: 'default' })[0], each[0],
      component.podsOnNode('worker01').find((o) => o.metadata.name === 'p'), component.listControlledBy('Pod', owner)[0],
    ];
    for (const read of reads) expect(read).toEqual(lean);
    // The view ends with the read, also one that throws.
    expect(() => component.get({ kind: 'Pod', namespace: 'default', name: 'missing' })).toThrow(/not found/);
    expect(api.get(ref)).toEqual(stored);
    expect(api.list({ kind: 'Pod', namespace: 'default' })[0]).toEqual(stored);

    // A write of what the component read keeps the stored entries and adds its own.
    const read = component.get(ref);
    cluster.write(() => component.update({ ...read, metadata: { ...read.metadata, labels: { app: 'p', tier: 'web' } } }, { fieldManager: 'some-controller' }));
    const after = api.get(ref);
    expect(after.metadata.managedFields!.map((e) => e.manager)).toEqual([...managers, 'some-controller']);
    expect(after.metadata.managedFields!.slice(0, 2)).toEqual(stored.metadata.managedFields);
    expect(after.metadata.managedFields![2]!.fieldsV1).toEqual({ 'f:metadata': { 'f:labels': { 'f:tier': {} } } });
    cluster.close();
  });
});
