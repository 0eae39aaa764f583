import { describe, expect, it } from 'vitest';
import { builtinRegistry } from '../api/registry';
import { prepareDoc } from './object-writer';

const sourced = (object: Record<string, unknown>) => ({ object, index: 0, line: 1, duplicates: [], source: 'cm.yaml' });

describe('prepareDoc', () => {
  it('settles the namespace on its own copy: the parsed document is prepared again unchanged when a batch is run again', () => {
    const parsed = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', labels: { a: 'b' } }, data: { k: 'v' } };
    const first = prepareDoc(sourced(parsed), builtinRegistry, 'team', false, 'strict');
    expect(first.object.metadata).toEqual({ name: 'cm', namespace: 'team', labels: { a: 'b' } });
    expect(parsed.metadata).toEqual({ name: 'cm', labels: { a: 'b' } });
    first.object.metadata.name = 'changed';
    expect(prepareDoc(sourced(parsed), builtinRegistry, 'team', false, 'strict').object.metadata.name).toBe('cm');
  });

  it('gives an object with null or no metadata an empty one', () => {
    for (const metadata of [null, undefined]) {
      const p = prepareDoc(sourced({ apiVersion: 'v1', kind: 'Namespace', metadata }), builtinRegistry, 'default', false, 'strict');
      expect(p.object.metadata).toEqual({});
    }
  });
});
