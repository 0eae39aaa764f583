import { describe, expect, it } from 'vitest';
import { threeWayMerge } from './merge';

// Apply's three-way merge takes its list keys from the Go struct tags, like the CLI's patch.
describe('threeWayMerge', () => {
  const pod = (spec: object) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec });

  it('keeps scheduling gates another writer added (merged by name)', () => {
    const original = pod({ schedulingGates: [{ name: 'a' }] });
    const current = pod({ schedulingGates: [{ name: 'a' }, { name: 'b' }] });
    const modified = pod({ schedulingGates: [{ name: 'a' }, { name: 'c' }] });
    expect(threeWayMerge(original, modified, current)).toEqual(pod({ schedulingGates: [{ name: 'a' }, { name: 'c' }, { name: 'b' }] }));
  });

  it('merges container ports by containerPort, keeping server-set fields', () => {
    const c = (ports: object[]) => pod({ containers: [{ name: 'c', image: 'i', ports }] });
    const merged = threeWayMerge(c([{ containerPort: 80 }]), c([{ containerPort: 80, name: 'http' }, { containerPort: 443 }]), c([{ containerPort: 80, protocol: 'TCP' }]));
    expect(merged).toEqual(c([{ containerPort: 80, protocol: 'TCP', name: 'http' }, { containerPort: 443 }]));
  });

  it('merges node addresses by type, server items keeping their place', () => {
    const node = (addresses: object[]) => ({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n' }, status: { addresses } });
    const current = node([{ type: 'InternalIP', address: '10.0.0.1' }, { type: 'Hostname', address: 'n' }]);
    const merged = threeWayMerge({}, node([{ type: 'Hostname', address: 'n.example' }]), current);
    expect(merged).toEqual(node([{ type: 'InternalIP', address: '10.0.0.1' }, { type: 'Hostname', address: 'n.example' }]));
  });

  it('replaces lists without patchStrategy merge (tolerations) whole', () => {
    const merged = threeWayMerge(pod({ tolerations: [{ key: 'a' }] }), pod({ tolerations: [{ key: 'b' }] }), pod({ tolerations: [{ key: 'a' }, { key: 'x' }] }));
    expect(merged).toEqual(pod({ tolerations: [{ key: 'b' }] }));
  });
});
