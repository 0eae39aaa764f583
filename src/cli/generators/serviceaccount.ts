/**
 * serviceaccount: `kubectl create serviceaccount NAME` (pkg/cmd/create/create_serviceaccount.go).
 */
import type { KubeObject } from '../../api/meta';
import { objectMeta } from './go-order';

/** CreateServiceAccountOptions: `namespace` is set only when kubectl would enforce it (-n given). */
export interface CreateServiceAccountOptions { namespace?: string }

/** createServiceAccount builds the ServiceAccount kubectl sends (metadata only). */
export function createServiceAccount(name: string, o: CreateServiceAccountOptions = {}): KubeObject {
  return { kind: 'ServiceAccount', apiVersion: 'v1', metadata: objectMeta({ name, namespace: o.namespace }) };
}
