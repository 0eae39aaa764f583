/**
 * bootstrap: creating a cluster — the state file, its clock and seed, the nodes as their
 * kubelets register them, and kubeadm's add-ons — then running it until the system pods
 * are up, so a new cluster looks like one that has been running for a few minutes.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { openSqliteStore, removeSideFiles } from '../store/sqlite/sqlite-store';
import { PRIVATE_FILE, caCertPath, makePrivateDir } from './home';
import type { ClockMode } from '../sim/clock';
import { hostNowMs } from '../sim/clock';
import { openCluster, META_CLOCK_MODE, META_CLOCK_NOW, META_CLOCK_OFFSET, META_CREATED, META_SEED, type Cluster } from './cluster';
import { addonObjects, isKubeProxyAddon } from './addons';
import { kubeadmConfigMaps } from './kubeadm-config';
import { localAPIServices } from './local-apiservices';
import { drawingApart } from '../sim/rand';
import { bootstrapObjects as apfBootstrapObjects } from '../controllers/apfconfiguration/bootstrap-configuration';
import { apiServerEndpoint, newNode, nodeIP, type NodeShape } from './node-factory';
import { kubeadmBootstrapTokenObjects } from './kubeadm-bootstrap-token';
import { apiServerConfigMaps } from './apiserver-configmaps';
import { kubeadmNamespaceRbacObjects, laterBootstrapRbacObjects, namespaceBootstrapRbacObjects } from './rbac-bootstrap';
import { controllerServiceAccounts } from './controller-accounts';
import { podCIDRAt, podNetworkFor } from '../network/ipam';
import type { ReservationProfile } from './reservations';
import { konnectivityAgent, onSystemPool, systemPoolFor, systemPoolShapes } from './aks-system-pool';
import { savePools } from './node-pools';
import { cniAddonObjects, needsCniAddon, recordEmptyCni, registerWithoutNetwork, replacesKubeProxy, type CniOption } from './cni-option';
import { ensureControlPlaneLeases } from '../controllers/leaderelection';

/** The *_STREAM constants vary the seeds of the draws made apart (see populate). */
const LOCAL_APISERVICE_STREAM = 0x41504953;
const APF_STREAM = 0x41504643;
const BOOTSTRAP_TOKEN_STREAM = 0x544f4b4e;
const NAMESPACE_RBAC_STREAM = 0x52424143;
const LEASE_STREAM = 0x4c454153;
const CONTROLLER_RBAC_STREAM = 0x4b434d53;

/** ClusterSpec is what `kubemu cluster create` asks for. */
export interface ClusterSpec {
  workers: number;
  controlPlanes: number;
  nodeCpu: string;
  nodeMemory: string;
  maxPods: number;
  clock: ClockMode;
  seed: number;
  /** nodeProfile is the reservation formula nodes follow (kubeadm's defaults or AKS's). */
  nodeProfile?: ReservationProfile;
  /** cni is the pod network the cluster comes with (absent: builtin). */
  cni?: CniOption;
  /** systemPool makes the workers AKS's System pool nodepool1 (with --node-profile aks). */
  systemPool?: boolean;
}

export const DEFAULT_SPEC: ClusterSpec = { workers: 2, controlPlanes: 1, nodeCpu: '4', nodeMemory: '16Gi', maxPods: 110, clock: 'wall', seed: 1 };

/** MANUAL_EPOCH_MS is where a manual clock starts, so that manual clusters replay byte for byte. */
export const MANUAL_EPOCH_MS = Date.UTC(2026, 0, 1, 0, 0, 0);
/** WARMUP_MS is how long a new cluster runs before the user sees it. */
export const WARMUP_MS = 5 * 60 * 1000;

const NAMESPACES = ['default', 'kube-node-lease', 'kube-public', 'kube-system'];
const FM = { fieldManager: 'kubeadm' };

