/**
 * addons: what `kubeadm init` installs besides the control plane — kube-proxy as a
 * DaemonSet, CoreDNS as a Deployment with its Service, the built-in PriorityClasses, the
 * `kubernetes` Service, and a default StorageClass.
 */
import type { KubeObject, ManifestObject } from '../api/meta';
import { KUBERNETES_VERSION } from '../kubelet/static-pods';
import { rbacBootstrapObjects } from './rbac-bootstrap';
import { kubeProxyConfigMap } from './kube-proxy-configmap';
import { API_SERVER_PORT } from './node-factory';
import { KUBERNETES_SERVICE_IP } from '../kubelet/container-config';

const COREFILE = `.:53 {
    errors
    health {
       lameduck 5s
    }
    ready
    kubernetes cluster.local in-addr.arpa ip6.arpa {
       pods insecure
       fallthrough in-addr.arpa ip6.arpa
       ttl 30
    }
    prometheus :9153
    forward . /etc/resolv.conf {
       max_concurrent 1000
    }
    cache 30 {
       disable success cluster.local
       disable denial cluster.local
    }
    loop
    reload
    loadbalance
}
`;

/** KUBE_DNS_IP is kubeadm's fixed kube-dns Service address (the kubernetes Service's is the kubelet's KUBERNETES_SERVICE_IP). */
export const KUBE_DNS_IP = '10.96.0.10';

/** isKubeProxyAddon marks kube-proxy's ConfigMap and DaemonSet (`kubeadm init --skip-phases=addon/kube-proxy` leaves them out). */
export function isKubeProxyAddon(obj: KubeObject): boolean {
  return obj.metadata.name === 'kube-proxy' && obj.metadata.namespace === 'kube-system' && (obj.kind === 'ConfigMap' || obj.kind === 'DaemonSet');
}

