/**
 * cluster: kubemu cluster create|list|use|delete — the clusters under $KUBEMU_HOME.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CommandContext } from '../command';
import { leaf, ownVerb } from '../own-verb';
import { CliError } from '../errors';
import { goPathErrorText } from '../go-path-error';
import { createCluster, DEFAULT_SPEC, type ClusterSpec } from '../../cluster/bootstrap';
import { DEFAULT_CLUSTER, checkClusterName, clusterDir, clusterExists, currentCluster, forgetCluster, listClusters, setCurrentCluster, statePath } from '../../cluster/home';
import { QUANTITY_FORMAT_ERROR, tryParseQuantity } from '../../api/quantity';
import { renderTabbed } from '../../printers/table';
import { RESERVATION_PROFILES, type ReservationProfile } from '../../cluster/reservations';
import { systemPoolFor } from '../../cluster/aks-system-pool';
import { openSqliteStore } from '../../store/sqlite/sqlite-store';
import { CNI_OPTIONS, type CniOption } from '../../cluster/cni-option';

function nameArg(ctx: CommandContext, verb: string): string {
  if (ctx.args.length !== 1) throw new CliError(`exactly one NAME is required for 'kubemu cluster ${verb}', got ${ctx.args.length}`);
  return checkClusterName(ctx.args[0]!);
}

/** CONTROL_PLANE_FILE_OPTIONS are the kube-apiserver configuration files cluster create and cluster set take. */
const CONTROL_PLANE_FILE_OPTIONS = {
  'encryption-config': { type: 'string', describe: 'An EncryptionConfiguration (apiserver.config.k8s.io/v1): kube-apiserver\'s --encryption-provider-config.' },
  'audit-policy': { type: 'string', describe: 'An audit Policy (audit.k8s.io/v1): kube-apiserver\'s --audit-policy-file; kubectl\'s requests are logged.' },
  'audit-log-path': { type: 'string', describe: 'Where audit events go (kube-apiserver\'s --audit-log-path); default audit.log in the cluster\'s folder.' },
  'admission-control-config-file': { type: 'string', describe: 'An AdmissionConfiguration (apiserver.config.k8s.io/v1): the PodSecurity plugin\'s defaults and exemptions.' },
} as const;

/**
 * controlPlaneFiles checks the files the options name (before anything is written) and returns
 * what installs them beside a cluster's state file.
 */
function controlPlaneFiles(ctx: CommandContext, opts: { 'encryption-config'?: string; 'audit-policy'?: string; 'audit-log-path'?: string; 'admission-control-config-file'?: string }): { any: boolean; install(state: string): void } {
  const admissionFile = opts['admission-control-config-file'] ? resolvePath(ctx, opts['admission-control-config-file']) : undefined;
  const admissionLib = admissionFile ? require('../../cluster/admission-config') as typeof import('../../cluster/admission-config') : undefined;
  const admission = admissionFile ? admissionLib!.readAdmissionConfig(readConfigFile(admissionFile), admissionFile) : undefined;
  const enc = opts['encryption-config'] ? resolvePath(ctx, opts['encryption-config']) : undefined;
  const lib = enc ? require('../../cluster/encryption-config') as typeof import('../../cluster/encryption-config') : undefined;
  if (enc) lib!.parseEncryptionConfig(readConfigFile(enc), enc);
  const policyFile = opts['audit-policy'] ? resolvePath(ctx, opts['audit-policy']) : undefined;
  const logPath = opts['audit-log-path'] ? resolvePath(ctx, opts['audit-log-path']) : undefined;
  if (logPath && !policyFile) throw new CliError('--audit-log-path needs --audit-policy');
  const audit = policyFile ? require('../../cluster/audit-config') as typeof import('../../cluster/audit-config') : undefined;
  const policy = policyFile ? audit!.readAuditPolicy(readConfigFile(policyFile), policyFile) : undefined;
  return {
    any: !!enc || !!policy || !!admission,
    install(state) {
      if (admission) admissionLib!.installAdmissionConfig(state, admission);
      if (enc) lib!.installEncryptionConfig(state, enc);
      if (policy) audit!.installAudit(state, policy, logPath);
    },
  };
}

/** readConfigFile reads a configuration file, failing with Go's one-line text when it cannot. */
/** resolvePath resolves a user's path against the invocation's working directory. */
function resolvePath(ctx: CommandContext, p: string): string {
  return path.resolve(ctx.cwd, p);
}

function readConfigFile(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (e) {
    throw new CliError(goPathErrorText('open', file, e));
  }
}

function intFlag(v: number, name: string, min: number): number {
  if (!Number.isInteger(v) || v < min) throw new CliError(`--${name} must be an integer of at least ${min}, got ${v}`);
  return v;
}

