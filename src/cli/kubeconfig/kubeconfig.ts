/**
 * kubeconfig: the file kubectl keeps clusters, users and contexts in (clientcmd's v1.Config),
 * read and written as kubectl does: YAML with sorted keys, entries sorted by name, paths
 * relative to the file's folder.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { makeDirs } from '../../cluster/make-dirs';

export interface ClusterEntry { server?: string; 'certificate-authority'?: string; 'certificate-authority-data'?: string; 'insecure-skip-tls-verify'?: boolean; 'tls-server-name'?: string; 'proxy-url'?: string; [field: string]: unknown }
export interface UserEntry { 'client-certificate'?: string; 'client-certificate-data'?: string; 'client-key'?: string; 'client-key-data'?: string; token?: string; tokenFile?: string; username?: string; password?: string; [field: string]: unknown }
export interface ContextEntry { cluster: string; user: string; namespace?: string; [field: string]: unknown }

/** Kubeconfig is clientcmd's api.Config: named maps, plus the current context. */
export interface Kubeconfig {
  clusters: Map<string, ClusterEntry>;
  users: Map<string, UserEntry>;
  contexts: Map<string, ContextEntry>;
  currentContext: string;
  preferences: Record<string, unknown>;
}

export const emptyKubeconfig = (): Kubeconfig => ({ clusters: new Map(), users: new Map(), contexts: new Map(), currentContext: '', preferences: {} });

/** PATH_FIELDS are the entry fields that name files, resolved against the kubeconfig's folder. */
export const CLUSTER_PATH_FIELDS = ['certificate-authority'] as const;
export const USER_PATH_FIELDS = ['client-certificate', 'client-key', 'tokenFile'] as const;

type Named<T> = { name?: string } & Record<string, T | string | undefined>;

function named<T>(list: unknown, field: string): Map<string, T> {
  const out = new Map<string, T>();
  for (const item of (Array.isArray(list) ? list : []) as Named<T>[]) {
    if (item && typeof item.name === 'string' && !out.has(item.name)) out.set(item.name, (item[field] ?? {}) as T);
  }
  return out;
}

/** parseKubeconfig reads a kubeconfig's text (YAML or JSON); paths are made absolute against dir. */
export function parseKubeconfig(text: string, dir: string): Kubeconfig {
  const { load } = require('js-yaml') as typeof import('js-yaml');
  const raw = (load(text) ?? {}) as Record<string, unknown>;
  const cfg: Kubeconfig = {
    clusters: named<ClusterEntry>(raw.clusters, 'cluster'),
    users: named<UserEntry>(raw.users, 'user'),
    contexts: named<ContextEntry>(raw.contexts, 'context'),
    currentContext: typeof raw['current-context'] === 'string' ? raw['current-context'] : '',
    preferences: (raw.preferences ?? {}) as Record<string, unknown>,
  };
  for (const c of cfg.clusters.values()) absolutize(c, CLUSTER_PATH_FIELDS, dir);
  for (const u of cfg.users.values()) { absolutize(u, USER_PATH_FIELDS, dir); defaultExec(u); }
  return cfg;
}

/**
 * defaultExec is client-go's SetDefaults_ExecConfig, which loading a file applies: an exec
 * plugin of the v1beta1 or v1alpha1 credential API without interactiveMode gets IfAvailable.
 */
function defaultExec(u: UserEntry): void {
  const exec = u.exec as Record<string, unknown> | undefined;
  if (!exec || typeof exec !== 'object' || exec.interactiveMode) return;
  if (exec.apiVersion === 'client.authentication.k8s.io/v1beta1' || exec.apiVersion === 'client.authentication.k8s.io/v1alpha1') exec.interactiveMode = 'IfAvailable';
}

function absolutize(entry: Record<string, unknown>, fields: readonly string[], dir: string): void {
  for (const f of fields) if (typeof entry[f] === 'string' && entry[f]) entry[f] = path.resolve(dir, entry[f] as string);
}

/** relativize writes an entry's file paths relative to dir where they lie below it, as clientcmd does when it saves. */
export function relativize(entry: Record<string, unknown>, fields: readonly string[], dir: string): Record<string, unknown> {
  const out = { ...entry };
  for (const f of fields) {
    const p = out[f];
    if (typeof p === 'string' && path.isAbsolute(p)) {
      const rel = path.relative(dir, p);
      if (!rel.startsWith('..')) out[f] = rel;
    }
  }
  return out;
}

