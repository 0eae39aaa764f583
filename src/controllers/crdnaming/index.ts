/**
 * crdnaming: kube-apiserver's apiextensions controllers for a CustomResourceDefinition's status
 * (apiextensions-apiserver pkg/controller/status: the naming controller, then the establishing
 * controller): the names the CRD asks for are accepted unless another CRD of its group already
 * holds them, which sets NamesAccepted, and once they are the CRD is Established, the condition
 * `kubectl wait --for condition=established` waits for. kubemu: the API serves a CRD's
 * resources from its create on, so Established follows NamesAccepted in the same write.
 */
import { setConditionInPlace } from '../../api/conditions';
import type { KubeObject } from '../../api/meta';
import type { Controller, ReconcileContext, Request } from '../../sim/controller';

export const NAME = 'crd-naming-condition-controller';
/** FIELD_MANAGER: the controllers run in kube-apiserver, whose loopback client names its writes so. */
const FIELD_MANAGER = 'kube-apiserver';

interface Names { plural?: string; singular?: string; shortNames?: string[]; kind?: string; listKind?: string; categories?: string[] }
interface CrdCondition { type: string; status: string; lastTransitionTime?: string; reason?: string; message?: string }

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
function namesAndCondition(crd: KubeObject, crds: readonly KubeObject[]): { names: Names; accepted: Omit<CrdCondition, 'lastTransitionTime'> } {
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

/** establishedCondition is what the naming controller, then the establishing controller, leave. */
function establishedCondition(conditions: readonly CrdCondition[], namesAccepted: boolean): Omit<CrdCondition, 'lastTransitionTime'> {
  const old = conditions.find((c) => c.type === 'Established');
  if (old?.status === 'True') return old;
  if (namesAccepted) return { type: 'Established', status: 'True', reason: 'InitialNamesAccepted', message: 'the initial names have been accepted' };
  return old ?? { type: 'Established', status: 'False', reason: 'NotAccepted', message: 'not all names are accepted' };
}

/** crdNamingController keeps each CRD's acceptedNames, NamesAccepted and Established current. */
export const crdNamingController: Controller = {
  name: NAME,
  for: 'CustomResourceDefinition',
  // A CRD that changes or goes may free or take names its group's others want.
  watches: [{
    kind: 'CustomResourceDefinition',
    map: (crd, ctx) => ctx.api.list({ kind: 'CustomResourceDefinition' })
      .filter((o) => o.spec?.group === crd.spec?.group && o.metadata.name !== crd.metadata.name)
      .map((o) => ({ name: o.metadata.name! })),
  }],
  reconcile(req: Request, ctx: ReconcileContext): void {
    const crd = ctx.api.tryGet({ kind: 'CustomResourceDefinition', name: req.name });
    if (!crd || crd.metadata.deletionTimestamp) return;
    const { names, accepted } = namesAndCondition(crd, ctx.api.list({ kind: 'CustomResourceDefinition' }));
    const now = ctx.clock.nowISO();
    let conditions: CrdCondition[] = crd.status?.conditions ?? [];
    conditions = setConditionInPlace(conditions, accepted, now);
    conditions = setConditionInPlace(conditions, establishedCondition(conditions, accepted.status === 'True'), now);
    const { conditions: _c, acceptedNames: _a, ...rest } = crd.status ?? {};
    const status = { conditions, acceptedNames: names, ...rest };
    if (JSON.stringify(status) === JSON.stringify(crd.status)) return;
    ctx.api.updateStatus({ ...crd, status }, { fieldManager: FIELD_MANAGER });
  },
};
