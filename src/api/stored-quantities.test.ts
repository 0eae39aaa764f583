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

  it('given the JSON text, still finds every bad quantity (the key scan that skips the walk never hides one)', () => {
    const plain = { apiVersion: 'v1', kind: 'Pod', spec: { containers: [{ name: 'a', image: 'nginx' }] } };
    expect(storedQuantityError(plain, JSON.stringify(plain))).toBeUndefined();
    const bad = { apiVersion: 'v1', kind: 'Node', status: { capacity: { pods: 'NaN' } } };
    expect(storedQuantityError(bad, JSON.stringify(bad))).toBe(`status.capacity.pods: ${REGEXP}`);
    // Text written by hand (spaces around the colon) is still scanned.
    expect(storedQuantityError(bad, '{"apiVersion": "v1", "kind": "Node", "status": {"capacity" : {"pods": "NaN"}}}')).toBe(`status.capacity.pods: ${REGEXP}`);
    const pod = { apiVersion: 'v1', kind: 'Pod', spec: { overhead: { cpu: '1x' } } };
    expect(storedQuantityError(pod, JSON.stringify(pod))).toBe(`spec.overhead.cpu: ${REGEXP}`);
  });

  it('reads paths generated from the current Go types', () => {
    expect(() => execFileSync(process.execPath, ['scripts/gen-quantity-paths.mjs', '--check'], { stdio: 'pipe' })).not.toThrow();
  });
});
