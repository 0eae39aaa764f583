/**
 * metrics-api: the metrics.k8s.io API as discovery sees it — its group, version, APIService
 * name and resources. The API server lists them while the APIService is registered; the
 * metrics-server add-on registers it and `kubectl top` reads it, so it lives below both.
 */
import type { ResourceInfo } from './registry';

/** METRICS_GROUP and METRICS_VERSION are the API metrics-server registers. */
export const METRICS_GROUP = 'metrics.k8s.io';
export const METRICS_VERSION = 'v1beta1';
/** METRICS_APISERVICE is the APIService's name. */
export const METRICS_APISERVICE = `${METRICS_VERSION}.${METRICS_GROUP}`;

/** METRICS_RESOURCES are the discovery rows the Metrics API adds (no short names, get/list only). */
export const METRICS_RESOURCES: readonly ResourceInfo[] = [
  { resource: 'nodes', singular: '', kind: 'NodeMetrics', group: METRICS_GROUP, version: METRICS_VERSION, servedVersions: [METRICS_VERSION], namespaced: false, shortNames: [], verbs: ['get', 'list'], categories: [], storageKind: 'NodeMetrics' },
  { resource: 'pods', singular: '', kind: 'PodMetrics', group: METRICS_GROUP, version: METRICS_VERSION, servedVersions: [METRICS_VERSION], namespaced: true, shortNames: [], verbs: ['get', 'list'], categories: [], storageKind: 'PodMetrics' },
];

/** metricsResources lists the Metrics API's resources when its APIService is registered. */
export function metricsResources(hasApiService: boolean): readonly ResourceInfo[] {
  return hasApiService ? METRICS_RESOURCES : [];
}

