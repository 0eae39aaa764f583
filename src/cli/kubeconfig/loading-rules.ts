/**
 * loading-rules: which kubeconfig files a command reads and how they merge, as clientcmd's
 * loading rules do — `--kubeconfig FILE` alone, else every file of `KUBECONFIG` (the first
 * file to define a name or the current context wins), else $KUBEMU_HOME/kubeconfig — and
 * where an edit is written back (the file that defined the entry; new entries to the first
 * existing file of the list, or its last). Each kubemu cluster contributes, below every file,
 * a cluster and a context named after it and its admin user `NAME-admin` (kubernetes-admin's
 * client certificate), so clusters need no kubeconfig file until one is edited.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { caCertPath, contextNamespace, currentCluster, listClusters, setContextNamespace, setCurrentCluster, statePath } from '../../cluster/home';
import { ROOT_CA_PEM } from '../../api/root-ca';
import { ADMIN_CLIENT_CERT_PEM, ADMIN_CLIENT_KEY_PEM } from './admin-credentials';
import { adminUserOf, homeKubeconfig } from './kubeconfig-in-use';

export { homeKubeconfig, KUBECONFIG_FILE } from './kubeconfig-in-use';
import { emptyKubeconfig, readKubeconfigFile, writeKubeconfigFile, type ClusterEntry, type ContextEntry, type Kubeconfig, type UserEntry } from './kubeconfig';

/** SERVER_URL is the API server address of every kubemu cluster (the control plane's node IP). */
export const SERVER_URL = 'https://172.18.0.2:6443';

/** kubeconfigFiles is the precedence list: --kubeconfig, else KUBECONFIG's entries, else the home file. */
export function kubeconfigFiles(home: string, env: NodeJS.ProcessEnv, explicit?: string, cwd = process.cwd()): string[] {
  if (explicit) return [path.resolve(cwd, explicit)];
  const list = (env.KUBECONFIG ?? '').split(path.delimiter).filter(Boolean).map((f) => path.resolve(cwd, f));
  if (list.length) return [...new Set(list)];
  return [homeKubeconfig(home)];
}

/** Source says where an entry came from: a file, or a kubemu cluster. */
type Source = string | typeof CLUSTER_ENTRY;
const CLUSTER_ENTRY = Symbol('kubemu cluster');

/** LoadedKubeconfig is the merged view plus what saving an edit needs. */
export interface LoadedKubeconfig {
  merged: Kubeconfig;
  files: string[];
  home: string;
  /** destination is where a new entry goes (clientcmd's GetDefaultFilename). */
  destination: string;
  /** destinationShown is destination as --kubeconfig or KUBECONFIG wrote it, as kubectl's messages name it. */
  destinationShown: string;
  sources: { clusters: Map<string, Source>; users: Map<string, Source>; contexts: Map<string, Source>; currentContext?: Source };
  /** built are the kubemu clusters' own entries as made, to tell an edited one. */
  built: Kubeconfig;
}

const base64 = (s: string): string => Buffer.from(s, 'utf8').toString('base64');

/** clusterCACert is the cluster's CA certificate as kept at create; a cluster made before that shows the placeholder. */
/** clusterCACert is a kubemu cluster's CA certificate (PEM), as its kubeconfig entry carries it. */
export function clusterCACert(home: string, name: string): string {
  try {
    return fs.readFileSync(caCertPath(statePath(home, name)), 'utf8');
  } catch {
    return ROOT_CA_PEM;
  }
}

/** clusterEntries are the entries each kubemu cluster contributes. */
function clusterEntries(home: string): Kubeconfig {
  const cfg = emptyKubeconfig();
  for (const n of listClusters(home)) {
    cfg.clusters.set(n, { 'certificate-authority-data': base64(clusterCACert(home, n)), server: SERVER_URL });
    cfg.users.set(adminUserOf(n), { 'client-certificate-data': base64(ADMIN_CLIENT_CERT_PEM), 'client-key-data': base64(ADMIN_CLIENT_KEY_PEM) });
    const ns = contextNamespace(home, n);
    cfg.contexts.set(n, { cluster: n, user: adminUserOf(n), ...(ns ? { namespace: ns } : {}) });
  }
  cfg.currentContext = currentCluster(home);
  return cfg;
}

