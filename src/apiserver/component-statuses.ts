/**
 * component-statuses: the deprecated ComponentStatus API. kube-apiserver stores none: each
 * get or list probes the control-plane components there and then, so the objects are made
 * on every read from what the cluster knows (kubemu: whether kube-scheduler is stopped).
 */
import type { KubeObject } from '../api/meta';
import { ApiError } from './errors';

/** META_SCHEDULER_STOPPED is the flag `kubemu scheduler stop` sets: the settle loop then runs no scheduler. */
export const META_SCHEDULER_STOPPED = 'scheduler.stopped';

/**
 * META_CONTROLLER_MANAGER_STOPPED is set while kube-controller-manager cannot run (its static
 * pod's manifest is broken): the settle loop then runs none of its controllers.
 */
export const META_CONTROLLER_MANAGER_STOPPED = 'controller-manager.stopped';

/** COMPONENT_STATUS_DEPRECATED is the warning kube-apiserver sends with every componentstatuses request. */
export const COMPONENT_STATUS_DEPRECATED = 'v1 ComponentStatus is deprecated in v1.19+';

/** HEALTHZ_OK is what a healthy component's /healthz (and the etcd prober) answers. */
export const HEALTHZ_OK = 'ok';

/** SCHEDULER_HEALTHZ_REFUSED is the HTTP prober's failure text when kube-scheduler does not listen on its secure port. */
export const SCHEDULER_HEALTHZ_REFUSED = 'Get "https://127.0.0.1:10259/healthz": dial tcp 127.0.0.1:10259: connect: connection refused';

/** CONTROLLER_MANAGER_HEALTHZ_REFUSED is the prober's failure text when kube-controller-manager does not listen on its secure port. */
export const CONTROLLER_MANAGER_HEALTHZ_REFUSED = 'Get "https://127.0.0.1:10257/healthz": dial tcp 127.0.0.1:10257: connect: connection refused';

/** componentStatus is one probed component: Healthy True with the probe's body, or False with the probe's error as message. */
function componentStatus(name: string, healthy: boolean, message: string): KubeObject {
  return {
    apiVersion: 'v1', kind: 'ComponentStatus',
    metadata: { name, creationTimestamp: null } as unknown as KubeObject['metadata'],
    conditions: [{ type: 'Healthy', status: healthy ? 'True' : 'False', message }],
  } as KubeObject;
}

/** componentStatuses lists the components kube-apiserver v1.32 validates, in kubemu's fixed order. */
export function componentStatuses(schedulerStopped: boolean, controllerManagerStopped = false): KubeObject[] {
  return [
    controllerManagerStopped ? componentStatus('controller-manager', false, CONTROLLER_MANAGER_HEALTHZ_REFUSED) : componentStatus('controller-manager', true, HEALTHZ_OK),
    schedulerStopped ? componentStatus('scheduler', false, SCHEDULER_HEALTHZ_REFUSED) : componentStatus('scheduler', true, HEALTHZ_OK),
    componentStatus('etcd-0', true, HEALTHZ_OK),
  ];
}

/** componentNotFound: the ComponentStatus storage fails an unknown name with a plain error, which kube-apiserver sends as a 500 with no reason. */
export const componentNotFound = (name: string): ApiError => new ApiError('', 500, `Component not found: ${name}`);
