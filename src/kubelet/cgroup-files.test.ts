import { describe, expect, it } from 'vitest';
import { cgroupFiles } from './cgroup-files';

const of = (resources: object) => {
  const f = cgroupFiles({ name: 'c', resources });
  return ['cpu.max', 'cpu.weight', 'memory.max', 'memory.swap.max', 'pids.max'].map((k) => f[`/sys/fs/cgroup/${k}`]!.trim());
};

describe('a container\'s cgroup files', () => {
  it('carry its limits as the kubelet and runc set them', () => {
    expect(of({ requests: { cpu: '250m', memory: '64Mi' }, limits: { cpu: '500m', memory: '128Mi' } })).toEqual(['50000 100000', '10', '134217728', '0', 'max']);
    expect(of({ requests: { cpu: '1' }, limits: { cpu: '2', memory: '1Gi' } })).toEqual(['200000 100000', '39', '1073741824', '0', 'max']);
  });

  it('are unlimited with no limits, the weight the least shares give', () => {
    expect(of({})).toEqual(['max 100000', '1', 'max', 'max', 'max']);
  });

  it('floor the quota at 1 ms and the shares at 2', () => {
    expect(of({ requests: { cpu: '1m' }, limits: { cpu: '1m' } })).toEqual(['1000 100000', '1', 'max', 'max', 'max']);
  });
});
