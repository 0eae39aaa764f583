/**
 * crdregistration: kube-apiserver's crdRegistrationController, which keeps an APIService for
 * each group-version the CustomResourceDefinitions serve (group priority 1000, version priority
 * 100, labelled to be synced continuously) and removes the ones no CRD serves any more, so
 * `kubectl get apiservices` lists the CRDs' versions as Local beside the built-in ones.
 */
import type { KubeObject } from '../../api/meta';
import type { Controller, ReconcileContext, Request } from '../../sim/controller';

/** AUTO_REGISTER_LABEL is kube-aggregator's AutoRegisterManagedLabel: "true", synced continuously; "onstart", once at start. */
export const AUTO_REGISTER_LABEL = 'kube-aggregator.kubernetes.io/automanaged';

export const NAME = 'crd-registration-controller';
const FIELD_MANAGER = 'kube-apiserver';

/** servedVersions lists the versions a live CRD of group serves. */
function servedVersions(crds: readonly KubeObject[], group: string): Set<string> {
  const out = new Set<string>();
  for (const crd of crds) {
    if (crd.spec?.group !== group || crd.metadata.deletionTimestamp) continue;
    for (const v of crd.spec?.versions ?? []) if (v?.served && typeof v.name === 'string') out.add(v.name);
  }
  return out;
}

/** crdRegistrationController syncs the APIServices of a CRD's group whenever one of its CRDs changes. */
export const crdRegistrationController: Controller = {
  name: NAME,
  for: 'CustomResourceDefinition',
  reconcile(req: Request, ctx: ReconcileContext): void {
    // A CRD is named plural.group: its group is known even after it is gone.
    const crd = ctx.api.tryGet({ kind: 'CustomResourceDefinition', name: req.name });
    const group = typeof crd?.spec?.group === 'string' ? crd.spec.group : req.name.slice(req.name.indexOf('.') + 1);
    const versions = servedVersions(ctx.api.list({ kind: 'CustomResourceDefinition' }), group);
    const managed = ctx.api.list({ kind: 'APIService' }).filter((a) => a.spec?.group === group && a.metadata.labels?.[AUTO_REGISTER_LABEL] === 'true');
    for (const a of managed) if (!versions.has(String(a.spec?.version))) ctx.api.delete({ kind: 'APIService', name: a.metadata.name! }, { fieldManager: FIELD_MANAGER });
    for (const version of [...versions].sort()) {
      const name = `${version}.${group}`;
      if (ctx.api.tryGet({ kind: 'APIService', name })) continue;
      ctx.api.create({
        apiVersion: 'apiregistration.k8s.io/v1', kind: 'APIService',
        metadata: { name, labels: { [AUTO_REGISTER_LABEL]: 'true' } },
        spec: { group, version, groupPriorityMinimum: 1000, versionPriority: 100 },
      } as KubeObject, { fieldManager: FIELD_MANAGER });
    }
  },
};
