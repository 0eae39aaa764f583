/**
 * calico: the objects of Calico's manifest (projectcalico/calico manifests/calico.yaml, v3.29)
 * that show in a cluster — the calico-node DaemonSet and calico-kube-controllers Deployment in
 * kube-system with their ServiceAccounts and the calico-config ConfigMap. What `kubemu addon
 * enable calico` and `cluster create --cni calico` apply.
 * kubemu: no CRDs, RBAC or init containers (upgrade-ipam, install-cni, mount-bpffs): the
 * calico-node pod running on a node is what writes the node's CNI config (network/cni.ts).
 */
import type { KubeObject, ManifestObject } from '../api/meta';

/** CALICO_VERSION is the Calico release the objects mirror. */
export const CALICO_VERSION = 'v3.29.1';

const NS = 'kube-system';
const LINUX = { 'kubernetes.io/os': 'linux' };

/** calicoObjects lists the manifest's objects in apply order. */
export function calicoObjects(): ManifestObject[] {
  const sa = (name: string): KubeObject => ({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name, namespace: NS } });
  return [
    {
      apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'calico-config', namespace: NS },
      data: { typha_service_name: 'none', calico_backend: 'bird', veth_mtu: '0', cni_network_config: CNI_NETWORK_CONFIG },
    },
    sa('calico-kube-controllers'),
    sa('calico-node'),
    sa('calico-cni-plugin'),
    {
      apiVersion: 'apps/v1', kind: 'DaemonSet',
      metadata: { name: 'calico-node', namespace: NS, labels: { 'k8s-app': 'calico-node' } },
      spec: {
        selector: { matchLabels: { 'k8s-app': 'calico-node' } },
        updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1 } },
        template: {
          metadata: { labels: { 'k8s-app': 'calico-node' } },
          spec: {
            nodeSelector: LINUX,
            hostNetwork: true,
            tolerations: [{ effect: 'NoSchedule', operator: 'Exists' }, { key: 'CriticalAddonsOnly', operator: 'Exists' }, { effect: 'NoExecute', operator: 'Exists' }],
            serviceAccountName: 'calico-node',
            terminationGracePeriodSeconds: 0,
            priorityClassName: 'system-node-critical',
            containers: [{
              name: 'calico-node', image: `docker.io/calico/node:${CALICO_VERSION}`, imagePullPolicy: 'IfNotPresent',
              envFrom: [{ configMapRef: { name: 'kubernetes-services-endpoint', optional: true } }],
              env: [
                { name: 'DATASTORE_TYPE', value: 'kubernetes' },
                { name: 'WAIT_FOR_DATASTORE', value: 'true' },
                { name: 'NODENAME', valueFrom: { fieldRef: { fieldPath: 'spec.nodeName' } } },
                { name: 'CALICO_NETWORKING_BACKEND', valueFrom: { configMapKeyRef: { name: 'calico-config', key: 'calico_backend' } } },
                { name: 'CLUSTER_TYPE', value: 'k8s,bgp' },
                { name: 'IP', value: 'autodetect' },
                { name: 'CALICO_IPV4POOL_IPIP', value: 'Always' },
                { name: 'CALICO_IPV4POOL_VXLAN', value: 'Never' },
                { name: 'CALICO_DISABLE_FILE_LOGGING', value: 'true' },
                { name: 'FELIX_DEFAULTENDPOINTTOHOSTACTION', value: 'ACCEPT' },
                { name: 'FELIX_IPV6SUPPORT', value: 'false' },
                { name: 'FELIX_HEALTHENABLED', value: 'true' },
              ],
              securityContext: { privileged: true },
              resources: { requests: { cpu: '250m' } },
            }],
          },
        },
      },
    },
    {
      apiVersion: 'apps/v1', kind: 'Deployment',
      metadata: { name: 'calico-kube-controllers', namespace: NS, labels: { 'k8s-app': 'calico-kube-controllers' } },
      spec: {
        replicas: 1,
        selector: { matchLabels: { 'k8s-app': 'calico-kube-controllers' } },
        strategy: { type: 'Recreate' },
        template: {
          metadata: { name: 'calico-kube-controllers', namespace: NS, labels: { 'k8s-app': 'calico-kube-controllers' } },
          spec: {
            nodeSelector: LINUX,
            tolerations: [{ key: 'CriticalAddonsOnly', operator: 'Exists' }, { key: 'node-role.kubernetes.io/master', effect: 'NoSchedule' }, { key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }],
            serviceAccountName: 'calico-kube-controllers',
            priorityClassName: 'system-cluster-critical',
            containers: [{
              name: 'calico-kube-controllers', image: `docker.io/calico/kube-controllers:${CALICO_VERSION}`, imagePullPolicy: 'IfNotPresent',
              env: [{ name: 'ENABLED_CONTROLLERS', value: 'node,loadbalancer' }, { name: 'DATASTORE_TYPE', value: 'kubernetes' }],
            }],
          },
        },
      },
    },
  ];
}

const CNI_NETWORK_CONFIG = `{
  "name": "k8s-pod-network",
  "cniVersion": "0.3.1",
  "plugins": [
    {
      "type": "calico",
      "log_level": "info",
      "log_file_path": "/var/log/calico/cni/cni.log",
      "datastore_type": "kubernetes",
      "nodename": "__KUBERNETES_NODE_NAME__",
      "mtu": __CNI_MTU__,
      "ipam": {
          "type": "calico-ipam"
      },
      "policy": {
          "type": "k8s"
      },
      "kubernetes": {
          "kubeconfig": "__KUBECONFIG_FILEPATH__"
      }
    },
    {
      "type": "portmap",
      "snat": true,
      "capabilities": {"portMappings": true}
    },
    {
      "type": "bandwidth",
      "capabilities": {"bandwidth": true}
    }
  ]
}`;