const create = leaf({
  command: 'create <name>',
  describe: 'Create a cluster and make it current',
  options: {
    workers: { type: 'number', default: DEFAULT_SPEC.workers, describe: 'Number of worker nodes.' },
    'control-planes': { type: 'number', default: DEFAULT_SPEC.controlPlanes, describe: 'Number of control-plane nodes.' },
    'node-cpu': { type: 'string', default: DEFAULT_SPEC.nodeCpu, describe: 'CPU capacity of each node.' },
    'node-memory': { type: 'string', default: DEFAULT_SPEC.nodeMemory, describe: 'Memory capacity of each node.' },
    'max-pods': { type: 'number', default: DEFAULT_SPEC.maxPods, describe: 'Pod capacity of each node.' },
    clock: { type: 'string', default: 'wall', describe: 'manual (moves only with `kubemu tick`) or wall (follows real time).' },
    seed: { type: 'number', default: 1, describe: 'Seed of the cluster\'s random choices (names, tie-breaks).' },
    'node-profile': { type: 'string', default: 'kubeadm', describe: 'What nodes reserve from pods: kubeadm (evictionHard 100Mi only) or aks (AKS 1.29+ kube-reserved CPU and memory).' },
    'system-pool': { type: 'boolean', default: false, describe: 'With --node-profile aks: the workers are AKS\'s System pool nodepool1 (VM size from --node-cpu/--node-memory), hosting CoreDNS and konnectivity-agent.' },
    cni: { type: 'string', default: CNI_OPTIONS[0], describe: 'Pod network: builtin (configured on the nodes, no add-on pods), none (nodes NotReady until a CNI add-on is applied), calico, or cilium (which replaces kube-proxy).' },
    ...CONTROL_PLANE_FILE_OPTIONS,
  },
  examples: [
    ['$0 cluster create dev --clock manual --seed 7', 'a cluster whose clock moves only with `kubemu tick`'],
    ['$0 cluster create big --workers 10 --node-cpu 8 --node-memory 32Gi', 'ten larger workers'],
    ['$0 cluster create lab --cni none', 'nodes NotReady until `kubemu addon enable calico`'],
  ],
  run(ctx, opts) {
    const name = nameArg(ctx, 'create');
    if (clusterExists(ctx.home, name)) throw new CliError(`cluster "${name}" already exists`);
    const clock = opts.clock;
    if (clock !== 'manual' && clock !== 'wall') throw new CliError(`--clock must be "manual" or "wall", got "${clock}"`);
    for (const q of ['node-cpu', 'node-memory'] as const) {
      const v = tryParseQuantity(opts[q]);
      if (v === undefined || v.nanos <= 0n) throw new CliError(`invalid --${q} "${opts[q]}": ${QUANTITY_FORMAT_ERROR}`);
    }
    const profile = opts['node-profile'];
    if (!RESERVATION_PROFILES.includes(profile as ReservationProfile)) throw new CliError(`--node-profile must be one of ${RESERVATION_PROFILES.join(', ')}, got "${profile}"`);
    const cni = opts.cni;
    if (!CNI_OPTIONS.includes(cni as CniOption)) throw new CliError(`--cni must be one of ${CNI_OPTIONS.join(', ')}, got "${cni}"`);
    if (opts['system-pool'] && profile !== 'aks') throw new CliError('--system-pool needs --node-profile aks');
    if (opts['system-pool'] && !systemPoolFor(1, opts['node-cpu'], opts['node-memory'], 110, 1)) throw new CliError(`--system-pool: no VM size has ${opts['node-cpu']} CPUs and ${opts['node-memory']} (kubemu nodepool add --help lists them)`);
    const spec: ClusterSpec = {
      ...(opts['system-pool'] ? { systemPool: true } : {}),
      ...(cni === CNI_OPTIONS[0] ? {} : { cni: cni as CniOption }),
      nodeProfile: profile as ReservationProfile,
      workers: intFlag(opts.workers, 'workers', 0),
      controlPlanes: intFlag(opts['control-planes'], 'control-planes', 1),
      nodeCpu: opts['node-cpu'],
      nodeMemory: opts['node-memory'],
      maxPods: intFlag(opts['max-pods'], 'max-pods', 1),
      clock,
      seed: intFlag(opts.seed, 'seed', 0),
    };
    // The files are checked before the cluster exists, so a bad one leaves nothing behind.
    const files = controlPlaneFiles(ctx, opts);
    createCluster(statePath(ctx.home, name), spec);
    files.install(statePath(ctx.home, name));
    setCurrentCluster(ctx.home, name);
    ctx.io.out(`cluster/${name} created\n`);
    return 0;
  },
});

const list = leaf({
  command: 'list',
  describe: 'List clusters',
  run(ctx) {
    const current = currentCluster(ctx.home);
    const rows = [['CURRENT', 'NAME', 'CLOCK', 'SEED', 'NODES']];
    for (const name of listClusters(ctx.home)) {
      const store = openSqliteStore(statePath(ctx.home, name), { readonly: true });
      try {
        const spec = JSON.parse(store.meta.get('cluster.spec') ?? '{}') as Partial<ClusterSpec>;
        rows.push([name === current ? '*' : '', name, spec.clock ?? '', String(spec.seed ?? ''), String(store.count({ kind: 'Node' }))]);
      } finally { store.close(); }
    }
    if (rows.length === 1) { ctx.io.err('No resources found\n'); return 0; }
    ctx.io.out(renderTabbed(rows));
    return 0;
  },
});

