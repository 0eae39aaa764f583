/**
 * reservations: what each node keeps back from pods — allocatable is capacity less the
 * kube-reserved and system-reserved amounts and the hard eviction threshold. Two profiles:
 * kubeadm's defaults (nothing reserved, evictionHard memory.available<100Mi) and AKS's
 * formula for Kubernetes 1.29 and later (a CPU table by core count; memory the lesser of
 * 20 MiB per pod plus 50 MiB and a quarter of the node's memory; the same 100Mi threshold).
 */

/** ReservationProfile names a provider's reservation formula. */
export type ReservationProfile = 'kubeadm' | 'aks';

export const RESERVATION_PROFILES: readonly ReservationProfile[] = ['kubeadm', 'aks'];

/** Reservation is what a node keeps back, in milli-CPU and KiB. */
export interface Reservation { cpuMilli: number; memoryKi: number; evictionKi: number }

/** EVICTION_HARD_MEMORY_KI is memory.available<100Mi, the kubelet's default hard eviction threshold. */
export const EVICTION_HARD_MEMORY_KI = 100 * 1024;

// AKS's published kube-reserved CPU by node core count.
const AKS_CPU: readonly [cores: number, milli: number][] = [[1, 60], [2, 100], [4, 140], [8, 180], [16, 260], [32, 420], [64, 740]];

/** aksCpuMilli is the AKS CPU reservation: the table's entry for the largest core count not above the node's. */
export function aksCpuMilli(cores: number): number {
  let milli = AKS_CPU[0]![1];
  for (const [c, m] of AKS_CPU) if (cores >= c) milli = m;
  return milli;
}

/** aksMemoryKi is the AKS (1.29+) memory reservation: min(20Mi × maxPods + 50Mi, 25% of memory). */
export function aksMemoryKi(memoryKi: number, maxPods: number): number {
  return Math.min((20 * maxPods + 50) * 1024, Math.floor(memoryKi / 4));
}

/** reservationFor computes a node's reservation under a profile. */
export function reservationFor(profile: ReservationProfile, cores: number, memoryKi: number, maxPods: number): Reservation {
  if (profile === 'aks') return { cpuMilli: aksCpuMilli(cores), memoryKi: aksMemoryKi(memoryKi, maxPods), evictionKi: EVICTION_HARD_MEMORY_KI };
  return { cpuMilli: 0, memoryKi: 0, evictionKi: EVICTION_HARD_MEMORY_KI };
}

/** allocatableCpu renders capacity less the reservation as the kubelet reports it ("4" or "3860m"). */
export function allocatableCpu(capacity: string, cores: number, reservedMilli: number): string {
  if (!reservedMilli) return capacity;
  return `${Math.round(cores * 1000) - reservedMilli}m`;
}
