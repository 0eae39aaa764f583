/**
 * metrics-server: the add-on that serves metrics.k8s.io — what `kubemu addon enable
 * metrics-server` installs (its ServiceAccount, Deployment and Service in kube-system and the
 * APIService v1beta1.metrics.k8s.io) and how the rest of kubemu tells whether the Metrics API
 * is served (discovery) and ready (its pod is available).
 * Mirrors kubernetes-sigs/metrics-server manifests/base (v0.7); kubeadm installs none of it.
 */
import type { KubeObject } from '../api/meta';
import type { ApiClient } from '../apiserver/client';
import { METRICS_APISERVICE, METRICS_GROUP, METRICS_VERSION } from '../api/metrics-api';

export const METRICS_SERVER = 'metrics-server';
export const METRICS_NAMESPACE = 'kube-system';
export const METRICS_SERVER_IMAGE = 'registry.k8s.io/metrics-server/metrics-server:v0.7.2';

/** metricsApiServed reports whether discovery lists metrics.k8s.io (the APIService exists). */
export function metricsApiServed(api: Pick<ApiClient, 'tryGet'>): boolean {
  return !!api.tryGet({ kind: 'APIService', name: METRICS_APISERVICE });
}

/** metricsServerReady reports whether a metrics-server pod is available to answer. */
export function metricsServerReady(api: Pick<ApiClient, 'tryGet'>): boolean {
  const d = api.tryGet({ kind: 'Deployment', namespace: METRICS_NAMESPACE, name: METRICS_SERVER });
  return (d?.status?.availableReplicas ?? 0) > 0;
}

/** metricsServerObjects are the add-on's objects in creation order. */
export function metricsServerObjects(): KubeObject[] {
  const labels = { 'k8s-app': METRICS_SERVER };
  return [
    { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: METRICS_SERVER, namespace: METRICS_NAMESPACE, labels } },
    {
      apiVersion: 'v1', kind: 'Service',
      metadata: { name: METRICS_SERVER, namespace: METRICS_NAMESPACE, labels },
      spec: { ports: [{ name: 'https', port: 443, protocol: 'TCP', targetPort: 'https' }], selector: labels },
    },
    {
      apiVersion: 'apps/v1', kind: 'Deployment',
      metadata: { name: METRICS_SERVER, namespace: METRICS_NAMESPACE, labels },
      spec: {
        selector: { matchLabels: labels },
        strategy: { rollingUpdate: { maxUnavailable: 0 } },
        template: {
          metadata: { labels },
          spec: {
            containers: [{
              name: METRICS_SERVER, image: METRICS_SERVER_IMAGE, imagePullPolicy: 'IfNotPresent',
              args: ['--cert-dir=/tmp', '--secure-port=10250', '--kubelet-preferred-address-types=InternalIP,ExternalIP,Hostname', '--kubelet-use-node-status-port', '--metric-resolution=15s', '--kubelet-insecure-tls'],
              ports: [{ containerPort: 10250, name: 'https', protocol: 'TCP' }],
              resources: { requests: { cpu: '100m', memory: '200Mi' } },
              volumeMounts: [{ mountPath: '/tmp', name: 'tmp-dir' }],
            }],
            nodeSelector: { 'kubernetes.io/os': 'linux' },
            priorityClassName: 'system-cluster-critical',
            serviceAccountName: METRICS_SERVER,
            volumes: [{ emptyDir: {}, name: 'tmp-dir' }],
          },
        },
      },
    },
    {
      apiVersion: 'apiregistration.k8s.io/v1', kind: 'APIService',
      metadata: { name: METRICS_APISERVICE, labels },
      spec: {
        group: METRICS_GROUP, groupPriorityMinimum: 100, insecureSkipTLSVerify: true,
        service: { name: METRICS_SERVER, namespace: METRICS_NAMESPACE }, version: METRICS_VERSION, versionPriority: 100,
      },
    },
  ];
}
