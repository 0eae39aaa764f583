/**
 * nginx-gateway-fabric: what `kubemu addon enable gateway-api` installs besides the CRDs — a
 * Gateway API implementation shaped like NGINX Gateway Fabric 1.5 (nginxinc
 * nginx-gateway-fabric deploy/nodeport): the nginx-gateway namespace, its Deployment (control
 * plane and nginx in one pod), a NodePort Service and the GatewayClass `nginx`.
 * kubemu: RBAC, the NginxGateway config CRD and the Service's random nodePorts are left out
 * (the nodePorts are fixed so that docs and scripts can name them).
 */
import type { KubeObject } from '../api/meta';
import { NGF_CONTROLLER_NAME, NGF_GATEWAY_CLASS, NGF_HTTPS_NODE_PORT, NGF_HTTP_NODE_PORT, NGF_LABELS, NGF_NAME, NGF_NAMESPACE } from '../network/gateway-names';
import { GATEWAY_API_GROUP } from './gateway-api-crds';

/** NGF_VERSION is the NGINX Gateway Fabric release the objects mirror. */
export const NGF_VERSION = '1.5.1';

const NS = NGF_NAMESPACE;
const LABELS = { ...NGF_LABELS, 'app.kubernetes.io/version': NGF_VERSION };

/** nginxGatewayFabricObjects lists the implementation's objects in apply order. */
export function nginxGatewayFabricObjects(): KubeObject[] {
  return [
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } },
    { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: NGF_NAME, namespace: NS, labels: LABELS } },
    {
      apiVersion: 'v1', kind: 'Service', metadata: { name: NGF_NAME, namespace: NS, labels: LABELS },
      spec: {
        type: 'NodePort', selector: NGF_LABELS,
        ports: [
          { name: 'http', port: 80, protocol: 'TCP', targetPort: 80, nodePort: NGF_HTTP_NODE_PORT },
          { name: 'https', port: 443, protocol: 'TCP', targetPort: 443, nodePort: NGF_HTTPS_NODE_PORT },
        ],
      },
    },
    {
      apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: NGF_NAME, namespace: NS, labels: LABELS },
      spec: {
        replicas: 1,
        selector: { matchLabels: NGF_LABELS },
        template: {
          metadata: { labels: NGF_LABELS },
          spec: {
            containers: [
              {
                name: 'nginx-gateway', image: `ghcr.io/nginx/nginx-gateway-fabric:${NGF_VERSION}`, imagePullPolicy: 'IfNotPresent',
                args: ['static-mode', `--gateway-ctlr-name=${NGF_CONTROLLER_NAME}`, `--gatewayclass=${NGF_GATEWAY_CLASS}`, '--config=nginx-gateway-config',
                  '--service=nginx-gateway', '--metrics-port=9113', '--health-port=8081', '--leader-election-lock-name=nginx-gateway-leader-election'],
                env: [
                  { name: 'POD_IP', valueFrom: { fieldRef: { fieldPath: 'status.podIP' } } },
                  { name: 'POD_NAMESPACE', valueFrom: { fieldRef: { fieldPath: 'metadata.namespace' } } },
                  { name: 'POD_NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
                ],
                ports: [{ name: 'metrics', containerPort: 9113 }, { name: 'health', containerPort: 8081 }],
              },
              {
                name: 'nginx', image: `ghcr.io/nginx/nginx-gateway-fabric/nginx:${NGF_VERSION}`, imagePullPolicy: 'IfNotPresent',
                ports: [{ containerPort: 80, name: 'http' }, { containerPort: 443, name: 'https' }],
              },
            ],
            serviceAccountName: NGF_NAME,
            terminationGracePeriodSeconds: 30,
          },
        },
      },
    },
    {
      apiVersion: `${GATEWAY_API_GROUP}/v1`, kind: 'GatewayClass',
      metadata: { name: NGF_GATEWAY_CLASS, labels: LABELS },
      spec: { controllerName: NGF_CONTROLLER_NAME },
    },
  ];
}
