/**
 * profile-setup: putting what a profile says the real cluster has into the throwaway one,
 * before it warms up — its nodes (registered as their kubelets would), storage classes,
 * namespaces, Secrets and ConfigMaps (keys with empty values: only names and keys matter
 * to a check), CRDs, and the images its registry holds.
 *
 * Every profile StorageClass is served by kubemu's simulated local-path provisioner (the
 * only one it models), so claims of a cloud class bind as they would on the cloud; the
 * class keeps its name, binding mode and parameters, and notes the real provisioner.
 */
import type { KubeObject } from '../api/meta';
import { objectFromFields } from '../api/object-fields';
import type { Cluster } from '../cluster/cluster';
import { nextNodeIndex, type NodeShape } from '../cluster/node-factory';
import { joinNode } from '../cluster/join-node';
import { needsCniAddon } from '../cluster/cni-option';
import { DEFAULT_CLASS_ANNOTATIONS } from '../printers/describe/storageclass';
import { IMAGES_CONFIGMAP, IMAGES_NAMESPACE, withOverride } from '../kubelet/image-overrides';
import type { ExistingKind, NodePool, ProfileContents } from './profile-model';
import type { Profile } from './profiles';

/** PROFILE_PROVISIONER_ANNOTATION keeps a profile class's real provisioner. */
export const PROFILE_PROVISIONER_ANNOTATION = 'check.kubemu.dev/provisioner';
const FM = { fieldManager: 'kubemu-check-profile' };

/** poolShapes names a pool's nodes prefix01.. and spreads them over its zones in turn. */
export function poolShapes(pool: NodePool, firstIndex: number): NodeShape[] {
  return Array.from({ length: pool.count }, (_, i) => ({
    name: `${pool.namePrefix}${String(i + 1).padStart(2, '0')}`,
    index: firstIndex + i,
    controlPlane: pool.controlPlane,
    cpu: pool.cpu, memory: pool.memory, maxPods: pool.maxPods,
    labels: pool.labels,
    ...(pool.zones?.length ? { zone: pool.zones[i % pool.zones.length] } : {}),
    ...(pool.taints ? { taints: pool.taints } : {}),
  }));
}

/** pluralOf guesses a kind's resource name as kubectl's fallback does for unknown kinds (lowercase, English plural). */
export function pluralOf(kind: string): string {
  const k = kind.toLowerCase();
  if (/(s|x|z|ch|sh)$/.test(k)) return `${k}es`;
  if (/[^aeiou]y$/.test(k)) return `${k.slice(0, -1)}ies`;
  return `${k}s`;
}

/** crdFor is a CRD serving an existing kind with a schema that accepts any fields. */
export function crdFor(kinds: readonly ExistingKind[]): KubeObject[] {
  const byGroupKind = new Map<string, { group: string; kind: string; plural: string; scope: string; versions: string[] }>();
  for (const k of kinds) {
    const [group, version] = k.apiVersion.split('/') as [string, string];
    const key = `${group}/${k.kind}`;
    const entry = byGroupKind.get(key) ?? { group, kind: k.kind, plural: k.plural ?? pluralOf(k.kind), scope: k.scope, versions: [] };
    if (!entry.versions.includes(version)) entry.versions.push(version);
    byGroupKind.set(key, entry);
  }
  return [...byGroupKind.values()].map((e) => ({
    apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition',
    metadata: { name: `${e.plural}.${e.group}` },
    spec: {
      group: e.group, scope: e.scope,
      names: { kind: e.kind, listKind: `${e.kind}List`, plural: e.plural, singular: e.kind.toLowerCase() },
      versions: e.versions.map((v, i) => ({ name: v, served: true, storage: i === 0, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } })),
    },
  }) as KubeObject);
}

/** addProfileNodes registers the pools' nodes, in order, after any the base cluster has. */
function addProfileNodes(cluster: Cluster, profile: Profile, pools: readonly NodePool[]): void {
  let index = nextNodeIndex(cluster.api.list({ kind: 'Node' }));
  for (const pool of pools) {
    for (const shape of poolShapes(pool, index)) {
      joinNode(cluster.api, cluster.api.list({ kind: 'Node' }), { ...shape, reservation: profile.spec.nodeProfile },
        { rand: cluster.rand, nowISO: cluster.clock.nowISO() }, { networkDown: needsCniAddon(profile.spec.cni), running: false });
    }
    index += pool.count;
  }
}

/** setUpProfile puts a profile's contents into a cluster that has not warmed up yet. */
export function setUpProfile(cluster: Cluster, profile: Profile): void {
  const c: ProfileContents | undefined = profile.contents;
  if (!c) return;
  const { api } = cluster;
  cluster.store.transaction(() => {
    if (c.pools) addProfileNodes(cluster, profile, c.pools);
    if (c.storageClasses) {
      // The base cluster's class names the provisioner kubemu simulates (local-path).
      const simulated = String(api.list({ kind: 'StorageClass' })[0]?.provisioner ?? 'rancher.io/local-path');
      for (const sc of api.list({ kind: 'StorageClass' })) api.delete({ kind: 'StorageClass', name: sc.metadata.name! }, FM);
      for (const sc of c.storageClasses) {
        api.create({
          apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass',
          metadata: { name: sc.name, annotations: { ...(sc.default ? { [DEFAULT_CLASS_ANNOTATIONS[0]!]: 'true' } : {}), [PROFILE_PROVISIONER_ANNOTATION]: sc.provisioner } },
          provisioner: simulated, reclaimPolicy: 'Delete', volumeBindingMode: sc.volumeBindingMode,
          ...(Object.keys(sc.parameters).length ? { parameters: sc.parameters } : {}),
        } as KubeObject, FM);
      }
    }
    const ensureNamespace = (name: string) => {
      if (!api.tryGet({ kind: 'Namespace', name })) api.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } }, FM);
    };
    for (const ns of c.namespaces ?? []) ensureNamespace(ns);
    for (const s of c.secrets ?? []) {
      ensureNamespace(s.namespace);
      api.create({ apiVersion: 'v1', kind: 'Secret', metadata: { name: s.name, namespace: s.namespace }, type: s.type ?? 'Opaque', data: Object.fromEntries(s.keys.map((k) => [k, ''])) } as KubeObject, FM);
    }
    for (const m of c.configMaps ?? []) {
      ensureNamespace(m.namespace);
      api.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: m.name, namespace: m.namespace }, data: Object.fromEntries(m.keys.map((k) => [k, ''])) } as KubeObject, FM);
    }
    for (const crd of [...crdFor(c.crds ?? []), ...(c.crdManifests ?? []).map(objectFromFields)]) api.create(crd, FM);
    if (c.images?.length) markImagesPresent(cluster, c.images);
  });
}

/** markImagesPresent tells the emulated registry these images exist (as `kubemu image present` does). */
export function markImagesPresent(cluster: Cluster, images: readonly string[]): void {
  const key = { kind: 'ConfigMap', namespace: IMAGES_NAMESPACE, name: IMAGES_CONFIGMAP };
  const cm = cluster.api.tryGet(key);
  const data = withOverride(cm, images, 'present');
  if (cm) cluster.api.update({ ...cm, data }, FM);
  else cluster.api.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: IMAGES_CONFIGMAP, namespace: IMAGES_NAMESPACE }, data } as KubeObject, FM);
}
