import { describe, expect, it } from 'vitest';
import { podRequests } from './resources';
import { makePod } from './testing';

const c = (name: string, cpu?: string, memory?: string, extra: any = {}) =>
  ({ name, image: 'x', ...(cpu || memory ? { resources: { requests: { ...(cpu ? { cpu } : {}), ...(memory ? { memory } : {}) } } } : {}), ...extra });

// Cases after upstream component-helpers resource/helpers_test.go TestPodResourceRequests.
describe('podRequests', () => {
  it('sums app containers', () => {
    expect(podRequests(makePod('p', { containers: [c('a', '100m', '1Mi'), c('b', '250m', '2Mi')] })))
      .toEqual({ milliCPU: 350, memory: 3 * 1024 * 1024, ephemeralStorage: 0, scalar: {} });
  });
  it('takes the max of init containers when larger than the sum', () => {
    const pod = makePod('p', { containers: [c('a', '100m')], initContainers: [c('i1', '2'), c('i2', '500m')] });
    expect(podRequests(pod).milliCPU).toBe(2000);
  });
  it('native sidecars add to the sum and to later init containers', () => {
    const pod = makePod('p', {
      containers: [c('a', '1')],
      initContainers: [c('i1', '1'), c('s1', '1', undefined, { restartPolicy: 'Always' }), c('i2', '2')],
    });
    // sum = 1 (app) + 1 (sidecar) = 2; init max = max(1, 1, 2 + 1) = 3.
    expect(podRequests(pod).milliCPU).toBe(3000);
  });
  it('adds overhead', () => {
    const pod = makePod('p', { containers: [c('a', '100m')], spec: { overhead: { cpu: '10m', memory: '5Mi' } } });
    expect(podRequests(pod)).toMatchObject({ milliCPU: 110, memory: 5 * 1024 * 1024 });
  });
  it('extended resources and ephemeral-storage', () => {
    const pod = makePod('p', { containers: [{ name: 'a', image: 'x', resources: { limits: { 'nvidia.com/gpu': '2' }, requests: { 'ephemeral-storage': '1Gi' } } }] });
    expect(podRequests(pod)).toEqual({ milliCPU: 0, memory: 0, ephemeralStorage: 2 ** 30, scalar: { 'nvidia.com/gpu': 2 } });
  });
  it('nonMissing applies 100m / 200Mi per container without requests', () => {
    const pod = makePod('p', { containers: [c('a'), c('b', '0')] });
    expect(podRequests(pod, { nonMissing: true })).toMatchObject({ milliCPU: 100, memory: 2 * 200 * 1024 * 1024 });
  });
});
