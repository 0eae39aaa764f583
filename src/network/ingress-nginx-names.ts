/**
 * ingress-nginx-names: the names by which the ingress-nginx add-on's parts find each other —
 * its controller class, IngressClass, namespace, Service and pod labels, and nodePorts.
 */
import type { KubeObject } from '../api/meta';

/** INGRESS_NGINX_CONTROLLER_CLASS is the IngressClass spec.controller ingress-nginx serves. */
export const INGRESS_NGINX_CONTROLLER_CLASS = 'k8s.io/ingress-nginx';
/** NGINX_INGRESS_CLASS is the IngressClass (and legacy annotation value) the add-on creates. */
export const NGINX_INGRESS_CLASS = 'nginx';
/** INGRESS_NGINX_NAMESPACE is where the add-on runs the controller. */
export const INGRESS_NGINX_NAMESPACE = 'ingress-nginx';
/** INGRESS_NGINX_CONTROLLER names the controller's Deployment, Service and ConfigMap. */
export const INGRESS_NGINX_CONTROLLER = 'ingress-nginx-controller';
/** INGRESS_NGINX_CONTROLLER_LABELS select the controller's pods. */
export const INGRESS_NGINX_CONTROLLER_LABELS: Readonly<Record<string, string>> = {
  'app.kubernetes.io/component': 'controller',
  'app.kubernetes.io/instance': 'ingress-nginx',
  'app.kubernetes.io/name': 'ingress-nginx',
};
/** The controller Service's nodePorts (fixed by the add-on). */
export const INGRESS_NGINX_HTTP_NODE_PORT = 31437;
export const INGRESS_NGINX_HTTPS_NODE_PORT = 32195;

/** isIngressNginxPod says whether a pod is an ingress-nginx controller. */
export function isIngressNginxPod(pod: KubeObject): boolean {
  const labels = pod.metadata.labels ?? {};
  return Object.entries(INGRESS_NGINX_CONTROLLER_LABELS).every(([k, v]) => labels[k] === v);
}

/** isIngressNginxService says whether a Service fronts ingress-nginx controller pods. */
export function isIngressNginxService(svc: KubeObject): boolean {
  const sel: Record<string, string> = svc.spec?.selector ?? {};
  return Object.entries(INGRESS_NGINX_CONTROLLER_LABELS).every(([k, v]) => sel[k] === v);
}

/**
 * isNginxIngress says whether ingress-nginx serves an Ingress: its class is an IngressClass of
 * controller k8s.io/ingress-nginx, or (no class name) the legacy annotation says "nginx".
 * Ingresses of no class are ignored (ingress-nginx ≥ 1.0 without --watch-ingress-without-class).
 */
export function isNginxIngress(ing: KubeObject, classOf: (name: string) => KubeObject | undefined): boolean {
  const name: string | undefined = ing.spec?.ingressClassName;
  if (name) return classOf(name)?.spec?.controller === INGRESS_NGINX_CONTROLLER_CLASS;
  return ing.metadata.annotations?.['kubernetes.io/ingress.class'] === NGINX_INGRESS_CLASS;
}
