/**
 * profile-model: what a profile says the real cluster already has — node pools, storage
 * classes, namespaces, Secrets and ConfigMaps (names and keys only), CRDs and images — so a
 * bundle that relies on them is not flagged. The presets and profile files both produce it.
 */

/** Taint as on a Node. */
export interface ProfileTaint { key: string; value?: string; effect: string }

/** NodePool is `count` alike nodes named prefix01, prefix02…, spread round-robin over zones. */
export interface NodePool {
  namePrefix: string;
  count: number;
  controlPlane: boolean;
  cpu: string;
  memory: string;
  maxPods: number;
  labels: Record<string, string>;
  /** taints: absent gives kubeadm's (a control plane is tainted), [] none. */
  taints?: ProfileTaint[];
  zones?: string[];
}

/** ProfileStorageClass is a StorageClass the cluster has; `default` marks it the default class. */
export interface ProfileStorageClass {
  name: string;
  provisioner: string;
  default: boolean;
  volumeBindingMode: string;
  parameters: Record<string, string>;
}

/** ExistingData is a Secret or ConfigMap the cluster has: its keys, not its values. */
export interface ExistingData { namespace: string; name: string; keys: string[]; type?: string }

/** ExistingKind is a custom resource kind the cluster serves (its CRD is not in the bundle). */
export interface ExistingKind { apiVersion: string; kind: string; plural?: string; scope: 'Namespaced' | 'Cluster' }

/** ProfileContents: every part is optional; a missing part keeps the base cluster's. */
export interface ProfileContents {
  pools?: NodePool[];
  /** storageClasses replace the base cluster's `standard` class when given. */
  storageClasses?: ProfileStorageClass[];
  namespaces?: string[];
  secrets?: ExistingData[];
  configMaps?: ExistingData[];
  crds?: ExistingKind[];
  /** crdManifests are CustomResourceDefinition objects read from files the profile names. */
  crdManifests?: Record<string, unknown>[];
  /** images exist in the registry even if kubemu's catalogue does not know them. */
  images?: string[];
}
