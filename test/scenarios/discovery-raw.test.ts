import { afterAll, describe, expect, it } from 'vitest';
import { manualCluster } from '../helpers/run-cli';

const BUILTIN_VERSIONS = [
  'admissionregistration.k8s.io/v1', 'apiextensions.k8s.io/v1', 'apiregistration.k8s.io/v1', 'apps/v1',
  'authentication.k8s.io/v1', 'authorization.k8s.io/v1', 'autoscaling/v1', 'autoscaling/v2', 'batch/v1',
  'certificates.k8s.io/v1', 'coordination.k8s.io/v1', 'discovery.k8s.io/v1', 'events.k8s.io/v1',
  'flowcontrol.apiserver.k8s.io/v1', 'networking.k8s.io/v1', 'node.k8s.io/v1', 'policy/v1',
  'rbac.authorization.k8s.io/v1', 'scheduling.k8s.io/v1', 'storage.k8s.io/v1', 'v1',
];

const CRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.shop.example.com}
spec:
  group: shop.example.com
  scope: Namespaced
  names: {plural: widgets, singular: widget, kind: Widget}
  versions:
  - {name: v1, served: true, storage: true, schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}}
  - {name: v1beta1, served: true, storage: false, schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}}
  - {name: v1alpha1, served: false, storage: false, schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}}
`;

const lines = (l: string[]): string => l.map((s) => `${s}\n`).join('');

describe('discovery: api-versions', () => {
  const home = manualCluster('apiv', 7);
  afterAll(() => home.cleanup());

  it('lists every served group/version sorted as kubectl sorts them (core v1 last)', () => {
    expect(home.run('api-versions')).toEqual({ stdout: lines(BUILTIN_VERSIONS), stderr: '', code: 0 });
  });

  it('adds the served versions of a CRD group, not the unserved one', () => {
    expect(home.run('apply -f -', { stdin: CRD }).code).toBe(0);
    const want = [...BUILTIN_VERSIONS];
    want.splice(want.indexOf('scheduling.k8s.io/v1') + 1, 0, 'shop.example.com/v1', 'shop.example.com/v1beta1');
    expect(home.run('api-versions')).toEqual({ stdout: lines(want), stderr: '', code: 0 });
  });

  it('takes no arguments beyond kubectl options', () => {
    expect(home.run('api-versions --help').stdout).toContain('kubectl api-versions [options]');
  });
});
