/**
 * home: where clusters live — $KUBEMU_HOME (default ~/.kubemu) holds one folder per
 * cluster with its state file, and config.json names the current cluster.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isDNS1123Label } from '../api/labels';
import { makeDirs } from './make-dirs';

/** DEFAULT_CLUSTER is the cluster created on first use. */
export const DEFAULT_CLUSTER = 'kubemu';

/** kubemuHome resolves $KUBEMU_HOME or ~/.kubemu. */
export function kubemuHome(env: NodeJS.ProcessEnv = process.env): string {
  return env.KUBEMU_HOME || path.join(userHome(), '.kubemu');
}

/**
 * userHome is os.homedir(). On POSIX that is $HOME when set (libuv reads it before the password
 * database), so node:os, which every start would otherwise load for this, is loaded only without it.
 */
function userHome(): string {
  const home = process.platform === 'win32' ? undefined : process.env.HOME;
  return home ?? (require('node:os') as typeof import('node:os')).homedir();
}

/**
 * PRIVATE_DIR and PRIVATE_FILE are the modes of what kubemu keeps under the home: a cluster's
 * state holds its Secrets (and, in etcd's place, a snapshot or audit log holds them too), so
 * only the owner may read it, as kubeadm keeps /var/lib/etcd 0700.
 */
export const PRIVATE_DIR = 0o700;
export const PRIVATE_FILE = 0o600;

/** InvalidClusterNameError: a cluster name that is not a DNS-1123 label (it would name a path outside the home). */
export class InvalidClusterNameError extends Error {
  override readonly name = 'InvalidClusterNameError';
}

/**
 * checkClusterName is the one validation of a cluster name, wherever it comes from (cluster
 * create, --cluster, --context, KUBEMU_CLUSTER, config use-context): a DNS-1123 label, so
 * `../x` can never make kubemu open a state file outside its home.
 */
export function checkClusterName(name: string): string {
  const errs = isDNS1123Label(name);
  if (errs.length) throw new InvalidClusterNameError(`invalid cluster name "${name}": ${errs.join('; ')}`);
  return name;
}

/** clusterDir is a cluster's folder (the name is checked: every path to a cluster is built here); statePath its SQLite file. */
export function clusterDir(home: string, name: string): string {
  return path.join(home, 'clusters', checkClusterName(name));
}

/** makePrivateDir creates dir (and its parents) owner-only, and tightens it if it already exists. */
export function makePrivateDir(dir: string): void {
  makeDirs(dir, PRIVATE_DIR);
  fs.chmodSync(dir, PRIVATE_DIR);
}

/** makeClusterDir creates a cluster's folder, and the home and clusters folders above it, owner-only. */
export function makeClusterDir(home: string, name: string): string {
  makePrivateDir(home);
  makePrivateDir(path.join(home, 'clusters'));
  const dir = clusterDir(home, name);
  makePrivateDir(dir);
  return dir;
}

export function statePath(home: string, name: string): string {
  return path.join(clusterDir(home, name), 'state.db');
}

/**
 * encryptionConfigPath is where a cluster (named by its state file) keeps its
 * EncryptionConfiguration: beside the state, as a control-plane node keeps it beside etcd's
 * data, and not in it.
 */
export function encryptionConfigPath(stateFile: string): string {
  return path.join(path.dirname(stateFile), 'encryption-config.yaml');
}

/** admissionConfigPath is where a cluster keeps its checked admission configuration (set by cluster create/set --admission-control-config-file). */
export function admissionConfigPath(stateFile: string): string {
  return path.join(path.dirname(stateFile), 'admission.json');
}

/** auditConfigPath is where a cluster keeps its audit policy and log path (set by cluster create/set --audit-policy). */
export function auditConfigPath(stateFile: string): string {
  return path.join(path.dirname(stateFile), 'audit.json');
}

/** caCertPath is where a cluster keeps its CA certificate (kubeadm's pki/ca.crt), for the kubeconfig's certificate-authority-data. */
export function caCertPath(stateFile: string): string {
  return path.join(path.dirname(stateFile), 'ca.crt');
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
  makePrivateDir(home);
  const tmp = `${configPath(home)}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(cfg, null, 2) + '\n', { mode: PRIVATE_FILE });
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
  return fs.readdirSync(dir).filter((n) => !isDNS1123Label(n).length && fs.existsSync(statePath(home, n))).sort();
}

/** clusterExists reports whether a cluster's state file exists (never for an invalid name). */
export function clusterExists(home: string, name: string): boolean {
  return !isDNS1123Label(name).length && fs.existsSync(statePath(home, name));
}