/** addonObjects lists the objects kubeadm creates, in creation order, for a cluster with that pod network (its podSubnet). */
export function addonObjects(controlPlaneIP: string, podNetwork: string): ManifestObject[] {
  return [
    ...rbacBootstrapObjects(),
    { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'system-cluster-critical' }, value: 2000000000, description: 'Used for system critical pods that must run in the cluster, but can be moved to another node if necessary.', preemptionPolicy: 'PreemptLowerPriority' },
    { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'system-node-critical' }, value: 2000001000, description: 'Used for system critical pods that must not be moved from their current node.', preemptionPolicy: 'PreemptLowerPriority' },
    {
      apiVersion: 'v1', kind: 'Service',
      metadata: { name: 'kubernetes', namespace: 'default', labels: { component: 'apiserver', provider: 'kubernetes' } },
      spec: { clusterIP: KUBERNETES_SERVICE_IP, clusterIPs: [KUBERNETES_SERVICE_IP], ports: [{ name: 'https', port: 443, protocol: 'TCP', targetPort: API_SERVER_PORT }], sessionAffinity: 'None', type: 'ClusterIP' },
    },
    {
      apiVersion: 'v1', kind: 'Endpoints',
      metadata: { name: 'kubernetes', namespace: 'default', labels: { 'endpointslice.kubernetes.io/skip-mirror': 'true' } },
      subsets: [{ addresses: [{ ip: controlPlaneIP }], ports: [{ name: 'https', port: API_SERVER_PORT, protocol: 'TCP' }] }],
    },
    // The API server's endpoint reconciler writes the kubernetes Service's slice itself (reconcilers/endpointsadapter.go).
    {
      apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice',
      metadata: { name: 'kubernetes', namespace: 'default', labels: { 'kubernetes.io/service-name': 'kubernetes' } },
      addressType: 'IPv4',
      endpoints: [{ addresses: [controlPlaneIP], conditions: { ready: true } }],
      ports: [{ name: 'https', port: API_SERVER_PORT, protocol: 'TCP' }],
    },
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'coredns', namespace: 'kube-system' }, data: { Corefile: COREFILE } },
    kubeProxyConfigMap(controlPlaneIP, podNetwork),
    {
      apiVersion: 'apps/v1', kind: 'DaemonSet',
      metadata: { name: 'kube-proxy', namespace: 'kube-system', labels: { 'k8s-app': 'kube-proxy' } },
      spec: {
        selector: { matchLabels: { 'k8s-app': 'kube-proxy' } },
        template: {
          metadata: { labels: { 'k8s-app': 'kube-proxy' } },
          spec: {
            containers: [{
              name: 'kube-proxy', image: `registry.k8s.io/kube-proxy:${KUBERNETES_VERSION}`,
              command: ['/usr/local/bin/kube-proxy', '--config=/var/lib/kube-proxy/config.conf', '--hostname-override=$(NODE_NAME)'],
              env: [{ name: 'NODE_NAME', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'spec.nodeName' } } }],
              securityContext: { privileged: true },
              volumeMounts: [{ mountPath: '/var/lib/kube-proxy', name: 'kube-proxy' }],
            }],
            hostNetwork: true,
            nodeSelector: { 'kubernetes.io/os': 'linux' },
            priorityClassName: 'system-node-critical',
            serviceAccountName: 'kube-proxy',
            tolerations: [{ operator: 'Exists' }],
            volumes: [{ name: 'kube-proxy', configMap: { name: 'kube-proxy' } }],
          },
        },
        updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1 } },
      },
    },
    { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'kube-proxy', namespace: 'kube-system' } },
    { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'coredns', namespace: 'kube-system' } },
    {
      apiVersion: 'apps/v1', kind: 'Deployment',
      metadata: { name: 'coredns', namespace: 'kube-system', labels: { 'k8s-app': 'kube-dns' } },
      spec: {
        replicas: 2,
        selector: { matchLabels: { 'k8s-app': 'kube-dns' } },
        strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1 } },
        template: {
          metadata: { labels: { 'k8s-app': 'kube-dns' } },
          spec: {
            containers: [{
              name: 'coredns', image: 'registry.k8s.io/coredns/coredns:v1.11.3', args: ['-conf', '/etc/coredns/Corefile'],
              ports: [{ containerPort: 53, name: 'dns', protocol: 'UDP' }, { containerPort: 53, name: 'dns-tcp', protocol: 'TCP' }, { containerPort: 9153, name: 'metrics', protocol: 'TCP' }],
              resources: { limits: { memory: '170Mi' }, requests: { cpu: '100m', memory: '70Mi' } },
              volumeMounts: [{ mountPath: '/etc/coredns', name: 'config-volume', readOnly: true }],
            }],
            dnsPolicy: 'Default',
            nodeSelector: { 'kubernetes.io/os': 'linux' },
            priorityClassName: 'system-cluster-critical',
            serviceAccountName: 'coredns',
            tolerations: [{ key: 'CriticalAddonsOnly', operator: 'Exists' }, { effect: 'NoSchedule', key: 'node-role.kubernetes.io/control-plane' }],
            volumes: [{ name: 'config-volume', configMap: { name: 'coredns', items: [{ key: 'Corefile', path: 'Corefile' }] } }],
          },
        },
      },
    },
    {
      apiVersion: 'v1', kind: 'Service',
      metadata: { name: 'kube-dns', namespace: 'kube-system', labels: { 'k8s-app': 'kube-dns', 'kubernetes.io/cluster-service': 'true', 'kubernetes.io/name': 'CoreDNS' }, annotations: { 'prometheus.io/port': '9153', 'prometheus.io/scrape': 'true' } },
      spec: {
        clusterIP: KUBE_DNS_IP, clusterIPs: [KUBE_DNS_IP],
        ports: [{ name: 'dns', port: 53, protocol: 'UDP', targetPort: 53 }, { name: 'dns-tcp', port: 53, protocol: 'TCP', targetPort: 53 }, { name: 'metrics', port: 9153, protocol: 'TCP', targetPort: 9153 }],
        selector: { 'k8s-app': 'kube-dns' }, type: 'ClusterIP',
      },
    },
    {
      apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass',
      metadata: { name: 'standard', annotations: { 'storageclass.kubernetes.io/is-default-class': 'true' } },
      provisioner: 'rancher.io/local-path', reclaimPolicy: 'Delete', volumeBindingMode: 'WaitForFirstConsumer',
    },
  ];
}
