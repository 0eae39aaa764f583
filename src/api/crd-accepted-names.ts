/**
 * crd-accepted-names: the names a CustomResourceDefinition may have accepted, as
 * apiextensions-apiserver's naming controller decides them (pkg/controller/status
 * calculateNamesAndConditions): each name it asks for unless another CRD of its group already
 * holds it. The naming controller writes the outcome; the API server serves a CRD not yet seen
 * by it under the same outcome.
 */
import type { KubeObject } from './meta';

/** CRD_CLEANUP_FINALIZER holds a deleted CRD until its objects are gone (apiextensions CustomResourceCleanupFinalizer). */
export const CRD_CLEANUP_FINALIZER = 'customresourcecleanup.apiextensions.k8s.io';

/** crdConditionTrue: the CRD's condition of that type is True. */
export function crdConditionTrue(crd: KubeObject, type: string): boolean {
  return (crd.status?.conditions ?? []).some((c: { type?: string; status?: string }) => c.type === type && c.status === 'True');
}

export interface Names { plural?: string; singular?: string; shortNames?: string[]; kind?: string; listKind?: string; categories?: string[] }
export interface CrdCondition { type: string; status: string; lastTransitionTime?: string; reason?: string; message?: string }

/** acceptedNamesInGroup collects the names the group's other CRDs hold (upstream getAcceptedNamesForGroup). */
function acceptedNamesInGroup(crds: readonly KubeObject[], self: KubeObject): { resources: Set<string>; kinds: Set<string> } {
  const resources = new Set<string>();
  const kinds = new Set<string>();
  for (const crd of crds) {
    if (crd.metadata.name === self.metadata.name || crd.spec?.group !== self.spec?.group) continue;
    const n: Names = crd.status?.acceptedNames ?? {};
    for (const r of [n.plural, n.singular, ...(n.shortNames ?? [])]) if (r) resources.add(r);
    for (const k of [n.kind, n.listKind]) if (k) kinds.add(k);
  }
  return { resources, kinds };
}

/** inUse is upstream equalToAcceptedOrFresh: a name is fine if already ours or held by no one. */
function inUse(requested: string | undefined, accepted: string | undefined, used: Set<string>): string | undefined {
  if (requested === accepted || !requested || !used.has(requested)) return undefined;
  return `"${requested}" is already in use`;
}

/** namesAndCondition is upstream calculateNamesAndConditions' names and NamesAccepted condition. */
export function namesAndCondition(crd: KubeObject, crds: readonly KubeObject[]): { names: Names; accepted: Omit<CrdCondition, 'lastTransitionTime'> } {
  const requested: Names = crd.spec?.names ?? {};
  const current: Names = crd.status?.acceptedNames ?? {};
  const { resources, kinds } = acceptedNamesInGroup(crds, crd);
  const names: Names = { ...current };
  let accepted = { type: 'NamesAccepted', status: 'True', reason: 'NoConflicts', message: 'no conflicts found' };
  const conflict = (reason: string, message: string) => { accepted = { type: 'NamesAccepted', status: 'False', reason, message }; };
  const check = (field: 'plural' | 'singular' | 'kind' | 'listKind', used: Set<string>, reason: string) => {
    const err = inUse(requested[field], current[field], used);
    if (err) conflict(reason, err);
    else names[field] = requested[field];
  };
  check('plural', resources, 'PluralConflict');
  check('singular', resources, 'SingularConflict');
  const ownShort = new Set(current.shortNames ?? []);
  const shortErrs = (requested.shortNames ?? []).filter((s) => !ownShort.has(s)).map((s) => inUse(s, '', resources)).filter((e): e is string => !!e);
  if (shortErrs.length) conflict('ShortNamesConflict', shortErrs.length === 1 ? shortErrs[0]! : `[${shortErrs.join(', ')}]`);
  else names.shortNames = requested.shortNames;
  check('kind', kinds, 'KindConflict');
  check('listKind', kinds, 'ListKindConflict');
  names.categories = requested.categories;
  return { names: orderedNames(names), accepted };
}

/** orderedNames keeps CustomResourceDefinitionNames' Go field order, plural and kind always there. */
function orderedNames(n: Names): Names {
  return {
    plural: n.plural ?? '', ...(n.singular ? { singular: n.singular } : {}), ...(n.shortNames?.length ? { shortNames: n.shortNames } : {}),
    kind: n.kind ?? '', ...(n.listKind ? { listKind: n.listKind } : {}), ...(n.categories?.length ? { categories: n.categories } : {}),
  };
}
