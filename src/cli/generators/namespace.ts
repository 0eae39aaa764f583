/**
 * namespace: `kubectl create namespace NAME` (kubectl pkg/cmd/create/create_namespace.go).
 */
import type { KubeObject } from '../../api/meta';
import { objectMeta } from './go-order';

/** createNamespace builds the Namespace kubectl sends, with its empty `spec` and `status` stubs. */
export function createNamespace(name: string): KubeObject {
  return { kind: 'Namespace', apiVersion: 'v1', metadata: objectMeta({ name }), spec: {}, status: {} };
}