/** nodeShapes names the nodes: control01.., worker01.. */
export function nodeShapes(spec: ClusterSpec): NodeShape[] {
  const pad = (n: number) => String(n).padStart(2, '0');
  const shapes: NodeShape[] = [];
  const reservation = spec.nodeProfile;
  for (let i = 1; i <= spec.controlPlanes; i++) shapes.push({ name: `control${pad(i)}`, index: shapes.length, controlPlane: true, cpu: spec.nodeCpu, memory: spec.nodeMemory, maxPods: spec.maxPods, reservation });
  const pool = spec.systemPool ? systemPoolFor(spec.workers, spec.nodeCpu, spec.nodeMemory, spec.maxPods, spec.seed) : undefined;
  if (pool) return [...shapes, ...systemPoolShapes(pool, shapes.length)];
  for (let i = 1; i <= spec.workers; i++) shapes.push({ name: `worker${pad(i)}`, index: shapes.length, controlPlane: false, cpu: spec.nodeCpu, memory: spec.nodeMemory, maxPods: spec.maxPods, reservation });
  return shapes;
}

/** initialiseCluster writes a new cluster's settings and objects into an empty store and warms it up. */
export function initialiseCluster(path: string, spec: ClusterSpec, opts: { warmup?: boolean } = {}): Cluster {
  const store = openSqliteStore(path, { create: true });
  const start = spec.clock === 'manual' ? MANUAL_EPOCH_MS : Math.floor(hostNowMs() / 1000) * 1000 - WARMUP_MS;
  store.transaction(() => {
    store.meta.set(META_CLOCK_MODE, spec.clock);
    store.meta.set(META_CLOCK_NOW, String(start));
    store.meta.set(META_CREATED, String(start));
    store.meta.set(META_SEED, String(spec.seed));
    if (spec.clock === 'wall') store.meta.set(META_CLOCK_OFFSET, '0');
    store.meta.set('cluster.spec', JSON.stringify(spec));
  });
  const cluster = openCluster(path, { store });
  populate(cluster, spec);
  // A new cluster is born settled, however many nodes it has: no write budget.
  if (opts.warmup ?? true) cluster.store.transaction(() => cluster.sim.withoutWriteBudget(() => cluster.sim.advanceTo(start + WARMUP_MS)));
  return cluster;
}

/** createCluster writes a new cluster's state file at path (it must not exist) and warms it up. */
export function createCluster(statePath: string, spec: ClusterSpec): void {
  makeStateFolders(statePath);
  const tmp = `${statePath}.creating-${process.pid}`;
  try {
    // Owner-only from its first byte: SQLite gives the log and its index the database's mode.
    fs.writeFileSync(tmp, '', { mode: PRIVATE_FILE });
    const cluster = initialiseCluster(tmp, spec);
    // The service-account signing key (kubeadm's sa.key) is made now, so no later read has to write it.
    (require('../apiserver/authentication/cluster-pki') as typeof import('../apiserver/authentication/cluster-pki')).serviceAccountKey(cluster.store.meta);
    // The CA's certificate beside the state, so a kubeconfig can carry it without opening the state.
    fs.writeFileSync(caCertPath(statePath), cluster.api.certificateAuthority().certPem, { mode: PRIVATE_FILE });
    cluster.store.transaction(() => cluster.store.compact(cluster.store.revision()));
    cluster.close();
    // A log left by a state file deleted while a process held it would be replayed into this one.
    removeSideFiles(statePath);
    // The new file appears whole or not at all.
    fs.renameSync(tmp, statePath);
    removeSideFiles(tmp);
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    removeSideFiles(tmp);
    throw e;
  }
}

/**
 * makeStateFolders creates the folder of a state file owner-only, and, when it lies in a
 * kubemu home (HOME/clusters/NAME/state.db), the clusters folder and the home as well.
 */
function makeStateFolders(statePath: string): void {
  const dir = path.dirname(statePath);
  const clusters = path.dirname(dir);
  if (path.basename(clusters) === 'clusters') {
    makePrivateDir(path.dirname(clusters));
    makePrivateDir(clusters);
  }
  makePrivateDir(dir);
}

