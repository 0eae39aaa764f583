/**
 * gateway-names: how the Gateway API add-on's parts find each other — NGINX Gateway Fabric's
 * controller name, GatewayClass, namespace, Service, pod labels and nodePorts.
 */
import type { KubeObject } from '../api/meta';

/** NGF_CONTROLLER_NAME is the GatewayClass spec.controllerName NGINX Gateway Fabric serves. */
export const NGF_CONTROLLER_NAME = 'gateway.nginx.org/nginx-gateway-controller';
/** NGF_GATEWAY_CLASS is the GatewayClass the add-on creates. */
export const NGF_GATEWAY_CLASS = 'nginx';
/** NGF_NAMESPACE is where the add-on runs the implementation. */
export const NGF_NAMESPACE = 'nginx-gateway';
/** NGF_NAME names the Deployment, Service and ServiceAccount. */
export const NGF_NAME = 'nginx-gateway';
/** NGF_LABELS select the data-plane pods. */
export const NGF_LABELS: Readonly<Record<string, string>> = { 'app.kubernetes.io/instance': 'nginx-gateway', 'app.kubernetes.io/name': 'nginx-gateway' };
/** The Service's nodePorts (fixed by the add-on). */
export const NGF_HTTP_NODE_PORT = 31778;
export const NGF_HTTPS_NODE_PORT = 30969;

const hasAll = (have: Record<string, string>) => Object.entries(NGF_LABELS).every(([k, v]) => have[k] === v);

/** isNgfPod says whether a pod is an NGINX Gateway Fabric pod. */
export function isNgfPod(pod: KubeObject): boolean {
  return hasAll(pod.metadata.labels ?? {});
}

/** isNgfService says whether a Service fronts NGINX Gateway Fabric pods. */
export function isNgfService(svc: KubeObject): boolean {
  return hasAll(svc.spec?.selector ?? {});
}
