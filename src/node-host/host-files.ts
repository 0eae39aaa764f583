/**
 * host-files: the files of a node's host, as `kubemu ssh NODE` shows them — kubeadm's layout
 * (/etc/kubernetes/{manifests,pki,*.conf}, /var/lib/kubelet/config.yaml), the CNI's config in
 * /etc/cni/net.d, the containers' logs under /var/log/pods in the CRI format, and etcd's data
 * directory on control planes.
 *
 * kubemu: the store of record of /etc/kubernetes/manifests stays the static-pods ConfigMap the
 * kubelet watches (so `kubemu node manifests` and the kubelet see the same folder); the
 * directory here is a view of it. Every other file is generated from the cluster, and what a
 * session changed in it is kept as a layer in the node's local state (HOST_FILES_KEY), as a
 * container's writable layer is. Certificates and keys are PEM placeholders.
 */
import type { KubeObject } from '../api/meta';
import type { ApiClient } from '../apiserver/client';
import { applyLayer, type Layer } from '../kubelet/filesystem';
import { MANIFESTS_DIR, manifestTexts } from '../kubelet/static-pods';
import { kubeletConfiguration } from '../kubelet/kubelet-configuration';
import { containerLogs, logTimestamp } from '../kubelet/logs';
import { isControlPlaneNode } from '../api/well-known-labels';

/** HOST_FILES_KEY is the node-local record of what sessions changed outside the manifests folder. */
export const HOST_FILES_KEY = 'host-files';
/** KUBELET_CONFIG_PATH is where kubeadm writes the KubeletConfiguration. */
export const KUBELET_CONFIG_PATH = '/var/lib/kubelet/config.yaml';
/** LOG_DIR is where the kubelet links the containers' logs. */
export const LOG_DIR = '/var/log/pods';
/** HOST_WRITABLE_BYTES bounds what sessions may write on one node (the layer lives in the state file). */
export const HOST_WRITABLE_BYTES = 256 * 1024;

/** HostContext is what the files are generated from. */
export interface HostContext {
  node: KubeObject;
  api: ApiClient;
  nowMs: number;
  /** endpoint is the control plane's address:port (kubeadm's controlPlaneEndpoint). */
  endpoint: string;
}

const pem = (kind: string, what: string) => `-----BEGIN ${kind}-----\nkubemu placeholder: ${what}\n-----END ${kind}-----\n`;

/** PKI_PAIRS are the certificate/key pairs kubeadm init writes under /etc/kubernetes/pki. */
const PKI_PAIRS = ['ca', 'apiserver', 'apiserver-kubelet-client', 'apiserver-etcd-client', 'front-proxy-ca', 'front-proxy-client',
  'etcd/ca', 'etcd/server', 'etcd/peer', 'etcd/healthcheck-client'];

function kubeconfig(endpoint: string, user: string, caPem: string): string {
  return [
    'apiVersion: v1', 'clusters:', '- cluster:', `    certificate-authority-data: ${Buffer.from(caPem).toString('base64')}`,
    `    server: https://${endpoint}`, '  name: kubernetes', 'contexts:', '- context:', '    cluster: kubernetes', `    user: ${user}`,
    `  name: ${user}@kubernetes`, `current-context: ${user}@kubernetes`, 'kind: Config', 'preferences: {}', 'users:', `- name: ${user}`, '  user:',
    '    client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t', '    client-key-data: LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQ==', '',
  ].join('\n');
}

/** kubeletConfig is the KubeletConfiguration kubeadm writes to /var/lib/kubelet/config.yaml, with the node's room for pods. */
export function kubeletConfig(node: KubeObject): string {
  const pods = node.status?.capacity?.pods;
  return kubeletConfiguration(pods === undefined ? undefined : Number(pods));
}