function populate(cluster: Cluster, spec: ClusterSpec): void {
  const shapes = nodeShapes(spec);
  // Not cluster.write: a wall clock would first catch up to now, and the cluster must be born at its start time.
  cluster.store.transaction(() => {
    const { api } = cluster;
    for (const ns of NAMESPACES) api.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } }, FM);
    // kube-apiserver registers an APIService for each group-version it serves when it starts, and
    // writes API Priority and Fairness's bootstrap configuration. Their uids are drawn apart, so
    // the cluster's other draws stay those of a cluster made without them.
    drawingApart(cluster.rand, spec.seed ^ LOCAL_APISERVICE_STREAM, () => {
      for (const apiService of localAPIServices(api.registry())) api.create(apiService, { fieldManager: 'kube-apiserver' });
    });
    drawingApart(cluster.rand, spec.seed ^ APF_STREAM, () => {
      for (const obj of apfBootstrapObjects()) api.create(obj, { fieldManager: 'api-priority-and-fairness-config-producer-v1' });
    });
    // Its bootstrap Roles and RoleBindings in kube-system and kube-public, and kubeadm's for joining
    // nodes; its ConfigMaps for aggregated API servers and legacy token tracking.
    drawingApart(cluster.rand, spec.seed ^ NAMESPACE_RBAC_STREAM, () => {
      for (const obj of apiServerConfigMaps(api, cluster.clock.nowISO())) api.create(obj, { fieldManager: 'kube-apiserver' });
      for (const obj of namespaceBootstrapRbacObjects()) api.create(obj, { fieldManager: 'kube-apiserver' });
      if (!spec.systemPool) for (const obj of kubeadmNamespaceRbacObjects(!replacesKubeProxy(spec.cni))) api.create(obj, FM);
    });
    // The rest of its bootstrap policy (the controllers' roles among it), and the accounts
    // kube-controller-manager's controllers take when they start.
    drawingApart(cluster.rand, spec.seed ^ CONTROLLER_RBAC_STREAM, () => {
      for (const obj of laterBootstrapRbacObjects()) api.create(obj, { fieldManager: 'kube-apiserver' });
      for (const obj of controllerServiceAccounts(!spec.systemPool)) api.create(obj, { fieldManager: 'kube-controller-manager' });
    });
    // Sized so that every node gets its /24 (kubeadm-config's podSubnet keeps it: ipam's podNetworkOf).
    const network = podNetworkFor(shapes.length);
    for (const shape of shapes) {
      let node = newNode(shape, cluster.rand, cluster.clock.nowISO(), podCIDRAt(network, shape.index));
      if (needsCniAddon(spec.cni)) { node = registerWithoutNetwork(node); recordEmptyCni(shape.name, api); }
      const created = api.create({ ...node, status: undefined }, { fieldManager: 'kubelet' });
      api.updateStatus({ ...created, status: node.status }, { fieldManager: 'kubelet' });
    }
    const pool = spec.systemPool ? systemPoolFor(spec.workers, spec.nodeCpu, spec.nodeMemory, spec.maxPods, spec.seed) : undefined;
    if (pool) savePools(api, [pool]);
    // A managed cluster's control plane is not kubeadm's: it uploads no configuration.
    if (!pool) for (const cm of kubeadmConfigMaps(network)) api.create(cm, FM);
    // kubeadm init's bootstrap-token phase: its token, uids and cluster-info drawn apart as above.
    if (!pool) {
      drawingApart(cluster.rand, spec.seed ^ BOOTSTRAP_TOKEN_STREAM, () => {
        const objects = kubeadmBootstrapTokenObjects(cluster.rand, cluster.clock.nowMs(), apiServerEndpoint(), api.certificateAuthority().certPem);
        for (const obj of objects) api.create(obj, FM);
      });
    }
    // The control plane's leader-election and API server identity Leases, as its components take them when they start.
    if (!pool) drawingApart(cluster.rand, spec.seed ^ LEASE_STREAM, () => ensureControlPlaneLeases({ api, clock: cluster.clock, rand: cluster.rand }));
    for (const obj of addonObjects(nodeIP(0), network)) if (!(replacesKubeProxy(spec.cni) && isKubeProxyAddon(obj))) api.create(pool ? onSystemPool(obj) : obj, FM);
    if (pool) api.create(konnectivityAgent(), FM);
    for (const obj of cniAddonObjects(spec.cni)) api.create(obj, FM);
    cluster.sim.withoutWriteBudget(() => cluster.sim.settle());
  });
}
