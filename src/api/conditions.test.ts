import { describe, expect, it } from 'vitest';
import { setCondition, setConditionInPlace } from './conditions';

describe('setConditionInPlace (SetCRDCondition, SetAPIServiceCondition)', () => {
  const a = { type: 'A', status: 'True', lastTransitionTime: 't0', reason: 'R', message: 'm' };
  const b = { type: 'B', status: 'False', lastTransitionTime: 't0', reason: 'S', message: 'n' };

  it('appends a new condition with the time now', () => {
    expect(setConditionInPlace([a], { type: 'B', status: 'False', reason: 'S', message: 'n' }, 't1')).toEqual([a, { ...b, lastTransitionTime: 't1' }]);
  });

  it('updates one where it stands, its time moving only with its status', () => {
    expect(setConditionInPlace([a, b], { type: 'A', status: 'True', reason: 'R2', message: 'm2' }, 't1')).toEqual([{ ...a, reason: 'R2', message: 'm2' }, b]);
    expect(setConditionInPlace([a, b], { type: 'A', status: 'False', reason: 'R', message: 'm' }, 't1')).toEqual([{ ...a, status: 'False', lastTransitionTime: 't1' }, b]);
  });

  it('differs from setCondition, which moves a changed condition to the end', () => {
    expect(setCondition([a, b], { type: 'A', status: 'False' }, 't1').map((c) => c.type)).toEqual(['B', 'A']);
    expect(setConditionInPlace([a, b], { type: 'A', status: 'False' }, 't1').map((c) => c.type)).toEqual(['A', 'B']);
  });
});
