/**
 * kubeconfig-in-use: whether a command must read kubeconfig files at all — kept apart from
 * the loader so every command's start-up asks it without loading YAML code.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** KUBECONFIG_FILE is the default kubeconfig's name inside $KUBEMU_HOME (kubemu never writes ~/.kube/config). */
export const KUBECONFIG_FILE = 'kubeconfig';

/** adminUserOf names a kubemu cluster's own admin user in its kubeconfig entries. */
export const adminUserOf = (cluster: string): string => `${cluster}-admin`;

/** homeKubeconfig is $KUBEMU_HOME/kubeconfig. */
export function homeKubeconfig(home: string): string {
  return path.join(home, KUBECONFIG_FILE);
}

/** usesKubeconfigFile says whether anything but the clusters' own entries is in play (the fast path skips loading YAML otherwise). */
export function usesKubeconfigFile(home: string, env: NodeJS.ProcessEnv, explicit?: string): boolean {
  return !!explicit || !!env.KUBECONFIG || fs.existsSync(homeKubeconfig(home));
}