const use = leaf({
  command: 'use <name>',
  describe: 'Make a cluster the current one',
  run(ctx) {
    const name = nameArg(ctx, 'use');
    if (!clusterExists(ctx.home, name)) throw new CliError(`cluster "${name}" does not exist`);
    setCurrentCluster(ctx.home, name);
    ctx.io.out(`Switched to cluster "${name}".\n`);
    return 0;
  },
});

const del = leaf({
  command: 'delete <name>',
  describe: 'Delete a cluster and its state',
  run(ctx) {
    const name = nameArg(ctx, 'delete');
    const dir = clusterDir(ctx.home, name);
    if (!fs.existsSync(dir)) throw new CliError(`cluster "${name}" does not exist`);
    removeUnderWriteLock(dir, statePath(ctx.home, name));
    ctx.io.out(`cluster/${name} deleted\n`);
    if (forgetCluster(ctx.home, name) && name !== DEFAULT_CLUSTER) ctx.io.out(`Switched to cluster "${DEFAULT_CLUSTER}".\n`);
    return 0;
  },
});

/**
 * removeUnderWriteLock removes a cluster's folder once no command is in the middle of a write
 * to it: it takes the write lock (waiting, as any writer does, for the one in progress to
 * commit) and moves the folder away before it lets go. A command still holding the cluster
 * finds its state file gone at its next write and fails with clusterDeletedMessage instead of
 * reporting writes into a deleted cluster. A state file that cannot be opened (corrupt, from a
 * newer kubemu) is removed without the lock.
 */
function removeUnderWriteLock(dir: string, file: string): void {
  // The folder is renamed first: SQLite removes its -wal file by name when the last
  // connection closes, which must not hit a new cluster created under the same name.
  const doomed = `${dir}.deleting-${process.pid}`;
  let store: ReturnType<typeof openSqliteStore> | undefined;
  try {
    if (fs.existsSync(file)) store = openSqliteStore(file);
  } catch { store = undefined; }
  try {
    if (store) store.transaction(() => fs.renameSync(dir, doomed));
    else fs.renameSync(dir, doomed);
  } finally {
    store?.close();
  }
  fs.rmSync(doomed, { recursive: true, force: true });
}

const set = leaf({
  command: 'set <name>',
  describe: 'Change a cluster\'s control-plane configuration (encryption at rest, audit policy)',
  options: CONTROL_PLANE_FILE_OPTIONS,
  examples: [['$0 cluster set lab --encryption-config enc.yaml', 'kube-apiserver\'s --encryption-provider-config: Secrets written from now on are encrypted']],
  run(ctx, opts) {
    const name = nameArg(ctx, 'set');
    if (!clusterExists(ctx.home, name)) throw new CliError(`cluster "${name}" does not exist`);
    const files = controlPlaneFiles(ctx, opts);
    if (!files.any) throw new CliError('nothing to set: give --encryption-config, --audit-policy or --admission-control-config-file');
    files.install(statePath(ctx.home, name));
    ctx.io.out(`cluster/${name} configured\n`);
    return 0;
  },
});

const restore = leaf({
  command: 'restore <name>',
  describe: 'Replace a cluster\'s state with an etcd snapshot (etcdutl snapshot restore, then point etcd at the data)',
  options: {
    'from-snapshot': { type: 'string', describe: 'A file `etcdctl snapshot save` wrote.' },
    'data-dir': { type: 'string', describe: 'A data directory `etcdutl snapshot restore --data-dir` made.' },
  },
  examples: [
    ['$0 cluster restore lab --from-snapshot /tmp/etcd-backup.db', 'the cluster\'s objects as they were when the snapshot was saved'],
    ['$0 cluster restore lab --data-dir /var/lib/etcd-from-backup', 'the same from a restored data directory'],
  ],
  run(ctx, opts) {
    const name = nameArg(ctx, 'restore');
    if (!clusterExists(ctx.home, name)) throw new CliError(`cluster "${name}" does not exist`);
    const from = opts['from-snapshot'], dataDir = opts['data-dir'];
    if (!from === !dataDir) throw new CliError('give exactly one of --from-snapshot FILE or --data-dir DIR');
    const { restoreClusterState } = require('../../cluster/restore-state') as typeof import('../../cluster/restore-state');
    restoreClusterState(statePath(ctx.home, name), from ? { snapshot: resolvePath(ctx, from) } : { dataDir: resolvePath(ctx, dataDir!) });
    ctx.io.out(`cluster/${name} restored\n`);
    return 0;
  },
});

/** clusterCommand groups the cluster verbs. */
export const clusterCommand = ownVerb({
  command: 'cluster',
  describe: 'Create, list, select and delete emulated clusters (kubemu)',
  subcommands: [create, list, use, del, set, restore],
  examples: [['$0 cluster create lab --clock manual --seed 7', 'a cluster whose clock moves only by tick'], ['$0 cluster use kubemu', 'work on the default cluster again']],
});
