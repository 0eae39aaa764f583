/**
 * cilium: the objects of Cilium's Helm chart (cilium/cilium v1.16) that show in a cluster
 * installed with kube-proxy replacement — the cilium agent DaemonSet and the cilium-operator
 * Deployment in kube-system, their ServiceAccounts and the cilium-config ConfigMap. What
 * `cluster create --cni cilium` applies; such a cluster is made as `kubeadm init
 * --skip-phases=addon/kube-proxy` makes it, so no kube-proxy DaemonSet runs.
 * kubemu: no CRDs, RBAC, Envoy or Hubble; the agent pod running on a node is what writes the
 * node's CNI config (network/cni.ts), and Services are routed by the same model kube-proxy's
 * rules are (network/proxy.ts), as Cilium's eBPF service maps route them.
 */
import type { KubeObject, ManifestObject } from '../api/meta';

/** CILIUM_VERSION is the Cilium release the objects mirror. */
export const CILIUM_VERSION = 'v1.16.5';

const NS = 'kube-system';
const LINUX = { 'kubernetes.io/os': 'linux' };

/** ciliumObjects lists the chart's objects in apply order. */
export function ciliumObjects(): ManifestObject[] {
  const sa = (name: string): KubeObject => ({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name, namespace: NS } });
  return [
    sa('cilium'),
    sa('cilium-operator'),
    {
      apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cilium-config', namespace: NS },
      data: { 'kube-proxy-replacement': 'true', 'cluster-name': 'default', ipam: 'kubernetes', 'routing-mode': 'tunnel', 'tunnel-protocol': 'vxlan', 'enable-ipv4': 'true', 'enable-ipv6': 'false' },
    },
    {
      apiVersion: 'apps/v1', kind: 'DaemonSet',
      metadata: { name: 'cilium', namespace: NS, labels: { 'k8s-app': 'cilium', 'app.kubernetes.io/name': 'cilium-agent', 'app.kubernetes.io/part-of': 'cilium' } },
      spec: {
        selector: { matchLabels: { 'k8s-app': 'cilium' } },
        updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 2 } },
        template: {
          metadata: { labels: { 'k8s-app': 'cilium', 'app.kubernetes.io/name': 'cilium-agent', 'app.kubernetes.io/part-of': 'cilium' } },
          spec: {
            nodeSelector: LINUX,
            hostNetwork: true,
            tolerations: [{ operator: 'Exists' }],
            serviceAccountName: 'cilium',
            priorityClassName: 'system-node-critical',
            containers: [{
              name: 'cilium-agent', image: `quay.io/cilium/cilium:${CILIUM_VERSION}`,
              command: ['cilium-agent'], args: ['--config-dir=/tmp/cilium/config-map'],
              env: [{ name: 'K8S_NODE_NAME', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'spec.nodeName' } } }],
              securityContext: { privileged: true },
            }],
          },
        },
      },
    },
    {
      apiVersion: 'apps/v1', kind: 'Deployment',
      metadata: { name: 'cilium-operator', namespace: NS, labels: { 'io.cilium/app': 'operator', name: 'cilium-operator', 'app.kubernetes.io/name': 'cilium-operator', 'app.kubernetes.io/part-of': 'cilium' } },
      spec: {
        replicas: 2,
        selector: { matchLabels: { 'io.cilium/app': 'operator', name: 'cilium-operator' } },
        template: {
          metadata: { labels: { 'io.cilium/app': 'operator', name: 'cilium-operator', 'app.kubernetes.io/name': 'cilium-operator', 'app.kubernetes.io/part-of': 'cilium' } },
          spec: {
            nodeSelector: LINUX,
            hostNetwork: true,
            tolerations: [{ operator: 'Exists' }],
            serviceAccountName: 'cilium-operator',
            priorityClassName: 'system-cluster-critical',
            affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { 'io.cilium/app': 'operator' } }, topologyKey: 'kubernetes.io/hostname' }] } },
            containers: [{
              name: 'cilium-operator', image: `quay.io/cilium/operator-generic:${CILIUM_VERSION}`,
              command: ['cilium-operator-generic'], args: ['--config-dir=/tmp/cilium/config-map'],
            }],
          },
        },
      },
    },
  ];
}
