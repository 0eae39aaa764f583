import { describe, expect, it } from 'vitest';
import { legacySort } from './legacy-order';
import { makeResource, nameOf, type Obj } from './resource';

const res = (apiVersion: string, kind: string, name: string, namespace?: string) =>
  makeResource({ apiVersion, kind, metadata: { name, ...(namespace ? { namespace } : {}) } } as Obj, { file: 'f', line: 1 });

describe('legacySort', () => {
  it('puts kustomize\'s first kinds first, webhooks last, the rest by group_version_kind then namespace|name', () => {
    const sorted = legacySort([
      res('admissionregistration.k8s.io/v1', 'ValidatingWebhookConfiguration', 'v'),
      res('apps/v1', 'DaemonSet', 'd'),
      res('v1', 'Pod', 'p2', 'b'),
      res('v1', 'Pod', 'p1', 'a'),
      res('apps/v1', 'Deployment', 'dep'),
      res('v1', 'ConfigMap', 'c'),
      res('v1', 'Namespace', 'n'),
    ]).map(nameOf);
    // "apps_v1_DaemonSet" sorts before "~G_v1_Pod": the core group is spelled ~G.
    expect(sorted).toEqual(['n', 'c', 'dep', 'd', 'p1', 'p2', 'v']);
  });
});
