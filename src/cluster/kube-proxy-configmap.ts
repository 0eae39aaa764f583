/**
 * kube-proxy-configmap: the kube-system/kube-proxy ConfigMap `kubeadm init` installs with the
 * kube-proxy add-on (its KubeProxyConfigMap19 template): config.conf, the KubeProxyConfiguration
 * kubeadm v1.32 marshals with its defaults (mode "" is iptables on Linux), and kubeconfig.conf,
 * the in-cluster kubeconfig it names, both without a final newline (`|-` in the template),
 * signed with the component-config hash.
 */
import type { ManifestObject } from '../api/meta';
import { componentConfigHashAnnotation } from './kubeadm-config';
import { API_SERVER_PORT } from './node-factory';

/** kubeProxyConfiguration is config.conf for a cluster with that pod network (its clusterCIDR). */
export function kubeProxyConfiguration(clusterCIDR: string): string {
  return [
    'apiVersion: kubeproxy.config.k8s.io/v1alpha1', 'bindAddress: 0.0.0.0', 'bindAddressHardFail: false', 'clientConnection:',
    '  acceptContentTypes: ""', '  burst: 0', '  contentType: ""', '  kubeconfig: /var/lib/kube-proxy/kubeconfig.conf', '  qps: 0',
    `clusterCIDR: ${clusterCIDR}`, 'configSyncPeriod: 0s', 'conntrack:', '  maxPerCore: null', '  min: null', '  tcpBeLiberal: false',
    '  tcpCloseWaitTimeout: null', '  tcpEstablishedTimeout: null', '  udpStreamTimeout: 0s', '  udpTimeout: 0s', 'detectLocal:',
    '  bridgeInterface: ""', '  interfaceNamePrefix: ""', 'detectLocalMode: ""', 'enableProfiling: false', 'healthzBindAddress: ""',
    'hostnameOverride: ""', 'iptables:', '  localhostNodePorts: null', '  masqueradeAll: false', '  masqueradeBit: null', '  minSyncPeriod: 0s',
    '  syncPeriod: 0s', 'ipvs:', '  excludeCIDRs: null', '  minSyncPeriod: 0s', '  scheduler: ""', '  strictARP: false', '  syncPeriod: 0s',
    '  tcpFinTimeout: 0s', '  tcpTimeout: 0s', '  udpTimeout: 0s', 'kind: KubeProxyConfiguration', 'logging:', '  flushFrequency: 0', '  options:',
    '    json:', '      infoBufferSize: "0"', '    text:', '      infoBufferSize: "0"', '  verbosity: 0', 'metricsBindAddress: ""', 'mode: ""',
    'nftables:', '  masqueradeAll: false', '  masqueradeBit: null', '  minSyncPeriod: 0s', '  syncPeriod: 0s', 'nodePortAddresses: null',
    'oomScoreAdj: null', 'portRange: ""', 'showHiddenMetricsForVersion: ""', 'winkernel:', '  enableDSR: false', '  forwardHealthCheckVip: false',
    '  networkName: ""', '  rootHnsEndpointName: ""', '  sourceVip: ""',
  ].join('\n');
}

/** kubeProxyKubeconfig is kubeconfig.conf: the API server at server, the pod's service account token. */
export function kubeProxyKubeconfig(server: string): string {
  return [
    'apiVersion: v1', 'kind: Config', 'clusters:', '- cluster:', '    certificate-authority: /var/run/secrets/kubernetes.io/serviceaccount/ca.crt',
    `    server: ${server}`, '  name: default', 'contexts:', '- context:', '    cluster: default', '    namespace: default', '    user: default',
    '  name: default', 'current-context: default', 'users:', '- name: default', '  user:', '    tokenFile: /var/run/secrets/kubernetes.io/serviceaccount/token',
  ].join('\n');
}

/** kubeProxyConfigMap is the ConfigMap for a control plane at that address and that pod network. */
export function kubeProxyConfigMap(controlPlaneIP: string, podNetwork: string): ManifestObject {
  const data = { 'config.conf': kubeProxyConfiguration(podNetwork), 'kubeconfig.conf': kubeProxyKubeconfig(`https://${controlPlaneIP}:${API_SERVER_PORT}`) };
  return {
    apiVersion: 'v1', kind: 'ConfigMap',
    metadata: { name: 'kube-proxy', namespace: 'kube-system', labels: { app: 'kube-proxy' }, annotations: componentConfigHashAnnotation(data) },
    data,
  };
}
