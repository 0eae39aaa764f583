import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../../api/meta';
import { builtinRegistry } from '../../../api/registry';
import { typeCheckPolicy } from './type-check';

const policy = (rules: object[], validations: object[]): KubeObject => ({
  apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingAdmissionPolicy', metadata: { name: 'p' },
  spec: { matchConstraints: { resourceRules: rules }, validations },
});
const PODS = { apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['pods'] };

describe('typeCheckPolicy', () => {
  it('reports an undefined field on its own line and column of a multi-line expression', () => {
    expect(typeCheckPolicy(policy([PODS], [{ expression: 'object.spec.containers.size() > 0 &&\n  object.spec.hostNetwok == false' }]), builtinRegistry.resources)).toEqual([{
      fieldRef: 'spec.validations[0].expression',
      warning: "/v1, Kind=Pod: ERROR: <input>:2:14: undefined field 'hostNetwok'\n |   object.spec.hostNetwok == false\n | .............^",
    }]);
  });

  it('accepts declared fields, map keys and list items, and skips wildcards and subresources', () => {
    const ok = [{ expression: "object.metadata.labels.app == 'x' && object.spec.containers[0].image != '' && oldObject.spec.nodeName == ''" }];
    expect(typeCheckPolicy(policy([PODS], ok), builtinRegistry.resources)).toEqual([]);
    const bad = [{ expression: 'object.spec.nope' }];
    expect(typeCheckPolicy(policy([{ ...PODS, resources: ['*'] }], bad), builtinRegistry.resources)).toEqual([]);
    expect(typeCheckPolicy(policy([{ ...PODS, resources: ['pods/status'] }], bad), builtinRegistry.resources)).toEqual([]);
    expect(typeCheckPolicy(policy([PODS], bad), builtinRegistry.resources)).toHaveLength(1);
  });
});
