/**
 * pod-subresources: POST pods/NAME/eviction (policy/v1 Eviction) and pods/NAME/binding
 * (v1 Binding), answered through the API layer's evict and bind, as kube-apiserver's
 * EvictionREST and BindingREST answer them (pkg/registry/core/pod/storage): a 201 Success
 * Status, and an eviction a disruption budget blocks is the 429 with the DisruptionBudget cause.
 */
import type { KubeObject } from '../../api/meta';
import { EVICTION_VIOLATES_PDB } from '../../apiserver/evict';
import type { ApiServer } from '../../apiserver/apiserver';
import { aggregate, ApiError, badRequest } from '../../apiserver/errors';
import type { Cluster } from '../../cluster/cluster';
import type { ResourcePath } from './resource-path';
import { DetailedStatusError } from './status';

/** POD_WRITE_SUBRESOURCES are the pod subresources answered here. */
export const POD_WRITE_SUBRESOURCES = ['eviction', 'binding'] as const;

/** isPodWriteSubresource says a request is a POST to one of them. */
export function isPodWriteSubresource(method: string | undefined, p: ResourcePath): boolean {
  return method === 'POST' && p.group === '' && p.resource === 'pods' && !!p.name
    && (POD_WRITE_SUBRESOURCES as readonly string[]).includes(p.subresource ?? '');
}

interface Options { dryRun: boolean; fieldManager: string }

/** created is the Success Status both handlers answer with. */
const created = () => ({ code: 201, body: { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 } });

/** postPodSubresource answers an eviction or binding for the user api was authorized for. */
export function postPodSubresource(cluster: Cluster, api: ApiServer, p: ResourcePath, body: unknown, o: Options): { code: number; body: unknown } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('error decoding request body: not an object');
  const obj = body as KubeObject;
  const name = obj.metadata?.name;
  const ref = { kind: 'Pod', namespace: p.namespace ?? 'default', name: p.name! };
  if (p.subresource === 'eviction') {
    if (name !== p.name) throw badRequest('name in URL does not match name in Eviction object');
    const d = (obj as { deleteOptions?: { gracePeriodSeconds?: number; dryRun?: string[]; preconditions?: { resourceVersion?: string } } }).deleteOptions ?? {};
    const opts = {
      fieldManager: o.fieldManager, dryRun: o.dryRun || !!d.dryRun?.includes('All'),
      gracePeriodSeconds: d.gracePeriodSeconds ?? undefined, preconditionResourceVersion: d.preconditions?.resourceVersion,
    };
    try {
      cluster.write(() => api.evict(ref, opts));
    } catch (e) {
      throw budgetError(cluster, e, ref.namespace);
    }
    return created();
  }
  if (name !== p.name) throw badRequest('name in URL does not match name in Binding object');
  const target = (obj as { target?: { kind?: string; name?: string } }).target ?? {};
  // ValidatePodBinding's errors reach the client as an aggregate, not a Status: a 500 with no reason.
  const errs: string[] = [];
  if (target.kind !== undefined && target.kind !== '' && target.kind !== 'Node') errs.push(`target.kind: Unsupported value: "${target.kind}": supported values: "Node", "<empty>"`);
  if (!target.name) errs.push('target.name: Required value');
  if (errs.length) throw new ApiError('', 500, aggregate(errs));
  cluster.write(() => api.bind(ref, target.name!, o));
  return created();
}

/**
 * budgetError is the Status of an eviction a budget refused: as NewTooManyRequests makes it
 * (no name, group or kind; retry after 0), with the DisruptionBudget cause saying why.
 */
function budgetError(cluster: Cluster, e: unknown, namespace: string): unknown {
  if (!(e instanceof ApiError) || e.reason !== 'TooManyRequests' || e.message !== EVICTION_VIOLATES_PDB || !e.details.name) return e;
  const pdb = cluster.read(() => cluster.api.tryGet({ kind: 'PodDisruptionBudget', namespace, name: e.details.name! }));
  const st = pdb?.status;
  const message = (st?.observedGeneration ?? 0) < (pdb?.metadata.generation ?? 1)
    ? `The disruption budget ${e.details.name} is still being processed by the server.`
    : `The disruption budget ${e.details.name} needs ${st?.desiredHealthy ?? 0} healthy pods and has ${st?.currentHealthy ?? 0} currently`;
  return new DetailedStatusError('TooManyRequests', 429, EVICTION_VIOLATES_PDB, { causes: [{ reason: 'DisruptionBudget', message }] });
}
