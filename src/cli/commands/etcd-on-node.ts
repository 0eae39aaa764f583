/**
 * etcd-on-node: etcdctl and etcdutl inside `kubemu ssh` on a control plane, and what
 * repointing the etcd static pod's data directory does. Files the tools write (a snapshot in
 * /opt, a restored /var/lib/etcd-from-backup) live on this machine under the cluster's
 * node-files/NODE folder, so they outlast the session (the shell's own files are a small
 * layer in the state file, too small for a database).
 * When etcd.yaml's etcd-data hostPath moves to a restored data directory, etcd comes back
 * with that data: the cluster's state is replaced by it (restoreClusterState), keeping the
 * node's own files — its manifests and host layer — as a disk outside etcd keeps them. A
 * folder without a database leaves etcd crash-looping, and so the API server unreachable.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import yargsParser from 'yargs-parser';
import type { KubeObject } from '../../api/meta';
import { openCluster } from '../../cluster/cluster';
import { clusterDir, statePath } from '../../cluster/home';
import { DATA_DIR_DB, restoreClusterState } from '../../cluster/restore-state';
import { STATIC_PODS_NAMESPACE, manifestTexts, staticPodsConfigMapName } from '../../kubelet/static-pods';
import type { FinishedCommand } from '../../kubelet/shell';
import { HOST_FILES_KEY } from '../../node-host/host-files';
import { DEFAULT_ETCD_DATA_DIR, ETCD_MANIFEST, META_ETCD_DATA_DIR, etcdDataChange, etcdDataDir } from '../../node-host/etcd-data-dir';
import { FIELD_MANAGER, type NodeDisk } from '../../node-host/session';
import { SilentExit } from '../errors';
import type { CommandContext } from '../command';
import { OPTIONS, dispatch, type Opts } from './etcdctl';
import { makeDirs } from '../../cluster/make-dirs';

/** nodeFilesDir is the folder holding a node's files written by its tools. */
export function nodeFilesDir(ctx: CommandContext, nodeName: string): string {
  return path.join(clusterDir(ctx.home, ctx.clusterName), 'node-files', nodeName);
}

/** DISK_FILE_LIMIT bounds what of one file the shell reads: a larger one is seen empty (ls lists it; cat shows nothing). */
const DISK_FILE_LIMIT = 4 * 1024 * 1024;

/**
 * nodeDisk is the node's folder as the shell sees it: each file under it at its node path
 * (bytes as latin1 text, so a database copied or moved in the shell stays byte-identical),
 * and the shell's writes and removals applied to it.
 */
export function nodeDisk(ctx: CommandContext, nodeName: string): NodeDisk {
  const root = nodeFilesDir(ctx, nodeName);
  const files: Record<string, string> = {};
  const walk = (dir: string) => {
    let entries: fs.Dirent[];
    try { entries = fs.readdirSync(dir, { withFileTypes: true }); } catch { return; }
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) { walk(p); continue; }
      if (!e.isFile()) continue;
      const nodePath = `/${path.relative(root, p).split(path.sep).join('/')}`;
      files[nodePath] = fs.statSync(p).size > DISK_FILE_LIMIT ? '' : fs.readFileSync(p, 'latin1');
    }
  };
  walk(root);
  return {
    files,
    write(nodePath, content) {
      const file = onNode(root, '/', nodePath);
      if (content === undefined) { fs.rmSync(file, { force: true }); return; }
      makeDirs(path.dirname(file), 0o700);
      fs.writeFileSync(file, content, { encoding: 'latin1', mode: 0o600 });
    },
  };
}

/** onNode maps a path typed on the node (relative to the shell's cwd) into the node's folder. */
function onNode(root: string, cwd: string, typed: string): string {
  return path.join(root, path.posix.resolve(cwd, typed));
}

