import { describe, expect, it } from 'vitest';
import { nodeIP } from './node-factory';

describe('nodeIP', () => {
  it('numbers the nodes from 172.18.0.2 and goes on through the /16 past the 253rd', () => {
    expect([0, 1, 253, 254, 255, 998, 4999].map(nodeIP)).toEqual([
      '172.18.0.2', '172.18.0.3', '172.18.0.255', '172.18.1.0', '172.18.1.1', '172.18.3.232', '172.18.19.137',
    ]);
  });
});
