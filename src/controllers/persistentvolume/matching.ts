/**
 * matching: choosing a static PersistentVolume for a claim — same class and volume mode,
 * a superset of the access modes, enough capacity, the claim's selector, the selected node;
 * pre-bound volumes first, then the smallest that fits.
 * Mirrors kubernetes pkg/controller/volume/persistentvolume/index.go findMatchingVolume (simplified).
 */
import type { Node, PersistentVolume, PersistentVolumeClaim } from '../../api/types/kinds';
import type { ResourceList } from '../../api/types/core-v1';
import { selectorMatches } from '../../api/label-selector';
import { compareQuantity, quantityOf, type Quantity } from '../../api/quantity';

/** storageOf parses a resource list's storage quantity (0 when missing). */
export function storageOf(list: ResourceList | undefined): Quantity {
  return quantityOf(list?.storage);
}

/** volumeAllowsNode: the volume has no node affinity, or it admits the node by hostname. */
export function volumeAllowsNode(pv: PersistentVolume, node: Node | undefined): boolean {
  const terms = pv.spec?.nodeAffinity?.required?.nodeSelectorTerms;
  if (!terms?.length || !node) return true;
  const labels = node.metadata.labels ?? {};
  return terms.some((t: { matchExpressions?: { key: string; operator: string; values?: string[] }[] }) => (t.matchExpressions ?? []).every((e) => {
    const v = labels[e.key];
    if (e.operator === 'In') return v !== undefined && (e.values ?? []).includes(v);
    if (e.operator === 'NotIn') return v === undefined || !(e.values ?? []).includes(v);
    if (e.operator === 'Exists') return v !== undefined;
    if (e.operator === 'DoesNotExist') return v === undefined;
    return false;
  }));
}

/** findMatchingVolume returns the volume to bind claim to, if any. */
export function findMatchingVolume(claim: PersistentVolumeClaim, volumes: PersistentVolume[], node?: Node, className?: string): PersistentVolume | undefined {
  const cls = className ?? claim.spec!.storageClassName ?? '';
  const mode = claim.spec!.volumeMode ?? 'Filesystem';
  const want = storageOf(claim.spec!.resources?.requests);
  const modes: string[] = claim.spec!.accessModes ?? [];
  const candidates = volumes.filter((pv) => {
    if (pv.metadata.deletionTimestamp) return false;
    const ref = pv.spec!.claimRef;
    if (ref) {
      if (ref.name !== claim.metadata.name || (ref.namespace ?? '') !== (claim.metadata.namespace ?? '')) return false;
      if (ref.uid && ref.uid !== claim.metadata.uid) return false;
    } else if (pv.status?.phase && pv.status.phase !== 'Available' && pv.status.phase !== 'Pending') return false;
    if ((pv.spec!.storageClassName ?? '') !== cls) return false;
    if ((pv.spec!.volumeMode ?? 'Filesystem') !== mode) return false;
    if (!modes.every((m) => (pv.spec!.accessModes ?? []).includes(m))) return false;
    if (compareQuantity(storageOf(pv.spec!.capacity), want) < 0) return false;
    if (claim.spec!.selector && !selectorMatches(claim.spec!.selector, pv.metadata.labels)) return false;
    return volumeAllowsNode(pv, node);
  });
  return candidates.sort((a, b) => Number(!!b.spec!.claimRef) - Number(!!a.spec!.claimRef)
    || compareQuantity(storageOf(a.spec!.capacity), storageOf(b.spec!.capacity)) || a.metadata.name!.localeCompare(b.metadata.name!))[0];
}
