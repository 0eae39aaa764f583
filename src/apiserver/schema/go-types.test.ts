import { describe, expect, it } from 'vitest';
import { BUILTIN_RESOURCES } from '../../api/registry';
import { displayType, kindTypeId, shapeOf } from './go-types';

describe('go-types', () => {
  it('has a layout for every built-in resource kind', () => {
    const missing = BUILTIN_RESOURCES.flatMap((r) => r.servedVersions
      .filter((v) => kindTypeId(r.group, v, r.kind) === undefined).map((v) => `${r.group}/${v}/${r.kind}`));
    // Binding and ComponentStatus exist too; nothing in the registry may lack a layout.
    expect(missing).toEqual([]);
  });

  const display: [expr: string, want: string][] = [
    ['[]core/v1.Container', '[]v1.Container'], ['core/v1.ResourceList', 'v1.ResourceList'],
    ['map[core/v1.ResourceName]resource.Quantity', 'map[v1.ResourceName]resource.Quantity'],
    ['intstr.IntOrString', 'intstr.IntOrString'], ['[]byte', '[]uint8'], ['meta/v1.ObjectMeta', 'v1.ObjectMeta'],
  ];
  for (const [expr, want] of display) it(`displays ${expr} as ${want}`, () => expect(displayType(expr)).toBe(want));

  it('follows named types and pointers to their shape', () => {
    expect(shapeOf('*core/v1.Protocol')).toEqual({ shape: 'builtin', name: 'string' });
    expect(shapeOf('core/v1.ResourceList')).toEqual({ shape: 'map', key: 'core/v1.ResourceName', elem: 'resource.Quantity' });
    expect(shapeOf('*intstr.IntOrString')).toEqual({ shape: 'custom', id: 'intstr.IntOrString', custom: 'intOrString' });
  });
});
