/**
 * A Node's status resources are validated on the status subresource as ValidateNode does:
 * a negative or fractional pod count is refused and nothing is stored, so no scheduling
 * decision ever reads it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

describe('node status resources', () => {
  const home = manualCluster('node-status', 1);
  afterAll(() => home.cleanup());
  const patch = (body: string) => home.run(['patch', 'node', 'worker01', '--subresource=status', '--type=merge', '-p', body]);

  it('refuses negative and fractional quantities, and stores nothing', () => {
    expect(patch('{"status":{"allocatable":{"pods":"-5"}}}')).toEqual({
      code: 1, stdout: '', stderr: 'The Node "worker01" is invalid: status.allocatable.pods: Invalid value: "-5": must be greater than or equal to 0\n',
    });
    expect(patch('{"status":{"capacity":{"pods":"1500m","cpu":"-1"}}}').stderr).toBe(
      'The Node "worker01" is invalid: \n* status.capacity.cpu: Invalid value: "-1": must be greater than or equal to 0\n* status.capacity.pods: Invalid value: "1500m": must be an integer\n');
    expect(home.run('get node worker01 -o jsonpath={.status.allocatable.pods}/{.status.capacity.cpu}').stdout).toBe('110/4');
    expect(patch('{"status":{"allocatable":{"pods":"100"}}}')).toMatchObject({ code: 0, stdout: 'node/worker01 patched\n' });
  });
});