/** cniFiles is /etc/cni/net.d as the running CNI laid it out (an empty folder before any CNI). */
function cniFiles(node: KubeObject, api: ApiClient): Record<string, string> {
  const ds = (name: string) => !!api.tryGet({ kind: 'DaemonSet', namespace: 'kube-system', name });
  const podCIDR: string = node.spec?.podCIDR ?? '';
  if (ds('cilium')) {
    return { '/etc/cni/net.d/05-cilium.conflist': '{\n  "cniVersion": "0.3.1",\n  "name": "cilium",\n  "plugins": [\n    {\n       "type": "cilium-cni",\n       "enable-debug": false,\n       "log-file": "/var/run/cilium/cilium-cni.log"\n    }\n  ]\n}\n' };
  }
  if (ds('calico-node')) {
    return {
      '/etc/cni/net.d/10-calico.conflist': `{\n  "name": "k8s-pod-network",\n  "cniVersion": "0.3.1",\n  "plugins": [\n    {\n      "type": "calico",\n      "log_level": "info",\n      "datastore_type": "kubernetes",\n      "nodename": "${node.metadata.name}",\n      "mtu": 0,\n      "ipam": {\n          "type": "calico-ipam"\n      },\n      "policy": {\n          "type": "k8s"\n      },\n      "kubernetes": {\n          "kubeconfig": "/etc/cni/net.d/calico-kubeconfig"\n      }\n    },\n    {\n      "type": "portmap",\n      "snat": true,\n      "capabilities": {"portMappings": true}\n    }\n  ]\n}\n`,
      '/etc/cni/net.d/calico-kubeconfig': '# Kubeconfig file for Calico CNI plugin.\napiVersion: v1\nkind: Config\n',
    };
  }
  // The built-in network is configured on the nodes (a bridge with host-local IPAM), unless none was chosen.
  if (node.metadata.annotations?.['kubemu.io/cni'] === 'none' || !podCIDR) return { '/etc/cni/net.d/': '' };
  return {
    '/etc/cni/net.d/10-kubemu.conflist': `{\n  "cniVersion": "0.4.0",\n  "name": "kubemu",\n  "plugins": [\n    {\n      "type": "bridge",\n      "bridge": "cni0",\n      "isGateway": true,\n      "ipMasq": true,\n      "ipam": {\n        "type": "host-local",\n        "ranges": [[{ "subnet": "${podCIDR}" }]],\n        "routes": [{ "dst": "0.0.0.0/0" }]\n      }\n    },\n    {\n      "type": "portmap",\n      "capabilities": { "portMappings": true }\n    }\n  ]\n}\n`,
  };
}

/** podLogFiles are /var/log/pods/NS_POD_UID/CONTAINER/N.log for the node's pods, in the CRI log format. */
function podLogFiles(hc: HostContext): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pod of hc.api.podsOnNode(hc.node.metadata.name!)) {
    const dir = `${LOG_DIR}/${pod.metadata.namespace}_${pod.metadata.name}_${pod.metadata.uid}`;
    const statuses: { name: string; restartCount?: number; state?: Record<string, unknown> }[] = [...(pod.status?.initContainerStatuses ?? []), ...(pod.status?.containerStatuses ?? [])];
    for (const s of statuses) {
      if (s.state?.waiting && !s.restartCount) continue;
      let text = '';
      try {
        text = containerLogs(pod, s.name, false, hc.api, hc.nowMs).map((l) => `${logTimestamp(l.ms)} stdout ${l.partial ? 'P' : 'F'} ${l.text}\n`).join('');
      } catch { /* a container that never started has an empty log */ }
      out[`${dir}/${s.name}/${s.restartCount ?? 0}.log`] = text;
    }
  }
  return out;
}

