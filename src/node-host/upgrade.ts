/**
 * upgrade: the kubeadm upgrade flow on a node host — `apt-get install kubeadm=1.32.x-1.1`,
 * `kubeadm upgrade plan`, `kubeadm upgrade apply v1.32.x` (the control plane's static pods
 * and the kube-proxy add-on move to the new images), `kubeadm upgrade node` on the other
 * nodes, then `apt-get install kubelet=…` and `systemctl restart kubelet`, after which the
 * node reports the new VERSION. Texts as kubeadm v1.32 and apt 2.7 print them.
 * kubemu: the package repository (pkgs.k8s.io's v1.32 channel) holds 1.32.0 to LATEST_PATCH.
 */
import type { KubeObject } from '../api/meta';
import type { ApiClient } from '../apiserver/client';
import type { BinaryContext, FinishedCommand } from '../kubelet/shell';
import { MANIFESTS_DIR, parseManifest } from '../kubelet/static-pods';
import { toYaml } from '../yaml/write-yaml';
import type { ServicesState } from './services';
import { isControlPlaneNode } from '../api/well-known-labels';
import { CLUSTER_CONFIGURATION_KEY, KUBEADM_CONFIG } from '../network/cluster-configuration';

/** LATEST_PATCH is the newest v1.32 release the package repository offers. */
export const LATEST_PATCH = 'v1.32.4';
/** PACKAGES are the Kubernetes packages apt knows. */
export const PACKAGES = ['kubeadm', 'kubelet', 'kubectl'] as const;
export type Package = (typeof PACKAGES)[number];

const UPGRADED = ['kube-apiserver', 'kube-controller-manager', 'kube-scheduler'];

/** UpgradeEnv is what the upgrade commands see. */
export interface UpgradeEnv { node: KubeObject; api: ApiClient; services: ServicesState }

const done = (output: string[], code = 0, writes?: FinishedCommand['writes']): FinishedCommand => ({ output, code, ...(writes ? { writes } : {}) });

/** installed is a package's installed version ("v1.32.2"): what the node was set up with until apt changed it. */
export function installed(env: UpgradeEnv, pkg: Package): string {
  return env.services.packages?.[pkg] ?? String(env.node.status?.nodeInfo?.kubeletVersion ?? '');
}

const patchOf = (v: string) => Number(/^v?1\.32\.(\d+)$/.exec(v)?.[1] ?? -1);
const available = (v: string) => patchOf(v) >= 0 && patchOf(v) <= patchOf(LATEST_PATCH);

/** aptGet is apt-get update | install PKG=VERSION… (what the upgrade needs of it). */
export function aptGet(args: string[], env: UpgradeEnv): FinishedCommand {
  const words = args.filter((a) => !a.startsWith('-'));
  if (words[0] === 'update') {
    return done(['Hit:1 http://archive.ubuntu.com/ubuntu noble InRelease', 'Hit:2 https://prod-cdn.packages.k8s.io/repositories/isv:/kubernetes:/core:/stable:/v1.32/deb  InRelease', 'Reading package lists... Done']);
  }
  if (words[0] !== 'install') return done([`E: kubemu models apt-get update and apt-get install PACKAGE=VERSION`], 100);
  const out = ['Reading package lists... Done', 'Building dependency tree... Done', 'Reading state information... Done'];
  const changes: [Package, string][] = [];
  for (const w of words.slice(1)) {
    const [name, version] = w.split('=') as [string, string | undefined];
    if (!(PACKAGES as readonly string[]).includes(name)) return done([...out, `E: Unable to locate package ${name}`], 100);
    const want = version === undefined ? LATEST_PATCH : `v${version.replace(/-.*$/, '')}`;
    if (!available(want)) return done([...out, `E: Version '${version}' for '${name}' was not found`], 100);
    changes.push([name as Package, want]);
  }
  env.services.packages = { ...env.services.packages };
  for (const [pkg, v] of changes) {
    const from = installed(env, pkg).replace(/^v/, '');
    if (from === v.slice(1)) { out.push(`${pkg} is already the newest version (${v.slice(1)}-1.1).`); continue; }
    out.push(`Preparing to unpack .../${pkg}_${v.slice(1)}-1.1_amd64.deb ...`, `Unpacking ${pkg} (${v.slice(1)}-1.1) over (${from}-1.1) ...`, `Setting up ${pkg} (${v.slice(1)}-1.1) ...`);
    env.services.packages[pkg] = v;
  }
  return done(out);
}

