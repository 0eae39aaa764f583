import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { storedQuantityError } from './stored-quantities';

const REGEXP = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";

describe('storedQuantityError', () => {
  it('passes objects whose quantities parse, and kinds with none', () => {
    expect(storedQuantityError({ apiVersion: 'v1', kind: 'Node', status: { capacity: { cpu: '2', pods: '110', memory: 4096 } } })).toBeUndefined();
    expect(storedQuantityError({ apiVersion: 'v1', kind: 'ConfigMap', data: { limits: 'NaN' } })).toBeUndefined();
  });

  it('names the first quantity that does not parse, with its path', () => {
    expect(storedQuantityError({ apiVersion: 'v1', kind: 'Node', status: { capacity: { pods: 'NaN' } } })).toBe(`status.capacity.pods: ${REGEXP}`);
    const pod = { apiVersion: 'v1', kind: 'Pod', spec: { containers: [{ name: 'a' }, { name: 'b', resources: { requests: { cpu: '1x' } } }] } };
    expect(storedQuantityError(pod)).toBe(`spec.containers[1].resources.requests.cpu: ${REGEXP}`);
    const deploy = { apiVersion: 'apps/v1', kind: 'Deployment', spec: { template: { spec: { volumes: [{ name: 'v', emptyDir: { sizeLimit: true } }] } } } };
    expect(storedQuantityError(deploy)).toMatch(/^spec\.template\.spec\.volumes\[0\]\.emptyDir\.sizeLimit: /);
  });

  it('reads paths generated from the current Go types', () => {
    expect(() => execFileSync(process.execPath, ['scripts/gen-quantity-paths.mjs', '--check'], { stdio: 'pipe' })).not.toThrow();
  });
});
