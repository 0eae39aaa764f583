/**
 * ingress-nginx: the objects `kubemu addon enable ingress-nginx` applies — ingress-nginx's
 * bare-metal manifest (kubernetes/ingress-nginx deploy/static/provider/baremetal, controller
 * v1.12): the ingress-nginx namespace, the controller Deployment, its NodePort Service
 * `ingress-nginx-controller` and the IngressClass `nginx`.
 * kubemu: the admission webhook (its Jobs, Secret and ValidatingWebhookConfiguration) and RBAC
 * are left out; the nodePorts are fixed so that docs and scripts can name them.
 */
import type { KubeObject, ManifestObject } from '../api/meta';
import {
  INGRESS_NGINX_CONTROLLER, INGRESS_NGINX_CONTROLLER_LABELS, INGRESS_NGINX_HTTPS_NODE_PORT, INGRESS_NGINX_HTTP_NODE_PORT,
  INGRESS_NGINX_NAMESPACE, NGINX_INGRESS_CLASS,
} from '../network/ingress-nginx-names';

/** INGRESS_NGINX_VERSION is the controller release the manifest mirrors. */
export const INGRESS_NGINX_VERSION = 'v1.12.0';

const NS = INGRESS_NGINX_NAMESPACE;
const LABELS = {
  ...INGRESS_NGINX_CONTROLLER_LABELS,
  'app.kubernetes.io/part-of': 'ingress-nginx',
  'app.kubernetes.io/version': INGRESS_NGINX_VERSION.slice(1),
};
const BASE = { 'app.kubernetes.io/instance': 'ingress-nginx', 'app.kubernetes.io/name': 'ingress-nginx' };

/** ingressNginxObjects lists the manifest's objects in apply order. */
export function ingressNginxObjects(): ManifestObject[] {
  return [
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS, labels: BASE } },
    { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'ingress-nginx', namespace: NS, labels: LABELS }, automountServiceAccountToken: true },
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: INGRESS_NGINX_CONTROLLER, namespace: NS, labels: LABELS } },
    {
      apiVersion: 'v1', kind: 'Service',
      metadata: { name: INGRESS_NGINX_CONTROLLER, namespace: NS, labels: LABELS },
      spec: {
        type: 'NodePort', ipFamilies: ['IPv4'], ipFamilyPolicy: 'SingleStack',
        ports: [
          { appProtocol: 'http', name: 'http', port: 80, protocol: 'TCP', targetPort: 'http', nodePort: INGRESS_NGINX_HTTP_NODE_PORT },
          { appProtocol: 'https', name: 'https', port: 443, protocol: 'TCP', targetPort: 'https', nodePort: INGRESS_NGINX_HTTPS_NODE_PORT },
        ],
        selector: INGRESS_NGINX_CONTROLLER_LABELS,
      },
    },
    {
      apiVersion: 'apps/v1', kind: 'Deployment',
      metadata: { name: INGRESS_NGINX_CONTROLLER, namespace: NS, labels: LABELS },
      spec: {
        minReadySeconds: 0, revisionHistoryLimit: 10,
        selector: { matchLabels: INGRESS_NGINX_CONTROLLER_LABELS },
        strategy: { rollingUpdate: { maxUnavailable: 1 }, type: 'RollingUpdate' },
        template: {
          metadata: { labels: LABELS },
          spec: {
            containers: [{
              name: 'controller', image: `registry.k8s.io/ingress-nginx/controller:${INGRESS_NGINX_VERSION}`, imagePullPolicy: 'IfNotPresent',
              args: [
                '/nginx-ingress-controller', '--election-id=ingress-nginx-leader', '--controller-class=k8s.io/ingress-nginx',
                `--ingress-class=${NGINX_INGRESS_CLASS}`, '--configmap=$(POD_NAMESPACE)/ingress-nginx-controller',
              ],
              env: [
                { name: 'POD_NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
                { name: 'POD_NAMESPACE', valueFrom: { fieldRef: { fieldPath: 'metadata.namespace' } } },
                { name: 'LD_PRELOAD', value: '/usr/local/lib/libmimalloc.so' },
              ],
              lifecycle: { preStop: { exec: { command: ['/wait-shutdown'] } } },
              ports: [{ containerPort: 80, name: 'http', protocol: 'TCP' }, { containerPort: 443, name: 'https', protocol: 'TCP' }],
              resources: { requests: { cpu: '100m', memory: '90Mi' } },
              securityContext: { allowPrivilegeEscalation: false, capabilities: { add: ['NET_BIND_SERVICE'], drop: ['ALL'] }, readOnlyRootFilesystem: false, runAsGroup: 82, runAsNonRoot: true, runAsUser: 101, seccompProfile: { type: 'RuntimeDefault' } },
            }],
            dnsPolicy: 'ClusterFirst',
            nodeSelector: { 'kubernetes.io/os': 'linux' },
            serviceAccountName: 'ingress-nginx',
            terminationGracePeriodSeconds: 300,
          },
        },
      },
    },
    {
      apiVersion: 'networking.k8s.io/v1', kind: 'IngressClass',
      metadata: { name: NGINX_INGRESS_CLASS, labels: LABELS },
      spec: { controller: 'k8s.io/ingress-nginx' },
    },
  ];
}