/**
 * recordClusterVersion is upgrade apply's upload-config phase: the stored ClusterConfiguration
 * takes the new kubernetesVersion. It says whether there was one to upload to (a cluster
 * without that ConfigMap keeps none).
 */
function recordClusterVersion(api: ApiClient, version: string): boolean {
  const cm = api.tryGet({ kind: 'ConfigMap', ...KUBEADM_CONFIG });
  const text = cm?.data?.[CLUSTER_CONFIGURATION_KEY];
  if (typeof text !== 'string') return false;
  const next = text.replace(/^kubernetesVersion: .*$/m, `kubernetesVersion: ${version}`);
  if (next !== text) api.update({ ...cm!, data: { ...cm!.data, [CLUSTER_CONFIGURATION_KEY]: next } }, { fieldManager: 'kubeadm' });
  return true;
}

function clusterVersion(files: BinaryContext): string {
  const text = files.read(`${MANIFESTS_DIR}/kube-apiserver.yaml`) ?? '';
  return /kube-apiserver:(v[\d.]+)/.exec(text)?.[1] ?? '';
}

/** kubeadmUpgrade is kubeadm upgrade plan | apply VERSION | node. */
export function kubeadmUpgrade(args: string[], env: UpgradeEnv, files: BinaryContext): FinishedCommand {
  const [sub, target] = args.filter((a) => !a.startsWith('-'));
  const kubeadmV = installed(env, 'kubeadm');
  const nodeName = env.node.metadata.name!;
  if (sub === 'node') {
    return done(['[upgrade] Reading configuration from the "kubeadm-config" ConfigMap in namespace "kube-system"...', "[upgrade] Use 'kubeadm init phase upload-config --config your-config.yaml' to re-upload it.",
      '[upgrade/preflight] Running pre-flight checks', '[upgrade/preflight] Skipping prepull. Not a control plane node.', '[upgrade/control-plane] Skipping phase. Not a control plane node.',
      '[upgrade/kubeconfig] Skipping phase. Not a control plane node.', "[upgrade/kubelet-config] The kubelet configuration for this node was successfully upgraded!", '[upgrade/addon] Skipping the addon/coredns phase. Not a control plane node.',
      '[upgrade/addon] Skipping the addon/kube-proxy phase. Not a control plane node.']);
  }
  if (!isControlPlaneNode(env.node)) return done(['[upgrade/health] FATAL: this is not a control plane node; run `kubeadm upgrade node` here'], 1);
  const current = clusterVersion(files);
  if (sub === 'plan') {
    const rows = (r: string[][]) => { const w = r[0]!.map((_, k) => Math.max(...r.map((x) => x[k]!.length))); return r.map((x) => x.map((c, k) => (k < x.length - 1 ? c.padEnd(w[k]! + 3) : c)).join('').trimEnd()); };
    const nodes = env.api.list({ kind: 'Node' });
    return done([
      '[preflight] Running pre-flight checks.', '[upgrade/config] Reading configuration from the "kubeadm-config" ConfigMap in namespace "kube-system"...',
      "[upgrade/config] Use 'kubeadm init phase upload-config --config your-config.yaml' to re-upload it.", '[upgrade] Running cluster health checks',
      '[upgrade] Fetching available versions to upgrade to', `[upgrade/versions] Cluster version: ${current}`, `[upgrade/versions] kubeadm version: ${kubeadmV}`,
      `[upgrade/versions] Target version: ${LATEST_PATCH}`, `[upgrade/versions] Latest version in the v1.32 series: ${LATEST_PATCH}`, '',
      "Components that must be upgraded manually after you have upgraded the control plane with 'kubeadm upgrade apply':",
      ...rows([['COMPONENT', 'NODE', 'CURRENT', 'TARGET'], ...nodes.map((n) => ['kubelet', n.metadata.name!, String(n.status?.nodeInfo?.kubeletVersion ?? ''), LATEST_PATCH])]), '',
      'Upgrade to the latest version in the v1.32 series:', '',
      ...rows([['COMPONENT', 'NODE', 'CURRENT', 'TARGET'], ...UPGRADED.map((c) => [c, nodeName, current, LATEST_PATCH]), ['kube-proxy', '', current.slice(1), LATEST_PATCH], ['CoreDNS', '', 'v1.11.3', 'v1.11.3'], ['etcd', nodeName, '3.5.16-0', '3.5.16-0']]), '',
      'You can now apply the upgrade by executing the following command:', '', `\tkubeadm upgrade apply ${LATEST_PATCH}`, '',
      '_____________________________________________________________________', '',
    ]);
  }
  if (sub !== 'apply') return done(['kubeadm: kubemu models upgrade plan, upgrade apply VERSION and upgrade node'], 1);
  const want = target?.startsWith('v') ? target : `v${target ?? ''}`;
  if (!available(want)) return done([`[upgrade/version] FATAL: the --version argument is invalid due to these errors:\n\n\t- Specified version to upgrade to "${target ?? ''}" is not available`], 1);
  if (patchOf(want) > patchOf(kubeadmV)) {
    return done([`[upgrade/version] FATAL: the --version argument is invalid due to these errors:\n\n\t- Specified version to upgrade to "${want}" is higher than the kubeadm version "${kubeadmV}". Upgrade kubeadm first using the tool you used to install kubeadm\n\nCan be bypassed if you pass the --force flag`], 1);
  }
  const writes: { path: string; content: string }[] = [];
  const moved: string[] = [];
  for (const c of UPGRADED) {
    const path = `${MANIFESTS_DIR}/${c}.yaml`;
    const pod = parseManifest(files.read(path) ?? '', path);
    if (typeof pod === 'string') return done([`[upgrade/staticpods] FATAL: couldn't upgrade control plane. kubeadm has tried to recover everything into the earlier state. Errors faced: ${pod}`], 1);
    const next = structuredClone(pod);
    for (const ctr of next.spec?.containers ?? []) ctr.image = String(ctr.image).replace(/:v[\d.]+$/, `:${want}`);
    writes.push({ path, content: toYaml(next) });
    moved.push(`[upgrade/staticpods] Moving new manifest to "${path}" and backing up old manifest to "/etc/kubernetes/tmp/kubeadm-backup-manifests/${c}.yaml"`, `[upgrade/staticpods] Component "${c}" upgraded successfully!`);
  }
  const uploaded = recordClusterVersion(env.api, want);
  // kubeadm's kube-proxy add-on follows the control plane's version.
  const proxy = env.api.tryGet({ kind: 'DaemonSet', namespace: 'kube-system', name: 'kube-proxy' });
  if (proxy) {
    const next = structuredClone(proxy);
    for (const ctr of next.spec?.template?.spec?.containers ?? []) ctr.image = String(ctr.image).replace(/:v[\d.]+$/, `:${want}`);
    env.api.update(next, { fieldManager: 'kubeadm' });
  }
  return done([
    '[upgrade] Reading configuration from the "kubeadm-config" ConfigMap in namespace "kube-system"...', "[upgrade] Use 'kubeadm init phase upload-config --config your-config.yaml' to re-upload it.",
    '[upgrade/preflight] Running preflight checks', '[upgrade] Running cluster health checks', `[upgrade/preflight] You have chosen to upgrade the cluster version to "${want}"`,
    `[upgrade/versions] Cluster version: ${current}`, `[upgrade/versions] kubeadm version: ${kubeadmV}`,
    `[upgrade/control-plane] Upgrading your static Pod-hosted control plane to version "${want}" (timeout: 5m0s)...`, ...moved,
    ...(uploaded ? ['[upload-config] Storing the configuration used in ConfigMap "kubeadm-config" in the "kube-system" Namespace',
      '[kubelet] Creating a ConfigMap "kubelet-config" in namespace kube-system with the configuration for the kubelets in the cluster'] : []),
    '[upgrade/addon] Applied essential addon: CoreDNS', '[upgrade/addon] Applied essential addon: kube-proxy', '',
    `[upgrade] SUCCESS! A control plane node of your cluster was upgraded to "${want}".`, '',
    '[upgrade] Now please proceed with upgrading the rest of the nodes by following the right order.',
  ], 0, writes);
}
