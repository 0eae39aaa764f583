/**
 * static-pods: the manifests kubeadm writes to a control-plane node's manifests folder
 * (/etc/kubernetes/manifests). The node's kubelet runs them and publishes mirror pods
 * named <name>-<node>.
 */
import type { KubeObject } from '../api/meta';

/** KUBERNETES_VERSION is the version the emulated cluster reports. */
export const KUBERNETES_VERSION = 'v1.32.2';

interface StaticComponent { name: string; image: string; cpu: string; memory?: string; command: string[] }

const COMPONENTS: StaticComponent[] = [
  { name: 'etcd', image: 'registry.k8s.io/etcd:3.5.16-0', cpu: '100m', memory: '100Mi', command: ['etcd', '--advertise-client-urls=https://$(NODE_IP):2379', '--data-dir=/var/lib/etcd'] },
  { name: 'kube-apiserver', image: `registry.k8s.io/kube-apiserver:${KUBERNETES_VERSION}`, cpu: '250m', command: ['kube-apiserver', '--service-cluster-ip-range=10.96.0.0/12', '--authorization-mode=Node,RBAC'] },
  { name: 'kube-controller-manager', image: `registry.k8s.io/kube-controller-manager:${KUBERNETES_VERSION}`, cpu: '200m', command: ['kube-controller-manager', '--cluster-cidr=10.244.0.0/16', '--leader-elect=true'] },
  { name: 'kube-scheduler', image: `registry.k8s.io/kube-scheduler:${KUBERNETES_VERSION}`, cpu: '100m', command: ['kube-scheduler', '--leader-elect=true'] },
];

/** CONFIG_MIRROR and friends are the annotations a mirror pod carries. */
export const CONFIG_MIRROR = 'kubernetes.io/config.mirror';
export const CONFIG_SOURCE = 'kubernetes.io/config.source';
export const CONFIG_HASH = 'kubernetes.io/config.hash';

/** controlPlaneManifests returns the static pod manifests of a kubeadm control-plane node. */
export function controlPlaneManifests(): KubeObject[] {
  return COMPONENTS.map((c) => ({
    apiVersion: 'v1', kind: 'Pod',
    metadata: { name: c.name, namespace: 'kube-system', labels: { component: c.name, tier: 'control-plane' } },
    spec: {
      containers: [{
        name: c.name, image: c.image, imagePullPolicy: 'IfNotPresent', command: c.command,
        resources: { requests: c.memory ? { cpu: c.cpu, memory: c.memory } : { cpu: c.cpu } },
      }],
      hostNetwork: true,
      priority: 2000001000,
      priorityClassName: 'system-node-critical',
      securityContext: { seccompProfile: { type: 'RuntimeDefault' } },
    },
  }));
}
