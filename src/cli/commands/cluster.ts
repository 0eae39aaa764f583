/**
 * cluster: kubemu cluster create|list|use|delete — the clusters under $KUBEMU_HOME.
 */
import * as fs from 'node:fs';
import type { Command, CommandContext } from '../command';
import { CliError } from '../errors';
import { createCluster, DEFAULT_SPEC, type ClusterSpec } from '../../cluster/bootstrap';
import { DEFAULT_CLUSTER, clusterDir, clusterExists, currentCluster, forgetCluster, listClusters, setCurrentCluster, statePath } from '../../cluster/home';
import { isDNS1123Label } from '../../api/labels';
import { QUANTITY_FORMAT_ERROR, tryParseQuantity } from '../../api/quantity';
import { renderTabbed } from '../../printers/table';
import { RESERVATION_PROFILES, type ReservationProfile } from '../../cluster/reservations';
import { openSqliteStore } from '../../store/sqlite/sqlite-store';

function nameArg(ctx: CommandContext, verb: string): string {
  if (ctx.args.length !== 1) throw new CliError(`exactly one NAME is required for 'kubemu cluster ${verb}', got ${ctx.args.length}`);
  const name = ctx.args[0]!;
  const errs = isDNS1123Label(name);
  if (errs.length) throw new CliError(`invalid cluster name "${name}": ${errs.join('; ')}`);
  return name;
}

function intFlag(ctx: CommandContext, name: string, min: number): number {
  const v = ctx.flags[name] as number;
  if (!Number.isInteger(v) || v < min) throw new CliError(`--${name} must be an integer of at least ${min}, got ${v}`);
  return v;
}

const create: Command = {
  name: 'create',
  short: 'Create a cluster and make it current',
  usage: 'kubemu cluster create NAME [--workers N] [--control-planes N] [--node-cpu 4] [--node-memory 16Gi] [--max-pods 110] [--node-profile kubeadm|aks] [--clock manual|wall] [--seed N]',
  flags: [
    { name: 'workers', type: 'int', default: DEFAULT_SPEC.workers, help: 'Number of worker nodes.' },
    { name: 'control-planes', type: 'int', default: DEFAULT_SPEC.controlPlanes, help: 'Number of control-plane nodes.' },
    { name: 'node-cpu', type: 'string', default: DEFAULT_SPEC.nodeCpu, help: 'CPU capacity of each node.' },
    { name: 'node-memory', type: 'string', default: DEFAULT_SPEC.nodeMemory, help: 'Memory capacity of each node.' },
    { name: 'max-pods', type: 'int', default: DEFAULT_SPEC.maxPods, help: 'Pod capacity of each node.' },
    { name: 'clock', type: 'string', default: 'wall', help: 'manual (moves only with `kubemu tick`) or wall (follows real time).' },
    { name: 'seed', type: 'int', default: 1, help: 'Seed of the cluster\'s random choices (names, tie-breaks).' },
    { name: 'node-profile', type: 'string', default: 'kubeadm', help: 'What nodes reserve from pods: kubeadm (evictionHard 100Mi only) or aks (AKS 1.29+ kube-reserved CPU and memory).' },
  ],
  run(ctx) {
    const name = nameArg(ctx, 'create');
    if (clusterExists(ctx.home, name)) throw new CliError(`cluster "${name}" already exists`);
    const clock = ctx.flags.clock as string;
    if (clock !== 'manual' && clock !== 'wall') throw new CliError(`--clock must be "manual" or "wall", got "${clock}"`);
    for (const q of ['node-cpu', 'node-memory']) {
      const v = tryParseQuantity(ctx.flags[q] as string);
      if (v === undefined || v.nanos <= 0n) throw new CliError(`invalid --${q} "${ctx.flags[q]}": ${QUANTITY_FORMAT_ERROR}`);
    }
    const profile = ctx.flags['node-profile'] as string;
    if (!RESERVATION_PROFILES.includes(profile as ReservationProfile)) throw new CliError(`--node-profile must be one of ${RESERVATION_PROFILES.join(', ')}, got "${profile}"`);
    const spec: ClusterSpec = {
      nodeProfile: profile as ReservationProfile,
      workers: intFlag(ctx, 'workers', 0),
      controlPlanes: intFlag(ctx, 'control-planes', 1),
      nodeCpu: ctx.flags['node-cpu'] as string,
      nodeMemory: ctx.flags['node-memory'] as string,
      maxPods: intFlag(ctx, 'max-pods', 1),
      clock,
      seed: intFlag(ctx, 'seed', 0),
    };
    createCluster(statePath(ctx.home, name), spec);
    setCurrentCluster(ctx.home, name);
    ctx.io.out(`cluster/${name} created\n`);
    return 0;
  },
};

const list: Command = {
  name: 'list',
  short: 'List clusters',
  usage: 'kubemu cluster list',
  flags: [],
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
};

const use: Command = {
  name: 'use',
  short: 'Make a cluster the current one',
  usage: 'kubemu cluster use NAME',
  flags: [],
  run(ctx) {
    const name = nameArg(ctx, 'use');
    if (!clusterExists(ctx.home, name)) throw new CliError(`cluster "${name}" does not exist`);
    setCurrentCluster(ctx.home, name);
    ctx.io.out(`Switched to cluster "${name}".\n`);
    return 0;
  },
};

const del: Command = {
  name: 'delete',
  short: 'Delete a cluster and its state',
  usage: 'kubemu cluster delete NAME',
  flags: [],
  run(ctx) {
    const name = nameArg(ctx, 'delete');
    const dir = clusterDir(ctx.home, name);
    if (!fs.existsSync(dir)) throw new CliError(`cluster "${name}" does not exist`);
    removeUnderWriteLock(dir, statePath(ctx.home, name));
    ctx.io.out(`cluster/${name} deleted\n`);
    if (forgetCluster(ctx.home, name) && name !== DEFAULT_CLUSTER) ctx.io.out(`Switched to cluster "${DEFAULT_CLUSTER}".\n`);
    return 0;
  },
};

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

/** clusterCommand groups the cluster verbs. */
export const clusterCommand: Command = {
  name: 'cluster',
  short: 'Create, list, select and delete emulated clusters (kubemu)',
  usage: 'kubemu cluster (create|list|use|delete) [NAME] [options]',
  flags: [],
  subcommands: { create, list, use, delete: del },
  run() { throw new CliError('specify a subcommand: create, list, use or delete'); },
};
