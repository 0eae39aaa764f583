/**
 * kubeadm-config: what `kubeadm init` uploads — its ClusterConfiguration in
 * kube-system/kubeadm-config (where an administrator looks up the pod and service subnets) and
 * the kubelets' configuration in kube-system/kubelet-config, the same text each node's kubelet
 * reads from /var/lib/kubelet/config.yaml. `kubeadm upgrade apply` records the new version
 * there; a managed (AKS) cluster has neither ConfigMap.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

describe('kubeadm-config and kubelet-config', () => {
  let home: TempHome;
  beforeAll(() => { home = manualCluster(); });
  afterAll(() => home.cleanup());

  it('are in kube-system beside the add-ons\' ConfigMaps', () => {
    expect(home.run('get cm -n kube-system').stdout).toBe([
      'NAME               DATA   AGE',
      'coredns            1      5m',
      'kube-proxy         1      5m',
      'kube-root-ca.crt   1      5m',
      'kubeadm-config     1      5m',
      'kubelet-config     1      5m',
      '',
    ].join('\n'));
  });

  it('hold the ClusterConfiguration as kubeadm v1.32 uploads it', () => {
    expect(home.run(['get', 'cm', '-n', 'kube-system', 'kubeadm-config', '-o', 'jsonpath={.data.ClusterConfiguration}']).stdout).toBe([
      'apiServer: {}',
      'apiVersion: kubeadm.k8s.io/v1beta4',
      'caCertificateValidityPeriod: 87600h0m0s',
      'certificateValidityPeriod: 8760h0m0s',
      'certificatesDir: /etc/kubernetes/pki',
      'clusterName: kubernetes',
      'controllerManager: {}',
      'dns: {}',
      'encryptionAlgorithm: RSA-2048',
      'etcd:',
      '  local:',
      '    dataDir: /var/lib/etcd',
      'imageRepository: registry.k8s.io',
      'kind: ClusterConfiguration',
      'kubernetesVersion: v1.32.2',
      'networking:',
      '  dnsDomain: cluster.local',
      '  podSubnet: 10.244.0.0/16',
      '  serviceSubnet: 10.96.0.0/12',
      'proxy: {}',
      'scheduler: {}',
      '',
    ].join('\n'));
  });

  it('give every kubelet the configuration its node holds', () => {
    const cm = home.run(['get', 'cm', '-n', 'kube-system', 'kubelet-config', '-o', 'jsonpath={.data.kubelet}']).stdout;
    expect(cm).toMatch(/^apiVersion: kubelet\.config\.k8s\.io\/v1beta1\n[^]*\nkind: KubeletConfiguration\n[^]*\nstaticPodPath: \/etc\/kubernetes\/manifests\n/);
    for (const node of ['control01', 'worker01']) expect(home.run(['ssh', node, '--', 'cat /var/lib/kubelet/config.yaml']).stdout).toBe(cm);
  });

  it('take the version kubeadm upgrade apply moves the control plane to', () => {
    const r = home.run(['ssh', 'control01', '--', 'apt-get install -y kubeadm=1.32.4-1.1 >/dev/null && kubeadm upgrade apply v1.32.4 -y | grep -e upload-config -e "^.kubelet. " -e proceed']);
    expect(r).toEqual({
      code: 0,
      stdout: [
        "[upgrade] Use 'kubeadm init phase upload-config --config your-config.yaml' to re-upload it.",
        '[upload-config] Storing the configuration used in ConfigMap "kubeadm-config" in the "kube-system" Namespace',
        '[kubelet] Creating a ConfigMap "kubelet-config" in namespace kube-system with the configuration for the kubelets in the cluster',
        '[upgrade] Now please proceed with upgrading the rest of the nodes by following the right order.',
        '',
      ].join('\n'),
      stderr: '',
    });
    const conf = home.run(['get', 'cm', '-n', 'kube-system', 'kubeadm-config', '-o', 'jsonpath={.data.ClusterConfiguration}']).stdout;
    expect(conf).toContain('\nkubernetesVersion: v1.32.4\n');
    expect(conf.match(/^kubernetesVersion:/gm)).toHaveLength(1);
    expect(home.run('get cm -n kube-system kubeadm-config -o jsonpath={.metadata.managedFields[*].manager}').stdout).toBe('kubeadm');
  });

  it('are not on a managed cluster, which kubeadm did not make', () => {
    const aks = manualCluster('aks', 7, '--node-profile aks --system-pool');
    try {
      expect(aks.run('get cm -n kube-system -o name').stdout).not.toMatch(/kubeadm-config|kubelet-config/);
      expect(aks.run('get cm -n kube-system -o name').stdout).toContain('configmap/kube-proxy\n');
    } finally {
      aks.cleanup();
    }
  });
});
