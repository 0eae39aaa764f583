/**
 * kubelet-configuration: the KubeletConfiguration kubeadm gives every kubelet. `kubeadm init`
 * uploads it to the kube-system/kubelet-config ConfigMap, and each node's kubelet reads its copy
 * from /var/lib/kubelet/config.yaml (kubeadm writes it there on init and join).
 */
import { MANIFESTS_DIR } from './static-pods';

/** DEFAULT_MAX_PODS is the kubelet's default maxPods, which kubeadm's configuration leaves out. */
const DEFAULT_MAX_PODS = 110;

/** kubeletConfiguration is that file's text; a node shaped with other than 110 pods' room carries its maxPods. */
export function kubeletConfiguration(maxPods = DEFAULT_MAX_PODS): string {
  return [
    'apiVersion: kubelet.config.k8s.io/v1beta1', 'authentication:', '  anonymous:', '    enabled: false', '  webhook:', '    cacheTTL: 0s',
    '    enabled: true', '  x509:', '    clientCAFile: /etc/kubernetes/pki/ca.crt', 'authorization:', '  mode: Webhook', '  webhook:',
    '    cacheAuthorizedTTL: 0s', '    cacheUnauthorizedTTL: 0s', 'cgroupDriver: systemd', 'clusterDNS:', '- 10.96.0.10', 'clusterDomain: cluster.local',
    'containerRuntimeEndpoint: ""', 'cpuManagerReconcilePeriod: 0s', 'evictionPressureTransitionPeriod: 0s', 'fileCheckFrequency: 0s',
    'healthzBindAddress: 127.0.0.1', 'healthzPort: 10248', 'httpCheckFrequency: 0s', 'imageMaximumGCAge: 0s', 'imageMinimumGCAge: 0s',
    'kind: KubeletConfiguration', 'logging:', '  flushFrequency: 0', '  options:', '    json:', '      infoBufferSize: "0"', '    text:',
    '      infoBufferSize: "0"', '  verbosity: 0', ...(maxPods !== DEFAULT_MAX_PODS ? [`maxPods: ${maxPods}`] : []), 'memorySwap: {}', 'nodeStatusReportFrequency: 0s',
    'nodeStatusUpdateFrequency: 0s', 'resolvConf: /run/systemd/resolve/resolv.conf', 'rotateCertificates: true', 'runtimeRequestTimeout: 0s',
    'shutdownGracePeriod: 0s', 'shutdownGracePeriodCriticalPods: 0s', `staticPodPath: ${MANIFESTS_DIR}`, 'streamingConnectionIdleTimeout: 0s',
    'syncFrequency: 0s', 'volumeStatsAggPeriod: 0s', '',
  ].join('\n');
}
