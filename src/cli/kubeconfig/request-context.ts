/**
 * request-context: what a command's kubeconfig says about its request — the context in force
 * (`--context`, else current-context), the kubemu cluster it points at (`--cluster` overrides),
 * its namespace, and the credentials of its user (`--user` overrides; `--token` replaces its
 * token, its client certificate staying beside it). A kubemu cluster's own admin user needs no verification: it is kubernetes-admin.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CliError } from '../errors';
import type { Credentials } from '../../apiserver/authentication/authenticate';
import { ADMIN_CLIENT_CERT_PEM } from './admin-credentials';
import { fileOf, loadKubeconfig } from './loading-rules';
import type { UserEntry } from './kubeconfig';

/** RequestContext is the resolved context and its user's name; credentials undefined means the cluster's admin. */
export interface RequestContext { contextName: string; clusterName?: string; namespace?: string; userName: string; credentials?: Credentials }

/** ConfigError is clientcmd's configuration error, which kubectl prints without the "error: " prefix. */
export class ConfigError extends Error { override readonly name = 'ConfigError'; }

export interface RequestFlags { kubeconfig?: string; context?: string; cluster?: string; user?: string; token?: string; 'client-certificate'?: string; 'client-key'?: string }

/** resolveRequestContext reads the kubeconfig files in force and resolves the request's context. */
export function resolveRequestContext(home: string, env: NodeJS.ProcessEnv, f: RequestFlags, cwd: string): RequestContext {
  const l = loadKubeconfig(home, env, f.kubeconfig, cwd);
  const cfg = l.merged;
  const contextName = f.context || cfg.currentContext;
  const context = contextName ? cfg.contexts.get(contextName) : undefined;
  if (f.context && !context) throw new ConfigError(`Error in configuration: context was not found for specified context: ${f.context}`);
  const userName = f.user || context?.user || '';
  if (f.user && !cfg.users.has(f.user)) throw new CliError(`auth info "${f.user}" does not exist`);
  const clusterName = f.cluster || context?.cluster || undefined;
  const out: RequestContext = { contextName, clusterName, namespace: context?.namespace || undefined, userName };
  const user = withClientCertFiles(userName ? cfg.users.get(userName) : undefined, userName, f, cwd);
  // A cluster's own admin entry (never written to a file unless edited) is kubernetes-admin.
  const own = user && !fileOf(l, 'users', userName) ? undefined : credentialsOf(user);
  if (!f.token) return { ...out, credentials: own };
  // --token replaces the user's token but not its client certificate, which kubectl sends beside
  // it; kube-apiserver tries the certificate first, so the user's certificate still wins.
  if (own === undefined) return out;
  if (own.kind === 'certificate') return { ...out, credentials: { ...own, token: f.token } };
  return { ...out, credentials: { kind: 'token', token: f.token } };
}

const read = (file: string): string => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    throw new CliError(`open ${file}: no such file or directory`);
  }
};
const data = (b64: string): string => Buffer.from(b64, 'base64').toString('utf8');

/**
 * credentialsOf reads a user entry's certificate and key (data or files) and its token; the
 * admin's certificate stands for the admin. A certificate is presented with the token beside it.
 */
export function credentialsOf(user: UserEntry | undefined): Credentials | undefined {
  if (!user) return { kind: 'anonymous' };
  const token = user.token ? user.token : user.tokenFile ? read(user.tokenFile).trim() : undefined;
  const certPem = user['client-certificate-data'] ? data(user['client-certificate-data']) : user['client-certificate'] ? read(user['client-certificate']) : undefined;
  if (certPem === undefined) return token !== undefined ? { kind: 'token', token } : { kind: 'anonymous' };
  if (certPem === ADMIN_CLIENT_CERT_PEM) return undefined;
  const keyPem = user['client-key-data'] ? data(user['client-key-data']) : user['client-key'] ? read(user['client-key']) : undefined;
  if (keyPem === undefined) throw new CliError('client-cert-data and client-key-data must be specified together');
  return { kind: 'certificate', certPem, keyPem, ...(token !== undefined ? { token } : {}) };
}

/**
 * withClientCertFiles is the user entry with --client-certificate and --client-key in place of
 * its files, refused as clientcmd's validation refuses them: beside the entry's own -data (which
 * would override them), or unreadable. One error is kubectl's "error: …"; several, its
 * "Error in configuration" list.
 */
function withClientCertFiles(user: UserEntry | undefined, userName: string, f: RequestFlags, cwd: string): UserEntry | undefined {
  const cert = f['client-certificate'];
  const key = f['client-key'];
  if (!cert && !key) return user;
  const merged: UserEntry = { ...user, ...(cert ? { 'client-certificate': cert } : {}), ...(key ? { 'client-key': key } : {}) };
  const errors: string[] = [];
  const readable = (file: string) => { try { fs.accessSync(path.resolve(cwd, file), fs.constants.R_OK); return true; } catch { return false; } };
  // validateAuthInfo's order; a key alone is checked only for a user with a certificate.
  if (merged['client-certificate'] || merged['client-certificate-data']) {
    if (merged['client-certificate'] && merged['client-certificate-data']) errors.push(`client-cert-data and client-cert are both specified for ${userName}. client-cert-data will override.`);
    if (merged['client-key'] && merged['client-key-data']) errors.push(`client-key-data and client-key are both specified for ${userName}; client-key-data will override`);
    if (!merged['client-key'] && !merged['client-key-data']) errors.push(`client-key-data or client-key must be specified for ${userName} to use the clientCert authentication method.`);
    if (cert && !readable(cert)) errors.push(`unable to read client-cert ${cert} for ${userName} due to open ${cert}: no such file or directory`);
    if (key && !readable(key)) errors.push(`unable to read client-key ${key} for ${userName} due to open ${key}: no such file or directory`);
  }
  if (errors.length === 1) throw new CliError(errors[0]!);
  if (errors.length) throw new ConfigError(`Error in configuration: \n${errors.map((e) => `* ${e}`).join('\n')}`);
  return { ...user, ...(cert ? { 'client-certificate': path.resolve(cwd, cert) } : {}), ...(key ? { 'client-key': path.resolve(cwd, key) } : {}) };
}
