/**
 * static-pods: the pods a kubelet runs from its manifests folder (/etc/kubernetes/manifests)
 * rather than from the API — kubeadm's control-plane components on control-plane nodes,
 * plus whatever `kubemu node manifests add` puts there. The kubelet publishes one mirror
 * pod per manifest, named <name>-<node>.
 *
 * kubemu: a node's manifests folder is the ConfigMap kube-system/kubemu-static-pods-<node>
 * (one data key per file: the manifest as JSON, as `kubemu node manifests add` writes it, or
 * the file's text as written on the node with `kubemu ssh`). Without that ConfigMap a
 * control-plane node has kubeadm's four manifests and a worker has none. As the kubelet's
 * file source does, it reads every file but hidden ones, and skips a file it cannot decode
 * into a Pod.
 */
import { MIRROR_POD_ANNOTATION } from '../api/mirror-pod';
import type { KubeObject } from '../api/meta';
import type { ApiClient } from '../apiserver/client';
import { fnv32a } from '../api/fnv32a';
import { podNetworkOf } from '../network/ipam';
import { isControlPlaneNode } from '../api/well-known-labels';

/** MANIFESTS_DIR is the kubelet's staticPodPath as kubeadm configures it. */
export const MANIFESTS_DIR = '/etc/kubernetes/manifests';

/** KUBERNETES_VERSION is the version the emulated cluster reports. */
export const KUBERNETES_VERSION = 'v1.32.2';

interface StaticComponent { name: string; image: string; cpu: string; memory?: string; command: string[]; hostPaths?: { name: string; path: string }[] }

const COMPONENTS: StaticComponent[] = [
  { name: 'etcd', image: 'registry.k8s.io/etcd:3.5.16-0', cpu: '100m', memory: '100Mi', command: ['etcd', '--advertise-client-urls=https://$(NODE_IP):2379',
    '--cert-file=/etc/kubernetes/pki/etcd/server.crt', '--data-dir=/var/lib/etcd', '--key-file=/etc/kubernetes/pki/etcd/server.key',
    '--peer-cert-file=/etc/kubernetes/pki/etcd/peer.crt', '--peer-key-file=/etc/kubernetes/pki/etcd/peer.key',
    '--peer-trusted-ca-file=/etc/kubernetes/pki/etcd/ca.crt', '--trusted-ca-file=/etc/kubernetes/pki/etcd/ca.crt'],
    // kubeadm mounts etcd's data directory from the host: the exam's restore repoints etcd-data.
    hostPaths: [{ name: 'etcd-certs', path: '/etc/kubernetes/pki/etcd' }, { name: 'etcd-data', path: '/var/lib/etcd' }] },
  { name: 'kube-apiserver', image: `registry.k8s.io/kube-apiserver:${KUBERNETES_VERSION}`, cpu: '250m', command: ['kube-apiserver', '--service-cluster-ip-range=10.96.0.0/12', '--authorization-mode=Node,RBAC'] },
  // --cluster-cidr is the cluster's pod network (controlPlaneManifests puts it in).
  { name: 'kube-controller-manager', image: `registry.k8s.io/kube-controller-manager:${KUBERNETES_VERSION}`, cpu: '200m', command: ['kube-controller-manager', '--cluster-cidr=', '--leader-elect=true'] },
  { name: 'kube-scheduler', image: `registry.k8s.io/kube-scheduler:${KUBERNETES_VERSION}`, cpu: '100m', command: ['kube-scheduler', '--leader-elect=true'] },
];

/** CONFIG_HASH and CONFIG_SOURCE are, with MIRROR_POD_ANNOTATION, the annotations a mirror pod carries. */
export const CONFIG_SOURCE = 'kubernetes.io/config.source';
export const CONFIG_HASH = 'kubernetes.io/config.hash';

/** controlPlaneManifests returns the static pod manifests of a kubeadm control-plane node of a cluster with that pod network. */
export function controlPlaneManifests(podNetwork: string): KubeObject[] {
  return COMPONENTS.map((c) => ({
    apiVersion: 'v1', kind: 'Pod',
    metadata: { name: c.name, namespace: 'kube-system', labels: { component: c.name, tier: 'control-plane' } },
    spec: {
      containers: [{
        name: c.name, image: c.image, imagePullPolicy: 'IfNotPresent', command: c.command.map((a) => (a === '--cluster-cidr=' ? `${a}${podNetwork}` : a)),
        resources: { requests: c.memory ? { cpu: c.cpu, memory: c.memory } : { cpu: c.cpu } },
        ...(c.hostPaths ? { volumeMounts: c.hostPaths.map((h) => ({ mountPath: h.path, name: h.name })) } : {}),
      }],
      hostNetwork: true,
      priority: 2000001000,
      priorityClassName: 'system-node-critical',
      securityContext: { seccompProfile: { type: 'RuntimeDefault' } },
      ...(c.hostPaths ? { volumes: c.hostPaths.map((h) => ({ hostPath: { path: h.path, type: 'DirectoryOrCreate' }, name: h.name })) } : {}),
    },
  }));
}

