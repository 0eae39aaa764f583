/**
 * virtual-resources: resources the API server makes on each read instead of storing, as
 * kube-apiserver's REST handlers for them do (ComponentStatus probes the control plane per
 * request). get, tryGet and list consult this table before the store; a new one is one row.
 */
import type { KubeObject } from '../api/meta';
import type { ApiError } from './errors';
import { componentNotFound, componentStatuses, META_CONTROLLER_MANAGER_STOPPED, META_SCHEDULER_STOPPED } from './component-statuses';

/** VirtualResource is how to read one such kind: its objects now, and its own not-found error. */
export interface VirtualResource {
  /** list makes the objects, given the store's meta key/values (what the cluster knows). */
  list(meta: (key: string) => string | undefined): KubeObject[];
  notFound(name: string): ApiError;
}

/** VIRTUAL_RESOURCES maps a storage kind to its reader. */
export const VIRTUAL_RESOURCES: ReadonlyMap<string, VirtualResource> = new Map([
  ['ComponentStatus', {
    list: (meta) => componentStatuses(meta(META_SCHEDULER_STOPPED) === 'true', meta(META_CONTROLLER_MANAGER_STOPPED) === 'true'),
    notFound: componentNotFound,
  }],
]);
