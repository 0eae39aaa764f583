/**
 * Regression (R8 fuzzing): a null ResourceList value (`requests: {example.com/dongle: }`)
 * decodes to the zero Quantity "0", as apimachinery's Quantity.UnmarshalJSON leaves it; it
 * used to stay null and crash the quantity parser ("Cannot read properties of null").
 */
import { describe, expect, it } from 'vitest';
import { builtinRegistry } from '../api/registry';
import { decodeObject } from './decode';

describe('decodeObject null quantities', () => {
  it('turns a null ResourceList value into "0"', () => {
    const raw = {
      apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' },
      spec: { containers: [{ name: 'c', image: 'nginx', resources: { requests: { 'example.com/dongle': null, cpu: '1' } } }] },
    };
    const { object } = decodeObject(raw, builtinRegistry.forKind('v1', 'Pod'));
    const c = (object.spec as { containers: { resources: { requests: Record<string, unknown> } }[] }).containers[0]!;
    expect(c.resources.requests).toEqual({ 'example.com/dongle': '0', cpu: '1' });
  });
});