/** baseFiles are the node's files before any session changed them (the manifests aside). */
export function baseFiles(hc: HostContext): Record<string, string> {
  const { node } = hc;
  // The CAs' certificates are the cluster's own (what cluster-info and kubeconfigs carry); keys and leaves are placeholders.
  const caPem = hc.api.certificateAuthority().certPem;
  const files: Record<string, string> = {
    // Empty directories are "DIR/" entries, as mkdir makes them.
    '/root/': '', '/tmp/': '',
    '/etc/hostname': `${node.metadata.name}\n`,
    '/etc/kubernetes/kubelet.conf': kubeconfig(hc.endpoint, `system:node:${node.metadata.name}`, caPem),
    '/etc/kubernetes/pki/ca.crt': caPem,
    [KUBELET_CONFIG_PATH]: kubeletConfig(node),
    '/var/lib/kubelet/kubeadm-flags.env': 'KUBELET_KUBEADM_ARGS="--container-runtime-endpoint=unix:///var/run/containerd/containerd.sock --pod-infra-container-image=registry.k8s.io/pause:3.10"\n',
    '/var/lib/kubelet/pki/kubelet.crt': pem('CERTIFICATE', `${node.metadata.name} kubelet serving certificate`),
    '/var/lib/kubelet/pki/kubelet.key': pem('RSA PRIVATE KEY', `${node.metadata.name} kubelet serving key`),
    '/etc/containerd/config.toml': 'version = 2\n\n[plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc.options]\n  SystemdCgroup = true\n',
    ...cniFiles(node, hc.api),
    ...podLogFiles(hc),
  };
  if (isControlPlaneNode(node)) {
    for (const pair of PKI_PAIRS) {
      files[`/etc/kubernetes/pki/${pair}.crt`] = pair === 'ca' ? caPem : pair === 'front-proxy-ca' ? hc.api.requestHeaderCA().certPem : pem('CERTIFICATE', pair);
      files[`/etc/kubernetes/pki/${pair}.key`] = pem('RSA PRIVATE KEY', pair);
    }
    files['/etc/kubernetes/pki/sa.key'] = pem('RSA PRIVATE KEY', 'service account signing key');
    files['/etc/kubernetes/pki/sa.pub'] = pem('PUBLIC KEY', 'service account verification key');
    for (const [file, user] of [['admin', 'kubernetes-admin'], ['super-admin', 'kubernetes-super-admin'], ['controller-manager', 'system:kube-controller-manager'], ['scheduler', 'system:kube-scheduler']]) {
      files[`/etc/kubernetes/${file}.conf`] = kubeconfig(hc.endpoint, user!, caPem);
    }
    files['/var/lib/etcd/member/snap/db'] = '';
    files['/var/lib/etcd/member/wal/0000000000000000-0000000000000000.wal'] = '';
  }
  return files;
}

/** manifestFilesView is /etc/kubernetes/manifests: each file's text (an empty folder on a worker). */
export function manifestFilesView(node: KubeObject, api: ApiClient): Record<string, string> {
  const texts = manifestTexts(node, api);
  const out: Record<string, string> = { [`${MANIFESTS_DIR}/`]: '' };
  for (const [file, text] of Object.entries(texts)) out[`${MANIFESTS_DIR}/${file}`] = text;
  return out;
}

/** HostLayer is what sessions changed on a node, tied to the Node's uid (a node re-added under the same name starts clean). */
export interface HostLayer { uid?: string; files: Layer }

/** hostLayer is the node's session layer. */
export function hostLayer(node: KubeObject, api: ApiClient): Layer {
  const stored = api.nodeLocalState<HostLayer>(node.metadata.name!, HOST_FILES_KEY);
  return stored && stored.uid === node.metadata.uid ? stored.files : {};
}

/** hostFiles is every file the node's shell sees: generated files, the session layer over them, and the manifests. */
export function hostFiles(hc: HostContext): { base: Record<string, string>; files: Record<string, string> } {
  const base = baseFiles(hc);
  const layer = hostLayer(hc.node, hc.api);
  return { base, files: { ...applyLayer(base, layer), ...manifestFilesView(hc.node, hc.api) } };
}
