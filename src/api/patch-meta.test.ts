import { describe, expect, it } from 'vitest';
import { lookupPatchMeta, rootStructOf } from './patch-meta';

describe('rootStructOf', () => {
  it.each([
    ['v1', 'Pod', 'core/v1.Pod'], ['apps/v1', 'Deployment', 'apps/v1.Deployment'],
    ['example.com/v1', 'Widget', undefined], [undefined, 'Pod', undefined],
  ])('%s %s → %s', (apiVersion, kind, want) => expect(rootStructOf(apiVersion, kind)).toBe(want));
});

// The tags of the Go types at v1.32, including the fields the two old hand tables disagreed on.
describe('lookupPatchMeta', () => {
  it.each([
    ['core/v1.Container', 'ports', 'containerPort'], ['core/v1.ServiceSpec', 'ports', 'port'],
    ['core/v1.NodeStatus', 'addresses', 'type'], ['core/v1.PodSpec', 'schedulingGates', 'name'],
    ['core/v1.PodSpec', 'containers', 'name'], ['meta/v1.ObjectMeta', 'ownerReferences', 'uid'],
  ])('%s.%s merges by %s', (struct, field, key) => {
    expect(lookupPatchMeta(struct, field)).toMatchObject({ merge: true, mergeKey: key });
  });

  it('has no merge key where upstream has none', () => {
    expect(lookupPatchMeta('core/v1.EndpointSubset', 'ports')).toMatchObject({ merge: false, mergeKey: undefined });
    expect(lookupPatchMeta('core/v1.PodSpec', 'tolerations')).toMatchObject({ merge: false, mergeKey: undefined });
    expect(lookupPatchMeta(undefined, 'containers')).toMatchObject({ merge: false, mergeKey: undefined });
  });

  it('merges finalizers as a set and leads from a Deployment down to its containers', () => {
    expect(lookupPatchMeta('meta/v1.ObjectMeta', 'finalizers')).toMatchObject({ merge: true, mergeKey: undefined });
    const spec = lookupPatchMeta('apps/v1.Deployment', 'spec').struct;
    const template = lookupPatchMeta(spec, 'template').struct;
    const podSpec = lookupPatchMeta(template, 'spec').struct;
    expect(lookupPatchMeta(podSpec, 'containers')).toMatchObject({ struct: 'core/v1.Container', mergeKey: 'name' });
  });
});
