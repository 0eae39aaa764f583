/**
 * custom-resources: turns stored CustomResourceDefinitions into registry entries, so that
 * custom objects apply, list and print like built-ins once their CRD is Established, under the
 * names the naming controller accepted (status.acceptedNames), as apiextensions-apiserver's
 * discovery and handler serve them: a CRD whose names conflict with another's is not served.
 * kubemu: a CRD the naming controller has not seen yet is served under the names it will accept
 * (kube-apiserver establishes a CRD within milliseconds of its create), so one command may
 * register a CRD and then create its objects, as `kubemu check` and the add-ons do.
 */
import type { KubeObject } from '../api/meta';
import { discoveryOrder, type ResourceInfo } from '../api/registry';
import { namesAndCondition, type Names } from '../api/crd-accepted-names';

const VERBS = ['delete', 'deletecollection', 'get', 'list', 'patch', 'create', 'update', 'watch'];

/** servedNames are the names a CRD is served under, undefined while it is not served. */
function servedNames(crd: KubeObject, crds: readonly KubeObject[]): Names | undefined {
  const established = (crd.status?.conditions ?? []).find((c: { type?: string }) => c.type === 'Established');
  if (established) return established.status === 'True' ? crd.status?.acceptedNames ?? {} : undefined;
  const { names, accepted } = namesAndCondition(crd, crds);
  return accepted.status === 'True' ? names : undefined;
}

/**
 * customResources lists the resources served by the given CRDs (see servedNames; served versions
 * only) in discovery's order: every CRD group has the same priority, so groups by name, each
 * group's resources by plural. A short name two of them share means the first.
 */
export function customResources(crds: readonly KubeObject[]): ResourceInfo[] {
  const out: ResourceInfo[] = [];
  for (const crd of crds) {
    // A terminating CRD stays served until its finalizer has deleted its objects.
    const names = servedNames(crd, crds);
    if (!names) continue;
    const spec = crd.spec ?? {};
    const served = (spec.versions ?? []).filter((v: { served?: boolean }) => v.served !== false).map((v: { name: string }) => v.name);
    const storageVersion = (spec.versions ?? []).find((v: { storage?: boolean }) => v.storage);
    const storage = storageVersion?.name ?? served[0];
    const printerColumns = storageVersion?.additionalPrinterColumns;
    if (!names.kind || !names.plural || !storage) continue;
    const schemas = Object.fromEntries((spec.versions ?? [])
      .filter((v: { schema?: { openAPIV3Schema?: unknown } }) => v.schema?.openAPIV3Schema)
      .map((v: { name: string; schema: { openAPIV3Schema: unknown } }) => [v.name, v.schema.openAPIV3Schema]));
    out.push({
      resource: names.plural,
      singular: names.singular ?? String(names.kind).toLowerCase(),
      kind: names.kind,
      group: spec.group ?? '',
      version: storage,
      servedVersions: served,
      namespaced: spec.scope !== 'Cluster',
      shortNames: names.shortNames ?? [],
      verbs: VERBS,
      categories: names.categories ?? [],
      // kubemu: stored under the bare kind; a CRD reusing a built-in kind name would share its table.
      storageKind: names.kind,
      ...(Array.isArray(printerColumns) && printerColumns.length ? { printerColumns } : {}),
      ...(Object.keys(schemas).length ? { schemas } : {}),
      ...(storageVersion?.subresources?.status ? { statusSubresource: true } : {}),
    });
  }
  return out.sort(discoveryOrder);
}
