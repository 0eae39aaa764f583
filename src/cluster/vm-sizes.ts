/**
 * vm-sizes: the small catalogue of Azure VM sizes node pools are made of — vCPUs, memory and
 * the pay-as-you-go list price per hour.
 * vCPUs and memory are Azure's (learn.microsoft.com, virtual-machines/sizes: Dv5/Dsv5,
 * Bsv1, Esv5, Fsv2 series). The prices are illustrative: Linux pay-as-you-go rates for East
 * US of about January 2025 (PRICES_AS_OF), written from memory and not checked against
 * Azure's price list (azure.microsoft.com/pricing/details/virtual-machines/linux/), whose
 * figures move; a D4s_v5 at about $0.19 an hour agrees with what third parties quote.
 */

/** PRICES_AS_OF is the date the list prices below were read. */
export const PRICES_AS_OF = '2025-01';
/** PRICE_REGION is the region the list prices are for; AKS labels nodes with it. */
export const PRICE_REGION = 'eastus';

/** VmSize is one catalogue entry. */
export interface VmSize { name: string; cpu: number; memoryGi: number; pricePerHour: number }

// General-purpose D-series first: a size asked for by CPU and memory alone is the D one.
export const VM_SIZES: readonly VmSize[] = [
  { name: 'Standard_D2s_v5', cpu: 2, memoryGi: 8, pricePerHour: 0.096 },
  { name: 'Standard_D4s_v5', cpu: 4, memoryGi: 16, pricePerHour: 0.192 },
  { name: 'Standard_D8s_v5', cpu: 8, memoryGi: 32, pricePerHour: 0.384 },
  { name: 'Standard_D16s_v5', cpu: 16, memoryGi: 64, pricePerHour: 0.768 },
  { name: 'Standard_B2s', cpu: 2, memoryGi: 4, pricePerHour: 0.0416 },
  { name: 'Standard_B4ms', cpu: 4, memoryGi: 16, pricePerHour: 0.166 },
  { name: 'Standard_E4s_v5', cpu: 4, memoryGi: 32, pricePerHour: 0.252 },
  { name: 'Standard_F4s_v2', cpu: 4, memoryGi: 8, pricePerHour: 0.169 },
];

/** DEFAULT_VM_SIZE is what `az aks nodepool add` picks without --node-vm-size. */
export const DEFAULT_VM_SIZE = 'Standard_D2s_v5';

/** vmSize finds a size by name, case-insensitively as Azure does; undefined when unknown. */
export function vmSize(name: string): VmSize | undefined {
  const lower = name.toLowerCase();
  return VM_SIZES.find((s) => s.name.toLowerCase() === lower);
}
