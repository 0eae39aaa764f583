/**
 * apiserviceavailability: kube-aggregator's AvailableConditionController (in kube-apiserver),
 * which keeps each APIService's Available condition: a local one (no service) is always
 * available; one served by a Service is available once the Service exists, listens on the
 * APIService's port, and its Endpoints have a ready address on that port's name. Its words are
 * upstream's (ServiceNotFound, ServicePortError, EndpointsNotFound, MissingEndpoints, Passed), as
 * `kubectl get apiservice` shows them in AVAILABLE. kubemu: no discovery request is made, so a
 * serving Endpoints address passes.
 */
import { setConditionInPlace, type ConditionChange } from '../../api/conditions';
import type { KubeObject } from '../../api/meta';
import type { Controller, ReconcileContext, Request } from '../../sim/controller';

export const NAME = 'apiservice-available-condition-controller';
/** FIELD_MANAGER: the controller runs in kube-apiserver, whose loopback client names its writes so. */
const FIELD_MANAGER = 'kube-apiserver';

/** LOCAL is NewLocalAvailableAPIServiceCondition. */
const LOCAL: ConditionChange = { type: 'Available', status: 'True', reason: 'Local', message: 'Local APIServices are always available' };

/** availability is the Available condition an APIService has now. */
function availability(apiService: KubeObject, ctx: ReconcileContext): ConditionChange {
  const ref = apiService.spec?.service;
  if (!ref) return LOCAL;
  const { name, namespace } = ref as { name: string; namespace: string };
  const port: number = ref.port ?? 443;
  const unavailable = (reason: string, message: string): ConditionChange => ({ type: 'Available', status: 'False', reason, message });
  const service = ctx.api.tryGet({ kind: 'Service', namespace, name });
  if (!service) return unavailable('ServiceNotFound', `service/${name} in "${namespace}" is not present`);
  if ((service.spec?.type ?? 'ClusterIP') === 'ClusterIP') {
    const servicePort = (service.spec?.ports ?? []).find((p: { port?: number }) => p.port === port);
    if (!servicePort) return unavailable('ServicePortError', `service/${name} in "${namespace}" is not listening on port ${port}`);
    const portName: string = servicePort.name ?? '';
    const endpoints = ctx.api.tryGet({ kind: 'Endpoints', namespace, name });
    if (!endpoints) return unavailable('EndpointsNotFound', `cannot find endpoints for service/${name} in "${namespace}"`);
    const active = (endpoints.subsets ?? []).some((s: { addresses?: unknown[]; ports?: { name?: string }[] }) =>
      (s.addresses ?? []).length > 0 && (s.ports ?? []).some((p) => (p.name ?? '') === portName));
    if (!active) return unavailable('MissingEndpoints', `endpoints for service/${name} in "${namespace}" have no addresses with port name "${portName}"`);
  }
  return { type: 'Available', status: 'True', reason: 'Passed', message: 'all checks passed' };
}

/** apiServicesFor maps a Service or its Endpoints to the APIServices it serves. */
function apiServicesFor(obj: KubeObject, ctx: ReconcileContext): Request[] {
  return ctx.api.list({ kind: 'APIService' })
    .filter((a) => a.spec?.service?.namespace === obj.metadata.namespace && a.spec?.service?.name === obj.metadata.name)
    .map((a) => ({ name: a.metadata.name! }));
}

/** apiServiceAvailabilityController keeps every APIService's Available condition current. */
export const apiServiceAvailabilityController: Controller = {
  name: NAME,
  for: 'APIService',
  watches: [{ kind: 'Service', map: apiServicesFor }, { kind: 'Endpoints', map: apiServicesFor }],
  reconcile(req: Request, ctx: ReconcileContext): void {
    const apiService = ctx.api.tryGet({ kind: 'APIService', name: req.name });
    if (!apiService) return;
    const conditions = setConditionInPlace(apiService.status?.conditions ?? [], availability(apiService, ctx), ctx.clock.nowISO());
    if (JSON.stringify(conditions) === JSON.stringify(apiService.status?.conditions)) return;
    ctx.api.updateStatus({ ...apiService, status: { ...apiService.status, conditions } }, { fieldManager: FIELD_MANAGER });
  },
};