/** etcdToolsOn runs etcdctl/etcdutl for a node's shell; undefined for any other binary. */
export function etcdToolsOn(ctx: CommandContext, nodeName: string): (argv: string[], cwd: string) => FinishedCommand | undefined {
  const root = nodeFilesDir(ctx, nodeName);
  return (argv, cwd) => {
    const tool = (argv[0] ?? '').replace(/^.*\//, '');
    if (tool !== 'etcdctl' && tool !== 'etcdutl') return undefined;
    const parsed = yargsParser(argv.slice(1), {
      boolean: Object.entries(OPTIONS).filter(([, d]) => d.type === 'boolean').map(([k]) => k),
      string: Object.entries(OPTIONS).filter(([, d]) => d.type === 'string').map(([k]) => k),
      number: ['limit'],
      alias: { 'write-out': ['w'] },
      configuration: { 'camel-case-expansion': false },
    });
    const defaults = Object.fromEntries(Object.entries(OPTIONS).filter(([, d]) => 'default' in d).map(([k, d]) => [k, (d as { default: unknown }).default]));
    const opts = { ...defaults, ...Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, Array.isArray(v) && k !== '_' ? v[v.length - 1] : v])) } as unknown as Opts;
    const output: string[] = [];
    let pending = '';
    const write = (s: string) => { pending += s; const lines = pending.split('\n'); pending = lines.pop()!; output.push(...lines); };
    const io = { ...ctx.io, out: write, err: write };
    const sub: CommandContext = { ...ctx, io, args: parsed._.map(String), cwd };
    const place = (typed: string) => {
      const file = onNode(root, cwd, typed);
      // The node's folders (/opt, /var/lib, /tmp) exist on a real host.
      makeDirs(path.dirname(file), 0o700);
      return file;
    };
    let code: number;
    try {
      code = dispatch(sub, opts, tool, place);
    } catch (e) {
      if (!(e instanceof SilentExit)) throw e;
      code = e.exitCode;
    }
    if (pending) output.push(pending);
    return { output, code };
  };
}

/** EtcdDataOutcome is what the session's manifest change did to etcd. */
export type EtcdDataOutcome = 'restored' | 'crash-loop' | 'running';

/**
 * applyEtcdData follows etcd.yaml's etcd-data hostPath after a session changed the node's
 * manifests. 'restored' means the state file was replaced and ctx's open cluster is stale.
 */
export function applyEtcdData(ctx: CommandContext, nodeName: string): EtcdDataOutcome {
  const cluster = ctx.cluster();
  const node = cluster.read(() => cluster.api.get({ kind: 'Node', name: nodeName }));
  const manifests = cluster.read(() => manifestTexts(node, cluster.api));
  const now = etcdDataDir(manifests[ETCD_MANIFEST]);
  const current = cluster.store.meta.get(META_ETCD_DATA_DIR) || DEFAULT_ETCD_DATA_DIR;
  const root = nodeFilesDir(ctx, nodeName);
  const change = now === undefined ? undefined : etcdDataChange(now, current, (p) => fs.existsSync(path.join(onNode(root, '/', p), DATA_DIR_DB)));
  if (!change) return 'running';
  if ('crashLoop' in change) return 'crash-loop';
  if ('back' in change) return 'running';
  // The node's disk is not in etcd: its manifests and files are carried over the restore.
  const layer = cluster.read(() => cluster.api.nodeLocalState<unknown>(nodeName, HOST_FILES_KEY));
  const file = statePath(ctx.home, ctx.clusterName);
  restoreClusterState(file, { dataDir: onNode(root, '/', change.restoreFrom) });
  const restored = openCluster(file);
  try {
    restored.write(() => {
      const api = restored.api;
      const name = staticPodsConfigMapName(nodeName);
      const cm = api.tryGet({ kind: 'ConfigMap', namespace: STATIC_PODS_NAMESPACE, name });
      if (cm) api.update({ ...cm, data: manifests } as KubeObject, { fieldManager: FIELD_MANAGER });
      else api.create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: STATIC_PODS_NAMESPACE }, data: manifests } as KubeObject, { fieldManager: FIELD_MANAGER });
      api.setNodeLocalState(nodeName, HOST_FILES_KEY, layer);
    });
    restored.store.meta.set(META_ETCD_DATA_DIR, change.restoreFrom);
  } finally {
    restored.close();
  }
  return 'restored';
}