/** loadKubeconfig reads and merges the files in force, with the clusters' entries below them. */
export function loadKubeconfig(home: string, env: NodeJS.ProcessEnv, explicit?: string, cwd?: string): LoadedKubeconfig {
  const files = kubeconfigFiles(home, env, explicit, cwd);
  const merged = emptyKubeconfig();
  const sources: LoadedKubeconfig['sources'] = { clusters: new Map(), users: new Map(), contexts: new Map() };
  const take = <T>(from: Map<string, T>, into: Map<string, T>, src: Map<string, Source>, source: Source) => {
    for (const [k, v] of from) if (!into.has(k)) { into.set(k, v); src.set(k, source); }
  };
  for (const f of files) {
    const cfg = readKubeconfigFile(f);
    take(cfg.clusters, merged.clusters, sources.clusters, f);
    take(cfg.users, merged.users, sources.users, f);
    take(cfg.contexts, merged.contexts, sources.contexts, f);
    if (!merged.currentContext && cfg.currentContext) { merged.currentContext = cfg.currentContext; sources.currentContext = f; }
    if (!Object.keys(merged.preferences).length) merged.preferences = cfg.preferences;
  }
  const built = clusterEntries(home);
  take(built.clusters, merged.clusters, sources.clusters, CLUSTER_ENTRY);
  take(built.users, merged.users, sources.users, CLUSTER_ENTRY);
  take(built.contexts, merged.contexts, sources.contexts, CLUSTER_ENTRY);
  if (!merged.currentContext && listClusters(home).length) { merged.currentContext = built.currentContext; sources.currentContext = CLUSTER_ENTRY; }
  const existing = files.find((f) => fs.existsSync(f));
  const destination = explicit || files.length === 1 ? files[0]! : existing ?? files[files.length - 1]!;
  const written = explicit ? [explicit] : (env.KUBECONFIG ?? '').split(path.delimiter).filter(Boolean);
  const destinationShown = written.find((f) => path.resolve(cwd ?? process.cwd(), f) === destination) ?? destination;
  return { merged, files, home, destination, destinationShown, sources, built };
}

/** Section names a named map of the config. */
export type Section = 'clusters' | 'users' | 'contexts';

/** fileOf is the file an entry lives in, or undefined for a kubemu cluster's own entry. */
export function fileOf(l: LoadedKubeconfig, section: Section, name: string): string | undefined {
  const s = l.sources[section].get(name);
  return typeof s === 'string' ? s : undefined;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * save writes an edited merged config back: each entry to the file it came from (new ones to
 * the destination), removed entries out of theirs, and the current context where it was set.
 * A kubemu cluster's own entry stays implicit while unedited; a context's namespace and the
 * current context, when they name a kubemu cluster's own context, stay in $KUBEMU_HOME's
 * config (where `cluster use` keeps them).
 */
export function saveKubeconfig(l: LoadedKubeconfig, next: Kubeconfig): void {
  const homeFile = homeKubeconfig(l.home);
  const touched = new Map<string, Kubeconfig>();
  const fileCfg = (f: string): Kubeconfig => {
    if (!touched.has(f)) touched.set(f, readKubeconfigFile(f));
    return touched.get(f)!;
  };
  const sync = <T>(section: Section, before: Map<string, T>, after: Map<string, T>, built: Map<string, T>) => {
    for (const [name, value] of after) {
      if (same(before.get(name), value) && before.has(name)) continue;
      const src = l.sources[section].get(name);
      if (src === CLUSTER_ENTRY) {
        if (section === 'contexts' && builtContextEdit(l, name, built.get(name) as ContextEntry, value as ContextEntry)) continue;
        if (same(built.get(name), value)) continue;
      }
      const f = typeof src === 'string' ? src : (src === CLUSTER_ENTRY ? homeFile : l.destination);
      (fileCfg(f)[section] as Map<string, T>).set(name, value);
    }
    for (const name of before.keys()) {
      if (after.has(name)) continue;
      const src = l.sources[section].get(name);
      if (typeof src === 'string') (fileCfg(src)[section] as Map<string, T>).delete(name);
    }
  };
  sync('clusters', l.merged.clusters, next.clusters, l.built.clusters as Map<string, ClusterEntry>);
  sync('users', l.merged.users, next.users, l.built.users as Map<string, UserEntry>);
  sync('contexts', l.merged.contexts, next.contexts, l.built.contexts as Map<string, ContextEntry>);
  // Preferences go to the file clientcmd writes new entries to.
  if (JSON.stringify(next.preferences) !== JSON.stringify(l.merged.preferences)) fileCfg(l.destination).preferences = next.preferences;
  if (next.currentContext !== l.merged.currentContext) {
    const ownCluster = l.sources.contexts.get(next.currentContext) === CLUSTER_ENTRY || (!next.currentContext && l.sources.currentContext === CLUSTER_ENTRY);
    const src = l.sources.currentContext;
    if (ownCluster && l.files[0] === homeFile) {
      if (next.currentContext) setCurrentCluster(l.home, next.currentContext);
      if (typeof src === 'string') fileCfg(src).currentContext = '';
    } else {
      fileCfg(typeof src === 'string' ? src : l.destination).currentContext = next.currentContext;
    }
  }
  for (const [f, cfg] of touched) writeKubeconfigFile(f, cfg);
}

/** builtContextEdit keeps a namespace-only edit of a cluster's own context in $KUBEMU_HOME's config. */
function builtContextEdit(l: LoadedKubeconfig, name: string, built: ContextEntry, next: ContextEntry): boolean {
  if (next.cluster !== built.cluster || next.user !== built.user) return false;
  const extra = Object.keys(next).filter((k) => !['cluster', 'user', 'namespace'].includes(k));
  if (extra.length) return false;
  setContextNamespace(l.home, name, next.namespace ?? '');
  return true;
}
