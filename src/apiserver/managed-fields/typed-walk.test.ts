import { describe, expect, it } from 'vitest';
import { FieldSet, pathString } from './field-set';
import { compare, createdFields, merge, removePath, toFieldSet } from './typed-walk';
import { fieldsWith } from './fields-v1';

const POD_SPEC = 'core/v1.PodSpec';

describe('FieldSet', () => {
  it('round-trips FieldsV1, marking a node with children that is itself owned with "."', () => {
    const v1 = { 'f:metadata': { 'f:finalizers': { '.': {}, 'v:"a"': {} } }, 'f:spec': { 'f:containers': { 'k:{"name":"web"}': { '.': {}, 'f:image': {} } } } };
    const set = FieldSet.fromFieldsV1(v1);
    expect(set.has(['f:spec', 'f:containers', 'k:{"name":"web"}'])).toBe(true);
    expect(set.has(['f:spec', 'f:containers'])).toBe(false);
    expect(set.toFieldsV1()).toEqual(v1);
  });

  it('prints paths as fieldpath does', () => {
    expect(pathString(['f:spec', 'f:template', 'f:spec', 'f:containers', 'k:{"name":"web"}', 'f:image'])).toBe('.spec.template.spec.containers[name="web"].image');
    expect(pathString(['f:spec', 'f:ports', 'k:{"port":80,"protocol":"TCP"}'])).toBe('.spec.ports[port=80,protocol="TCP"]');
    expect(pathString(['f:metadata', 'f:finalizers', 'v:"a"'])).toBe('.metadata.finalizers[="a"]');
  });
});

describe('typed walks over the strategic-merge schema', () => {
  it('keys containers by name, treats atomic lists and selectors as one field', () => {
    const set = toFieldSet({ containers: [{ name: 'web', image: 'x', args: ['a', 'b'] }], nodeSelector: { disk: 'ssd' } }, POD_SPEC);
    expect(set.toFieldsV1()).toEqual({
      'f:containers': { 'k:{"name":"web"}': { '.': {}, 'f:args': {}, 'f:image': {}, 'f:name': {} } },
      'f:nodeSelector': {},
    });
  });

  it('merges keyed lists item by item, keeping the live order and adding new items before the next shared one', () => {
    const live = { containers: [{ name: 'a', image: '1' }, { name: 'side', image: 's' }, { name: 'c', image: '3' }] };
    const config = { containers: [{ name: 'a', image: '2' }, { name: 'b', image: 'b' }, { name: 'c', image: '3' }] };
    expect(merge(live, config, POD_SPEC)).toEqual({ containers: [
      { name: 'a', image: '2' }, { name: 'side', image: 's' }, { name: 'b', image: 'b' }, { name: 'c', image: '3' },
    ] });
  });

  it('compares: changed leaves are modified, new items and their fields added, gone ones removed', () => {
    const c = compare({ containers: [{ name: 'a', image: '1' }, { name: 'b', image: 'b' }] }, { containers: [{ name: 'a', image: '2' }, { name: 'n', image: 'n' }] }, POD_SPEC);
    expect(c.modified.paths().map(pathString)).toEqual(['.containers[name="a"].image']);
    expect(c.added.paths().map(pathString)).toEqual(['.containers[name="n"]', '.containers[name="n"].image', '.containers[name="n"].name']);
    expect(c.removed.paths().map(pathString)).toEqual(['.containers[name="b"]', '.containers[name="b"].image', '.containers[name="b"].name']);
  });

  it('removes a keyed item or a field by path', () => {
    const obj = { containers: [{ name: 'a', image: '1', args: ['x'] }, { name: 'b', image: 'b' }] };
    removePath(obj, ['f:containers', 'k:{"name":"b"}'], POD_SPEC);
    removePath(obj, ['f:containers', 'k:{"name":"a"}', 'f:args'], POD_SPEC);
    expect(obj).toEqual({ containers: [{ name: 'a', image: '1' }] });
  });
});

describe('createdFields', () => {
  // What a create records is compare's added and modified paths from the empty object: the direct walk must build that tree.
  const viaCompare = (obj: Record<string, unknown>, struct: string | undefined) => {
    const c = compare({}, obj, struct);
    const changed = c.added.union(c.modified);
    return changed.empty() ? undefined : fieldsWith(undefined, changed);
  };
  const cases: [string, string | undefined, Record<string, unknown>][] = [
    ['a Pod with keyed, defaulted-key, set and atomic lists', 'core/v1.Pod', {
      metadata: { generateName: 'web-', labels: { app: 'web' }, finalizers: ['a', 'b', 'a'], annotations: {},
        ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web', uid: 'u1', controller: true }] },
      spec: {
        containers: [{ name: 'web', image: 'nginx', ports: [{ containerPort: 80 }, { containerPort: 53, protocol: 'UDP' }, { containerPort: 80 }],
          args: ['a'], env: [{ name: 'A', value: 'x' }, { name: 'B', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } }],
          resources: {}, securityContext: null, volumeMounts: [{ name: 'v', mountPath: '/v' }] }],
        volumes: [{ name: 'v', projected: { sources: [{ serviceAccountToken: { path: 'token' } }] } }],
        tolerations: [{ key: 'k', operator: 'Exists' }], nodeSelector: { disk: 'ssd' }, hostNetwork: false, priority: 0,
      },
      status: { phase: 'Pending', conditions: [{ type: 'Ready', status: 'False' }] },
    }],
    ['a Deployment whose template has creationTimestamp null', 'apps/v1.Deployment', {
      metadata: { labels: { app: 'web' } },
      spec: { replicas: 3, selector: { matchLabels: { app: 'web' } }, strategy: {},
        template: { metadata: { creationTimestamp: null, labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'i' }] } } },
    }],
    ['a ReplicaSet with an empty template', 'apps/v1.ReplicaSet', { spec: { template: {}, replicas: null } }],
    ['a Service with keyed ports', 'core/v1.Service', { spec: { ports: [{ port: 80 }, { port: 80, protocol: 'UDP' }], selector: { a: 'b' }, type: 'ClusterIP' } }],
    ['an object of no known type', undefined, { spec: { a: [1, 2], b: { c: null, d: {} }, e: undefined }, data: 'x' }],
    ['nothing set', 'core/v1.ConfigMap', {}],
    ['only empty structs', 'core/v1.Pod', { metadata: {}, spec: {} }],
  ];
  for (const [what, struct, obj] of cases) {
    it(`builds the tree compare gives: ${what}`, () => {
      expect(createdFields(obj, struct)).toEqual(viaCompare(obj, struct));
      expect(JSON.stringify(createdFields(obj, struct))).toBe(JSON.stringify(viaCompare(obj, struct)));
    });
  }
});
