/**
 * scale-subresource: a workload's scale subresource written as kube-apiserver's ScaleREST writes
 * it: the caller's change to the object's autoscaling/v1 Scale becomes its spec.replicas,
 * authorised as update on <resource>/scale, a stale resourceVersion refused with the
 * workload's own conflict. What it answers is the Scale of the object as written.
 */
import type { KubeObject } from '../api/meta';
import type { ResourceInfo } from '../api/registry';
import { scaleOf } from '../api/scale-of';
import type { ApiServer } from './apiserver';
import { authorizeRequest, serverSide } from './authorization/authorizing-api';
import type { WriteOptions } from './client';
import { ApiError, badRequest } from './errors';

type Ref = { kind: string; namespace?: string; name: string };

/** writeScale changes an object's Scale through the subresource, inside the caller's write. */
export function writeScale(api: ApiServer, info: ResourceInfo, ref: Ref, o: WriteOptions, change: (scale: KubeObject) => KubeObject): KubeObject {
  authorizeRequest(api, 'update', ref.kind, ref.namespace, ref.name, 'scale');
  const server = serverSide(api);
  const obj = structuredClone(server.get(ref));
  const next = change(scaleOf(obj));
  const replicas = next.spec?.replicas;
  if (typeof replicas !== 'number') throw badRequest('spec.replicas: Required value');
  if (next.metadata?.resourceVersion && next.metadata.resourceVersion !== obj.metadata.resourceVersion) {
    throw new ApiError('Conflict', 409, `Operation cannot be fulfilled on ${info.group ? `${info.resource}.${info.group}` : info.resource} "${ref.name}": the object has been modified; please apply your changes to the latest version and try again`, { group: info.group, kind: info.resource, name: ref.name });
  }
  obj.spec = { ...obj.spec, replicas };
  return scaleOf(server.update(obj, { ...o, subresource: 'scale' }));
}
