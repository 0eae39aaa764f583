import { describe, expect, it } from 'vitest';
import { podRequestFigures, podRequests, podResourceList } from './resources';
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

describe('podRequestFigures', () => {
  // The one-pass read must give what the two list reads give, on the pods it reads itself and on those it hands on.
  const pods = [
    makePod('none', { containers: [c('a')] }),
    makePod('empty', { containers: [] }),
    makePod('plain', { containers: [c('a', '100m', '128Mi'), c('b', '250m')] }),
    makePod('zero', { containers: [c('a', '0', '0'), c('b')] }),
    makePod('limits', { containers: [{ name: 'a', image: 'x', resources: { limits: { cpu: '2', memory: '1Gi', 'ephemeral-storage': '3Gi' }, requests: { cpu: '1' } } }] }),
    makePod('pods', { containers: [{ name: 'a', image: 'x', resources: { requests: { pods: '1', cpu: 3, memory: 1024 } } }] }),
    makePod('eph', { containers: [{ name: 'a', image: 'x', resources: { requests: { 'ephemeral-storage': '1Gi' } } }, c('b', '1')] }),
    makePod('gpu', { containers: [{ name: 'a', image: 'x', resources: { limits: { 'nvidia.com/gpu': '2' }, requests: { cpu: '1' } } }] }),
    makePod('init', { containers: [c('a', '100m')], initContainers: [c('i', '2')] }),
    makePod('sidecar', { containers: [c('a', '1')], initContainers: [c('s', '1', '1Mi', { restartPolicy: 'Always' })] }),
    makePod('overhead', { containers: [c('a', '100m')], spec: { overhead: { cpu: '10m', memory: '5Mi' } } }),
  ];
  for (const pod of pods) {
    it(pod.metadata.name!, () => {
      const nonZero = podResourceList(pod, { nonMissing: true });
      expect(podRequestFigures(pod)).toEqual({ requests: podRequests(pod), nonZeroMilliCPU: nonZero.get('cpu') ?? 0, nonZeroMemory: nonZero.get('memory') ?? 0 });
    });
  }
});
