import { describe, expect, it } from 'vitest';
import { BUILTIN_RESOURCES } from '../registry';
import { schemaForKind } from './document';
import { builtinSchemas, crdDefinitionName, crdSchemas, openAPIDocument } from './documents';

describe('built-in OpenAPI schemas', () => {
  it('has a schema for every served version of every built-in resource', () => {
    const doc = openAPIDocument();
    const missing = BUILTIN_RESOURCES.flatMap((r) => r.servedVersions
      .filter((version) => !schemaForKind(doc, { group: r.group, version, kind: r.kind }))
      .map((version) => `${r.group}/${version} ${r.kind}`));
    expect(missing).toEqual([]);
  });

  it('carries v1.32 descriptions, required fields and enum values', () => {
    const container = builtinSchemas()['io.k8s.api.core.v1.Container']!;
    expect(container.required).toEqual(['name']);
    expect(container.properties!.imagePullPolicy!.enum).toEqual(['Always', 'IfNotPresent', 'Never']);
    expect(container.properties!.imagePullPolicy!.description).toMatch(/^Image pull policy\. One of Always, Never, IfNotPresent\..*\n\nPossible enum values:\n - `"Always"` means that kubelet always attempts to pull the latest image\. Container will fail If the pull fails\.\n/s);
    // 1.32 removed ContainerStatus' old "Details about..." wording; a stale schema would still say it.
    expect(builtinSchemas()['io.k8s.api.core.v1.ContainerStatus']!.properties!.state!.description).toBe("State holds details about the container's current condition.");
  });
});

describe('CRD schemas', () => {
  const crd = {
    apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'crontabs.stable.example.com' },
    spec: {
      group: 'stable.example.com', names: { kind: 'CronTab', plural: 'crontabs' }, scope: 'Namespaced',
      versions: [
        { name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { cronSpec: { type: 'string' } } } } } } },
        { name: 'v0', served: false, storage: false },
      ],
    },
  };

  it('names each served version\'s schema by the reversed group and adds apiVersion, kind and metadata', () => {
    const schemas = crdSchemas(crd as never);
    expect(Object.keys(schemas)).toEqual([crdDefinitionName('stable.example.com', 'v1', 'CronTab')]);
    const s = schemas['com.example.stable.v1.CronTab']!;
    expect(Object.keys(s.properties!).sort()).toEqual(['apiVersion', 'kind', 'metadata', 'spec']);
    expect(s.properties!.metadata!.allOf).toEqual([{ $ref: '#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta' }]);
    expect(s['x-kubernetes-group-version-kind']).toEqual([{ group: 'stable.example.com', version: 'v1', kind: 'CronTab' }]);
  });
});
