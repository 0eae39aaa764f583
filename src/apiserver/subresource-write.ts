/**
 * subresource-write: an updated object written through the subresource a request named — the
 * object itself, or its status, a CSR's approval or a Pod's ephemeralcontainers — as serve's
 * PUT and PATCH, `edit` and `patch --subresource` send it. (scale writes a Scale, not the
 * object: scale-subresource.ts.)
 */
import type { KubeObject } from '../api/meta';
import type { ApiClient, WriteOptions } from './client';

export function writeThroughSubresource(api: ApiClient, subresource: string | undefined, obj: KubeObject, o: WriteOptions): KubeObject {
  switch (subresource) {
    case 'status': return api.updateStatus(obj, o);
    case 'approval': return api.updateApproval(obj, o);
    case 'ephemeralcontainers': return api.updateEphemeralContainers(obj, o);
    default: return api.update(obj, o);
  }
}