/** STATIC_PODS_CONFIGMAP_PREFIX names a node's manifests ConfigMap: kubemu-static-pods-<node>. */
export const STATIC_PODS_CONFIGMAP_PREFIX = 'kubemu-static-pods-';
/** STATIC_PODS_NAMESPACE is where the manifests ConfigMaps live. */
export const STATIC_PODS_NAMESPACE = 'kube-system';

/** staticPodsConfigMapName is the manifests ConfigMap name of a node. */
export function staticPodsConfigMapName(nodeName: string): string {
  return `${STATIC_PODS_CONFIGMAP_PREFIX}${nodeName}`;
}

/** defaultManifests is a node's manifests folder before anyone edits it: kubeadm's on control planes. */
export function defaultManifests(node: KubeObject, api: Pick<ApiClient, 'tryGet'>): Record<string, KubeObject> {
  if (!isControlPlaneNode(node)) return {};
  return Object.fromEntries(controlPlaneManifests(podNetworkOf(api)).map((m) => [`${m.metadata.name}.yaml`, m]));
}

/** storedManifests is the manifests ConfigMap's data (file → stored text), or undefined when the folder was never edited. */
function storedManifests(node: KubeObject, api: ApiClient): Record<string, string> | undefined {
  const cm = api.tryGet({ kind: 'ConfigMap', namespace: STATIC_PODS_NAMESPACE, name: staticPodsConfigMapName(node.metadata.name!) });
  return cm ? (cm as { data?: Record<string, string> }).data ?? {} : undefined;
}

/** parseManifest decodes one manifest file (JSON or YAML) into a Pod; a string says why it cannot. */
export function parseManifest(text: string, file: string): KubeObject | string {
  let obj: KubeObject | undefined;
  try {
    // The YAML reader loads on use: every settle loads this file, and most nodes have no manifests.
    const yaml = () => require('../yaml/read-manifests') as typeof import('../yaml/read-manifests');
    obj = text.trimStart().startsWith('{') ? JSON.parse(text) as KubeObject : yaml().readManifests(text, file)[0]?.object as unknown as KubeObject | undefined;
  } catch (e) {
    return (e as Error).message;
  }
  if (!obj || typeof obj !== 'object') return 'no object in the file';
  if (obj.kind !== 'Pod') return `invalid pod: kind is ${JSON.stringify(obj.kind ?? '')}, not "Pod"`;
  if (!obj.metadata?.name) return 'invalid pod: metadata.name is required';
  return obj;
}

/** manifestTexts returns a node's manifests folder as files: name → text (YAML where the store kept JSON). */
export function manifestTexts(node: KubeObject, api: ApiClient): Record<string, string> {
  const { toYaml } = require('../yaml/write-yaml') as typeof import('../yaml/write-yaml');
  const stored = storedManifests(node, api);
  if (!stored) return Object.fromEntries(Object.entries(defaultManifests(node, api)).map(([f, m]) => [f, toYaml(m)]));
  const out: Record<string, string> = {};
  for (const [file, text] of Object.entries(stored).sort(([a], [b]) => a.localeCompare(b))) {
    let json: unknown;
    try { json = text.trimStart().startsWith('{') ? JSON.parse(text) : undefined; } catch { json = undefined; }
    out[file] = json === undefined ? text : toYaml(json);
  }
  return out;
}

/** manifestFiles returns a node's manifests folder: file name → pod manifest (files that do not decode are left out). */
export function manifestFiles(node: KubeObject, api: ApiClient): Record<string, KubeObject> {
  const stored = storedManifests(node, api);
  if (!stored) return defaultManifests(node, api);
  const out: Record<string, KubeObject> = {};
  for (const [file, text] of Object.entries(stored).sort(([a], [b]) => a.localeCompare(b))) {
    if (file.startsWith('.')) continue;
    const m = parseManifest(text, file);
    if (typeof m !== 'string') out[file] = m;
  }
  return out;
}

/** staticPodsFor returns the pod manifests a node's kubelet runs. */
export function staticPodsFor(node: KubeObject, api: ApiClient): KubeObject[] {
  return Object.values(manifestFiles(node, api));
}

/** mirrorPodFor builds the mirror pod the kubelet publishes for a manifest on a node. */
export function mirrorPodFor(manifest: KubeObject, node: KubeObject): KubeObject {
  const nodeName = node.metadata.name!;
  const hash = fnv32a(JSON.stringify(manifest) + nodeName).toString(16).padStart(8, '0');
  const mirror: KubeObject = structuredClone(manifest);
  mirror.metadata.name = `${manifest.metadata.name}-${nodeName}`;
  mirror.metadata.namespace = manifest.metadata.namespace ?? 'default';
  mirror.metadata.annotations = {
    ...(manifest.metadata.annotations ?? {}),
    [CONFIG_HASH]: hash + hash + hash + hash, [MIRROR_POD_ANNOTATION]: hash + hash + hash + hash, [CONFIG_SOURCE]: 'file',
  };
  mirror.metadata.ownerReferences = [{ apiVersion: 'v1', kind: 'Node', name: nodeName, uid: node.metadata.uid!, controller: true }];
  mirror.spec = { ...(mirror.spec ?? {}), nodeName };
  mirror.spec.tolerations = [{ operator: 'Exists', effect: 'NoExecute' }];
  return mirror;
}