const byName = <T>(m: Map<string, T>, field: string, map: (v: T) => unknown = (v) => v) =>
  m.size ? [...m.keys()].sort().map((name) => ({ name, [field]: map(m.get(name)!) })) : null;

// v1.Cluster's, v1.AuthInfo's and v1.Context's field order, which -o json keeps (YAML sorts keys).
const CLUSTER_ORDER = ['server', 'tls-server-name', 'insecure-skip-tls-verify', 'certificate-authority', 'certificate-authority-data', 'proxy-url', 'disable-compression', 'extensions'];
const USER_ORDER = ['client-certificate', 'client-certificate-data', 'client-key', 'client-key-data', 'token', 'tokenFile', 'as', 'as-uid', 'as-groups', 'as-user-extra', 'username', 'password', 'auth-provider', 'exec', 'extensions'];
const CONTEXT_ORDER = ['cluster', 'user', 'namespace', 'extensions'];

function ordered(order: readonly string[]) {
  return (e: Record<string, unknown>): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const k of order) if (e[k] !== undefined) out[k] = e[k];
    for (const k of Object.keys(e)) if (!(k in out) && e[k] !== undefined) out[k] = e[k];
    return out;
  };
}

/**
 * withV1Plugins writes a user's exec and auth-provider as v1 has them: ExecConfig's args, env
 * and provideClusterInfo always present (null, null, false when unset), in v1's field order.
 */
function withV1Plugins(u: UserEntry): UserEntry {
  const exec = u.exec as Record<string, unknown> | undefined;
  const provider = u['auth-provider'] as Record<string, unknown> | undefined;
  if (!exec && !provider) return u;
  const out: UserEntry = { ...u };
  if (exec && typeof exec === 'object') {
    out.exec = ordered(['command', 'args', 'env', 'apiVersion', 'installHint', 'provideClusterInfo', 'interactiveMode'])({
      ...exec, command: exec.command ?? '', args: exec.args ?? null, env: exec.env ?? null, provideClusterInfo: exec.provideClusterInfo ?? false,
    });
  }
  if (provider && typeof provider === 'object') out['auth-provider'] = ordered(['name', 'config'])({ ...provider, name: provider.name ?? '' });
  return out;
}

/** toV1 is the config as v1.Config (entries sorted by name, as clientcmd's maps come out); null lists stay null. */
export function toV1(cfg: Kubeconfig, relativeTo?: string): Record<string, unknown> {
  const rel = (fields: readonly string[], order: readonly string[]) => (e: Record<string, unknown>) => ordered(order)(relativeTo ? relativize(e, fields, relativeTo) : e);
  return {
    kind: 'Config',
    apiVersion: 'v1',
    preferences: cfg.preferences,
    // v1.Cluster's server and v1.Context's cluster and user are written even when empty (no omitempty).
    clusters: byName(cfg.clusters, 'cluster', (e) => rel(CLUSTER_PATH_FIELDS, CLUSTER_ORDER)({ ...e, server: e.server ?? '' })),
    users: byName(cfg.users, 'user', (e) => rel(USER_PATH_FIELDS, USER_ORDER)(withV1Plugins(e))),
    contexts: byName(cfg.contexts, 'context', (e) => ordered(CONTEXT_ORDER)({ ...e, cluster: e.cluster ?? '', user: e.user ?? '' })),
    'current-context': cfg.currentContext,
  };
}

/** readKubeconfigFile loads a file; a missing file is an empty config. */
export function readKubeconfigFile(file: string): Kubeconfig {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return emptyKubeconfig();
    throw e;
  }
  try {
    return parseKubeconfig(text, path.dirname(file));
  } catch (e) {
    // clientcmd's wording for a file it cannot decode.
    throw new Error(`error loading config file "${file}": ${(e as Error).message.split('\n')[0]}`);
  }
}

/** writeKubeconfigFile writes the config as kubectl does (YAML, sorted keys), owner-only, atomically. */
export function writeKubeconfigFile(file: string, cfg: Kubeconfig): void {
  const { toYaml } = require('../../yaml/write-yaml') as typeof import('../../yaml/write-yaml');
  makeDirs(path.dirname(file));
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, toYaml(toV1(cfg, path.dirname(file))), { mode: 0o600 });
  fs.renameSync(tmp, file);
}
