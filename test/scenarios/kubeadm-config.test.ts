/**
 * kubeadm-config: what `kubeadm init` uploads — its ClusterConfiguration in
 * kube-system/kubeadm-config (where an administrator looks up the pod and service subnets) and
 * the kubelets' configuration in kube-system/kubelet-config, the same text each node's kubelet
 * reads from /var/lib/kubelet/config.yaml; kube-proxy's add-on ConfigMap as kubeadm writes it. `kubeadm upgrade apply` records the new version
 * there; a managed (AKS) cluster has neither ConfigMap.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualCluster, type TempHome } from '../helpers/run-cli';

describe('kubeadm-config and kubelet-config', () => {
  let home: TempHome;
  beforeAll(() => { home = manualCluster(); });
  afterAll(() => home.cleanup());

  it('are in kube-system beside the add-ons\' and the API server\'s ConfigMaps', () => {
    expect(home.run('get cm -n kube-system').stdout).toBe([
      'NAME                                                   DATA   AGE',
      'coredns                                                1      5m',
      'extension-apiserver-authentication                     7      5m',
      'kube-apiserver-legacy-service-account-token-tracking   1      5m',
      'kube-proxy                                             2      5m',
      'kube-root-ca.crt                                       1      5m',
      'kubeadm-config                                         1      5m',
      'kubelet-config                                         1      5m',
      '',
    ].join('\n'));
  });

  it('sign the kubelet\'s and kube-proxy\'s configurations, as kubeadm does the component configs it generated', () => {
    const hashOf = (cm: string) => home.run(['get', 'cm', '-n', 'kube-system', cm, '-o', 'jsonpath={.metadata.annotations.kubeadm\\.kubernetes\\.io/component-config\\.hash}']).stdout;
    const data = (cm: string, key: string) => home.run(['get', 'cm', '-n', 'kube-system', cm, '-o', `jsonpath={.data.${key.replace(/\./g, '\\.')}}`]).stdout;
    // componentconfigs.ChecksumForConfigMap: sha256 over the values in key order.
    const sha = (...values: string[]) => `sha256:${values.reduce((h, v) => h.update(v), createHash('sha256')).digest('hex')}`;
    expect(hashOf('kubelet-config')).toBe(sha(data('kubelet-config', 'kubelet')));
    expect(hashOf('kube-proxy')).toBe(sha(data('kube-proxy', 'config.conf'), data('kube-proxy', 'kubeconfig.conf')));
    expect(hashOf('kubeadm-config')).toBe('');
    const conf = data('kube-proxy', 'config.conf');
    expect(conf).toMatch(/^apiVersion: kubeproxy\.config\.k8s\.io\/v1alpha1\nbindAddress: 0\.0\.0\.0\n[^]*\n {2}kubeconfig: \/var\/lib\/kube-proxy\/kubeconfig\.conf\n[^]*\nclusterCIDR: 10\.244\.0\.0\/16\n[^]*\nmode: ""\n[^]*\n {2}sourceVip: ""$/);
    expect(data('kube-proxy', 'kubeconfig.conf')).toContain('\n    server: https://172.18.0.2:6443\n');
    // mode "" is iptables on Linux.
    expect(home.run('node proxy-rules worker01').stdout).toMatch(/^\*filter\n/);
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
