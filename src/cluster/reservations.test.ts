import { describe, expect, it } from 'vitest';
import { aksCpuMilli, aksMemoryKi, allocatableCpu, reservationFor } from './reservations';

describe('AKS reservations', () => {
  it.each([[1, 60], [2, 100], [4, 140], [8, 180], [16, 260], [32, 420], [64, 740], [6, 140], [96, 740]])('%d cores reserve %dm of CPU', (cores, milli) => {
    expect(aksCpuMilli(cores)).toBe(milli);
  });

  it('reserves 20Mi per pod plus 50Mi, capped at a quarter of memory', () => {
    expect(aksMemoryKi(16 * 1024 * 1024, 110)).toBe((20 * 110 + 50) * 1024); // 2250Mi < 4Gi
    expect(aksMemoryKi(4 * 1024 * 1024, 250)).toBe(1024 * 1024); // 25% of 4Gi = 1Gi < 5050Mi
  });

  it('allocatable CPU is printed in millicores once something is reserved', () => {
    expect(allocatableCpu('4', 4, 140)).toBe('3860m');
    expect(allocatableCpu('4', 4, 0)).toBe('4');
  });
});

describe('kubeadm reservations', () => {
  it('reserve nothing but the 100Mi eviction threshold', () => {
    expect(reservationFor('kubeadm', 4, 16 * 1024 * 1024, 110)).toEqual({ cpuMilli: 0, memoryKi: 0, evictionKi: 102400 });
  });
});
