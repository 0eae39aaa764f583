/**
 * custom-resources: turns stored CustomResourceDefinitions into registry entries, so that
 * custom objects apply, list and print like built-ins once their CRD exists.
 */
import type { KubeObject } from '../api/meta';
import type { ResourceInfo } from '../api/registry';

const VERBS = ['delete', 'deletecollection', 'get', 'list', 'patch', 'create', 'update', 'watch'];

/** customResources lists the resources served by the given CRDs (served versions only). */
export function customResources(crds: readonly KubeObject[]): ResourceInfo[] {
  const out: ResourceInfo[] = [];
  for (const crd of crds) {
    if (crd.metadata.deletionTimestamp) continue;
    const spec = crd.spec ?? {};
    const names = spec.names ?? {};
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
  return out;
}
