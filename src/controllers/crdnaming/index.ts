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
import { deepEqual } from '../../api/deep-equal';
import { namesAndCondition, type CrdCondition } from '../../api/crd-accepted-names';
import type { Controller, ReconcileContext, Request } from '../../sim/controller';

export const NAME = 'crd-naming-condition-controller';
/** FIELD_MANAGER: the controllers run in kube-apiserver, whose loopback client names its writes so. */
const FIELD_MANAGER = 'kube-apiserver';

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
    if (deepEqual(status, crd.status)) return;
    ctx.api.updateStatus({ ...crd, status }, { fieldManager: FIELD_MANAGER });
  },
};
