/**
 * kubeadm-config: the configuration `kubeadm init` uploads to the cluster (its upload-config
 * phase) before the addons: the ClusterConfiguration in kube-system/kubeadm-config, as
 * kubeadm v1.32 marshals it (kubeadm.k8s.io/v1beta4, its defaults, keys in order), and the
 * KubeletConfiguration every node's kubelet is given in kube-system/kubelet-config.
 */
import { createHash } from 'node:crypto';
import type { ManifestObject } from '../api/meta';
import { toYaml } from '../yaml';
import { SERVICE_CIDR } from '../apiserver/allocators';
import { CLUSTER_CONFIGURATION_KEY, KUBEADM_CONFIG } from '../network/cluster-configuration';
import { CLUSTER_DOMAIN } from '../network/dns';
import { KUBERNETES_VERSION } from '../kubelet/static-pods';
import { kubeletConfiguration } from '../kubelet/kubelet-configuration';

/** clusterConfiguration is the uploaded ClusterConfiguration of a cluster with that pod network. */
export function clusterConfiguration(podSubnet: string): string {
  return toYaml({
    apiServer: {},
    apiVersion: 'kubeadm.k8s.io/v1beta4',
    caCertificateValidityPeriod: '87600h0m0s',
    certificateValidityPeriod: '8760h0m0s',
    certificatesDir: '/etc/kubernetes/pki',
    clusterName: 'kubernetes',
    controllerManager: {},
    dns: {},
    encryptionAlgorithm: 'RSA-2048',
    etcd: { local: { dataDir: '/var/lib/etcd' } },
    imageRepository: 'registry.k8s.io',
    kind: 'ClusterConfiguration',
    kubernetesVersion: KUBERNETES_VERSION,
    networking: { dnsDomain: CLUSTER_DOMAIN, podSubnet, serviceSubnet: SERVICE_CIDR },
    proxy: {},
    scheduler: {},
  });
}

/**
 * componentConfigHashAnnotation is the annotation kubeadm signs a component's ConfigMap with
 * (componentconfigs.SignConfigMap): sha256 over the data's values in key order, so that it can
 * tell later whether a user changed them.
 */
export function componentConfigHashAnnotation(data: Record<string, string>): Record<string, string> {
  const hash = createHash('sha256');
  for (const key of Object.keys(data).sort()) hash.update(data[key]!);
  return { 'kubeadm.kubernetes.io/component-config.hash': `sha256:${hash.digest('hex')}` };
}

/** kubeadmConfigMaps are the two ConfigMaps, in the order kubeadm creates them (the kubelet's signed). */
export function kubeadmConfigMaps(podSubnet: string): ManifestObject[] {
  const kubelet = { kubelet: kubeletConfiguration() };
  return [
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { ...KUBEADM_CONFIG }, data: { [CLUSTER_CONFIGURATION_KEY]: clusterConfiguration(podSubnet) } },
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'kubelet-config', namespace: 'kube-system', annotations: componentConfigHashAnnotation(kubelet) }, data: kubelet },
  ];
}
