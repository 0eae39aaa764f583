import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

describe('node reservation profiles', () => {
  const kubeadm = manualCluster('kubeadm', 1);
  const aks = manualCluster('aks', 1, '--node-profile aks --node-cpu 4 --node-memory 16Gi');
  afterAll(() => { kubeadm.cleanup(); aks.cleanup(); });

  const alloc = (home: typeof kubeadm) => home.run(['get', 'node', 'worker01', '-o', 'jsonpath={.status.allocatable.cpu} {.status.allocatable.memory}']).stdout;

  it('kubeadm keeps back only the 100Mi eviction threshold', () => {
    // 16Gi - 100Mi, stored canonical as kube-apiserver stores a kubelet's quantities.
    expect(alloc(kubeadm)).toBe('4 16284Mi');
    expect(kubeadm.run(['get', 'node', 'worker01', '-o', 'jsonpath={.status.capacity.memory}']).stdout).toBe('16Gi');
  });

  it('AKS keeps back 140m of 4 cores and min(20Mi×110+50Mi, 4Gi) plus 100Mi of memory', () => {
    expect(alloc(aks)).toBe(`3860m ${16 * 1024 - 2250 - 100}Mi`);
    expect(aks.run('describe node worker01').stdout).toMatch(/Allocatable:\n  cpu:                3860m\n/);
  });

  it('refuses an unknown profile', () => {
    expect(kubeadm.run('cluster create x --node-profile gke').stderr).toBe('error: --node-profile must be one of kubeadm, aks, got "gke"\n');
  });
});
