/**
 * cluster-configuration: the cluster's networks as kubeadm records them. `kubeadm init` uploads
 * its ClusterConfiguration to the kube-system/kubeadm-config ConfigMap, and reads it back for
 * joins, upgrades and certificate renewals; its networking section (podSubnet, serviceSubnet,
 * dnsDomain) is where a cluster's administrator, and kube-controller-manager's range allocator
 * here, find the pod network.
 */
import type { ApiClient } from '../apiserver/client';

/** KUBEADM_CONFIG names the ConfigMap, CLUSTER_CONFIGURATION_KEY its one key. */
export const KUBEADM_CONFIG = { namespace: 'kube-system', name: 'kubeadm-config' } as const;
export const CLUSTER_CONFIGURATION_KEY = 'ClusterConfiguration';

/** ClusterNetworking is ClusterConfiguration's networking section, as far as it is set. */
export interface ClusterNetworking { podSubnet?: string; serviceSubnet?: string; dnsDomain?: string }

// The last text read and what it held: the allocator and kube-proxy's detector ask often, the text rarely changes.
let lastText: string | undefined;
let lastNetworking: ClusterNetworking | undefined;

/**
 * clusterNetworking reads the networking section of the uploaded ClusterConfiguration;
 * undefined without that ConfigMap (a cluster kubeadm did not make) or with text that does not
 * read as YAML, as kubeadm then refuses to go on; string fields only.
 */
export function clusterNetworking(api: Pick<ApiClient, 'tryGet'>): ClusterNetworking | undefined {
  const cm = api.tryGet({ kind: 'ConfigMap', ...KUBEADM_CONFIG }) as { data?: Record<string, unknown> } | undefined;
  const text = cm?.data?.[CLUSTER_CONFIGURATION_KEY];
  if (typeof text !== 'string') return undefined;
  if (text !== lastText) { lastNetworking = parseNetworking(text); lastText = text; }
  return lastNetworking;
}

function parseNetworking(text: string): ClusterNetworking | undefined {
  let doc: Record<string, unknown> | undefined;
  try {
    // A split point: the YAML reader loads only in the commands that read the pod network (adding
    // nodes, a control plane's default manifests, kube-proxy's rules), not in every settle.
    const { readManifests } = require('../yaml') as typeof import('../yaml');
    doc = readManifests(text, KUBEADM_CONFIG.name, { checkKind: false })[0]?.object;
  } catch {
    return undefined;
  }
  const section = doc?.networking;
  if (!section || typeof section !== 'object' || Array.isArray(section)) return {};
  const out: ClusterNetworking = {};
  for (const key of ['podSubnet', 'serviceSubnet', 'dnsDomain'] as const) {
    const value = (section as Record<string, unknown>)[key];
    if (typeof value === 'string' && value) out[key] = value;
  }
  return out;
}
