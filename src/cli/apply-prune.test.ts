import { describe, expect, it } from 'vitest';
import { builtinRegistry } from '../api/registry';
import { pruneKinds } from './apply-prune';

describe('pruneKinds', () => {
  it('is kubectl\'s default allowlist without --prune-allowlist: namespaced kinds, then Namespace and PersistentVolume', () => {
    const kinds = pruneKinds(builtinRegistry, []);
    expect(kinds.map((k) => `${k.group}/${k.kind}`)).toEqual([
      '/ConfigMap', '/Endpoints', '/PersistentVolumeClaim', '/Pod', '/ReplicationController', '/Secret', '/Service', 'batch/Job', 'batch/CronJob',
      'networking.k8s.io/Ingress', 'apps/DaemonSet', 'apps/Deployment', 'apps/ReplicaSet', 'apps/StatefulSet', '/Namespace', '/PersistentVolume',
    ]);
    expect(kinds.filter((k) => !k.namespaced).map((k) => k.kind)).toEqual(['Namespace', 'PersistentVolume']);
  });

  it('maps group/version/kind, "core" or "" for the core group, and refuses what the mapper does not know', () => {
    expect(pruneKinds(builtinRegistry, ['core/v1/ConfigMap', 'apps/v1/Deployment', '/v1/Secret']).map((k) => k.kind)).toEqual(['ConfigMap', 'Deployment', 'Secret']);
    expect(() => pruneKinds(builtinRegistry, ['apps/v1'])).toThrow('invalid GroupVersionKind format: apps/v1, please follow <group/version/kind>');
    expect(() => pruneKinds(builtinRegistry, ['apps/v2/Deployment'])).toThrow('no matches for kind "Deployment" in version "apps/v2"');
  });
});
