/**
 * serve-kubeconfig: the kubeconfig entries `kubemu serve` writes so kubectl and client libraries
 * reach it — a cluster named after the kubemu cluster (so kubemu's own CLI, given the same file,
 * still finds its cluster), the admin user with a real client certificate, and a context
 * joining them — merged into the file (other entries kept) and made current when the file has
 * no current context.
 */
import * as path from 'node:path';
import { readKubeconfigFile, writeKubeconfigFile } from '../kubeconfig/kubeconfig';
import type { KeyPair } from './serving-certs';

/** serveContextName is the context serve writes for a cluster. */
export const serveContextName = (cluster: string): string => `${cluster}-serve`;

/** defaultServeKubeconfig is where serve writes when --kubeconfig is not given: a file of its own in the home. */
export function defaultServeKubeconfig(home: string, cluster: string): string {
  return path.join(home, 'serve', `${cluster}.kubeconfig`);
}

const b64 = (s: string): string => Buffer.from(s, 'utf8').toString('base64');

/** writeServeKubeconfig merges serve's cluster, user and context into file; returns the context's name. */
export function writeServeKubeconfig(file: string, cluster: string, url: string, caPem: string, admin: KeyPair): string {
  const cfg = readKubeconfigFile(file);
  const context = serveContextName(cluster);
  const user = `${cluster}-serve-admin`;
  cfg.clusters.set(cluster, { server: url, 'certificate-authority-data': b64(caPem) });
  cfg.users.set(user, { 'client-certificate-data': b64(admin.certPem), 'client-key-data': b64(admin.keyPem) });
  cfg.contexts.set(context, { cluster, user });
  if (!cfg.currentContext) cfg.currentContext = context;
  writeKubeconfigFile(file, cfg);
  return context;
}
