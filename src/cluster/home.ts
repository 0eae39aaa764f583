/**
 * home: where clusters live — $KUBEMU_HOME (default ~/.kubemu) holds one folder per
 * cluster with its state file, and config.json names the current cluster.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** DEFAULT_CLUSTER is the cluster created on first use. */
export const DEFAULT_CLUSTER = 'kubemu';

/** kubemuHome resolves $KUBEMU_HOME or ~/.kubemu. */
export function kubemuHome(env: NodeJS.ProcessEnv = process.env): string {
  return env.KUBEMU_HOME || path.join(os.homedir(), '.kubemu');
}

/** clusterDir is a cluster's folder; statePath its SQLite file. */
export function clusterDir(home: string, name: string): string {
  return path.join(home, 'clusters', name);
}

export function statePath(home: string, name: string): string {
  return path.join(clusterDir(home, name), 'state.db');
}

/** clusterOfState is the cluster a state file belongs to (statePath's inverse). */
export function clusterOfState(file: string): string {
  return path.basename(path.dirname(file));
}

interface HomeConfig { currentCluster?: string; namespaces?: Record<string, string> }

function readConfig(home: string): HomeConfig {
  try {
    return JSON.parse(fs.readFileSync(configPath(home), 'utf8')) as HomeConfig;
  } catch {
    return {};
  }
}

function writeConfig(home: string, cfg: HomeConfig): void {
  fs.mkdirSync(home, { recursive: true });
  const tmp = `${configPath(home)}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(cfg, null, 2) + '\n');
  fs.renameSync(tmp, configPath(home));
}

/** contextNamespace is the default namespace `config set-context --namespace` gave a cluster, if any. */
export function contextNamespace(home: string, cluster: string): string | undefined {
  return readConfig(home).namespaces?.[cluster];
}

/** setContextNamespace records a cluster's default namespace (empty string clears it). */
export function setContextNamespace(home: string, cluster: string, namespace: string): void {
  const cfg = readConfig(home);
  const namespaces = { ...(cfg.namespaces ?? {}) };
  if (namespace) namespaces[cluster] = namespace; else delete namespaces[cluster];
  writeConfig(home, { ...cfg, namespaces });
}

function configPath(home: string): string {
  return path.join(home, 'config.json');
}

/** currentCluster returns the cluster `cluster use` selected, or the default. */
export function currentCluster(home: string): string {
  return readConfig(home).currentCluster || DEFAULT_CLUSTER;
}

/** setCurrentCluster records the current cluster (atomically: write then rename). */
export function setCurrentCluster(home: string, name: string): void {
  writeConfig(home, { ...readConfig(home), currentCluster: name });
  // A current-context in $KUBEMU_HOME/kubeconfig would win over config.json: the choice made now is cleared from it.
  const kubeconfig = path.join(home, 'kubeconfig');
  if (!fs.existsSync(kubeconfig)) return;
  const text = fs.readFileSync(kubeconfig, 'utf8');
  const cleared = text.replace(/^current-context: .*$/m, 'current-context: ""');
  if (cleared !== text) fs.writeFileSync(kubeconfig, cleared, { mode: 0o600 });
}

/**
 * forgetCluster drops what config.json says of a deleted cluster: its context namespace, and,
 * when it was the current cluster, the choice itself, so the default cluster is current again
 * (a later command does not fail for a cluster that is gone). Returns whether it was current.
 */
export function forgetCluster(home: string, name: string): boolean {
  const cfg = readConfig(home);
  const wasCurrent = currentCluster(home) === name;
  const namespaces = { ...(cfg.namespaces ?? {}) };
  delete namespaces[name];
  const next: HomeConfig = { ...cfg, namespaces };
  if (wasCurrent) delete next.currentCluster;
  writeConfig(home, next);
  return wasCurrent;
}

/** listClusters lists cluster names that have a state file, sorted. */
export function listClusters(home: string): string[] {
  const dir = path.join(home, 'clusters');
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((n) => fs.existsSync(statePath(home, n))).sort();
}

/** clusterExists reports whether a cluster's state file exists. */
export function clusterExists(home: string, name: string): boolean {
  return fs.existsSync(statePath(home, name));
}
