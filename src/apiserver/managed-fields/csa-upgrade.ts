/**
 * csa-upgrade: what `kubectl apply --server-side` does to an object client-side apply
 * managed before (client-go's csaupgrade, run by kubectl after its first server-side apply):
 * the Update entries that own the last-applied annotation are the client-side appliers; their
 * fields join the server-side applier's Apply entry (the annotation itself excepted) and
 * their entries go. kubectl then writes the new managedFields and applies again, so fields
 * the manifest no longer sets are pruned as client-side apply would have. Before that, kubectl
 * (with its default manager) applies the annotation alone as `kubectl-last-applied`, so that
 * the annotation keeps an owner once the client-side entries are gone.
 */
import type { KubeObject, ManagedFieldsEntry } from '../../api/meta';
import { LAST_APPLIED } from '../../api/last-applied';
import { deepEqual } from '../../api/deep-equal';
import { FieldSet } from './field-set';
import { fieldsWith, fieldsWithout, type FieldsTree } from './fields-v1';

const ANNOTATION_PATH = ['f:metadata', 'f:annotations', `f:${LAST_APPLIED}`];

function annotationSet(): FieldSet {
  const s = new FieldSet();
  s.insert(ANNOTATION_PATH);
  return s;
}

const isCsa = (e: ManagedFieldsEntry, name: string): boolean => e.manager === name && e.operation === 'Update' && !e.subresource;

/** LAST_APPLIED_MANAGER is the manager kubectl applies the last-applied annotation with. */
export const LAST_APPLIED_MANAGER = 'kubectl-last-applied';

/**
 * lastAppliedConfiguration is the configuration kubectl applies as LAST_APPLIED_MANAGER after
 * a server-side apply of obj: the annotation alone; undefined when obj has none or an Apply
 * entry owns it already.
 */
export function lastAppliedConfiguration(obj: KubeObject): KubeObject | undefined {
  const value = obj.metadata.annotations?.[LAST_APPLIED];
  if (value === undefined) return undefined;
  if ((obj.metadata.managedFields ?? []).some((e) => e.operation === 'Apply' && FieldSet.fromFieldsV1(e.fieldsV1).has(ANNOTATION_PATH))) return undefined;
  const metadata: KubeObject['metadata'] = { name: obj.metadata.name, ...(obj.metadata.namespace ? { namespace: obj.metadata.namespace } : {}), annotations: { [LAST_APPLIED]: value } };
  return { apiVersion: obj.apiVersion, kind: obj.kind, metadata };
}

/** clientSideAppliers are the managers of Update entries that own the last-applied annotation. */
export function clientSideAppliers(entries: readonly ManagedFieldsEntry[]): string[] {
  const names = new Set<string>();
  for (const e of entries) {
    if (e.operation === 'Update' && FieldSet.fromFieldsV1(e.fieldsV1).has(ANNOTATION_PATH)) names.add(e.manager ?? '');
  }
  return [...names].sort();
}

/**
 * upgradeClientSideApply is entries with the client-side appliers' fields moved to
 * ssaManager's Apply entry; undefined when there is nothing to move (already migrated).
 */
export function upgradeClientSideApply(entries: readonly ManagedFieldsEntry[] | undefined, ssaManager: string): ManagedFieldsEntry[] | undefined {
  if (!entries?.length) return undefined;
  let out = entries.map((e) => ({ ...e }));
  for (const csa of clientSideAppliers(entries)) out = upgradeOne(out, csa, ssaManager);
  return deepEqual(out, entries) ? undefined : out;
}

function upgradeOne(entries: ManagedFieldsEntry[], csa: string, ssa: string): ManagedFieldsEntry[] {
  let target = entries.findIndex((e) => e.manager === ssa && e.operation === 'Apply' && !e.subresource);
  if (target < 0) {
    // No Apply entry yet: the most recent client-side entry becomes it.
    target = entries.findIndex((e) => isCsa(e, csa));
    if (target < 0) return entries;
    entries[target] = { ...entries[target]!, manager: ssa, operation: 'Apply' };
  }
  const into = entries[target]!;
  const from = entries.find((e) => isCsa(e, csa) && e.apiVersion === into.apiVersion);
  // An empty tree is no set at all (fieldsWith reads a childless node as an owned leaf).
  let fields = into.fieldsV1 && Object.keys(into.fieldsV1).length ? into.fieldsV1 as FieldsTree : undefined;
  if (from) fields = fieldsWith(fields, FieldSet.fromFieldsV1(from.fieldsV1));
  fields = fields && (fieldsWithout(fields, annotationSet()) ?? {});
  entries[target] = { ...into, fieldsV1: fields ?? {} };
  return entries.filter((e) => !isCsa(e, csa));
}
