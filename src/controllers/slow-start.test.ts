import { describe, expect, it } from 'vitest';
import { slowStartBatch } from './slow-start';

/** run calls slowStartBatch with fn failing on the given calls (1-based); returns the calls made and the result. */
function run(count: number, failing: number[], initial = 1) {
  let calls = 0;
  const result = slowStartBatch(count, initial, () => {
    calls++;
    if (failing.includes(calls)) throw new Error(`call ${calls}`);
  });
  return { calls, ...result };
}

describe('slowStartBatch', () => {
  it('makes every call when none fails', () => {
    expect(run(10, [])).toEqual({ calls: 10, successes: 10 });
    expect(run(0, [])).toEqual({ calls: 0, successes: 0 });
  });

  it('batches 1, 2, 4, 8, …: a failure finishes its batch and skips the rest', () => {
    // The batch holding the failure is made whole: 1 | 2 3 | 4 5 6 7 | 8 … 15.
    expect(run(100, [1])).toMatchObject({ calls: 1, successes: 0 });
    expect(run(100, [2])).toMatchObject({ calls: 3, successes: 2 });
    expect(run(100, [5])).toMatchObject({ calls: 7, successes: 6 });
    expect(run(100, [8, 9])).toMatchObject({ calls: 15, successes: 13 });
  });

  it('reports the first failure of the batch', () => {
    expect((run(100, [5, 6]).error as Error).message).toBe('call 5');
  });

  it('never makes more than count calls', () => {
    // 1 + 2 + 4 + 3: the last batch is what remains.
    expect(run(10, [10])).toMatchObject({ calls: 10, successes: 9 });
  });
});
